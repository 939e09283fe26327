import MarkupModel

/// The selection moved one step up or down the z-order (tldraw's and Excalidraw's Bring forward and
/// Send backward): past the nearest element it overlaps, not to the very front or back.
extension MarkupController {
    /// Moves the selection just above the lowest element over it that it overlaps, keeping its own
    /// order, as one step; nothing when no element over it overlaps it.
    public func bringSelectionForward() throws(EditorError) {
        try moveSelectionOneStep(up: true)
    }

    /// Moves the selection just below the highest element under it that it overlaps, keeping its own
    /// order, as one step; nothing when no element under it overlaps it.
    public func sendSelectionBackward() throws(EditorError) {
        try moveSelectionOneStep(up: false)
    }

    private func moveSelectionOneStep(up: Bool) throws(EditorError) {
        let elements = selectedElements
        guard let lowest = elements.first?.zIndex, let highest = elements.last?.zIndex else { return }
        let ids = Set(elements.map(\.id))
        let bounds = elements.dropFirst().reduce(elements[0].renderFrame) { $0.union($1.renderFrame) }
        // The element to pass: the nearest over (or under) the selection whose box meets its box.
        var passed: Element?
        index.visit(intersecting: bounds) { id in
            guard !ids.contains(id), let element = markup.element(withID: id) else { return }
            if up, element.zIndex > highest, element.zIndex < (passed?.zIndex ?? .max) { passed = element }
            if !up, lowest > element.zIndex, element.zIndex > (passed?.zIndex ?? .min) { passed = element }
        }
        guard let passed else { return }
        // The selection goes between it and its neighbour beyond, where no element is.
        let count = Int64(elements.count)
        let room = Markup.zIndexStep &* (count &+ 1)
        let beyond = up ? markup.zIndex(above: passed.zIndex) ?? passed.zIndex &+ room
            : markup.zIndex(below: passed.zIndex) ?? passed.zIndex &- room
        let (floor, ceiling) = up ? (passed.zIndex, beyond) : (beyond, passed.zIndex)
        let step = (ceiling &- floor) / (count &+ 1)
        guard step > 0 else { throw .invalidGeometry("there is no room in the z-order there: bring the selection to the front or send it to the back") }
        try commit(MarkupChange(updated: elements.enumerated().map { offset, element in
            var moved = element
            moved.zIndex = floor &+ step &* Int64(offset + 1)
            return moved
        }))
    }
}
