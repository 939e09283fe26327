import Foundation
import MarkupEditor
import MarkupModel
import MarkupRender
import MarkupStore

/// The documents pages have open: one `LiveDocument` each, opened on first use and closed (with a
/// last snapshot) when its last page leaves.
final class DocumentHub: @unchecked Sendable {
    let store: any DocumentStore
    private let log: ServerLog
    private let lock = NSLock()
    private var documents: [DocumentID: LiveDocument] = [:]
    private var members: [DocumentID: Int] = [:]
    /// Documents being read from the store, outside the lock: a large one takes seconds, and no
    /// other page, request or document waits for it. Pages asking for one meanwhile wait for the same.
    private var opening: [DocumentID: Opening] = [:]
    /// Documents being read ahead for, or held open for, pages that are loading.
    private var readAheads = 0
    /// Copies of documents whose last page left, until their closing is done: a copy read again
    /// meanwhile (the page reloaded) reads once the changes they were saving are saved.
    private var closingCopies: [DocumentID: LiveDocument] = [:]
    /// The undo histories of documents closed lately, for pages coming back.
    private var closedHistories = ClosedHistories(maximumAge: historySeconds)
    /// How long a closed document's histories are kept; a document's are not kept when they hold
    /// more than `historyBytes` (a whole large document deleted in one step, say).
    static let historySeconds = 30.0 * 60, historyBytes = 128 << 20
    private var isClosed = false

    /// One document's open in progress.
    private final class Opening: @unchecked Sendable {
        /// Left once the read is done.
        let finished = DispatchGroup()
        init() { finished.enter() }
        /// Set under the hub's lock: why the open failed, that the document went meanwhile, or that
        /// another server appended to it meanwhile (the document catches up once open).
        var error: StoreError?
        var removed = false
        var heardOfAppend = false
        /// That a server stopping kept undo histories of the document meanwhile.
        var heardOfUndoHistories = false
    }
    /// Documents writing their last snapshot after their last page left.
    private let closing = DispatchGroup()
    /// Where documents whose last page left write their last snapshot, one after another.
    private static let closer = BackgroundWorker(name: "markupkit.closing", niceness: 0)
    /// Makes every open document's changes durable together.
    let committer: GroupCommitter
    /// What pages copied, for pasting into any document.
    let clipboards = ClipboardStore()

    init(store: any DocumentStore, log: ServerLog) {
        self.store = store
        self.log = log
        committer = GroupCommitter(store: store)
        store.observeChanges { [weak self] change in self?.heard(change) }
    }

    /// What another process (a server sharing the library, the command line) did to it, for the
    /// documents open here.
    private func heard(_ change: LibraryChange) {
        switch change {
        case .appended(let id, let head):
            let open: LiveDocument? = lock.withLock {
                opening[id]?.heardOfAppend = true
                return documents[id]
            }
            open?.publisher.heardOfAppend(through: head)
        case .renamed(let id):
            guard let document = openDocument(id), let title = try? store.summary(of: id).title else { return }
            document.queue.async { if document.title != title { document.renamed(title) } }
        case .deleted(let id):
            remove(id)
        case .undoHistoriesKept(let id):
            // Its pages are failing over, some of them here: the steps they made there go with them.
            let open: LiveDocument? = lock.withLock {
                opening[id]?.heardOfUndoHistories = true
                return documents[id]
            }
            guard let open, let histories = historiesInLibrary(of: id) else { return }
            open.queue.async { open.adopt(histories) }
        case .missed:
            for document in lock.withLock({ Array(documents.values) }) { document.publisher.heardOfAppend(through: .max) }
        }
    }

    /// The thumbnail each snapshot carries.
    static let thumbnailer: @Sendable (Markup) -> [UInt8]? = { DocumentImporter.thumbnail(of: $0) }

    /// Joins a page to document `id`, opening it if no page has it, then calls `completion` with it.
    /// The hub counts members under its lock, so a page joining while the last one leaves never
    /// lands on a document being closed. The document is read on a thread of its own, outside the
    /// lock; a page asking for it meanwhile is joined once that same read is done. No thread waits
    /// meanwhile, so however many pages wait for a large document, everyone else is served.
    func join(_ client: WebSocketConnection, document id: DocumentID,
              then completion: @escaping @Sendable (Result<LiveDocument, StoreError>) -> Void) {
        lock.lock()
        if let open = documents[id] {
            members[id, default: 0] += 1
            lock.unlock()
            open.queue.async { [self] in
                // Deleted in between: the page is not joined to a copy the hub has let go.
                guard lock.withLock({ documents[id] === open }) else { return completion(.failure(.documentNotFound(id.description))) }
                open.join(client)
                completion(.success(open))
            }
            return
        }
        if let pending = opening[id] {
            lock.unlock()
            pending.finished.notify(queue: .global()) { [self] in
                if let error = pending.error { return completion(.failure(error)) }
                join(client, document: id, then: completion)
            }
            return
        }
        guard !isClosed else {
            lock.unlock()
            return completion(.failure(.documentNotFound(id.description)))
        }
        let pending = Opening()
        opening[id] = pending
        lock.unlock()
        read(id, pending) { [self] result in
            switch result {
            case .success: join(client, document: id, then: completion)
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    /// Starts reading document `id` when its editor page is asked for, so that the read overlaps
    /// the page's own loading; the document is then kept open for `prefetchHoldSeconds` even if no
    /// page joins. Nothing happens when it is open or being read already.
    func prefetch(_ id: DocumentID) {
        lock.lock()
        // Asking for many editor pages at once cannot make the server hold many documents.
        guard !isClosed, documents[id] == nil, opening[id] == nil, readAheads < Self.maximumReadAheads else { return lock.unlock() }
        let pending = Opening()
        opening[id] = pending
        readAheads += 1
        lock.unlock()
        read(id, pending) { [self] result in
            let held: LiveDocument? = lock.withLock {
                guard case .success(let document) = result, documents[id] === document else {
                    readAheads -= 1
                    return nil
                }
                members[id, default: 0] += 1
                return document
            }
            guard let held else { return }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.prefetchHoldSeconds) { [self] in
                lock.withLock { readAheads -= 1 }
                release(held)
            }
        }
    }

    /// How long a document read ahead for a loading page stays open without one.
    static let prefetchHoldSeconds = 30.0
    /// At most this many documents are read ahead, or held for their pages, at once.
    static let maximumReadAheads = 4

    /// Reads document `id` on a thread of its own, outside the lock, and makes it one of the open
    /// documents before `then`, unless it was removed or the hub closed meanwhile.
    private func read(_ id: DocumentID, _ pending: Opening, then: @escaping @Sendable (Result<LiveDocument, StoreError>) -> Void) {
        let reader = Thread { [self] in
            var result: Result<LiveDocument, StoreError>
            do throws(StoreError) {
                if let previous = lock.withLock({ closingCopies[id] }) { previous.publisher.waitUntilSaved() }
                let stored = try store.open(id)
                result = .success(LiveDocument(stored: stored, store: store, log: log, committer: committer, clipboards: clipboards,
                                                    thumbnailer: Self.thumbnailer))
                log(.info, "opened document \(id) (\(stored.markup.elements.count) elements)")
            } catch {
                result = .failure(error)
            }
            // Before any page can join: a page coming back finds its steps to undo, kept here when the
            // document closed, or in the library by a server that stopped.
            var adopted: UndoHistories?
            if case .success(let document) = result {
                adopted = lock.withLock { closedHistories.take(id) } ?? historiesInLibrary(of: id)
                if let adopted { document.queue.sync { document.adopt(adopted) } }
            }
            lock.lock()
            opening[id] = nil
            if case .success = result, pending.removed || isClosed { result = .failure(.documentNotFound(id.description)) }
            let stopped = isClosed && !pending.removed
            // Those of a copy that closed while this one was being read.
            var arrived: UndoHistories?
            switch result {
            case .success(let document):
                documents[id] = document
                arrived = closedHistories.take(id)
            case .failure(let error): pending.error = error
            }
            lock.unlock()
            if let arrived, case .success(let document) = result { document.queue.async { document.adopt(arrived) } }
            // The hub stopped meanwhile: what was taken goes back for the next server.
            if stopped, let adopted { keepInLibrary(adopted, of: id, closedAt: Date()) }
            if pending.heardOfAppend, case .success(let document) = result { document.publisher.heardOfAppend(through: .max) }
            if pending.heardOfUndoHistories, !stopped, case .success(let document) = result, let kept = historiesInLibrary(of: id) {
                document.queue.async { document.adopt(kept) }
            }
            pending.finished.leave()
            then(result)
        }
        reader.name = "markupkit.open"
        reader.stackSize = Self.readerStackBytes
        reader.start()
    }

    /// The stack of a thread reading a document: decoding keeps little on it, and a burst of opens
    /// (a server restarting under many pages) should not reserve gigabytes.
    private static let readerStackBytes = 1 << 20

    /// The document if a page has it open.
    func openDocument(_ id: DocumentID) -> LiveDocument? {
        lock.withLock { documents[id] }
    }

    /// The document if a page has it open, or once it is, when it is being read now (for at most
    /// `timeout` seconds): a request for it while a page opens it (the page strip's pictures, a
    /// PDF's pages) waits for that read instead of reading the whole file again beside it.
    func openDocument(_ id: DocumentID, waitingUpTo timeout: Double) -> LiveDocument? {
        let pending: Opening? = lock.withLock { documents[id] == nil ? opening[id] : nil }
        if let pending { _ = pending.finished.wait(timeout: .now() + timeout) }
        return openDocument(id)
    }

    /// Drops a page, after the messages it sent; the last one out closes the document, writing its
    /// last snapshot. Nothing waits for a busy document meanwhile.
    func leave(_ client: WebSocketConnection, from document: LiveDocument) {
        document.queue.async { [self] in
            document.leave(client)
            release(document)
        }
    }

    /// Gives up one membership of `document`: a page's, or a read-ahead's hold. The last closes it.
    private func release(_ document: LiveDocument) {
        let isLast: Bool = lock.withLock {
            guard documents[document.id] === document else { return false }
            members[document.id, default: 1] -= 1
            guard members[document.id] == 0 else { return false }
            documents[document.id] = nil
            members[document.id] = nil
            closingCopies[document.id] = document
            // Counted before the lock is let go, so that shutting down waits for this one too.
            closing.enter()
            return true
        }
        guard isLast else { return }
        // Closing waits for the last snapshot, so it waits on a thread of its own: hundreds of documents
        // closing at once on Dispatch's threads would take every one, and the snapshots' rendering
        // needs one of them.
        document.queue.async { [self, log, closing] in
            let markup = document.controller.markup
            keep(document.controller.undoHistories, of: document.id)
            Self.closer.run { [self] in
                document.close(markup)
                lock.withLock { if closingCopies[document.id] === document { closingCopies[document.id] = nil } }
                log(.info, "closed document \(document.id)")
                closing.leave()
            }
        }
    }

    /// Keeps the histories of a document that closed, for the next time it opens (those of pages
    /// alone: no later page can name another scope); a document opened again meanwhile takes them
    /// at once.
    private func keep(_ all: UndoHistories, of id: DocumentID) {
        let histories = all.keeping(PageSession.isPageScope)
        guard !histories.isEmpty else { return }
        let bytes = histories.byteCount
        guard bytes <= Self.historyBytes else { return }
        let reopened: LiveDocument? = lock.withLock {
            if let open = documents[id] { return open }
            closedHistories.keep(histories, bytes: bytes, of: id, closed: Date())
            return nil
        }
        reopened?.queue.async { reopened?.adopt(histories) }
    }

    /// The histories a server stopping kept in the library for document `id` (this one before a
    /// restart, or another on the same database), taken out; nil for none or unreadable ones.
    private func historiesInLibrary(of id: DocumentID) -> UndoHistories? {
        do throws(StoreError) {
            return try store.takeUndoHistories(of: id, keptWithin: Self.historySeconds).map { data throws(StoreError) in
                try UndoHistoriesCodec.decode(data)
            }
        } catch {
            log(.warning, "the undo histories kept for document \(id) were left unused: \(error)")
            return nil
        }
    }

    /// Keeps `histories` of document `id`, as they were when it closed, in the library as this server
    /// stops, for the next to open it (its pages' alone).
    private func keepInLibrary(_ all: UndoHistories, of id: DocumentID, closedAt: Date) {
        let histories = all.keeping(PageSession.isPageScope)
        guard !histories.isEmpty, histories.byteCount <= Self.historyBytes else { return }
        do throws(StoreError) {
            try store.keepUndoHistories(UndoHistoriesCodec.encode(histories), of: id, at: closedAt, maximumAge: Self.historySeconds)
        } catch {
            log(.warning, "the undo histories of document \(id) could not be kept: \(error)")
        }
    }

    /// Forgets a deleted document, telling its pages.
    func remove(_ id: DocumentID) {
        let removed: LiveDocument? = lock.withLock {
            closedHistories.forget(id)
            opening[id]?.removed = true
            members[id] = nil
            return documents.removeValue(forKey: id)
        }
        guard let removed else { return }
        removed.queue.sync { removed.deleted() }
    }

    /// Closes every document, waiting for the last snapshots (those already under way included),
    /// and keeps the undo histories of those open and lately closed in the library, so that pages
    /// coming back to the next server still undo their steps: graceful shutdown.
    func closeAll() {
        let open = lock.withLock {
            defer {
                isClosed = true
                documents.removeAll()
                members.removeAll()
            }
            return Array(documents.values)
        }
        for document in open {
            document.queue.sync {
                keepInLibrary(document.controller.undoHistories, of: document.id, closedAt: Date())
                document.close()
            }
        }
        closing.wait()
        let now = Date()
        let closed = lock.withLock { closedHistories.current(at: now) }
        for (id, kept) in closed { keepInLibrary(kept.histories, of: id, closedAt: kept.closed) }
        committer.stop()
    }
}
