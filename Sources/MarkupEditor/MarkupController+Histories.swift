import MarkupModel

/// Every scope's undo and redo steps, taken from a controller whose document closes and given to
/// the next one that opens it, so that a page coming back still undoes its own steps.
public struct UndoHistories: Sendable {
    var histories: [String: UndoHistory]

    init(histories: [String: UndoHistory]) { self.histories = histories }

    /// One step: what it did and what undoes it.
    public struct Step: Equatable, Sendable {
        public var forward: MarkupChange
        public var backward: MarkupChange

        public init(forward: MarkupChange, backward: MarkupChange) { (self.forward, self.backward) = (forward, backward) }
    }

    /// One scope's steps to undo and to redo, oldest first.
    public struct Steps: Equatable, Sendable {
        public var undo: [Step]
        public var redo: [Step]

        public init(undo: [Step], redo: [Step]) { (self.undo, self.redo) = (undo, redo) }
    }

    /// The steps by scope, to be written down (a server stopping keeps them in its library).
    public var steps: [String: Steps] {
        histories.mapValues { history in
            Steps(undo: history.undoStack.map { Step(forward: $0.forward, backward: $0.backward) },
                  redo: history.redoStack.map { Step(forward: $0.forward, backward: $0.backward) })
        }
    }

    /// Histories of `steps`, each scope keeping its newest `limit` steps each way.
    public init(steps: [String: Steps], limit: Int = MarkupController.defaultUndoLimit) {
        histories = steps.mapValues { steps in
            UndoHistory(limit: limit, undo: steps.undo.map { RecordedChange(forward: $0.forward, backward: $0.backward) },
                        redo: steps.redo.map { RecordedChange(forward: $0.forward, backward: $0.backward) })
        }
    }

    /// These histories with only the scopes `isKept` picks.
    public func keeping(_ isKept: (String) -> Bool) -> UndoHistories {
        UndoHistories(histories: histories.filter { isKept($0.key) })
    }

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
    /// that has none of its own here gets those; one that has made steps here since undoes its own
    /// and then the saved ones (whose redo steps its new steps have ended). An undo of a saved step
    /// reverts only the elements still as it left them (`RecordedChange.reversal`), however the
    /// document changed since.
    public func adoptUndoHistories(_ saved: UndoHistories) {
        for (scope, history) in saved.histories where history.canUndo || history.canRedo {
            if let own = histories[scope], own.canUndo || own.canRedo {
                histories[scope] = UndoHistory(limit: undoLimit, undo: history.undoStack + own.undoStack, redo: own.redoStack)
            } else {
                histories[scope] = UndoHistory(limit: undoLimit, undo: history.undoStack, redo: history.redoStack)
            }
        }
    }
}
