import Foundation
import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// What only the PostgreSQL store has to do: live with a server that closes its connection, refuse
/// a layout from a newer MarkupKit, and tell each server what the others change.
struct PostgresStoreTests {
    /// The server closes the store's connection (a restart, a failover): the next call outside a
    /// transaction connects again and works, and nothing written before is lost.
    @Test func aConnectionTheServerClosedIsMadeAgain() throws {
        let url = try TemporaryPostgres.shared.get().newDatabase()
        let store = try PostgresDocumentStore(url: url)
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10))).encoded()
        let id = try store.create(title: "Before", encoded: blank).id
        let closed = try PostgresConnection(url: url).query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        // The store's two connections: one for writes, one for reads.
        #expect(closed.count == 2)
        #expect(try store.documents().map(\.id) == [id])
        #expect(try store.create(title: "After", encoded: blank).title == "After")
    }

    /// A server gone without a word is noticed within about a minute over TCP, unless the URL
    /// says otherwise.
    @Test func keepalivesAreShortUnlessTheURLSaysOtherwise() throws {
        let url = try TemporaryPostgres.shared.get().newDatabase()
        #expect(try PostgresConnection(url: url).setting("keepalives_idle") == "30")
        #expect(try PostgresConnection(url: url + "&keepalives_idle=7").setting("keepalives_idle") == "7")
        #expect(try PostgresConnection(url: url).setting("dbname") == URLComponents(string: url)?.path.dropFirst().description)
    }

    /// Tests start the server while other threads read their children's pipes to the end: a pipe
    /// the server kept open would make such a reader wait for as long as the server runs.
    @Test func theTestsServerKeepsNoDescriptorItsStarterHad() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        defer { _ = pipe.map(Glibc.close) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/postgres.sh").path
        let folder = "/tmp/markupkit-postgres-descriptors-\(getpid())"
        #expect(system("bash '\(script)' start '\(folder)' > /dev/null 2>&1") == 0)
        defer { _ = system("bash '\(script)' stop '\(folder)' > /dev/null 2>&1") }
        let postmaster = try String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8).split(separator: "\n")[0]
        let pipeName = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(pipe[1])")
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(postmaster)/fd").map { descriptor in
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(postmaster)/fd/\(descriptor)")
        }
        #expect(!held.isEmpty && !held.contains(pipeName))
    }

    /// A library of layout 2 (before recently deleted and folders) gains the columns on the next
    /// start: its documents are all there, none deleted, in no folder, and can be deleted, restored
    /// and filed.
    @Test func aLayout2LibraryGainsRecentlyDeleted() throws {
        let url = try TemporaryPostgres.shared.get().newDatabase()
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10))).encoded()
        let id = try PostgresDocumentStore(url: url).create(title: "Old", encoded: blank).id
        try PostgresConnection(url: url).execute("ALTER TABLE documents DROP COLUMN deleted_ms, DROP COLUMN folder; UPDATE layout SET version = 2")
        let store = try PostgresDocumentStore(url: url)
        #expect(try PostgresConnection(url: url).query("SELECT version FROM layout").integer(0, 0) == Int64(PostgresDocumentStore.layoutVersion))
        #expect(try store.documents().map(\.id) == [id] && store.deletedDocuments().isEmpty)
        try store.delete(id)
        #expect(try store.deletedDocuments().map(\.summary.id) == [id])
        #expect(try store.restoreDeleted(id).title == "Old")
        // And folders (layout 4), kept when emptied (layout 5).
        try store.setFolder(id, to: "Kept")
        #expect(try store.summary(of: id).folder == "Kept")
        try PostgresConnection(url: url).execute("DELETE FROM folders; UPDATE layout SET version = 4")
        let reopened = try PostgresDocumentStore(url: url)
        try reopened.setFolder(id, to: nil)
        #expect(try reopened.folders() == ["Kept"], "a folder its documents named is kept")
    }

    @Test func aLibraryLaidOutByANewerMarkupKitIsRefused() throws {
        let url = try TemporaryPostgres.shared.get().newDatabase()
        _ = try PostgresDocumentStore(url: url)
        try PostgresConnection(url: url).query("UPDATE layout SET version = 99")
        #expect(throws: StoreError.libraryTooNew(found: 99, supported: PostgresDocumentStore.layoutVersion)) { try PostgresDocumentStore(url: url) }
    }

    /// Each store hears the others' appends (with the new head), renames, undo histories kept and
    /// deletions, never its own; a listener says it may have missed some once it listens, and again once its closed
    /// connection is made again.
    @Test(.timeLimit(.minutes(5))) func aStoreHearsWhatTheOthersChange() throws {
        let url = try TemporaryPostgres.shared.get().newDatabase()
        let listening = try PostgresDocumentStore(url: url), other = try PostgresDocumentStore(url: url)
        let heard = Heard()
        listening.observeChanges { heard.append($0) }
        // The listener is listening once a change made after it starts is heard.
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10))).encoded()
        let id = try other.create(title: "Shared", encoded: blank).id
        let entry = JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(MarkupChange()))
        var warmUp: Int64 = 0
        try heard.wait { _ in
            warmUp = try other.append([entry], to: id, expectingHead: nil)
            return !heard.all.isEmpty
        }
        let own = try listening.append([entry], to: id, expectingHead: nil)
        let head = try other.append([entry, entry], to: id, expectingHead: nil)
        try other.rename(id, to: "Renamed")
        try listening.keepUndoHistories(Data([1]), of: id, at: Date(), maximumAge: 60)
        try other.keepUndoHistories(Data([2]), of: id, at: Date(), maximumAge: 60)
        try other.delete(id)
        try heard.wait { $0.contains(.deleted(id)) }
        // The warm-up's own appends may still be on their way; the store's own changes are never heard.
        let since = heard.all.filter { if case .appended(_, let at) = $0 { at > warmUp } else { $0 != .missed } }
        #expect(since == [.appended(id, head: head), .renamed(id), .undoHistoriesKept(id), .deleted(id)])
        #expect(own == warmUp + 1 && head == own + 2)

        heard.clear()
        _ = try PostgresConnection(url: url).query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'
            """)
        try heard.wait { $0.contains(.missed) }
    }

    /// What a listener heard, in order, under a lock.
    final class Heard: @unchecked Sendable {
        private let condition = NSCondition()
        private var changes: [LibraryChange] = []

        func append(_ change: LibraryChange) { condition.withLock { changes.append(change); condition.broadcast() } }
        func clear() { condition.withLock { changes.removeAll() } }
        var all: [LibraryChange] { condition.withLock { changes } }

        /// Waits until `isDone` holds for what was heard, asking again every tenth of a second.
        func wait(_ isDone: ([LibraryChange]) throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(10)
            while try !isDone(all) {
                guard Date() < deadline else { throw StoreError.postgres(state: "", message: "nothing heard: \(all)") }
                condition.withLock { _ = condition.wait(until: Date().addingTimeInterval(0.1)) }
            }
        }
    }
}
