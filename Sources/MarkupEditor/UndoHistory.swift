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
        guard limit > 0 else { return }
        undoStack.append(change)
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        redoStack.removeAll()
    }

    mutating func popUndo() -> RecordedChange? {
        guard let change = undoStack.popLast() else { return nil }
        redoStack.append(change)
        return change
    }

    mutating func popRedo() -> RecordedChange? {
        guard let change = redoStack.popLast() else { return nil }
        undoStack.append(change)
        return change
    }
}
