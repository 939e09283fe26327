import MarkupModel

/// How a shape's inside is painted, as the toolbar offers it (tldraw's and Excalidraw's fills):
/// left empty, a light tint of its outline's color, or solid in it.
public enum ShapeFill: String, CaseIterable, Hashable, Sendable {
    case none, tint, solid

    /// How much of the outline's color a tinted fill takes.
    public static let tintOpacity = 0.2

    /// The fill color a shape outlined in `outline` gets; nil for none.
    public func color(outlinedIn outline: Color) -> Color? {
        switch self {
        case .none: nil
        case .tint: Color(red: outline.red, green: outline.green, blue: outline.blue, alpha: outline.alpha * Self.tintOpacity)
        case .solid: outline
        }
    }

    /// Whether a shape is of a kind with an inside to fill (a line has none).
    static func canFill(_ shape: Shape) -> Bool {
        if case .line = shape.configuration { false } else { true }
    }
}
