import MarkupModel

/// The changes that can be undone and redone, each one user-visible step: a whole stroke, a whole
/// drag, a clear. Keeps the newest `limit` steps.
struct UndoHistory: Sendable {
    private(set) var undoStack: [RecordedChange] = []
    private(set) var redoStack: [RecordedChange] = []
    let limit: Int

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    /// A history holding `undo` and `redo`, oldest first, their newest `limit` each.
    init(limit: Int, undo: [RecordedChange], redo: [RecordedChange]) {
        self.init(limit: limit)
        undoStack = Array(undo.suffix(self.limit))
        redoStack = Array(redo.suffix(self.limit))
    }

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Records a new step; anything that could be redone is forgotten.
    mutating func record(_ change: RecordedChange) {
        redoStack.removeAll()
        push(change, onto: &undoStack)
    }

    mutating func takeUndo() -> RecordedChange? { undoStack.popLast() }
    mutating func takeRedo() -> RecordedChange? { redoStack.popLast() }

    /// What undoing a step did, so that redo can revert it.
    mutating func recordUndone(_ change: RecordedChange) { push(change, onto: &redoStack) }
    /// What redoing a step did, so that undo can revert it again.
    mutating func recordRedone(_ change: RecordedChange) { push(change, onto: &undoStack) }

    /// Puts `made` in place of the recorded step that made `change`, newest first, with `renumber`
    /// applied to what undoes it, and the paper and page it undoes to those `undone` (what undoes
    /// `made` now) brings back; false when no step to undo made it. For a step made again over
    /// other writers' changes (`MarkupController.reapply`), so that undo still recognises its
    /// elements as it left them, puts them back where they now belong, and brings back the paper and
    /// page it was made over.
    mutating func replaceStep(_ change: MarkupChange, with made: MarkupChange, renumber: (Element) -> Element,
                              undoing undone: MarkupChange) -> Bool {
        guard let index = undoStack.lastIndex(where: { $0.forward == change }) else { return false }
        var backward = undoStack[index].backward
        backward.added = backward.added.map(renumber)
        backward.updated = backward.updated.map(renumber)
        if let paper = undone.paper { backward.paper = paper }
        if let page = undone.page { backward.page = page }
        if let background = undone.background { backward.background = background }
        undoStack[index] = RecordedChange(forward: made, backward: backward)
        return true
    }

    private func push(_ change: RecordedChange, onto stack: inout [RecordedChange]) {
        guard limit > 0 else { return }
        stack.append(change)
        if stack.count > limit { stack.removeFirst(stack.count - limit) }
    }
}
