import Foundation
import MarkupFormat
import MarkupModel

/// Where documents live: the library behind the editor and the server. SQLite implements it
/// (`SQLiteDocumentStore`); a server-grade database can implement it without touching either.
///
/// Every method is atomic: it either happens completely and durably, or throws and changes nothing.
public protocol DocumentStore: AnyObject, Sendable {
    /// Every document, most recently modified first.
    func documents() throws(StoreError) -> [DocumentSummary]
    /// One document, without reading the others.
    func summary(of id: DocumentID) throws(StoreError) -> DocumentSummary
    /// The document whose id is `key`, whose id starts with `key`, or whose title is `key`.
    func resolve(_ key: String) throws(StoreError) -> DocumentSummary

    /// Adds a document; `encoded` is its `.markup` file as stored (kept byte for byte as its first
    /// version, even when it is from a newer MarkupKit).
    func create(title: String, encoded: Data) throws(StoreError) -> DocumentSummary
    /// The latest state: the newest snapshot with the journal after it replayed.
    func open(_ id: DocumentID) throws(StoreError) -> StoredDocument
    func rename(_ id: DocumentID, to title: String) throws(StoreError)
    /// Moves the document to the library's recently deleted: gone from `documents()` and from every
    /// call that names it, kept whole (versions included) until it is purged or restored.
    func delete(_ id: DocumentID) throws(StoreError)

    /// Files the document in `folder` (nil: in none), keeping the folder.
    func setFolder(_ id: DocumentID, to folder: String?) throws(StoreError)
    /// Files every document in folder `name` (deleted ones too) in `newName` instead (nil: in
    /// none, and the folder is gone), in one step; returns how many.
    func renameFolder(_ name: String, to newName: String?) throws(StoreError) -> Int
    /// Every folder, by name: those kept (a folder stays, empty too, until removed) and those a
    /// document is in.
    func folders() throws(StoreError) -> [String]
    /// Keeps folder `name`, empty until documents are filed in it.
    func addFolder(_ name: String) throws(StoreError)

    /// The documents deleted and not yet purged, the most recently deleted first.
    func deletedDocuments() throws(StoreError) -> [DeletedDocument]
    /// One deleted document not yet purged, read alone (its thumbnail shown in recently deleted).
    func deletedDocument(_ id: DocumentID) throws(StoreError) -> DeletedDocument
    /// Brings a deleted document back into the library as it was when deleted.
    func restoreDeleted(_ id: DocumentID) throws(StoreError) -> DocumentSummary
    /// Deletes a deleted document for good, with its versions.
    func purgeDeleted(_ id: DocumentID) throws(StoreError)
    /// Deletes for good every document deleted before `date`; returns how many.
    func purgeDeleted(before date: Date) throws(StoreError) -> Int

    /// Appends entries to the document's journal in one durable transaction and returns the sequence
    /// number of the last. When it returns, the entries survive a crash. With `expectingHead`, it
    /// throws `conflict` (and writes nothing) unless the journal ends exactly there, so a writer never
    /// builds on a state it has not seen.
    func append(_ entries: [JournalEntry], to id: DocumentID, expectingHead: Int64?) throws(StoreError) -> Int64
    /// Several appends, to several documents, made durable together (one sync to disk for all, where
    /// the store can); each succeeds or fails on its own, as `append` would, in order.
    func append(_ batch: [JournalAppend]) -> [Result<Int64, StoreError>]
    /// Stores `encoded` (the document through journal entry `sequence`) as a version, drops the
    /// journal it covers, and keeps at most `keepingVersions` versions.
    func writeSnapshot(_ encoded: Data, thumbnail: [UInt8]?, of id: DocumentID, through sequence: Int64, keepingVersions: Int) throws(StoreError)

    /// Keeps what the document's first view shows at journal position `preview.sequence`, replacing
    /// the one kept before. Only a cache: it may be lost in a crash.
    func writePreview(_ preview: DocumentPreview, of id: DocumentID) throws(StoreError)
    /// The first view kept for the document in the light or the dark appearance, if it shows the
    /// document as it is now (no journal entry after it); nil otherwise.
    func preview(of id: DocumentID, dark: Bool) throws(StoreError) -> Data?

    /// The versions (snapshots), newest first.
    func versions(of id: DocumentID) throws(StoreError) -> [DocumentVersion]
    /// The `.markup` file of one version, as stored.
    func encodedVersion(_ version: Int64, of id: DocumentID) throws(StoreError) -> Data

    /// Signatures saved for reuse in every document, oldest first.
    func signatures() throws(StoreError) -> [SavedSignature]
    /// Keeps `strokes` as a signature for every document; returns its id. Throws `signaturesFull`
    /// when `SavedSignature.maximumCount` are kept already, counted in the insert itself, so that
    /// writers at once (other servers on the same database too) cannot pass it together.
    @discardableResult
    func addSignature(_ strokes: [Stroke]) throws(StoreError) -> Int64
    /// Forgets saved signature `id`.
    func deleteSignature(_ id: Int64) throws(StoreError)

    /// Keeps `data`, document `id`'s undo histories as a server stopping leaves them (as they were
    /// at `time`: when its document closed, or now), in place of any kept before, for the next
    /// server to open it (this one restarted, or another on the same database). Nothing is kept for
    /// a document not in the library; any document's kept before `time - maximumAge` go.
    func keepUndoHistories(_ data: Data, of id: DocumentID, at time: Date, maximumAge: Double) throws(StoreError)
    /// The undo histories of document `id` kept as they were at most `maximumAge` seconds ago,
    /// taken out (one opening uses them), or nil. Looked for first without writing: opening a
    /// document with none kept waits for no writer.
    func takeUndoHistories(of id: DocumentID, keptWithin maximumAge: Double) throws(StoreError) -> Data?

    /// The journal entries after position `sequence`, oldest first, each with its edit id: what a
    /// server sharing the library catches up on. nil when some of them are no longer kept (a
    /// snapshot covers them): the document must then be read again whole.
    func journal(of id: DocumentID, after sequence: Int64) throws(StoreError) -> [PositionedEntry]?
    /// Whether several servers may serve this library at once (PostgreSQL's): servers starting
    /// together would each give an empty one the sample document, so none does.
    var isShared: Bool { get }
    /// Starts telling `handler`, on a thread of the store's, what other processes (other servers,
    /// the command line) change.
    func observeChanges(_ handler: @escaping @Sendable (LibraryChange) -> Void)
}

/// What a document's first view shows, drawn in both appearances, as of journal position `sequence`:
/// a page opening the document is sent it before the whole document has been read. The bytes are
/// the server's to read; the store keeps them.
public struct DocumentPreview: Equatable, Sendable {
    public var sequence: Int64
    public var light: Data
    public var dark: Data

    public init(sequence: Int64, light: Data, dark: Data) { (self.sequence, self.light, self.dark) = (sequence, light, dark) }
}

/// A document's stable identity.
public struct DocumentID: Hashable, Sendable, CustomStringConvertible {
    public let uuid: UUID

    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    public var description: String { uuid.lowercaseText }
}

/// What the library lists about a document without opening it.
public struct DocumentSummary: Hashable, Sendable {
    public var id: DocumentID
    public var title: String
    public var createdAt: Date
    public var modifiedAt: Date
    public var formatVersion: Int
    public var contentVersion: Int
    /// Bytes stored: the newest snapshot and the journal after it.
    public var size: Int64
    /// A PNG, when one has been made.
    public var thumbnail: [UInt8]?
    /// Why the document cannot be edited here, if it cannot.
    public var readOnlyReason: String?
    /// The folder the library files it in (one level, as note apps' notebooks and subjects); nil
    /// for none.
    public var folder: String? = nil

    /// Whether its newest version needs a newer MarkupKit to read at all.
    public var isFromNewerMarkupKit: Bool {
        formatVersion > FormatVersion.current || contentVersion > ContentVersion.latest.rawValue
    }
}

/// A document in the library's recently deleted: what it was, and when it was deleted.
public struct DeletedDocument: Hashable, Sendable {
    /// How long the library keeps a deleted document before purging it, as Apple's Notes and Files
    /// keep theirs.
    public static let keptFor: TimeInterval = 30 * 24 * 60 * 60

    public var summary: DocumentSummary
    public var deletedAt: Date

    public init(summary: DocumentSummary, deletedAt: Date) { (self.summary, self.deletedAt) = (summary, deletedAt) }
}

/// An opened document: its latest markup, and the journal position it reflects.
public struct StoredDocument: Sendable {
    /// The edit ids every store keeps per document: a page that comes back with more edits of its
    /// own in its outbox than this many later edits of the document may have the oldest applied twice.
    public static let keptOperations = 10_000

    public var summary: DocumentSummary
    /// Empty when the document is read-only because this MarkupKit cannot read it.
    public var markup: Markup
    /// The last journal entry included.
    public var sequence: Int64
    /// The journal bytes after the newest snapshot: what opening had to replay.
    public var journalBytes: Int64
    public var snapshotBytes: Int64
    /// The ids of the document's most recent edits (at most `StoredDocument.keptOperations`).
    public var operations: Set<String> = []
}

/// One saved version of a document.
public struct DocumentVersion: Hashable, Sendable {
    /// The journal sequence the version includes: its number.
    public var number: Int64
    public var createdAt: Date
    public var bytes: Int64
}

/// One `append` of a batch.
public struct JournalAppend: Sendable {
    public var document: DocumentID
    public var entries: [JournalEntry]
    public var expectingHead: Int64?

    public init(document: DocumentID, entries: [JournalEntry], expectingHead: Int64?) {
        (self.document, self.entries, self.expectingHead) = (document, entries, expectingHead)
    }
}

/// One journal record: a kind and its bytes. Kinds this MarkupKit does not know are kept as they are.
public struct JournalEntry: Hashable, Sendable {
    public var kind: Int64
    public var payload: Data
    /// The id of the edit this entry records, as the page that made it named it: kept with the
    /// entry (and after snapshots drop the entry), so a resent edit is recognised and not applied twice.
    public var operation: String?

    public init(kind: Int64, payload: Data, operation: String? = nil) {
        self.kind = kind
        self.payload = payload
        self.operation = operation
    }

    /// A `MarkupChange` (see `ChangeCodec`).
    public static let changeKind: Int64 = 1
}
