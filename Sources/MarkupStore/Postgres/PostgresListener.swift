import Foundation
import MarkupModel

/// Hears what other servers change in a library on PostgreSQL: a connection of its own, listening
/// on `channel`, on a thread of its own. Each store names itself in what it announces (`origin`),
/// so a server does not hear its own changes back. Once listening, and again each time a lost
/// connection is made again, it reports `missed`: changes may have gone by unheard before.
final class PostgresListener: @unchecked Sendable {
    static let channel = "markupkit"
    private let url: String
    private let origin: String
    private let handler: @Sendable (LibraryChange) -> Void
    private let stopping = NSLock()
    private var isStopped = false

    init(url: String, origin: String, handler: @escaping @Sendable (LibraryChange) -> Void) {
        (self.url, self.origin, self.handler) = (url, origin, handler)
        let thread = Thread { [self] in run() }
        thread.name = "markupkit.listen"
        thread.start()
    }

    private func run() {
        var connection: PostgresConnection?
        while !stopping.withLock({ isStopped }) {
            do throws(StoreError) {
                if connection == nil {
                    let made = try PostgresConnection(url: url)
                    try made.query("LISTEN \(Self.channel)")
                    connection = made
                    // Changes made before listening began (or while the connection was lost) went unheard.
                    handler(.missed)
                }
                for payload in try connection!.notifications(waitingAtMost: 1) {
                    if let change = Self.change(in: payload, from: origin) { handler(change) }
                }
            } catch {
                connection = nil
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
    }

    /// Ends the thread, and its connection, within a second.
    func stop() { stopping.withLock { isStopped = true } }

    /// What a store with another `origin` announced: `a <document> <head> <origin>`, `r <document>
    /// <origin>`, `d <document> <origin>` or `u <document> <origin>`; nil for this store's own and
    /// for anything else.
    static func change(in payload: String, from origin: String) -> LibraryChange? {
        let words = payload.split(separator: " ")
        guard words.count >= 3, words.last.map(String.init) != origin, let id = DocumentID(String(words[1])) else { return nil }
        switch (words[0], words.count) {
        case ("a", 4): return Int64(words[2]).map { .appended(id, head: $0) }
        case ("r", 3): return .renamed(id)
        case ("d", 3): return .deleted(id)
        case ("u", 3): return .undoHistoriesKept(id)
        default: return nil
        }
    }
}
