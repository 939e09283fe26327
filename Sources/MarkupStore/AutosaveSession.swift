import Foundation
import MarkupFormat
import MarkupModel

/// When a session writes a full snapshot of its document: after enough journal has piled up that
/// replaying it would cost a good part of reading the snapshot. Writing a snapshot is O(document),
/// but it happens once per that many journal bytes, so its cost per change stays O(change).
public struct SnapshotPolicy: Sendable {
    /// A snapshot is due when the journal since the last one holds at least this many bytes…
    public var minimumJournalBytes: Int64
    /// …and at least this fraction of the last snapshot's size.
    public var journalFractionOfSnapshot: Double
    /// Versions kept per document; older ones are dropped as new ones are written.
    public var keptVersions: Int

    public init(minimumJournalBytes: Int64 = 256 << 10, journalFractionOfSnapshot: Double = 0.5, keptVersions: Int = 50) {
        self.minimumJournalBytes = minimumJournalBytes
        self.journalFractionOfSnapshot = journalFractionOfSnapshot
        self.keptVersions = keptVersions
    }
}

/// Autosave for one open document: each change from the editor's feed is journaled durably in one
/// transaction, and snapshots are written on a low-priority `BackgroundWorker` when the policy says so.
public final class AutosaveSession: @unchecked Sendable {
    public let store: any DocumentStore
    public let documentID: DocumentID
    public let policy: SnapshotPolicy
    /// Renders the thumbnail a snapshot carries; nil leaves snapshots without one.
    private let thumbnailer: (@Sendable (Markup) -> [UInt8]?)?
    /// Draws the first view a snapshot keeps beside it (given the document and its journal
    /// position); nil keeps none.
    private let previewer: (@Sendable (Markup, Int64) -> DocumentPreview?)?

    private let lock = NSLock()
    private var sequence: Int64
    private var journalBytes: Int64
    private var snapshotBytes: Int64
    private var snapshotInFlight = false
    private var snapshotError: StoreError?
    /// With a committer: the journal position the next submitted change will take, its bytes not yet
    /// durable, and whether a snapshot waits for a submitted change to be durable.
    private var nextHead: Int64
    private var submittedBytes: Int64 = 0
    private var snapshotAwaited = false
    /// Bumped when an append fails: the appends queued after it were built on it, and are refused
    /// unwritten (`GroupCommitter.append(_:refusal:completion:)`) rather than land on another writer's entries.
    private var chain = 0
    /// With `haltsAfterFailure`, set when an append fails: every later one is refused unwritten until
    /// `adoptEntries`, so what was saved is always a run of the oldest changes submitted.
    private var isHalted = false
    /// Whether a failed append halts appending until the caller has caught up (`adoptEntries`): for a
    /// document other writers share, whose writer takes back and makes again what was not saved.
    public var haltsAfterFailure: Bool {
        get { lock.withLock { halts } }
        set { lock.withLock { halts = newValue } }
    }
    private var halts = false
    private let committer: GroupCommitter?
    private let snapshotWrites = DispatchQueue(label: "markupkit.autosave.snapshots")
    private let pending = DispatchGroup()

    /// A session continuing `document` as opened from `store`.
    ///
    /// - Throws: `readOnly` when the document cannot be edited by this MarkupKit.
    public init(store: any DocumentStore, document: StoredDocument, policy: SnapshotPolicy = SnapshotPolicy(),
                thumbnailer: (@Sendable (Markup) -> [UInt8]?)? = nil, previewer: (@Sendable (Markup, Int64) -> DocumentPreview?)? = nil,
                committer: GroupCommitter? = nil) throws(StoreError) {
        if let reason = document.summary.readOnlyReason { throw .readOnly(documentID: document.summary.id.description, reason: reason) }
        self.store = store
        documentID = document.summary.id
        self.policy = policy
        self.thumbnailer = thumbnailer
        self.previewer = previewer
        sequence = document.sequence
        nextHead = document.sequence
        self.committer = committer
        journalBytes = document.journalBytes
        snapshotBytes = document.snapshotBytes
    }

    /// The journal position of the last change saved.
    public var savedSequence: Int64 { lock.withLock { sequence } }

    /// Whether a snapshot is being written in the background.
    public var isWritingSnapshot: Bool { lock.withLock { snapshotInFlight } }

    /// Journals `change`, with the id of the edit that made it when there is one; when this returns,
    /// it is on disk. `current` is asked for the document after the change only when a snapshot is due.
    ///
    /// - Complexity: O(size of the change), plus, now and then, O(1) to hand a snapshot to the queue.
    @discardableResult
    public func record(_ change: MarkupChange, operation: String? = nil, current: () -> Markup) throws(StoreError) -> Int64 {
        guard !change.isEmpty else { return savedSequence }
        let payload = try ChangeCodec.encode(change)
        let saved = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: payload, operation: operation)],
                                     to: documentID, expectingHead: savedSequence)
        let due: Bool = lock.withLock {
            sequence = saved
            journalBytes += Int64(payload.count)
            return !snapshotInFlight && isSnapshotDue(journalBytes: journalBytes)
        }
        if due { snapshot(current(), through: saved) }
        return saved
    }

    /// Journals `change` as `record` does, but returns at once: the session's committer writes it
    /// with whatever else arrives meanwhile, and `completion` runs (on the committer's thread, in
    /// the order changes were submitted) once it is durable or has failed. `current` is asked for
    /// the document after the change only when a snapshot will be due once it is durable.
    public func submit(_ change: MarkupChange, operation: String? = nil, current: () -> Markup,
                       completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        guard let committer else { return completion(Result { () throws(StoreError) in try record(change, operation: operation, current: current) }) }
        guard !change.isEmpty else { return committer.afterPending { [self] in completion(.success(savedSequence)) } }
        let payload: Data
        do throws(StoreError) {
            payload = try ChangeCodec.encode(change)
        } catch {
            return completion(.failure(error))
        }
        let (expected, snapshotThen, link) = lock.withLock { () -> (Int64, Bool, Int) in
            defer { nextHead += 1 }
            submittedBytes += Int64(payload.count)
            let due = !snapshotInFlight && !snapshotAwaited && isSnapshotDue(journalBytes: journalBytes + submittedBytes)
            if due { snapshotAwaited = true }
            return (nextHead, due, chain)
        }
        let markup = snapshotThen ? current() : nil
        let request = JournalAppend(document: documentID, entries: [JournalEntry(kind: JournalEntry.changeKind, payload: payload, operation: operation)],
                                    expectingHead: expected)
        let refusal: @Sendable () -> StoreError? = { [self] in
            lock.withLock { chain == link && !isHalted ? nil : .conflict(expectedHead: expected, foundHead: sequence) }
        }
        committer.append(request, refusal: refusal) { [self] result in
            lock.withLock {
                submittedBytes -= Int64(payload.count)
                if case .success(let saved) = result {
                    sequence = saved
                    journalBytes += Int64(payload.count)
                } else if chain == link {
                    // What was submitted after it expects a journal that will not be there.
                    nextHead = sequence
                    chain += 1
                    isHalted = halts
                }
                if snapshotThen { snapshotAwaited = false }
            }
            if let markup, case .success(let saved) = result { snapshot(markup, through: saved) }
            completion(result)
        }
    }

    /// Takes note that another writer's entries, through `head`, are now part of the document as
    /// this session continues it, and appending goes on after a halt. Only while nothing submitted
    /// is still being written. Their bytes are that writer's to cover with a snapshot, so they do not
    /// count towards this one's.
    public func adoptEntries(through head: Int64) {
        lock.withLock {
            isHalted = false
            guard head > sequence else { return }
            sequence = head
            nextHead = head
        }
    }

    /// Whether the policy asks for a snapshot once the journal holds `journalBytes`. Called under `lock`.
    private func isSnapshotDue(journalBytes: Int64) -> Bool {
        journalBytes >= max(policy.minimumJournalBytes, Int64(Double(snapshotBytes) * policy.journalFractionOfSnapshot))
    }

    /// Waits until every submitted change has completed.
    public func waitForSubmitted() {
        guard let committer else { return }
        let done = DispatchSemaphore(value: 0)
        committer.afterPending { done.signal() }
        done.wait()
    }

    /// Writes a snapshot of `markup` (the document through journal entry `sequence`) in the background.
    public func snapshot(_ markup: Markup, through sequence: Int64) {
        let coveredBytes: Int64 = lock.withLock {
            snapshotInFlight = true
            return journalBytes
        }
        pending.enter()
        BackgroundWorker.snapshots.run { [self] in
            let thumbnail = thumbnailer?(markup)
            let preview = previewer?(markup, sequence)
            let encoding = Result { () throws(MarkupError) in try MarkupFile(markup: markup, thumbnail: thumbnail).encoded() }
            // Writing holds the store's lock, so it runs at the usual priority: a commit waiting for the
            // lock must not wait for a thread the scheduler runs only when nothing else wants to.
            snapshotWrites.async { [self] in
                defer { pending.leave() }
                let result = Result { () throws(StoreError) -> Int64 in
                    let encoded = try encoding.mapError { StoreError.document($0) }.get()
                    try store.writeSnapshot(encoded, thumbnail: thumbnail, of: documentID, through: sequence, keepingVersions: policy.keptVersions)
                    // Only a cache: without it, a page waits for the document to be read.
                    if let preview { try? store.writePreview(preview, of: documentID) }
                    return Int64(encoded.count)
                }
                finishSnapshot(result, covering: coveredBytes)
            }
        }
    }

    /// Takes note of a snapshot written (its size) or failed, covering `coveredBytes` of journal.
    private func finishSnapshot(_ result: Result<Int64, StoreError>, covering coveredBytes: Int64) {
        lock.withLock {
            snapshotInFlight = false
            switch result {
            case .success(let bytes):
                snapshotBytes = bytes
                journalBytes -= coveredBytes
                snapshotError = nil
            case .failure(let error):
                snapshotError = error
            }
        }
    }

    /// Keeps `markup` as a version, once every change submitted is saved, unless the newest snapshot
    /// is it already, and waits for it (what a restore replaces stays restorable; a closing document's
    /// last state is kept). `sequence`: the journal position `markup` reflects, when the caller read
    /// the two together; else the last change saved.
    public func keepAsVersion(_ markup: Markup, through sequence: Int64? = nil) throws(StoreError) {
        waitForSubmitted()
        waitForSnapshots()
        let (hasJournal, through) = lock.withLock { (journalBytes > 0, sequence ?? self.sequence) }
        if hasJournal { snapshot(markup, through: through) }
        if let error = waitForSnapshots() { throw error }
    }

    /// Waits for background snapshots; returns the last one's error, if it failed.
    @discardableResult
    public func waitForSnapshots() -> StoreError? {
        pending.wait()
        return lock.withLock { snapshotError }
    }

    /// Ends the session: a last snapshot when the journal is not empty, and waits for it. `sequence`:
    /// the journal position `markup` reflects, when the caller read the two together; else the
    /// last change saved.
    public func close(_ markup: Markup, through sequence: Int64? = nil) throws(StoreError) {
        try keepAsVersion(markup, through: sequence)
    }
}
