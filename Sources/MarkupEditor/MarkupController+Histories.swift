/// Every scope's undo and redo steps, taken from a controller whose document closes and given to
/// the next one that opens it, so that a page coming back still undoes its own steps.
public struct UndoHistories: Sendable {
    var histories: [String: UndoHistory]

    /// Whether no scope has a step to undo or redo.
    public var isEmpty: Bool { histories.values.allSatisfy { !$0.canUndo && !$0.canRedo } }

    /// About how much memory the steps hold, counted as a clipboard's (`Clipboard.byteCount`).
    public var byteCount: Int {
        histories.values.reduce(0) { total, history in
            (history.undoStack + history.redoStack).reduce(total) { total, step in
                [step.forward, step.backward].reduce(total) { $0 + Clipboard.byteCount(of: $1.added + $1.updated, blobs: $1.addedBlobs) }
            }
        }
    }
}

extension MarkupController {
    /// The undo and redo steps of every scope, as they are now.
    public var undoHistories: UndoHistories { UndoHistories(histories: histories) }

    /// Takes on `saved`, the steps of a controller of the same document from before: each scope
    /// that has none of its own here gets those. An undo of one of them reverts only the elements
    /// still as it left them (`RecordedChange.reversal`), however the document changed since.
    public func adoptUndoHistories(_ saved: UndoHistories) {
        for (scope, history) in saved.histories where history.canUndo || history.canRedo {
            guard !(histories[scope].map { $0.canUndo || $0.canRedo } ?? false) else { continue }
            histories[scope] = history
        }
    }
}
