import MarkupModel

/// A signature saved in the library for every document: its strokes, drawn anywhere, and the number
/// the library knows it by.
public struct SavedSignature: Hashable, Sendable {
    public var id: Int64
    public var strokes: [Stroke]

    /// The most signatures a library keeps: a few people's, each a few ways.
    public static let maximumCount = 24

    public init(id: Int64, strokes: [Stroke]) { (self.id, self.strokes) = (id, strokes) }
}
