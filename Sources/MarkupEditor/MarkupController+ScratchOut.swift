import MarkupModel

extension MarkupController {
    /// Scratches ink out (GoodNotes' scribble to erase): when `stroke` scribbles back and forth
    /// (`Scribble.isScribble`) in a pen's ink (`Scribble.inks`) over strokes, the strokes it touches
    /// that lie mostly within its box are erased, as one step, instead of the scribble being added:
    /// a line running on past the scribble stays. Returns their ids; nil when it is no scribble or
    /// touches no such stroke, and the stroke is ink like any other.
    public func scratchOut(with stroke: Stroke) throws(EditorError) -> [ElementID]? {
        guard Scribble.inks.contains(stroke.ink.type) else { return nil }
        let path = stroke.points.map(\.location)
        guard Scribble.isScribble(path), let box = Rect.enclosing(path) else { return nil }
        let radius = max(stroke.ink.width / 2, 1)
        let covered = box.expanded(by: radius)
        let hits = strokeHits
        var judged = [ElementID: Bool](), erased = [ElementID]()
        for (start, end) in zip(path, path.dropFirst()) {
            index.visit(intersecting: Rect.enclosing([start, end])!.expanded(by: radius)) { id in
                let underneath = judged[id] ?? {
                    guard let element = markup.element(withID: id), !element.isLocked, case .stroke = element.content else { return false }
                    let frame = element.renderFrame.expanded(by: 1)
                    return Self.area(of: frame, inside: covered) >= 0.5 * frame.width * frame.height
                }()
                judged[id] = underneath
                guard underneath, hits.intersects(id, sweptCircleFrom: start, to: end, radius: radius) == true else { return }
                erased.append(id)
                judged[id] = false
            }
        }
        guard !erased.isEmpty else { return nil }
        try require(.drawing)
        try commit(MarkupChange(removed: erased))
        return erased
    }

    private static func area(of rect: Rect, inside other: Rect) -> Double {
        max(min(rect.maxX, other.maxX) - max(rect.minX, other.minX), 0) * max(min(rect.maxY, other.maxY) - max(rect.minY, other.minY), 0)
    }
}
