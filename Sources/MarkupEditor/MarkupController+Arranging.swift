import MarkupModel

/// Lining the selection up and spacing it out, as tldraw's and Excalidraw's Align and Distribute do:
/// each element's box as drawn (turned elements by the box around them) is what lines up.
extension MarkupController {
    /// Moves each selected element so its box's edge or centre meets the selection's, as one step.
    /// Fewer than two elements have nothing to line up with, and are left as they are.
    public func alignSelection(_ alignment: SelectionAlignment) throws(EditorError) {
        let elements = selectedElements
        guard elements.count >= 2, let bounds = Self.bounds(of: elements) else { return }
        try commit(MarkupChange(updated: elements.compactMap { element in
            let box = element.renderFrame
            let shift = switch alignment {
            case .left: bounds.minX - box.minX
            case .center: bounds.center.x - box.center.x
            case .right: bounds.maxX - box.maxX
            case .top: bounds.minY - box.minY
            case .middle: bounds.center.y - box.center.y
            case .bottom: bounds.maxY - box.maxY
            }
            guard shift != 0 else { return nil }
            return Self.moved(element, by: alignment.isHorizontal ? Point(x: shift, y: 0) : Point(x: 0, y: shift))
        }))
    }

    /// Spaces the selected elements out along `axis` with equal gaps between their boxes, the first
    /// and the last (by their centres) staying where they are, as one step. Fewer than three are left
    /// as they are.
    public func distributeSelection(along axis: SelectionAxis) throws(EditorError) {
        let horizontal = axis == .horizontal
        func start(_ box: Rect) -> Double { horizontal ? box.minX : box.minY }
        func length(_ box: Rect) -> Double { horizontal ? box.width : box.height }
        func middle(_ box: Rect) -> Double { horizontal ? box.center.x : box.center.y }
        let elements = selectedElements.map { ($0, $0.renderFrame) }.sorted { middle($0.1) < middle($1.1) }
        guard elements.count >= 3, let first = elements.first?.1, let last = elements.last?.1 else { return }
        let span = start(last) + length(last) - start(first)
        let gap = (span - elements.reduce(0) { $0 + length($1.1) }) / Double(elements.count - 1)
        var next = start(first)
        var moved = [Element]()
        for (element, box) in elements {
            let shift = next - start(box)
            next += length(box) + gap
            guard shift != 0 else { continue }
            moved.append(Self.moved(element, by: horizontal ? Point(x: shift, y: 0) : Point(x: 0, y: shift)))
        }
        try commit(MarkupChange(updated: moved))
    }

    /// Mirrors the selection across the middle of its box, left to right (`horizontal`) or top to
    /// bottom, as one step: ink and shapes are mirrored; text, pictures, stickers, links and loupes
    /// trade places but read as before, as in tldraw.
    public func flipSelection(_ axis: SelectionAxis) throws(EditorError) {
        let elements = selectedElements
        guard let bounds = Self.bounds(of: elements) else { return }
        let horizontal = axis == .horizontal
        let mirror = Transform2D(translationX: -bounds.center.x, y: -bounds.center.y)
            .concatenating(Transform2D(scaleX: horizontal ? -1 : 1, y: horizontal ? 1 : -1))
            .concatenating(Transform2D(translationX: bounds.center.x, y: bounds.center.y))
        var mirroredShapes = [ElementID: Bool]()
        let flipped = elements.map { element in
            var copy = element
            if case .stroke(var stroke) = element.content {
                stroke.transform = stroke.transform.concatenating(mirror)
                copy.setContent(.stroke(stroke))
                return copy
            }
            copy = Self.moved(element, by: mirror.apply(to: element.frame.center) - element.frame.center)
            guard case .shape(var shape) = element.content else { return copy }
            // A box turned by θ mirrors into one turned by −θ; what the shape draws in it is mirrored too.
            copy.rotation = -element.rotation
            let turned = shape.mirror(horizontally: horizontal)
            if turned { copy.rotation += .pi }
            mirroredShapes[element.id] = turned
            copy.setContent(.shape(shape))
            return copy
        }
        let lines = linesFollowingMirror(of: mirroredShapes, horizontally: horizontal, flipped: flipped)
        let linesByID = Dictionary(lines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let flippedIDs = Set(flipped.map(\.id))
        try commit(MarkupChange(updated: flipped.map { linesByID[$0.id] ?? $0 } + lines.filter { !flippedIDs.contains($0.id) }),
                   connectionsAsGiven: Set(linesByID.keys))
    }
}
