import MarkupModel

/// The text highlighter: text of a PDF page marked as a reader marks it, with translucent boxes
/// over its lines (found by the renderer: `PDFTextSelection`).
extension MarkupController {
    /// How much of its color a highlight's box takes: the text stays readable through it.
    public static let highlightOpacity = 0.4
    /// At most this many boxes make one highlight (a dense page selected whole has a few hundred lines).
    public static let maximumHighlightBoxes = 2_000

    /// Covers `boxes` (document points) with boxes of `color`, translucent and without outline,
    /// under every element (so the ink and text over the page stay on top), grouped when there are
    /// several, as one step; nothing is selected. Returns their ids.
    @discardableResult
    public func insertHighlight(_ boxes: [Rect], color: Color) throws(EditorError) -> [ElementID] {
        guard !boxes.isEmpty else { throw .invalidGeometry("there is no text there to highlight") }
        guard boxes.count <= Self.maximumHighlightBoxes else { throw .invalidGeometry("a highlight has at most \(Self.maximumHighlightBoxes) boxes") }
        var fill = color
        fill.alpha = Self.highlightOpacity
        let shape = Shape(configuration: .rectangle, fillColor: fill, strokeColor: nil)
        try check(shape)
        for box in boxes where !(box.isFinite && box.width > 0 && box.height > 0) {
            throw .invalidGeometry("a highlight's boxes need a width and a height")
        }
        let group = boxes.count > 1 ? GroupID() : nil
        var zIndex = (markup.elements.first?.zIndex ?? 0) &- Markup.zIndexStep &* Int64(boxes.count)
        let elements = boxes.map { box in
            defer { zIndex &+= Markup.zIndexStep }
            return Element(zIndex: zIndex, frame: box, content: .shape(shape), groupID: group)
        }
        try commit(MarkupChange(added: elements))
        select([])
        return elements.map(\.id)
    }
}
