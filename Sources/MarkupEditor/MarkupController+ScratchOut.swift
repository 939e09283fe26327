import MarkupModel

extension MarkupController {
    /// The most strokes one scribble scratches out; a scribble over more is ink, so that no scribble
    /// over a crowded page holds the document up.
    public static let maximumScratchedOut = 1_000

    /// Scratches ink out (GoodNotes' scribble to erase): when `stroke` scribbles back and forth
    /// (`Scribble.isScribble`) in a pen's ink (`Scribble.inks`) over strokes, the strokes it touches
    /// that lie mostly within its box are erased, as one step, instead of the scribble being added:
    /// a line running on past the scribble stays. Returns their ids; nil when it is no scribble or
    /// touches no such stroke (or more than `maximumScratchedOut` lie under it), and the stroke is
    /// ink like any other.
    public func scratchOut(with stroke: Stroke) throws(EditorError) -> [ElementID]? {
        guard Scribble.inks.contains(stroke.ink.type) else { return nil }
        let path = stroke.points.map(\.location)
        guard Scribble.isScribble(path), let box = Rect.enclosing(path) else { return nil }
        let radius = max(stroke.ink.width / 2, 1)
        let covered = box.expanded(by: radius)
        // The strokes lying mostly under the scribble, each with the box a segment must meet to touch it.
        var underneath = [(id: ElementID, reach: Rect)](), crowded = false
        index.visit(intersecting: covered) { id in
            guard !crowded, let element = markup.element(withID: id), !element.isLocked, case .stroke = element.content else { return }
            let frame = element.renderFrame.expanded(by: 1)
            guard Self.area(of: frame, inside: covered) >= 0.5 * frame.width * frame.height else { return }
            underneath.append((id, frame.expanded(by: radius)))
            crowded = underneath.count > Self.maximumScratchedOut
        }
        guard !crowded else { return nil }
        let hits = strokeHits
        let segments = zip(path, path.dropFirst()).map { (start: $0, end: $1, box: Rect.enclosing([$0, $1])!) }
        let erased = underneath.filter { candidate in
            segments.contains { $0.box.intersects(candidate.reach) && hits.intersects(candidate.id, sweptCircleFrom: $0.start, to: $0.end, radius: radius) == true }
        }.map(\.id)
        guard !erased.isEmpty else { return nil }
        try require(.drawing)
        try commit(MarkupChange(removed: erased))
        return erased
    }

    private static func area(of rect: Rect, inside other: Rect) -> Double {
        max(min(rect.maxX, other.maxX) - max(rect.minX, other.minX), 0) * max(min(rect.maxY, other.maxY) - max(rect.minY, other.minY), 0)
    }
}
