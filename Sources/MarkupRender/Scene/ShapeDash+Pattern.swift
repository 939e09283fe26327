import MarkupModel

extension ShapeDash {
    /// The lengths of the dashes and gaps, on and off in turn, for an outline `width` points wide
    /// drawn with round caps (each dash grows by the width): dashes three widths long with gaps of
    /// two, or dots a width round two widths apart, at least a few points either way so that a
    /// hairline still shows its pattern. Empty for a solid outline.
    func pattern(forLineWidth width: Double) -> [Double] {
        switch self {
        case .solid: []
        case .dashed: [max(3 * width, 4), max(2 * width, 3) + width]
        case .dotted: [0, max(2 * width, 3)]
        }
    }
}
