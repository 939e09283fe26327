import Foundation
import MarkupModel

/// Hears what other processes (the command line, say) change in a library file a server has open:
/// a thread of its own asks the store every `interval` whether anyone else committed
/// (`PRAGMA data_version` on the store's writing connection changes only then), and when someone
/// did, what each document's head, title and state are now, told as the changes since the last look.
final class SQLiteChangeWatcher: @unchecked Sendable {
    /// What one document is, as far as a page that has it open can tell.
    struct DocumentState: Hashable, Sendable {
        var head: Int64
        var title: String
        var isDeleted: Bool
    }

    /// How often the store is asked: a change made elsewhere reaches open pages within this.
    static let interval = 0.5

    private let stopping = NSLock()
    private var isStopped = false

    /// Starts asking `look` (nil once the store is gone, which ends the thread) and telling `handler`.
    init(look: @escaping @Sendable () -> [LibraryChange]?, handler: @escaping @Sendable (LibraryChange) -> Void) {
        let thread = Thread { [self] in
            while !stopping.withLock({ isStopped }) {
                Thread.sleep(forTimeInterval: Self.interval)
                guard let changes = look() else { return }
                changes.forEach(handler)
            }
        }
        thread.name = "markupkit.watch"
        thread.start()
    }

    /// Ends the thread within `interval`.
    func stop() { stopping.withLock { isStopped = true } }

    /// The changes that turn `before` into `after`: a head that grew, a new title, a document deleted
    /// or gone. A document made since `before` may have been opened and changed since: its head and
    /// title are told (each is a change only to an open document that has not heard of it). One
    /// brought back from deletion is no change to any open page.
    static func changes(from before: [DocumentID: DocumentState], to after: [DocumentID: DocumentState]) -> [LibraryChange] {
        var changes: [LibraryChange] = []
        for (id, now) in after {
            let was = before[id]
            guard was?.isDeleted != true else { continue }
            guard !now.isDeleted else {
                changes.append(.deleted(id))
                continue
            }
            if now.head > was?.head ?? -1 { changes.append(.appended(id, head: now.head)) }
            if now.title != was?.title { changes.append(.renamed(id)) }
        }
        for (id, was) in before where after[id] == nil && !was.isDeleted { changes.append(.deleted(id)) }
        return changes
    }
}
