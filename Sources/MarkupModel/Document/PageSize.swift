import MarkupCore

/// The page sizes a new document may take, as note apps offer them: a tablet's screen (the default,
/// as PaperKit's canvas), and the paper sizes a page is printed on, upright or on its side.
public enum PageSize: String, CaseIterable, Sendable {
    case tablet, a4, a4Landscape, letter, letterLandscape, a5

    /// The size in points (a point is 1/72 inch).
    public var size: Size {
        switch self {
        case .tablet: Size(width: 768, height: 1024)
        case .a4: Size(width: 595.28, height: 841.89)
        case .a4Landscape: Size(width: 841.89, height: 595.28)
        case .letter: Size(width: 612, height: 792)
        case .letterLandscape: Size(width: 792, height: 612)
        case .a5: Size(width: 419.53, height: 595.28)
        }
    }
}
