import MarkupModel

/// Locking (tldraw's and Excalidraw's Lock): a locked element is drawn as ever, but no tap, marquee,
/// lasso or Select All picks it, no eraser touches it and Clear leaves it, so a picture being
/// annotated stays put under the pen. Unlock All gives them back.
extension MarkupController {
    /// Locks the selected elements and lets go of them, as one step.
    public func lockSelection() throws(EditorError) {
        try commit(changing: selectedElements) { $0.isLocked = true }
        select([])
    }

    /// Unlocks the locked elements among `ids` (the one a context menu was opened on, as tldraw's
    /// Unlock) and selects them, as one step; refused when none of them is locked.
    public func unlock(_ ids: Set<ElementID>) throws(EditorError) {
        let locked = ids.sorted().compactMap { markup.element(withID: $0) }.filter(\.isLocked)
        guard !locked.isEmpty else { throw .invalidGeometry("nothing named is locked") }
        try commit(changing: locked) { $0.isLocked = false }
        select(Set(locked.map(\.id)))
    }

    /// Unlocks every locked element and selects them, as one step.
    public func unlockAll() throws(EditorError) {
        let locked = markup.elements.filter(\.isLocked)
        try commit(changing: locked) { $0.isLocked = false }
        select(Set(locked.map(\.id)))
    }

    /// Whether the element with `id` is there and not locked: what selecting and erasing may take.
    func isUnlocked(_ id: ElementID) -> Bool {
        markup.element(withID: id).map { !$0.isLocked } ?? false
    }
}
