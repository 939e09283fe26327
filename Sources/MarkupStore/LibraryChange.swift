import MarkupModel

/// What another process (a server sharing the library, the command line) did to a library, as the
/// store hears of it: each server keeps its own copy of an open document and catches up when told.
public enum LibraryChange: Hashable, Sendable {
    /// The document's journal grew to `head`.
    case appended(DocumentID, head: Int64)
    /// The document has a new title.
    case renamed(DocumentID)
    /// The document is gone.
    case deleted(DocumentID)
    /// A server stopping kept the undo histories of the document (`keepUndoHistories`), for one that
    /// has it open to take (`takeUndoHistories`): its pages are coming there.
    case undoHistoriesKept(DocumentID)
    /// Changes may have gone unheard (the connection they come through was lost and made again):
    /// every open document should look for newer entries.
    case missed
}

/// One journal entry with its position, as read back for a server catching up.
public struct PositionedEntry: Hashable, Sendable {
    public var sequence: Int64
    public var entry: JournalEntry

    public init(sequence: Int64, entry: JournalEntry) { (self.sequence, self.entry) = (sequence, entry) }
}

extension DocumentStore {
    /// Whether several servers may serve this library at once. False by default.
    public var isShared: Bool { false }

    /// Starts telling `handler` (on a thread of the store's) what other processes change; a store no
    /// other process writes says nothing.
    public func observeChanges(_ handler: @escaping @Sendable (LibraryChange) -> Void) {}
}

extension PositionedEntry {
    /// `entries` when they are every position from `after + 1` to `head`, nil when some are missing.
    static func unbroken(_ entries: [PositionedEntry], after: Int64, head: Int64) -> [PositionedEntry]? {
        guard head >= after, Int64(entries.count) == head - after,
              entries.enumerated().allSatisfy({ $0.element.sequence == after + 1 + Int64($0.offset) }) else { return nil }
        return entries
    }
}
