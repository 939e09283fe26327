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
        var (floor, ceiling) = up ? (passed.zIndex, beyond) : (beyond, passed.zIndex)
        // Moved back and forth past the same elements, the gap halves each time: once it is used
        // up, what lies beyond it moves on to make room.
        var spread = [Element]()
        if (ceiling &- floor) / (count &+ 1) < Self.leastZIndexStep {
            let room = (Markup.zIndexStep / 64) &* (count &+ 1)
            spread = elementsSpread(from: up ? ceiling : floor, by: room, up: up)
            if up { ceiling &+= room } else { floor &-= room }
        }
        let step = (ceiling &- floor) / (count &+ 1)
        try commit(MarkupChange(updated: spread + elements.enumerated().map { offset, element in
            var moved = element
            moved.zIndex = floor &+ step &* Int64(offset + 1)
            return moved
        }))
    }

    /// The z-index step below which a move one step up or down makes room first.
    static let leastZIndexStep: Int64 = 16

    /// The element at `zIndex` and those beyond it (above, or below), moved `room` further that
    /// way: as few as keep their order, the walk ending at the first gap wider than `room`.
    private func elementsSpread(from zIndex: Int64, by room: Int64, up: Bool) -> [Element] {
        var spread = [Element](), current = zIndex
        while var element = markup.element(atZIndex: current) {
            element.zIndex = up ? current &+ room : current &- room
            spread.append(element)
            guard let next = up ? markup.zIndex(above: current) : markup.zIndex(below: current),
                  (up ? next &- current : current &- next) <= room else { break }
            current = next
        }
        return spread
    }
}
