import Foundation
import MarkupFormat
import MarkupModel

/// The library in one SQLite file, in WAL mode with full synchronous commits: every append is on
/// disk when it returns. Layout and rules: docs/STORE.md. Safe to share between threads.
public final class SQLiteDocumentStore: DocumentStore, @unchecked Sendable {
    /// The layout version this MarkupKit writes, kept in `PRAGMA user_version`.
    public static let layoutVersion = SQLiteLayout.version

    /// A snapshot is written in parts of this many bytes, each in a transaction of its own, so the
    /// appends of changes made meanwhile wait for one part at most, not for the whole document.
    public static let snapshotPartBytes = 256 << 10
    /// How much of the library file SQLite reads through a memory map rather than a `pread` a page:
    /// opening a large document reads its snapshot's 36 MB in 41–54 ms rather than 82–310 ms
    /// beside a browser loading the page. Writes still go through the file.
    static let mappedBytes = 1 << 30

    /// The edit ids kept per document (`StoredDocument.keptOperations`).
    public static let keptOperations = StoredDocument.keptOperations

    public let path: String
    private let connection: SQLiteConnection
    /// A second connection, for the small reads a page waits on while the first is busy reading a
    /// large document (the log lets readers run side by side); its own lock.
    private let previewReader: SQLiteConnection
    private let previewLock = NSLock()
    let checkpointer: WALCheckpointer
    private let logFlusher: LogFlusher
    private let lock = NSLock()
    /// The documents whose snapshots are being written, each one at a time (`writeSnapshot`).
    private let snapshotTurns = NSCondition()
    private var snapshotsBeingWritten = Set<DocumentID>()
    /// Counts the calls waiting for `lock`, so background work can let them go first.
    private let arrivals = NSCondition()
    private var waiting = 0
    /// False while the connection commits without syncing, for a snapshot's writes: the next other
    /// call turns full syncs back on before it runs.
    private var syncsEveryCommit = true
    /// What other processes commit is heard through this (`observeChanges`), started once.
    private var watcher: SQLiteChangeWatcher?
    /// The writing connection's data version and the documents as of the watcher's last look.
    private var seen: (version: Int64, documents: [DocumentID: SQLiteChangeWatcher.DocumentState])?
    private let watching = NSLock()

    /// Opens the library at `path`, creating it (and its folder) on first use.
    ///
    /// - Throws: `libraryTooNew` for a library laid out by a newer MarkupKit; `database` when the
    ///   file is not a database or cannot be opened.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, checkpoints: .standard)
    }

    /// As `init(path:)`, with checkpoints run by `checkpoints`.
    init(path: String, checkpoints: WALCheckpointer.Policy) throws(StoreError) {
        self.path = path
        logFlusher = LogFlusher(databasePath: path)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .file(path: folder, reason: (error as NSError).localizedDescription)
            }
        }
        connection = try SQLiteConnection(path: path)
        let found = Int32(try connection.integer("PRAGMA user_version") ?? 0)
        guard found <= Self.layoutVersion else { throw .libraryTooNew(found: found, supported: Self.layoutVersion) }
        try connection.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA mmap_size=\(Self.mappedBytes)")
        previewReader = try SQLiteConnection(path: path)
        try previewReader.execute("PRAGMA mmap_size=\(Self.mappedBytes)")
        let checkpointer = try WALCheckpointer(path: path, policy: checkpoints)
        self.checkpointer = checkpointer
        try connection.onCommit { pages in checkpointer.committed(pagesInLog: pages) }
        if found < Self.layoutVersion {
            try connection.transaction { () throws(StoreError) in
                if found > 0 { try SQLiteLayout.upgrade(connection) }
                try connection.execute(SQLiteLayout.schema)
                try connection.execute("PRAGMA user_version = \(Self.layoutVersion)")
            }
        }
    }

    deinit { watcher?.stop() }

    private func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        arrivals.lock()
        waiting += 1
        arrivals.unlock()
        lock.lock()
        arrivals.lock()
        waiting -= 1
        if waiting == 0 { arrivals.broadcast() }
        arrivals.unlock()
        defer {
            connection.resetIdleStatements()
            lock.unlock()
        }
        if !syncsEveryCommit {
            try connection.execute("PRAGMA synchronous=FULL")
            syncsEveryCommit = true
        }
        return try body()
    }

    /// As `locked`, for a snapshot's writes: each transaction commits without waiting for the disk.
    /// A snapshot saves only replaying the journal, which is durable already. The log is then synced
    /// through a descriptor of its own once the lock is released (`LogFlusher`), so the next append's
    /// sync finds little of the snapshot left to write; a crash before a sync loses the snapshot's
    /// transactions (the log is replayed in order up to the first missing frame), never the journal
    /// they cover, so the commits of strokes never wait behind a snapshot's syncs. `afterOthers`
    /// takes the lock only once no other call waits for it: background work (a snapshot's parts)
    /// gives way to appends, which an unfair lock would let it starve.
    private func lockedUnsynced<T>(afterOthers: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if afterOthers {
            arrivals.lock()
            while waiting > 0 { arrivals.wait() }
            arrivals.unlock()
        }
        defer { logFlusher.flush() }
        return try locked { () throws(StoreError) -> T in
            try connection.execute("PRAGMA synchronous=NORMAL")
            syncsEveryCommit = false
            return try body()
        }
    }

    /// Whether document ?1's journal holds an entry of a kind this MarkupKit does not know: one probe
    /// of the partial index that holds only those.
    static let unknownKindsProbe = "SELECT 1 FROM journal WHERE document = ?1 AND \(SQLiteLayout.unknownKind) LIMIT 1"

    private static var nowMilliseconds: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    // MARK: - Listing

    private static let summaryColumns = """
        d.uuid, d.title, d.created_ms, d.modified_ms, d.format_version, d.content_version, d.size,
        (SELECT data FROM thumbnails t WHERE t.document = d.id),
        EXISTS (SELECT 1 FROM journal j WHERE j.document = d.id AND j.\(SQLiteLayout.unknownKind)), d.folder
        """

    private static func summary(_ row: SQLiteStatement) -> DocumentSummary {
        let formatVersion = Int(row.integer(4)), contentVersion = Int(row.integer(5))
        let reason = DocumentSummary.readOnlyReason(formatVersion: formatVersion, contentVersion: contentVersion, hasUnknownKinds: row.integer(8) != 0)
        return DocumentSummary(
            id: DocumentID(row.text(0)) ?? DocumentID(), title: row.text(1),
            createdAt: Date(timeIntervalSince1970: Double(row.integer(2)) / 1000),
            modifiedAt: Date(timeIntervalSince1970: Double(row.integer(3)) / 1000),
            formatVersion: formatVersion, contentVersion: contentVersion, size: row.integer(6),
            thumbnail: row.isNull(7) ? nil : [UInt8](row.blob(7)), readOnlyReason: reason, folder: row.isNull(9) ? nil : row.text(9))
    }

    public func documents() throws(StoreError) -> [DocumentSummary] {
        try locked { () throws(StoreError) in
            let statement = try connection.prepare("SELECT \(Self.summaryColumns) FROM documents d WHERE \(SQLiteLayout.live) ORDER BY d.modified_ms DESC, d.id DESC")
            var found = [DocumentSummary]()
            while try statement.step() { found.append(Self.summary(statement)) }
            return found
        }
    }

    public func summary(of id: DocumentID) throws(StoreError) -> DocumentSummary {
        try locked { () throws(StoreError) in try unlockedSummary(of: id) }
    }

    private func unlockedSummary(of id: DocumentID) throws(StoreError) -> DocumentSummary {
        let statement = try connection.prepare("SELECT \(Self.summaryColumns) FROM documents d WHERE d.uuid = ? AND \(SQLiteLayout.live)")
        try statement.bind(.text(id.description))
        guard try statement.step() else { throw .documentNotFound(id.description) }
        return Self.summary(statement)
    }

    /// Thumbnails have a table of their own, so the appends that update a document's row do not
    /// write its thumbnail again.
    private func setThumbnail(_ thumbnail: [UInt8], of row: Int64) throws(StoreError) {
        try connection.prepare("INSERT OR REPLACE INTO thumbnails (document, data) VALUES (?, ?)").bind(.integer(row), .blob(Data(thumbnail))).run()
    }

    private func rowID(of id: DocumentID) throws(StoreError) -> Int64 {
        let statement = try connection.prepare("SELECT id FROM documents d WHERE uuid = ? AND \(SQLiteLayout.live)")
        try statement.bind(.text(id.description))
        guard try statement.step() else { throw .documentNotFound(id.description) }
        return statement.integer(0)
    }

    // MARK: - Documents

    public func create(title: String, encoded: Data) throws(StoreError) -> DocumentSummary {
        let versions = try StoredVersions.of(encoded)
        let thumbnail = try? MarkupFile.thumbnail(in: encoded)
        let id = DocumentID(), now = Self.nowMilliseconds
        return try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                try connection.prepare("""
                    INSERT INTO documents (uuid, title, created_ms, modified_ms, format_version, content_version, size, head)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 0)
                    """).bind(.text(id.description), .text(title), .integer(now), .integer(now), .integer(Int64(versions.formatVersion)),
                              .integer(Int64(versions.contentVersion.rawValue)), .integer(Int64(encoded.count))).run()
                let row = try rowID(of: id)
                if let thumbnail = thumbnail.flatMap({ $0 }) { try setThumbnail(thumbnail, of: row) }
                let separated = StoredBlobs.separating(encoded)
                try connection.prepare("INSERT INTO snapshots (document, sequence, created_ms, data) VALUES (?, 0, ?, ?)")
                    .bind(.integer(row), .integer(now), .blob(separated.stored)).run()
                try link(separated.blobs, to: row, sequence: 0)
                return try unlockedSummary(of: id)
            }
        }
    }

    public func open(_ id: DocumentID) throws(StoreError) -> StoredDocument {
        typealias Loaded = (summary: DocumentSummary, sequence: Int64, encoded: [UInt8], entries: [(Int64, JournalEntry)])
        var operations = Set<String>()
        let (summary, snapshotSequence, encoded, entries) = try locked { () throws(StoreError) -> Loaded in
            try connection.transaction(writing: false) { () throws(StoreError) -> Loaded in
                let found = try unlockedSummary(of: id)
                let row = try rowID(of: id)
                let snapshot = try connection.prepare("SELECT sequence, data, parts FROM snapshots WHERE document = ? ORDER BY sequence DESC LIMIT 1")
                try snapshot.bind(.integer(row))
                guard try snapshot.step() else { throw .document(.malformedData(reason: "document \(id) has no snapshot")) }
                let sequence = snapshot.integer(0)
                let data = try snapshotBytes(snapshot, column: 1, partsColumn: 2, document: row, sequence: sequence)
                let journal = try connection.prepare("SELECT sequence, kind, payload FROM journal WHERE document = ? AND sequence > ? ORDER BY sequence")
                try journal.bind(.integer(row), .integer(sequence))
                var entries = [(Int64, JournalEntry)]()
                while try journal.step() { entries.append((journal.integer(0), JournalEntry(kind: journal.integer(1), payload: journal.blob(2)))) }
                let recent = try connection.prepare("SELECT operation FROM operations WHERE document = ? ORDER BY sequence DESC LIMIT ?")
                try recent.bind(.integer(row), .integer(Int64(Self.keptOperations)))
                while try recent.step() { operations.insert(recent.text(0)) }
                return (found, sequence, data, entries)
            }
        }
        return try StoredDocument.replaying(summary: summary, snapshotSequence: snapshotSequence, encoded: encoded, entries: entries,
                                            operations: operations)
    }

    public func journal(of id: DocumentID, after sequence: Int64) throws(StoreError) -> [PositionedEntry]? {
        try locked { () throws(StoreError) in
            try connection.transaction(writing: false) { () throws(StoreError) in
                let document = try connection.prepare("SELECT id, head FROM documents d WHERE uuid = ? AND \(SQLiteLayout.live)")
                try document.bind(.text(id.description))
                guard try document.step() else { throw .documentNotFound(id.description) }
                let (row, head) = (document.integer(0), document.integer(1))
                let journal = try connection.prepare("""
                    SELECT j.sequence, j.kind, j.payload, o.operation FROM journal j
                    LEFT JOIN operations o ON o.document = j.document AND o.sequence = j.sequence
                    WHERE j.document = ? AND j.sequence > ? ORDER BY j.sequence
                    """)
                try journal.bind(.integer(row), .integer(sequence))
                var entries = [PositionedEntry]()
                while try journal.step() {
                    entries.append(PositionedEntry(sequence: journal.integer(0), entry: JournalEntry(
                        kind: journal.integer(1), payload: journal.blob(2), operation: journal.isNull(3) ? nil : journal.text(3))))
                }
                return PositionedEntry.unbroken(entries, after: sequence, head: head)
            }
        }
    }

    // MARK: - Other processes

    /// Starts a `SQLiteChangeWatcher`: what the command line commits reaches the documents open here
    /// within half a second. The changes told are those since the last look, this store's own among
    /// them: a head already saved and a title already shown change nothing.
    public func observeChanges(_ handler: @escaping @Sendable (LibraryChange) -> Void) {
        watching.withLock {
            guard watcher == nil else { return }
            seen = try? locked { () throws(StoreError) in (try connection.integer("PRAGMA data_version") ?? 0, try documentStates()) }
            watcher = SQLiteChangeWatcher(look: { [weak self] in self.map { $0.changesByOthers() } }, handler: handler)
        }
    }

    /// What others committed since the last look; none when no one did (or the file cannot be read
    /// just now: the next look finds it).
    private func changesByOthers() -> [LibraryChange] {
        watching.withLock {
            let now = try? locked { () throws(StoreError) -> (Int64, [DocumentID: SQLiteChangeWatcher.DocumentState])? in
                let version = try connection.integer("PRAGMA data_version") ?? 0
                return version == seen?.version ? nil : (version, try documentStates())
            }
            guard let now else { return [] }
            defer { seen = now }
            return seen.map { SQLiteChangeWatcher.changes(from: $0.documents, to: now.1) } ?? []
        }
    }

    /// Every document's head, title and whether it is deleted. Under `lock`.
    private func documentStates() throws(StoreError) -> [DocumentID: SQLiteChangeWatcher.DocumentState] {
        let statement = try connection.prepare("SELECT uuid, head, title, deleted_ms IS NOT NULL FROM documents")
        var states: [DocumentID: SQLiteChangeWatcher.DocumentState] = [:]
        while try statement.step() {
            guard let id = DocumentID(statement.text(0)) else { continue }
            states[id] = .init(head: statement.integer(1), title: statement.text(2), isDeleted: statement.integer(3) != 0)
        }
        return states
    }

    public func rename(_ id: DocumentID, to title: String) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.prepare("UPDATE documents AS d SET title = ? WHERE uuid = ? AND \(SQLiteLayout.live)").bind(.text(title), .text(id.description)).run()
            guard connection.changes == 1 else { throw .documentNotFound(id.description) }
        }
    }

    public func delete(_ id: DocumentID) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                let row = try rowID(of: id)
                try connection.prepare("UPDATE documents SET deleted_ms = ? WHERE id = ?").bind(.integer(Self.nowMilliseconds), .integer(row)).run()
                // Its first views are only a cache, made again when it is opened.
                try connection.prepare("DELETE FROM previews WHERE document = ?").bind(.integer(row)).run()
            }
        }
    }

    // MARK: - Folders

    public func setFolder(_ id: DocumentID, to folder: String?) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                // An empty name stands for none, as in PostgreSQL: a folder always has a name.
                try connection.prepare("UPDATE documents AS d SET folder = NULLIF(?, '') WHERE uuid = ? AND \(SQLiteLayout.live)")
                    .bind(.text(folder ?? ""), .text(id.description)).run()
                guard connection.changes == 1 else { throw .documentNotFound(id.description) }
                if let folder, !folder.isEmpty { try keepFolder(folder) }
            }
        }
    }

    public func renameFolder(_ name: String, to newName: String?) throws(StoreError) -> Int {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) -> Int in
                try connection.prepare("UPDATE documents SET folder = NULLIF(?, '') WHERE folder = ?").bind(.text(newName ?? ""), .text(name)).run()
                let moved = connection.changes
                try connection.prepare("DELETE FROM folders WHERE name = ?").bind(.text(name)).run()
                if let newName, !newName.isEmpty { try keepFolder(newName) }
                return moved
            }
        }
    }

    public func folders() throws(StoreError) -> [String] {
        try locked { () throws(StoreError) in
            let statement = try connection.prepare("""
                SELECT name FROM folders UNION SELECT folder FROM documents d WHERE folder IS NOT NULL AND \(SQLiteLayout.live) ORDER BY 1
                """)
            var names = [String]()
            while try statement.step() { names.append(statement.text(0)) }
            return names
        }
    }

    public func addFolder(_ name: String) throws(StoreError) {
        try locked { () throws(StoreError) in try keepFolder(name) }
    }

    /// Keeps folder `name` (already kept, nothing changes); under the lock.
    private func keepFolder(_ name: String) throws(StoreError) {
        try connection.prepare("INSERT OR IGNORE INTO folders (name, created_ms) VALUES (?, ?)").bind(.text(name), .integer(Self.nowMilliseconds)).run()
    }

    // MARK: - Recently deleted

    public func deletedDocuments() throws(StoreError) -> [DeletedDocument] {
        try deleted(only: nil)
    }

    public func deletedDocument(_ id: DocumentID) throws(StoreError) -> DeletedDocument {
        guard let found = try deleted(only: id).first else { throw .documentNotFound(id.description) }
        return found
    }

    /// The deleted documents not yet purged, or only `id` among them.
    private func deleted(only id: DocumentID?) throws(StoreError) -> [DeletedDocument] {
        try locked { () throws(StoreError) in
            let statement = try connection.prepare("""
                SELECT \(Self.summaryColumns), d.deleted_ms FROM documents d WHERE d.deleted_ms IS NOT NULL\(id == nil ? "" : " AND d.uuid = ?")
                ORDER BY d.deleted_ms DESC, d.id DESC
                """)
            if let id { _ = try statement.bind(.text(id.description)) }
            var found = [DeletedDocument]()
            while try statement.step() {
                found.append(DeletedDocument(summary: Self.summary(statement), deletedAt: Date(timeIntervalSince1970: Double(statement.integer(10)) / 1000)))
            }
            return found
        }
    }

    public func restoreDeleted(_ id: DocumentID) throws(StoreError) -> DocumentSummary {
        try locked { () throws(StoreError) in
            try connection.prepare("UPDATE documents SET deleted_ms = NULL WHERE uuid = ? AND deleted_ms IS NOT NULL").bind(.text(id.description)).run()
            guard connection.changes == 1 else { throw .documentNotFound(id.description) }
            return try unlockedSummary(of: id)
        }
    }

    public func purgeDeleted(_ id: DocumentID) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                try connection.prepare("DELETE FROM documents WHERE uuid = ? AND deleted_ms IS NOT NULL").bind(.text(id.description)).run()
                guard connection.changes == 1 else { throw .documentNotFound(id.description) }
                try dropUnusedBlobs()
            }
        }
    }

    public func purgeDeleted(before date: Date) throws(StoreError) -> Int {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) -> Int in
                try connection.prepare("DELETE FROM documents WHERE deleted_ms < ?").bind(.integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))).run()
                let purged = connection.changes
                if purged > 0 { try dropUnusedBlobs() }
                return purged
            }
        }
    }

    // MARK: - Journal and snapshots

    /// Every append in one transaction, so one sync to disk makes all of them durable, in order. Each
    /// is checked (its document, its head, its kinds) before anything of it is written, so one that
    /// cannot land fails alone and writes nothing, with no savepoint to roll back; a write that fails
    /// (the disk, not the append) fails the whole batch.
    public func append(_ batch: [JournalAppend]) -> [Result<Int64, StoreError>] {
        guard !batch.isEmpty else { return [] }
        let now = Self.nowMilliseconds
        do throws(StoreError) {
            return try locked { () throws(StoreError) in
                checkpointer.catchUp(connection)
                return try connection.transaction { () throws(StoreError) -> [Result<Int64, StoreError>] in
                    var results = [Result<Int64, StoreError>]()
                    results.reserveCapacity(batch.count)
                    for request in batch {
                        let target: (row: Int64, head: Int64)
                        do throws(StoreError) {
                            target = try appendTarget(request.document, expectingHead: request.expectingHead)
                        } catch {
                            results.append(.failure(error))
                            continue
                        }
                        results.append(.success(try write(request.entries, to: target.row, after: target.head, at: now)))
                    }
                    return results
                }
            }
        } catch {
            return batch.map { _ in .failure(error) }
        }
    }

    /// The row and head of the document an append goes to, once it is known the append may land there.
    private func appendTarget(_ id: DocumentID, expectingHead: Int64?) throws(StoreError) -> (row: Int64, head: Int64) {
        let document = try connection.prepare("SELECT id, head, format_version, content_version FROM documents d WHERE uuid = ? AND \(SQLiteLayout.live)")
        try document.bind(.text(id.description))
        guard try document.step() else { throw .documentNotFound(id.description) }
        let row = document.integer(0), head = document.integer(1)
        guard document.integer(2) <= FormatVersion.current, document.integer(3) <= ContentVersion.latest.rawValue else {
            throw .readOnly(documentID: id.description, reason: "written by a newer MarkupKit")
        }
        if let expectingHead, expectingHead != head { throw .conflict(expectedHead: expectingHead, foundHead: head) }
        let unknown = try connection.prepare(Self.unknownKindsProbe)
        try unknown.bind(.integer(row))
        guard try !unknown.step() else {
            throw .readOnly(documentID: id.description, reason: "its journal holds entries of kinds this MarkupKit does not know")
        }
        return (row, head)
    }

    /// Writes `entries` after journal position `head` of document `row`; returns the new head.
    private func write(_ entries: [JournalEntry], to row: Int64, after head: Int64, at now: Int64) throws(StoreError) -> Int64 {
        let insert = try connection.prepare("INSERT INTO journal (document, sequence, kind, created_ms, payload) VALUES (?, ?, ?, ?, ?)")
        let remember = try connection.prepare("INSERT OR IGNORE INTO operations (document, operation, sequence) VALUES (?, ?, ?)")
        var head = head, bytes: Int64 = 0
        for entry in entries {
            head += 1
            bytes += Int64(entry.payload.count)
            try insert.bind(.integer(row), .integer(head), .integer(entry.kind), .integer(now), .blob(entry.payload)).run()
            if let operation = entry.operation { try remember.bind(.integer(row), .text(operation), .integer(head)).run() }
        }
        try connection.prepare("UPDATE documents SET head = ?, modified_ms = ?, size = size + ? WHERE id = ?")
            .bind(.integer(head), .integer(now), .integer(bytes), .integer(row)).run()
        return head
    }

    public func writeSnapshot(_ encoded: Data, thumbnail: [UInt8]?, of id: DocumentID, through sequence: Int64, keepingVersions: Int) throws(StoreError) {
        let versions = try StoredVersions.of(encoded)
        // One snapshot of a document at a time: another's clean-up below would take this one's parts
        // before its row names them (a library restore while the document's last page closes, say).
        snapshotTurns.lock()
        while snapshotsBeingWritten.contains(id) { snapshotTurns.wait() }
        snapshotsBeingWritten.insert(id)
        snapshotTurns.unlock()
        defer {
            snapshotTurns.lock()
            snapshotsBeingWritten.remove(id)
            snapshotTurns.broadcast()
            snapshotTurns.unlock()
        }
        checkpointer.beginBulkWrite()
        defer { checkpointer.settleAfterBulkWrite(connection) { catchUp in _ = try? locked { catchUp() } } }
        let now = Self.nowMilliseconds
        // The bytes go in first, part by part under a generation of their own, each part in a
        // transaction of its own; until the last transaction below names them, they are no version
        // (a write cut short leaves parts that the next snapshot of the document drops).
        let generation = Int64.random(in: 1...Int64.max)
        let (stored, blobs) = StoredBlobs.separating(encoded)
        let partCount = (stored.count + Self.snapshotPartBytes - 1) / Self.snapshotPartBytes
        for (part, start) in stride(from: 0, to: stored.count, by: Self.snapshotPartBytes).enumerated() {
            let bytes = stored[(stored.startIndex + start)..<(stored.startIndex + min(start + Self.snapshotPartBytes, stored.count))]
            try lockedUnsynced(afterOthers: true) { () throws(StoreError) in
                try connection.prepare("INSERT INTO snapshot_parts (document, generation, part, data) VALUES (?, ?, ?, ?)")
                    .bind(.integer(try rowID(of: id)), .integer(generation), .integer(Int64(part)), .blob(Data(bytes))).run()
            }
            checkpointer.copyLog()
        }
        let row = try lockedUnsynced(afterOthers: false) { () throws(StoreError) -> Int64 in
            try connection.transaction { () throws(StoreError) -> Int64 in
                let row = try rowID(of: id)
                // Another process on the library (the command line restoring a version) may have
                // cleaned up parts of this generation as no version's: then this snapshot is not
                // named, and the journal goes on holding what it would have.
                let counted = try connection.prepare("SELECT COUNT(*) FROM snapshot_parts WHERE document = ? AND generation = ?")
                    .bind(.integer(row), .integer(generation))
                guard try counted.step(), counted.integer(0) == Int64(partCount) else {
                    throw .database(code: 4, message: "the snapshot's parts were taken by another writer on the library; it is written again later")
                }
                try connection.prepare("INSERT OR REPLACE INTO snapshots (document, sequence, created_ms, data, parts) VALUES (?, ?, ?, x'', ?)")
                    .bind(.integer(row), .integer(sequence), .integer(now), .integer(generation)).run()
                try link(blobs, to: row, sequence: sequence)
                try connection.prepare("""
                    DELETE FROM operations WHERE document = ?1 AND sequence <=
                        (SELECT sequence FROM operations WHERE document = ?1 ORDER BY sequence DESC LIMIT 1 OFFSET ?2)
                    """).bind(.integer(row), .integer(Int64(Self.keptOperations))).run()
                try connection.prepare("""
                    DELETE FROM snapshots WHERE document = ?1 AND sequence NOT IN
                        (SELECT sequence FROM snapshots WHERE document = ?1 ORDER BY sequence DESC LIMIT ?2)
                    """).bind(.integer(row), .integer(Int64(max(keepingVersions, 1)))).run()
                try connection.prepare("""
                    DELETE FROM snapshot_blobs WHERE document = ?1 AND sequence NOT IN (SELECT sequence FROM snapshots WHERE document = ?1)
                    """).bind(.integer(row)).run()
                try dropUnusedBlobs()
                try connection.prepare("""
                    UPDATE documents SET format_version = ?1, content_version = ?2,
                        size = ?3 + (SELECT COALESCE(SUM(length(payload)), 0) FROM journal WHERE document = ?4 AND sequence > ?5)
                    WHERE id = ?4
                    """).bind(.integer(Int64(versions.formatVersion)), .integer(Int64(versions.contentVersion.rawValue)),
                              .integer(Int64(encoded.count)), .integer(row), .integer(sequence)).run()
                if let thumbnail { try setThumbnail(thumbnail, of: row) }
                return row
            }
        }
        // What the snapshot makes redundant goes a little at a time, giving way to appends: the
        // journal it covers (entries of unknown kinds stay, as a newer MarkupKit may still need them),
        // and the parts of versions no longer kept. Left over after a crash, the next snapshot takes them.
        while try lockedUnsynced(afterOthers: true, { () throws(StoreError) -> Bool in
            try connection.prepare("""
                DELETE FROM journal WHERE document = ?1 AND kind = ?3 AND sequence IN
                    (SELECT sequence FROM journal WHERE document = ?1 AND sequence <= ?2 AND kind = ?3 ORDER BY sequence LIMIT 512)
                """).bind(.integer(row), .integer(sequence), .integer(JournalEntry.changeKind)).run()
            return connection.changes > 0
        }) {}
        while try lockedUnsynced(afterOthers: true, { () throws(StoreError) -> Bool in
            try connection.prepare("""
                DELETE FROM snapshot_parts WHERE rowid IN (SELECT rowid FROM snapshot_parts WHERE document = ?1
                    AND generation NOT IN (SELECT parts FROM snapshots WHERE document = ?1 AND parts IS NOT NULL) LIMIT 1)
                """).bind(.integer(row)).run()
            return connection.changes > 0
        }) {}
    }

    public func writePreview(_ preview: DocumentPreview, of id: DocumentID) throws(StoreError) {
        try lockedUnsynced(afterOthers: true) { () throws(StoreError) in
            try connection.prepare("INSERT OR REPLACE INTO previews (document, sequence, light, dark) VALUES (?, ?, ?, ?)")
                .bind(.integer(try rowID(of: id)), .integer(preview.sequence), .blob(preview.light), .blob(preview.dark)).run()
        }
    }

    public func preview(of id: DocumentID, dark: Bool) throws(StoreError) -> Data? {
        previewLock.lock()
        defer {
            previewReader.resetIdleStatements()
            previewLock.unlock()
        }
        let statement = try previewReader.prepare("""
            SELECT \(dark ? "p.dark" : "p.light") FROM previews p JOIN documents d ON d.id = p.document
            WHERE d.uuid = ? AND p.sequence = d.head AND \(SQLiteLayout.live)
            """)
        try statement.bind(.text(id.description))
        return try statement.step() ? statement.blob(0) : nil
    }

    /// A snapshot's bytes: the blob in `column` of `statement`'s row, or, when the row names a
    /// generation of parts in `partsColumn`, the parts joined into one array sized for them first
    /// (a large document's are about 150).
    /// The `.markup` file of snapshot `sequence` of document `row`, whose row `statement` is at: its
    /// bytes, whole or in parts, with its blobs put back.
    private func snapshotBytes(_ statement: SQLiteStatement, column: Int32, partsColumn: Int32, document row: Int64,
                               sequence: Int64) throws(StoreError) -> [UInt8] {
        let blobs = try connection.prepare("""
            SELECT b.id, b.data FROM snapshot_blobs s JOIN blobs b ON b.id = s.blob WHERE s.document = ? AND s.sequence = ? ORDER BY s.position
            """)
        try blobs.bind(.integer(row), .integer(sequence))
        var stored = [(id: BlobID, data: [UInt8])]()
        while try blobs.step() {
            guard let id = BlobID(bytes: [UInt8](blobs.blob(0))) else { throw .document(.malformedData(reason: "a stored blob id is not 32 bytes")) }
            stored.append((id, [UInt8](blobs.blob(1))))
        }
        return try StoredBlobs.joining(try storedSnapshotBytes(statement, column: column, partsColumn: partsColumn, document: row), stored)
    }

    /// A snapshot's bytes as stored: in its row, or in parts.
    private func storedSnapshotBytes(_ statement: SQLiteStatement, column: Int32, partsColumn: Int32, document row: Int64) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8]()
        guard !statement.isNull(partsColumn) else {
            statement.appendBlob(column, to: &bytes)
            return bytes
        }
        let generation = statement.integer(partsColumn)
        let total = try connection.prepare("SELECT SUM(length(data)) FROM snapshot_parts WHERE document = ? AND generation = ?")
        try total.bind(.integer(row), .integer(generation))
        if try total.step() { bytes.reserveCapacity(Int(max(0, total.integer(0)))) }
        let parts = try connection.prepare("SELECT data FROM snapshot_parts WHERE document = ? AND generation = ? ORDER BY part")
        try parts.bind(.integer(row), .integer(generation))
        while try parts.step() { parts.appendBlob(0, to: &bytes) }
        return bytes
    }

    /// Names `blobs`, in order, as those of snapshot `sequence` of document `row`, storing each one
    /// the library does not hold yet. Under the lock, in the snapshot's transaction.
    private func link(_ blobs: [(id: BlobID, data: [UInt8])], to row: Int64, sequence: Int64) throws(StoreError) {
        try connection.prepare("DELETE FROM snapshot_blobs WHERE document = ? AND sequence = ?").bind(.integer(row), .integer(sequence)).run()
        for (position, blob) in blobs.enumerated() {
            let held = try connection.prepare("SELECT 1 FROM blobs WHERE id = ?")
            try held.bind(.blob(Data(blob.id.bytes)))
            if try !held.step() {
                try connection.prepare("INSERT INTO blobs (id, data) VALUES (?, ?)").bind(.blob(Data(blob.id.bytes)), .blob(Data(blob.data))).run()
            }
            held.reset()
            try connection.prepare("INSERT INTO snapshot_blobs (document, sequence, position, blob) VALUES (?, ?, ?, ?)")
                .bind(.integer(row), .integer(sequence), .integer(Int64(position)), .blob(Data(blob.id.bytes))).run()
        }
    }

    /// Drops the blobs no snapshot names any more. Under the lock, in a transaction.
    private func dropUnusedBlobs() throws(StoreError) {
        try connection.prepare("DELETE FROM blobs WHERE NOT EXISTS (SELECT 1 FROM snapshot_blobs s WHERE s.blob = blobs.id)").run()
    }

    /// How many blobs the library holds, and their bytes.
    func blobTotals() throws(StoreError) -> (count: Int, bytes: Int64) {
        try locked { () throws(StoreError) in
            let statement = try connection.prepare("SELECT COUNT(*), COALESCE(SUM(length(data)), 0) FROM blobs")
            _ = try statement.step()
            defer { statement.reset() }
            return (Int(statement.integer(0)), statement.integer(1))
        }
    }

    public func versions(of id: DocumentID) throws(StoreError) -> [DocumentVersion] {
        try locked { () throws(StoreError) in
            let statement = try connection.prepare("""
                SELECT s.sequence, s.created_ms, length(s.data) + (SELECT COALESCE(SUM(length(p.data)), 0) FROM snapshot_parts p
                    WHERE p.document = s.document AND p.generation = s.parts)
                    + (SELECT COALESCE(SUM(length(b.data) + \(StoredBlobs.sectionBytes)), 0) FROM snapshot_blobs l JOIN blobs b ON b.id = l.blob
                       WHERE l.document = s.document AND l.sequence = s.sequence)
                FROM snapshots s JOIN documents d ON d.id = s.document
                WHERE d.uuid = ? AND \(SQLiteLayout.live) ORDER BY s.sequence DESC
                """)
            try statement.bind(.text(id.description))
            var found = [DocumentVersion]()
            while try statement.step() {
                found.append(DocumentVersion(number: statement.integer(0), createdAt: Date(timeIntervalSince1970: Double(statement.integer(1)) / 1000),
                                             bytes: statement.integer(2)))
            }
            if found.isEmpty { _ = try rowID(of: id) }
            return found
        }
    }

    public func encodedVersion(_ version: Int64, of id: DocumentID) throws(StoreError) -> Data {
        try locked { () throws(StoreError) in
            let row = try rowID(of: id)
            let statement = try connection.prepare("SELECT data, parts FROM snapshots WHERE document = ? AND sequence = ?")
            try statement.bind(.integer(row), .integer(version))
            guard try statement.step() else { throw .versionNotFound(version) }
            return Data(try snapshotBytes(statement, column: 0, partsColumn: 1, document: row, sequence: version))
        }
    }

    // MARK: - Signatures

    public func signatures() throws(StoreError) -> [SavedSignature] {
        let stored = try locked { () throws(StoreError) -> [(id: Int64, data: Data)] in
            let statement = try connection.prepare("SELECT id, data FROM signatures ORDER BY id")
            var found = [(id: Int64, data: Data)]()
            while try statement.step() { found.append((statement.integer(0), statement.blob(1))) }
            return found
        }
        return Signatures.decode(stored)
    }

    @discardableResult
    public func addSignature(_ strokes: [Stroke]) throws(StoreError) -> Int64 {
        let data = try Signatures.encode(strokes)
        return try locked { () throws(StoreError) -> Int64 in
            let statement = try connection.prepare("""
                INSERT INTO signatures (created_ms, data) SELECT ?, ? WHERE (SELECT count(*) FROM signatures) < ? RETURNING id
                """).bind(.integer(Self.nowMilliseconds), .blob(data), .integer(Int64(SavedSignature.maximumCount)))
            guard try statement.step() else { throw .signaturesFull(maximum: SavedSignature.maximumCount) }
            let id = statement.integer(0)
            // Stepped to its end, so the insert's transaction ends with it.
            while try statement.step() {}
            return id
        }
    }

    public func deleteSignature(_ id: Int64) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.prepare("DELETE FROM signatures WHERE id = ?").bind(.integer(id)).run()
            guard connection.changes == 1 else { throw .signatureNotFound(id) }
        }
    }

    public func keepUndoHistories(_ data: Data, of id: DocumentID, at time: Date, maximumAge: Double) throws(StoreError) {
        let kept = Int64((time.timeIntervalSince1970 * 1000).rounded())
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                try connection.prepare("DELETE FROM undo_histories WHERE kept_ms < ?").bind(.integer(kept - Int64(maximumAge * 1000))).run()
                try connection.prepare("""
                    INSERT OR REPLACE INTO undo_histories (document, kept_ms, data) SELECT id, ?, ? FROM documents WHERE uuid = ?
                    """).bind(.integer(kept), .blob(data), .text(id.description)).run()
            }
        }
    }

    public func takeUndoHistories(of id: DocumentID, keptWithin maximumAge: Double) throws(StoreError) -> Data? {
        let anyKept = try { () throws(StoreError) -> Bool in
            previewLock.lock()
            defer {
                previewReader.resetIdleStatements()
                previewLock.unlock()
            }
            return try previewReader.prepare("SELECT 1 FROM undo_histories WHERE document = (SELECT id FROM documents WHERE uuid = ?)")
                .bind(.text(id.description)).step()
        }()
        guard anyKept else { return nil }
        return try locked { () throws(StoreError) -> Data? in
            let statement = try connection.prepare("""
                DELETE FROM undo_histories WHERE document = (SELECT id FROM documents WHERE uuid = ?) RETURNING kept_ms, data
                """).bind(.text(id.description))
            guard try statement.step() else { return nil }
            let (kept, data) = (statement.integer(0), statement.blob(1))
            // Stepped to its end, so the delete's transaction ends with it.
            while try statement.step() {}
            return Double(Self.nowMilliseconds - kept) <= maximumAge * 1000 ? data : nil
        }
    }

    /// `PRAGMA integrity_check`: "ok" for a sound file, otherwise SQLite's list of problems.
    public func integrityCheck() throws(StoreError) -> String {
        try locked { () throws(StoreError) in
            let statement = try connection.prepare("PRAGMA integrity_check")
            var lines = [String]()
            while try statement.step() { lines.append(statement.text(0)) }
            return lines.joined(separator: "\n")
        }
    }
}
