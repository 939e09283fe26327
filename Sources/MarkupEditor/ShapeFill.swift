import MarkupModel

/// How a shape's inside is painted, as the toolbar offers it (tldraw's and Excalidraw's fills):
/// left empty, a light tint of its outline's color, solid in it, or in lines of it one way or both
/// (Excalidraw's hachure and cross-hatch).
public enum ShapeFill: String, CaseIterable, Hashable, Sendable {
    case none, tint, solid, hatched, crossHatched

    /// How much of the outline's color a tinted fill takes.
    public static let tintOpacity = 0.2

    /// The fill color a shape outlined in `outline` gets; nil for none.
    public func color(outlinedIn outline: Color) -> Color? {
        switch self {
        case .none: nil
        case .tint: Color(red: outline.red, green: outline.green, blue: outline.blue, alpha: outline.alpha * Self.tintOpacity)
        case .solid, .hatched, .crossHatched: outline
        }
    }

    /// How the fill paints the inside: evenly, or in lines.
    public var style: ShapeFillStyle {
        switch self {
        case .hatched: .hatched
        case .crossHatched: .crossHatched
        case .none, .tint, .solid: .solid
        }
    }

    /// Whether a shape is of a kind with an inside to fill (a line has none).
    static func canFill(_ shape: Shape) -> Bool {
        if case .line = shape.configuration { false } else { true }
    }
}
