import Foundation
import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// When the write-ahead log is copied back into the database, under a steady stream of commits.
struct CheckpointTests {
    /// A change adding one stroke of `points` points: about a byte per value stored, so 200 points
    /// fill most of a 4 KiB page.
    private static func strokeChange(points count: Int, seed: Int) throws -> Data {
        let points = (0..<count).map { index in
            let t = Double(index + seed)
            return StrokePoint(location: Point(x: t * 0.7, y: 100 + Double(seed % 50)), timeOffset: Double(index) / 240,
                               size: Size(width: 3, height: 3), force: 1 + Double(index % 5) / 16)
        }
        return try ChangeCodec.encode(MarkupChange(added: [Element(zIndex: Int64(seed), frame: .zero,
                                                                   content: .stroke(Stroke(ink: Ink(.pen, width: 3), points: points)))]))
    }

    private static func walBytes(_ library: TemporaryLibrary) -> Int { fileBytes(library.path + "-wal") }

    /// A checkpoint beside commits that never pause never finds the log wholly copied, so the log
    /// would never start over; once it holds twice its bound the writer copies the rest itself
    /// whether or not a background checkpoint has run (here none does), and the log file stays
    /// within that and one commit's pages. Every entry is still there afterwards.
    @Test func theLogStaysBoundedUnderSteadyCommits() throws {
        let library = TemporaryLibrary()
        let bound: Int64 = 120
        let policy = WALCheckpointer.Policy(pagesBeforeCheckpoint: .max, pagesBeforeWriterCatchesUp: bound, minimumInterval: 0)
        let store = try SQLiteDocumentStore(path: library.path, checkpoints: policy)
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).encoded()
        let id = try store.create(title: "Steady", encoded: blank).id
        var largestLog = 0
        let commits = 400
        for index in 1...commits {
            let entry = JournalEntry(kind: JournalEntry.changeKind, payload: try Self.strokeChange(points: 200, seed: index))
            #expect(try store.append([entry], to: id, expectingHead: Int64(index - 1)) == Int64(index))
            largestLog = max(largestLog, Self.walBytes(library))
        }
        // Without the writer catching up the log holds every commit's pages: several hundred.
        let pageWithHeader = 4096 + 24
        #expect(largestLog <= (2 * Int(bound) + 16) * pageWithHeader, "the log grew to \(largestLog / pageWithHeader) pages")
        #expect(store.checkpointer.checkpointsStarted == 0)
        let reopened = try SQLiteDocumentStore(path: library.path).open(id)
        #expect(reopened.sequence == Int64(commits) && reopened.markup.elements.count == commits)
    }

    /// While a large write goes on, the commits beside it do not copy the log under the store's lock:
    /// it grows past twice its bound. When the large write ends, its writer copies the log and
    /// catches up, and the log starts over: later commits write its file over from the start.
    @Test func aLargeWriteLeavesCopyingTheLogToItsWriter() throws {
        let library = TemporaryLibrary()
        let writer = try SQLiteConnection(path: library.path)
        try writer.execute("PRAGMA journal_mode=WAL; CREATE TABLE parts (data BLOB)")
        let bound: Int64 = 60
        let checkpointer = try WALCheckpointer(
            path: library.path, policy: .init(pagesBeforeCheckpoint: .max, pagesBeforeWriterCatchesUp: bound, minimumInterval: 0))
        try writer.onCommit { pages in checkpointer.committed(pagesInLog: pages) }
        func commit() throws {
            checkpointer.catchUp(writer)
            try writer.execute("INSERT INTO parts VALUES (randomblob(4000))")
        }
        let pageWithHeader = 4096 + 24
        checkpointer.beginBulkWrite()
        for _ in 0..<300 { try commit() }
        let grown = Self.walBytes(library)
        #expect(grown > 4 * Int(bound) * pageWithHeader, "the log holds \(grown / pageWithHeader) pages")
        #expect(checkpointer.isWriterBehind)
        checkpointer.settleAfterBulkWrite(writer) { catchUp in catchUp() }
        #expect(!checkpointer.isWriterBehind)
        for _ in 0..<100 { try commit() }
        #expect(Self.walBytes(library) == grown)
        #expect(try writer.integer("SELECT count(*) FROM parts") == 400)
    }

    /// A snapshot's writer copies the log into the database after each of its parts, so that no sync
    /// of the database (which an append's own sync waits behind on the disk) holds more than a part:
    /// once a snapshot of several parts is written, the database file holds them, though no
    /// background checkpoint ran and the writer never had to catch up.
    @Test func aSnapshotIsCopiedIntoTheDatabasePartByPart() throws {
        let library = TemporaryLibrary()
        let policy = WALCheckpointer.Policy(pagesBeforeCheckpoint: .max, pagesBeforeWriterCatchesUp: .max, minimumInterval: 0)
        let store = try SQLiteDocumentStore(path: library.path, checkpoints: policy)
        var generator = HandwritingGenerator(.init(strokes: 3_000, seed: 5))
        let encoded = try MarkupFile(markup: generator.generate()).encoded()
        #expect(encoded.count > 3 * SQLiteDocumentStore.snapshotPartBytes)
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).encoded()
        let id = try store.create(title: "Parts", encoded: blank).id
        let before = Self.fileBytes(library.path)
        try store.writeSnapshot(encoded, thumbnail: nil, of: id, through: 0, keepingVersions: 1)
        let grown = Self.fileBytes(library.path) - before
        #expect(grown >= encoded.count - SQLiteDocumentStore.snapshotPartBytes, "the database grew by \(grown) bytes")
        #expect(store.checkpointer.checkpointsStarted == 0)
        #expect(try store.encodedVersion(0, of: id) == encoded)
    }

    private static func fileBytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// While commits keep coming, background checkpoints start no more often than the policy's
    /// interval: with an interval of an hour, one; with none, several.
    @Test func backgroundCheckpointsAreSpacedOut() throws {
        for (interval, expectsMany) in [(UInt64(3_600_000_000_000), false), (0, true)] {
            let library = TemporaryLibrary()
            let policy = WALCheckpointer.Policy(pagesBeforeCheckpoint: 10, pagesBeforeWriterCatchesUp: .max, minimumInterval: interval)
            let store = try SQLiteDocumentStore(path: library.path, checkpoints: policy)
            let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).encoded()
            let id = try store.create(title: "Spaced", encoded: blank).id
            for index in 1...80 {
                let entry = JournalEntry(kind: JournalEntry.changeKind, payload: try Self.strokeChange(points: 200, seed: index))
                _ = try store.append([entry], to: id, expectingHead: Int64(index - 1))
                // A checkpoint already waiting to run is not asked for twice: let the worker (the
                // lowest priority thread, slow to get a core while other tests run) take it first.
                if expectsMany {
                    let deadline = Date().addingTimeInterval(2)
                    while store.checkpointer.hasCheckpointWaiting, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
                }
            }
            let started = store.checkpointer.checkpointsStarted
            #expect(expectsMany ? started > 5 : started == 1, "\(started) checkpoints with an interval of \(interval) ns")
        }
    }
}
