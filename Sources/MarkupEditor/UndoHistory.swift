/// The changes that can be undone and redone, each one user-visible step: a whole stroke, a whole
/// drag, a clear. Keeps the newest `limit` steps.
struct UndoHistory: Sendable {
    private(set) var undoStack: [RecordedChange] = []
    private(set) var redoStack: [RecordedChange] = []
    let limit: Int

    init(limit: Int) {
        self.limit = max(limit, 0)
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

    private func push(_ change: RecordedChange, onto stack: inout [RecordedChange]) {
        guard limit > 0 else { return }
        stack.append(change)
        if stack.count > limit { stack.removeFirst(stack.count - limit) }
    }
}
