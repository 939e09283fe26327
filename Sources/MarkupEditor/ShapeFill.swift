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

extension Shape {
    /// Gives the shape `color`: its outline, and a fill made from the outline's color (a tint or
    /// solid) along with it, keeping the fill's own opacity; a fill of another color stays. A shape
    /// with a fill and no outline takes `color` as its fill.
    mutating func recolor(_ color: Color) {
        guard let outline = strokeColor else {
            if let fill = fillColor { fillColor = Color(red: color.red, green: color.green, blue: color.blue, alpha: fill.alpha) }
            else { strokeColor = color }
            return
        }
        if let fill = fillColor, fill.red == outline.red, fill.green == outline.green, fill.blue == outline.blue {
            fillColor = Color(red: color.red, green: color.green, blue: color.blue, alpha: fill.alpha)
        }
        strokeColor = color
    }
}
