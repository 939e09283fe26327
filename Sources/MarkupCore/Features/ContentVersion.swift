/// The version of MarkupKit content a reader must understand to show a document faithfully.
///
/// Follows PencilKit's ladder: each ink belongs to the version that introduced it.
public struct ContentVersion: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Pen, pencil and marker strokes and every markup element.
    public static let version1 = ContentVersion(rawValue: 1)
    /// Adds monoline, fountain pen, watercolor and crayon inks.
    public static let version2 = ContentVersion(rawValue: 2)
    /// Adds the reed ink.
    public static let version3 = ContentVersion(rawValue: 3)
    /// Adds page backgrounds: an image or the pages of a PDF under the markup.
    public static let version4 = ContentVersion(rawValue: 4)
    /// Adds ruled paper: lines, squares or dots under the markup.
    public static let version5 = ContentVersion(rawValue: 5)
    /// Adds blank pages among a background's pages.
    public static let version6 = ContentVersion(rawValue: 6)
    /// Adds heart and cloud shapes.
    public static let version7 = ContentVersion(rawValue: 7)
    /// The newest content this build of MarkupKit understands.
    public static let latest = version7

    public static func < (lhs: ContentVersion, rhs: ContentVersion) -> Bool { lhs.rawValue < rhs.rawValue }
}

#if !hasFeature(Embedded)
extension ContentVersion: Codable {}
#endif
