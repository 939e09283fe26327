import MarkupModel

/// Groups (Ctrl/⌘+G, as in tldraw and Excalidraw): elements that share a `GroupID` are selected
/// together by a tap, the marquee and the lasso, and so moved, turned, copied and deleted together.
/// One level: grouping elements of groups makes one new group of them all.
extension MarkupController {
    /// Puts the selected elements in one new group, as one step; returns it. Fewer than two
    /// elements make no group.
    @discardableResult
    public func groupSelection() throws(EditorError) -> GroupID? {
        let elements = selectedElements
        guard elements.count >= 2 else { return nil }
        let group = GroupID()
        try commit(changing: elements) { $0.groupID = group }
        return group
    }

    /// Takes the selected elements out of their groups, as one step; they stay selected. Out of a
    /// group of more, a label stays with the shape or line it labels, the two in a group of their own
    /// (`GroupLabels`); a group of just the two is taken apart, as asked.
    public func ungroupSelection() throws(EditorError) {
        let selected = selectedElements
        var pairGroups = [ElementID: GroupID]()
        for group in Set(selected.compactMap(\.groupID)) where markup.elements.lazy.filter({ $0.groupID == group }).count > 2 {
            for (label, holder) in GroupLabels.pairs(among: selected.filter { $0.groupID == group }) {
                let pair = GroupID()
                (pairGroups[label.id], pairGroups[holder.id]) = (pair, pair)
            }
        }
        try commit(changing: selected) { $0.groupID = pairGroups[$0.id] }
    }

    /// Inserts a text box in `frame` as the label of `element` (a shape's, say, typed after a
    /// double-click on it): grouped with it (in its group, if it has one), the two selected, as one
    /// step. On a turned element the label is turned with it, about the element's centre, and no
    /// wider than the element. Returns the text box's id.
    @discardableResult
    public func insertLabel(_ text: AttributedText, alignment: TextAlignment, frame: Rect, for element: ElementID) throws(EditorError) -> ElementID {
        guard var labelled = markup.element(withID: element), !labelled.isLocked else { throw .unknownElement(element) }
        try require(.text)
        try check(text)
        guard frame.isFinite, frame.width > 0, frame.height > 0 else { throw .invalidGeometry("the text box needs a width and a height") }
        let group = labelled.groupID ?? GroupID()
        var placed = frame
        if labelled.rotation != 0 {
            // The page measured the turned element's upright box: the label sits across its middle.
            let width = min(frame.width, max(labelled.frame.width - 16, 40)), center = labelled.frame.center
            placed = Rect(x: center.x - width / 2, y: center.y - frame.height / 2, width: width, height: frame.height)
        }
        var label = Element(zIndex: markup.nextZIndex, frame: placed, content: .textBox(TextBox(text: text, alignment: alignment)), groupID: group)
        label.rotation = labelled.rotation
        labelled.groupID = group
        try commit(MarkupChange(added: [label], updated: [labelled]))
        select(withTheirGroups([element, label.id]))
        return label.id
    }

    /// `ids` and every element that shares a group with one of them: what a tap, the marquee or the
    /// lasso selects.
    func withTheirGroups(_ ids: Set<ElementID>) -> Set<ElementID> {
        let groups = Set(ids.compactMap { markup.element(withID: $0)?.groupID })
        guard !groups.isEmpty else { return ids }
        return ids.union(markup.elements.lazy.filter { $0.groupID.map(groups.contains) ?? false }.map(\.id))
    }
}
