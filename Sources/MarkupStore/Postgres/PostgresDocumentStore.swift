import Foundation
import MarkupFormat
import MarkupModel

/// The library on PostgreSQL, for several servers sharing one database: the same guarantees as
/// `SQLiteDocumentStore`. A change is acknowledged only once its transaction has committed
/// (PostgreSQL syncs its log at each commit), an append lands only at the head its writer saw
/// (the document's row is locked for the check, so two servers cannot both land at one head), and
/// documents from a newer MarkupKit stay read-only. Its tables are in docs/STORE.md.
public final class PostgresDocumentStore: DocumentStore, @unchecked Sendable {
    /// The layout this MarkupKit writes, kept in the `layout` table.
    static let layoutVersion: Int32 = 6

    /// Appends and every other write go through `connection`; reads through `reader`, each under a
    /// lock of its own, so opening a large document (a second or so) holds up no commit.
    private let connection: PostgresConnection
    private let lock = NSLock()
    private let reader: PostgresConnection
    private let readerLock = NSLock()
    private let url: String
    /// How this store names itself in what it announces to the others (`PostgresListener`).
    private let origin = UUID().uuidString.lowercased()
    private let listenerLock = NSLock()
    private var listener: PostgresListener?
    /// How long journal entries a snapshot covers are kept: a server that has the document open
    /// catches up from them rather than reading the whole document again.
    static let coveredJournalMilliseconds: Int64 = 60_000

    /// Connects to the database at `url` (`postgres://…`) and lays out its tables on first use.
    ///
    /// - Throws: `postgres` when the server cannot be reached or refuses; `libraryTooNew` for a
    ///   database laid out by a newer MarkupKit.
    public init(url: String) throws(StoreError) {
        self.url = url
        connection = try PostgresConnection(url: url)
        reader = try PostgresConnection(url: url)
        try connection.transaction { () throws(StoreError) in
            // One layout at a time, however many servers start together.
            try connection.query("SELECT pg_advisory_xact_lock(7461)")
            try connection.execute(PostgresLayout.tables)
            let found = try connection.query("SELECT version FROM layout")
            if found.count == 0 {
                try connection.query("INSERT INTO layout (version) VALUES ($1)", .integer(Int64(Self.layoutVersion)))
            } else if Int32(found.integer(0, 0)) > Self.layoutVersion {
                throw .libraryTooNew(found: Int32(found.integer(0, 0)), supported: Self.layoutVersion)
            } else {
                // Layout 2 only added tables (blobs kept once); a snapshot of layout 1 reads as it did.
                // Layout 3 added a column: a deleted document waits in recently deleted; layout 4
                // another: the folder a document is filed in; layout 5 keeps folders, empty too;
                // layout 6 only added a table (undo histories kept by a server stopping).
                if Int32(found.integer(0, 0)) < 3 { try connection.execute("ALTER TABLE documents ADD COLUMN IF NOT EXISTS deleted_ms BIGINT") }
                if Int32(found.integer(0, 0)) < 4 { try connection.execute("ALTER TABLE documents ADD COLUMN IF NOT EXISTS folder TEXT") }
                if Int32(found.integer(0, 0)) < 5 {
                    try connection.execute("""
                        INSERT INTO folders (name, created_ms) SELECT folder, MIN(created_ms) FROM documents WHERE folder IS NOT NULL GROUP BY folder
                        ON CONFLICT DO NOTHING
                        """)
                }
                try connection.query("UPDATE layout SET version = $1", .integer(Int64(Self.layoutVersion)))
            }
        }
    }

    deinit { listener?.stop() }

    private func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` with the connection for reads.
    private func reading<T>(_ body: (PostgresConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        readerLock.lock()
        defer { readerLock.unlock() }
        return try body(reader)
    }

    private static var nowMilliseconds: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    // MARK: - Listing

    private static let summaryColumns = """
        d.uuid, d.title, d.created_ms, d.modified_ms, d.format_version, d.content_version, d.size,
        (SELECT data FROM thumbnails t WHERE t.document = d.id),
        EXISTS (SELECT 1 FROM journal j WHERE j.document = d.id AND j.kind <> \(JournalEntry.changeKind)), d.folder
        """

    private static func summaries(_ rows: PostgresRows) -> [DocumentSummary] {
        (0..<rows.count).map { row in
            let formatVersion = Int(rows.integer(row, 4)), contentVersion = Int(rows.integer(row, 5))
            return DocumentSummary(
                id: DocumentID(rows.text(row, 0)) ?? DocumentID(), title: rows.text(row, 1),
                createdAt: Date(timeIntervalSince1970: Double(rows.integer(row, 2)) / 1000),
                modifiedAt: Date(timeIntervalSince1970: Double(rows.integer(row, 3)) / 1000),
                formatVersion: formatVersion, contentVersion: contentVersion, size: rows.integer(row, 6),
                thumbnail: rows.isNull(row, 7) ? nil : [UInt8](rows.bytes(row, 7)),
                readOnlyReason: DocumentSummary.readOnlyReason(formatVersion: formatVersion, contentVersion: contentVersion,
                                                               hasUnknownKinds: rows.integer(row, 8) != 0),
                folder: rows.isNull(row, 9) ? nil : rows.text(row, 9))
        }
    }

    public func documents() throws(StoreError) -> [DocumentSummary] {
        try reading { (reader) throws(StoreError) in
            Self.summaries(try reader.query("SELECT \(Self.summaryColumns) FROM documents d WHERE \(PostgresLayout.live) ORDER BY d.modified_ms DESC, d.id DESC"))
        }
    }

    public func summary(of id: DocumentID) throws(StoreError) -> DocumentSummary {
        try reading { (reader) throws(StoreError) in try summary(of: id, on: reader) }
    }

    private func summary(of id: DocumentID, on connection: PostgresConnection) throws(StoreError) -> DocumentSummary {
        guard let found = Self.summaries(try connection.query("SELECT \(Self.summaryColumns) FROM documents d WHERE d.uuid = $1 AND \(PostgresLayout.live)",
                                                              .text(id.description))).first else {
            throw .documentNotFound(id.description)
        }
        return found
    }

    private func rowID(of id: DocumentID, lockingIt: Bool = false, on connection: PostgresConnection) throws(StoreError) -> Int64 {
        let rows = try connection.query("SELECT id FROM documents d WHERE uuid = $1 AND \(PostgresLayout.live)" + (lockingIt ? " FOR UPDATE" : ""),
                                        .text(id.description))
        guard rows.count == 1 else { throw .documentNotFound(id.description) }
        return rows.integer(0, 0)
    }

    private func setThumbnail(_ thumbnail: [UInt8], of row: Int64) throws(StoreError) {
        try connection.query("""
            INSERT INTO thumbnails (document, data) VALUES ($1, $2) ON CONFLICT (document) DO UPDATE SET data = excluded.data
            """, .integer(row), .bytes(Data(thumbnail)))
    }

    // MARK: - Documents

    public func create(title: String, encoded: Data) throws(StoreError) -> DocumentSummary {
        let versions = try StoredVersions.of(encoded)
        let thumbnail = try? MarkupFile.thumbnail(in: encoded)
        let id = DocumentID(), now = Self.nowMilliseconds
        return try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                let row = try connection.query("""
                    INSERT INTO documents (uuid, title, created_ms, modified_ms, format_version, content_version, size, head)
                    VALUES ($1, $2, $3, $3, $4, $5, $6, 0) RETURNING id
                    """, .text(id.description), .text(title), .integer(now), .integer(Int64(versions.formatVersion)),
                    .integer(Int64(versions.contentVersion.rawValue)), .integer(Int64(encoded.count))).integer(0, 0)
                if let thumbnail = thumbnail.flatMap({ $0 }) { try setThumbnail(thumbnail, of: row) }
                let separated = StoredBlobs.separating(encoded)
                try connection.query("INSERT INTO snapshots (document, sequence, created_ms, data) VALUES ($1, 0, $2, $3)",
                                     .integer(row), .integer(now), .bytes(separated.stored))
                try link(separated.blobs, to: row, sequence: 0)
                return try summary(of: id, on: connection)
            }
        }
    }

    public func open(_ id: DocumentID) throws(StoreError) -> StoredDocument {
        typealias Loaded = (summary: DocumentSummary, sequence: Int64, encoded: [UInt8], entries: [(Int64, JournalEntry)], operations: Set<String>)
        let loaded = try reading { (reader) throws(StoreError) -> Loaded in
            // One snapshot of the database for the snapshot and the journal after it.
            try reader.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { () throws(StoreError) -> Loaded in
                let summary = try summary(of: id, on: reader)
                let row = try rowID(of: id, on: reader)
                let snapshot = try reader.query("SELECT sequence, data FROM snapshots WHERE document = $1 ORDER BY sequence DESC LIMIT 1", .integer(row))
                guard snapshot.count == 1 else { throw .document(.malformedData(reason: "document \(id) has no snapshot")) }
                let sequence = snapshot.integer(0, 0)
                let journal = try reader.query("SELECT sequence, kind, payload FROM journal WHERE document = $1 AND sequence > $2 ORDER BY sequence",
                                                   .integer(row), .integer(sequence))
                let entries = (0..<journal.count).map { index in
                    (journal.integer(index, 0), JournalEntry(kind: journal.integer(index, 1), payload: journal.bytes(index, 2)))
                }
                let recent = try reader.query("SELECT operation FROM operations WHERE document = $1 ORDER BY sequence DESC LIMIT $2",
                                                  .integer(row), .integer(Int64(StoredDocument.keptOperations)))
                let encoded = try StoredBlobs.joining([UInt8](snapshot.bytes(0, 1)), try storedBlobs(of: row, sequence: sequence, on: reader))
                return (summary, sequence, encoded, entries, Set((0..<recent.count).map { recent.text($0, 0) }))
            }
        }
        return try StoredDocument.replaying(summary: loaded.summary, snapshotSequence: loaded.sequence, encoded: loaded.encoded,
                                            entries: loaded.entries, operations: loaded.operations)
    }

    public func rename(_ id: DocumentID, to title: String) throws(StoreError) {
        try locked { () throws(StoreError) in
            let rows = try connection.query("UPDATE documents d SET title = $1 WHERE uuid = $2 AND \(PostgresLayout.live) RETURNING \(Self.announcing("'r '", "uuid"))",
                                            .text(title), .text(id.description), .text(origin))
            guard rows.count == 1 else { throw .documentNotFound(id.description) }
        }
    }

    public func delete(_ id: DocumentID) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                let rows = try connection.query("""
                    UPDATE documents d SET deleted_ms = $3 WHERE uuid = $1 AND \(PostgresLayout.live)
                    RETURNING id, \(Self.announcing("'d '", "uuid", origin: "$2"))
                    """, .text(id.description), .text(origin), .integer(Self.nowMilliseconds))
                guard rows.count == 1 else { throw .documentNotFound(id.description) }
                // Its first views are only a cache, made again when it is opened.
                try connection.query("DELETE FROM previews WHERE document = $1", .integer(rows.integer(0, 0)))
            }
        }
    }

    // MARK: - Folders

    public func setFolder(_ id: DocumentID, to folder: String?) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                // An empty name stands for none: a folder always has a name.
                let rows = try connection.query("UPDATE documents d SET folder = NULLIF($2, '') WHERE uuid = $1 AND \(PostgresLayout.live) RETURNING id",
                                                .text(id.description), .text(folder ?? ""))
                guard rows.count == 1 else { throw .documentNotFound(id.description) }
                if let folder, !folder.isEmpty { try keepFolder(folder) }
            }
        }
    }

    public func renameFolder(_ name: String, to newName: String?) throws(StoreError) -> Int {
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) -> Int in
                let moved = try connection.query("UPDATE documents SET folder = NULLIF($2, '') WHERE folder = $1 RETURNING id", .text(name), .text(newName ?? "")).count
                try connection.query("DELETE FROM folders WHERE name = $1", .text(name))
                if let newName, !newName.isEmpty { try keepFolder(newName) }
                return moved
            }
        }
    }

    public func folders() throws(StoreError) -> [String] {
        try reading { (reader) throws(StoreError) in
            let rows = try reader.query("SELECT name FROM folders UNION SELECT folder FROM documents d WHERE folder IS NOT NULL AND \(PostgresLayout.live) ORDER BY 1")
            return (0..<rows.count).map { rows.text($0, 0) }
        }
    }

    public func addFolder(_ name: String) throws(StoreError) {
        try locked { () throws(StoreError) in try keepFolder(name) }
    }

    /// Keeps folder `name` (already kept, nothing changes); under the lock.
    private func keepFolder(_ name: String) throws(StoreError) {
        try connection.query("INSERT INTO folders (name, created_ms) VALUES ($1, $2) ON CONFLICT DO NOTHING", .text(name), .integer(Self.nowMilliseconds))
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
        try reading { (reader) throws(StoreError) in
            let rows = try reader.query("""
                SELECT \(Self.summaryColumns), d.deleted_ms FROM documents d WHERE d.deleted_ms IS NOT NULL\(id == nil ? "" : " AND d.uuid = $1")
                ORDER BY d.deleted_ms DESC, d.id DESC
                """, parameters: id.map { [.text($0.description)] } ?? [])
            return zip(Self.summaries(rows), 0..<rows.count).map { summary, row in
                DeletedDocument(summary: summary, deletedAt: Date(timeIntervalSince1970: Double(rows.integer(row, 10)) / 1000))
            }
        }
    }

    public func restoreDeleted(_ id: DocumentID) throws(StoreError) -> DocumentSummary {
        try locked { () throws(StoreError) in
            let rows = try connection.queryOnce("UPDATE documents SET deleted_ms = NULL WHERE uuid = $1 AND deleted_ms IS NOT NULL RETURNING id",
                                            .text(id.description))
            guard rows.count == 1 else { throw .documentNotFound(id.description) }
            return try summary(of: id, on: connection)
        }
    }

    public func purgeDeleted(_ id: DocumentID) throws(StoreError) {
        try locked { () throws(StoreError) in
            let rows = try connection.queryOnce("DELETE FROM documents WHERE uuid = $1 AND deleted_ms IS NOT NULL RETURNING id", .text(id.description))
            guard rows.count == 1 else { throw .documentNotFound(id.description) }
            dropUnusedBlobs()
        }
    }

    public func purgeDeleted(before date: Date) throws(StoreError) -> Int {
        try locked { () throws(StoreError) in
            let rows = try connection.query("DELETE FROM documents WHERE deleted_ms < $1 RETURNING id",
                                            .integer(Int64((date.timeIntervalSince1970 * 1000).rounded())))
            if rows.count > 0 { dropUnusedBlobs() }
            return rows.count
        }
    }

    // MARK: - Other servers

    public var isShared: Bool { true }

    public func observeChanges(_ handler: @escaping @Sendable (LibraryChange) -> Void) {
        listenerLock.withLock {
            guard listener == nil else { return }
            listener = PostgresListener(url: url, origin: origin, handler: handler)
        }
    }

    /// The SQL that announces a change to the other servers at commit: `kind` and `fields` are SQL
    /// expressions; the parameter `origin` names this store (`PostgresListener.change(in:from:)`).
    private static func announcing(_ kind: String, _ fields: String..., origin: String = "$3") -> String {
        "pg_notify('\(PostgresListener.channel)', \(kind) || \(fields.map { "\($0)::text || ' ' || " }.joined())\(origin))"
    }

    /// One statement, so one round trip and one view of the database for the head and the entries.
    public func journal(of id: DocumentID, after sequence: Int64) throws(StoreError) -> [PositionedEntry]? {
        let rows = try reading { (reader) throws(StoreError) in
            try reader.query("""
                SELECT d.head, j.sequence, j.kind, j.payload, o.operation FROM documents d
                LEFT JOIN journal j ON j.document = d.id AND j.sequence > $2
                LEFT JOIN operations o ON o.document = j.document AND o.sequence = j.sequence
                WHERE d.uuid = $1 AND \(PostgresLayout.live) ORDER BY j.sequence
                """, .text(id.description), .integer(sequence))
        }
        guard rows.count > 0 else { throw .documentNotFound(id.description) }
        let entries = (0..<rows.count).filter { !rows.isNull($0, 1) }.map { row in
            PositionedEntry(sequence: rows.integer(row, 1), entry: JournalEntry(
                kind: rows.integer(row, 2), payload: rows.bytes(row, 3), operation: rows.isNull(row, 4) ? nil : rows.text(row, 4)))
        }
        return PositionedEntry.unbroken(entries, after: sequence, head: rows.integer(0, 0))
    }

    // MARK: - Journal and snapshots

    /// Every append in one transaction, one commit (and one sync of PostgreSQL's log) for all, in
    /// a handful of statements whatever the batch's size: each statement is a round trip to the
    /// server. The batch's documents' rows are locked before their heads are read, so a writer on
    /// another server waits and then sees the new heads; the appends are then checked in order, as
    /// one after another (an append to a document earlier in the batch moves its head), and one
    /// that cannot land fails and writes nothing. An append that expects a head, after one to the
    /// same document failed, fails too: it was built on the one that failed. The other servers hear
    /// of the new heads at commit.
    public func append(_ batch: [JournalAppend]) -> [Result<Int64, StoreError>] {
        guard !batch.isEmpty else { return [] }
        let now = Self.nowMilliseconds
        do throws(StoreError) {
            return try locked { () throws(StoreError) in
                try connection.transaction { () throws(StoreError) -> [Result<Int64, StoreError>] in
                    var documents = try appendTargets(Array(Set(batch.map(\.document.description))))
                    var results = [Result<Int64, StoreError>]()
                    var journal = JournalRows(), operations = (documents: [Int64](), sequences: [Int64](), names: [String]())
                    var failed = Set<String>()
                    for request in batch {
                        let key = request.document.description
                        func fail(_ error: StoreError) {
                            results.append(.failure(error))
                            failed.insert(key)
                        }
                        guard var target = documents[key] else {
                            fail(.documentNotFound(key))
                            continue
                        }
                        if let reason = target.readOnlyReason {
                            fail(.readOnly(documentID: key, reason: reason))
                            continue
                        }
                        if let expected = request.expectingHead, expected != target.head || failed.contains(key) {
                            fail(.conflict(expectedHead: expected, foundHead: target.head))
                            continue
                        }
                        for entry in request.entries {
                            target.head += 1
                            target.addedBytes += Int64(entry.payload.count)
                            journal.append(document: target.row, sequence: target.head, entry: entry, at: now)
                            if let operation = entry.operation {
                                operations.documents.append(target.row)
                                operations.sequences.append(target.head)
                                operations.names.append(operation)
                            }
                            if entry.kind != JournalEntry.changeKind {
                                target.readOnlyReason = "its journal holds entries of kinds this MarkupKit does not know"
                            }
                        }
                        target.isChanged = target.isChanged || !request.entries.isEmpty
                        documents[key] = target
                        results.append(.success(target.head))
                    }
                    try write(journal, operations: operations, documents: documents.values.filter(\.isChanged), at: now)
                    return results
                }
            }
        } catch {
            return batch.map { _ in .failure(error) }
        }
    }

    /// A document an append may go to, as the batch leaves it.
    private struct AppendTarget {
        var row: Int64
        var head: Int64
        var readOnlyReason: String?
        var addedBytes: Int64 = 0
        var isChanged = false
    }

    /// The journal rows of a batch, a column each.
    private struct JournalRows {
        var documents = [Int64](), sequences = [Int64](), kinds = [Int64](), times = [Int64](), payloads = [Data]()

        mutating func append(document: Int64, sequence: Int64, entry: JournalEntry, at now: Int64) {
            documents.append(document)
            sequences.append(sequence)
            kinds.append(entry.kind)
            times.append(now)
            payloads.append(entry.payload)
        }
    }

    /// The documents named by `ids` that exist, their rows locked (in the order of their ids, so two
    /// batches lock in the same order and cannot deadlock), with their heads and why they cannot be
    /// appended to, if they cannot.
    private func appendTargets(_ ids: [String]) throws(StoreError) -> [String: AppendTarget] {
        let rows = try connection.query("""
            SELECT d.uuid, d.id, d.head, d.format_version > $2 OR d.content_version > $3,
                EXISTS (SELECT 1 FROM journal j WHERE j.document = d.id AND j.kind <> $4)
            FROM documents d WHERE d.uuid = ANY($1::text[]) AND \(PostgresLayout.live) ORDER BY d.id FOR UPDATE
            """, .texts(ids), .integer(Int64(FormatVersion.current)), .integer(Int64(ContentVersion.latest.rawValue)),
            .integer(JournalEntry.changeKind))
        var targets = [String: AppendTarget]()
        for index in 0..<rows.count {
            let reason = rows.integer(index, 3) != 0 ? "written by a newer MarkupKit"
                : rows.integer(index, 4) != 0 ? "its journal holds entries of kinds this MarkupKit does not know" : nil
            targets[rows.text(index, 0)] = AppendTarget(row: rows.integer(index, 1), head: rows.integer(index, 2), readOnlyReason: reason)
        }
        return targets
    }

    /// Writes a batch's journal rows, edit ids and new heads: three statements.
    private func write(_ journal: JournalRows, operations: (documents: [Int64], sequences: [Int64], names: [String]),
                       documents: [AppendTarget], at now: Int64) throws(StoreError) {
        guard !documents.isEmpty else { return }
        try connection.query("""
            INSERT INTO journal (document, sequence, kind, created_ms, payload)
            SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bytea[])
            """, .integers(journal.documents), .integers(journal.sequences), .integers(journal.kinds), .integers(journal.times),
            .byteArrays(journal.payloads))
        if !operations.names.isEmpty {
            try connection.query("""
                INSERT INTO operations (document, sequence, operation) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[])
                ON CONFLICT DO NOTHING
                """, .integers(operations.documents), .integers(operations.sequences), .texts(operations.names))
        }
        try connection.query("""
            UPDATE documents d SET head = v.head, modified_ms = $4, size = d.size + v.bytes
            FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS v(id, head, bytes) WHERE d.id = v.id
            RETURNING \(Self.announcing("'a '", "d.uuid", "v.head", origin: "$5"))
            """, .integers(documents.map(\.row)), .integers(documents.map(\.head)), .integers(documents.map(\.addedBytes)), .integer(now),
            .text(origin))
    }

    public func writeSnapshot(_ encoded: Data, thumbnail: [UInt8]?, of id: DocumentID, through sequence: Int64, keepingVersions: Int) throws(StoreError) {
        let versions = try StoredVersions.of(encoded)
        let now = Self.nowMilliseconds
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                let row = try rowID(of: id, lockingIt: true, on: connection)
                let separated = StoredBlobs.separating(encoded)
                try connection.query("""
                    INSERT INTO snapshots (document, sequence, created_ms, data) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (document, sequence) DO UPDATE SET created_ms = excluded.created_ms, data = excluded.data
                    """, .integer(row), .integer(sequence), .integer(now), .bytes(separated.stored))
                try link(separated.blobs, to: row, sequence: sequence)
                try connection.query("""
                    DELETE FROM operations WHERE document = $1 AND sequence <=
                        (SELECT sequence FROM operations WHERE document = $1 ORDER BY sequence DESC LIMIT 1 OFFSET $2)
                    """, .integer(row), .integer(Int64(StoredDocument.keptOperations)))
                try connection.query("""
                    DELETE FROM snapshots WHERE document = $1 AND sequence NOT IN
                        (SELECT sequence FROM snapshots WHERE document = $1 ORDER BY sequence DESC LIMIT $2)
                    """, .integer(row), .integer(Int64(max(keepingVersions, 1))))
                try connection.query("DELETE FROM snapshot_blobs WHERE document = $1 AND sequence NOT IN (SELECT sequence FROM snapshots WHERE document = $1)",
                                     .integer(row))
                // Entries of unknown kinds stay: a newer MarkupKit may still need them. Recent ones stay a
                // while for the servers catching up on them.
                try connection.query("DELETE FROM journal WHERE document = $1 AND sequence <= $2 AND kind = $3 AND created_ms < $4",
                                     .integer(row), .integer(sequence), .integer(JournalEntry.changeKind),
                                     .integer(now - Self.coveredJournalMilliseconds))
                try connection.query("""
                    UPDATE documents SET format_version = $1, content_version = $2,
                        size = $3 + (SELECT COALESCE(SUM(length(payload)), 0) FROM journal WHERE document = $4 AND sequence > $5)
                    WHERE id = $4
                    """, .integer(Int64(versions.formatVersion)), .integer(Int64(versions.contentVersion.rawValue)),
                    .integer(Int64(encoded.count)), .integer(row), .integer(sequence))
                if let thumbnail { try setThumbnail(thumbnail, of: row) }
            }
            dropUnusedBlobs()
        }
    }

    /// Names `blobs`, in order, as those of snapshot `sequence` of document `row`, storing each one
    /// the library does not hold yet. In the snapshot's transaction: a server dropping unused blobs
    /// meanwhile cannot drop one named here (the row lock, then the link's foreign key, holds it).
    private func link(_ blobs: [(id: BlobID, data: [UInt8])], to row: Int64, sequence: Int64) throws(StoreError) {
        try connection.query("DELETE FROM snapshot_blobs WHERE document = $1 AND sequence = $2", .integer(row), .integer(sequence))
        guard !blobs.isEmpty else { return }
        let ids = blobs.map { Data($0.id.bytes) }
        // Locked, so that a server dropping unused blobs meanwhile waits, and then finds them named.
        let held = try connection.query("SELECT id FROM blobs WHERE id = ANY($1::bytea[]) FOR KEY SHARE", .byteArrays(ids))
        let present = Set((0..<held.count).map { held.bytes($0, 0) })
        let missing = blobs.filter { !present.contains(Data($0.id.bytes)) }
        if !missing.isEmpty {
            try connection.query("INSERT INTO blobs (id, data) SELECT * FROM unnest($1::bytea[], $2::bytea[]) ON CONFLICT DO NOTHING",
                                 .byteArrays(missing.map { Data($0.id.bytes) }), .byteArrays(missing.map { Data($0.data) }))
        }
        try connection.query("""
            INSERT INTO snapshot_blobs (document, sequence, position, blob)
            SELECT $1, $2, position - 1, blob FROM unnest($3::bytea[]) WITH ORDINALITY AS b(blob, position)
            """, .integer(row), .integer(sequence), .byteArrays(ids))
    }

    /// Drops the blobs no snapshot names any more. Outside any transaction, and only worth a try:
    /// when another server names one of them meanwhile, the foreign key refuses, and the blob stays
    /// until the next time.
    private func dropUnusedBlobs() {
        _ = try? connection.query("DELETE FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM snapshot_blobs s WHERE s.blob = b.id)")
    }

    /// The blobs snapshot `sequence` of document `row` names, in order.
    private func storedBlobs(of row: Int64, sequence: Int64, on connection: PostgresConnection) throws(StoreError) -> [(id: BlobID, data: [UInt8])] {
        let rows = try connection.query("""
            SELECT b.id, b.data FROM snapshot_blobs s JOIN blobs b ON b.id = s.blob WHERE s.document = $1 AND s.sequence = $2 ORDER BY s.position
            """, .integer(row), .integer(sequence))
        return try (0..<rows.count).map { (index) throws(StoreError) in
            guard let id = BlobID(bytes: [UInt8](rows.bytes(index, 0))) else { throw .document(.malformedData(reason: "a stored blob id is not 32 bytes")) }
            return (id, [UInt8](rows.bytes(index, 1)))
        }
    }

    public func writePreview(_ preview: DocumentPreview, of id: DocumentID) throws(StoreError) {
        try locked { () throws(StoreError) in
            try connection.query("""
                INSERT INTO previews (document, sequence, light, dark) SELECT id, $2, $3, $4 FROM documents d WHERE uuid = $1 AND \(PostgresLayout.live)
                ON CONFLICT (document) DO UPDATE SET sequence = excluded.sequence, light = excluded.light, dark = excluded.dark
                """, .text(id.description), .integer(preview.sequence), .bytes(preview.light), .bytes(preview.dark))
        }
    }

    public func preview(of id: DocumentID, dark: Bool) throws(StoreError) -> Data? {
        try reading { (reader) throws(StoreError) in
            let rows = try reader.query("""
                SELECT \(dark ? "p.dark" : "p.light") FROM previews p JOIN documents d ON d.id = p.document
                WHERE d.uuid = $1 AND p.sequence = d.head AND \(PostgresLayout.live)
                """, .text(id.description))
            return rows.count == 1 ? rows.bytes(0, 0) : nil
        }
    }

    /// How many blobs the library holds, and their bytes.
    func blobTotals() throws(StoreError) -> (count: Int, bytes: Int64) {
        try reading { (reader) throws(StoreError) in
            let rows = try reader.query("SELECT COUNT(*), COALESCE(SUM(length(data)), 0) FROM blobs")
            return (Int(rows.integer(0, 0)), rows.integer(0, 1))
        }
    }

    public func versions(of id: DocumentID) throws(StoreError) -> [DocumentVersion] {
        try reading { (reader) throws(StoreError) in
            let row = try rowID(of: id, on: reader)
            let rows = try reader.query("""
                SELECT s.sequence, s.created_ms, length(s.data)
                    + (SELECT COALESCE(SUM(length(b.data) + \(StoredBlobs.sectionBytes)), 0) FROM snapshot_blobs l JOIN blobs b ON b.id = l.blob
                       WHERE l.document = s.document AND l.sequence = s.sequence)
                FROM snapshots s WHERE s.document = $1 ORDER BY s.sequence DESC
                """, .integer(row))
            return (0..<rows.count).map { index in
                DocumentVersion(number: rows.integer(index, 0), createdAt: Date(timeIntervalSince1970: Double(rows.integer(index, 1)) / 1000),
                                bytes: rows.integer(index, 2))
            }
        }
    }

    public func encodedVersion(_ version: Int64, of id: DocumentID) throws(StoreError) -> Data {
        try reading { (reader) throws(StoreError) in
            let row = try rowID(of: id, on: reader)
            return try reader.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { () throws(StoreError) in
                let rows = try reader.query("SELECT data FROM snapshots WHERE document = $1 AND sequence = $2", .integer(row), .integer(version))
                guard rows.count == 1 else { throw .versionNotFound(version) }
                return Data(try StoredBlobs.joining([UInt8](rows.bytes(0, 0)), try storedBlobs(of: row, sequence: version, on: reader)))
            }
        }
    }

    // MARK: - Signatures

    public func signatures() throws(StoreError) -> [SavedSignature] {
        let stored = try reading { (reader) throws(StoreError) -> [(id: Int64, data: Data)] in
            let rows = try reader.query("SELECT id, data FROM signatures ORDER BY id")
            return (0..<rows.count).map { (rows.integer($0, 0), rows.bytes($0, 1)) }
        }
        return Signatures.decode(stored)
    }

    @discardableResult
    public func addSignature(_ strokes: [Stroke]) throws(StoreError) -> Int64 {
        let data = try Signatures.encode(strokes)
        return try locked { () throws(StoreError) -> Int64 in
            // The table locked against other writers (other servers') until the insert commits, so
            // that the count stays true until then.
            try connection.transaction { () throws(StoreError) -> Int64 in
                try connection.execute("LOCK TABLE signatures IN SHARE ROW EXCLUSIVE MODE")
                let made = try connection.query("""
                    INSERT INTO signatures (created_ms, data) SELECT $1, $2 WHERE (SELECT count(*) FROM signatures) < $3 RETURNING id
                    """, .integer(Self.nowMilliseconds), .bytes(data), .integer(Int64(SavedSignature.maximumCount)))
                guard made.count == 1 else { throw .signaturesFull(maximum: SavedSignature.maximumCount) }
                return made.integer(0, 0)
            }
        }
    }

    public func keepUndoHistories(_ data: Data, of id: DocumentID, at time: Date, maximumAge: Double) throws(StoreError) {
        let kept = Int64((time.timeIntervalSince1970 * 1000).rounded())
        try locked { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                try connection.query("DELETE FROM undo_histories WHERE kept_ms < $1", .integer(kept - Int64(maximumAge * 1000)))
                try connection.query("""
                    INSERT INTO undo_histories (document, kept_ms, data) SELECT id, $1, $2 FROM documents WHERE uuid = $3
                    ON CONFLICT (document) DO UPDATE SET kept_ms = EXCLUDED.kept_ms, data = EXCLUDED.data
                    RETURNING \(Self.announcing("'u '", "$3", origin: "$4"))
                    """, .integer(kept), .bytes(data), .text(id.description), .text(origin))
            }
        }
    }

    public func takeUndoHistories(of id: DocumentID, keptWithin maximumAge: Double) throws(StoreError) -> Data? {
        let anyKept = try reading { (reader) throws(StoreError) -> Bool in
            try reader.query("SELECT 1 FROM undo_histories WHERE document = (SELECT id FROM documents WHERE uuid = $1)", .text(id.description)).count > 0
        }
        guard anyKept else { return nil }
        return try locked { () throws(StoreError) -> Data? in
            let taken = try connection.queryOnce("""
                DELETE FROM undo_histories WHERE document = (SELECT id FROM documents WHERE uuid = $1) RETURNING kept_ms, data
                """, .text(id.description))
            guard taken.count == 1 else { return nil }
            return Double(Self.nowMilliseconds - taken.integer(0, 0)) <= maximumAge * 1000 ? taken.bytes(0, 1) : nil
        }
    }

    public func deleteSignature(_ id: Int64) throws(StoreError) {
        try locked { () throws(StoreError) in
            guard try connection.queryOnce("DELETE FROM signatures WHERE id = $1 RETURNING id", .integer(id)).count == 1 else {
                throw .signatureNotFound(id)
            }
        }
    }
}
