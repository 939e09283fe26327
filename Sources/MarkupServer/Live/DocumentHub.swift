import Foundation
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

    init(store: any DocumentStore, log: ServerLog) {
        self.store = store
        self.log = log
    }

    /// The thumbnail each snapshot carries.
    static let thumbnailer: @Sendable (Markup) -> [UInt8]? = { markup in
        (try? MarkupRenderer(markup: markup).thumbnail(maximumPixelSize: 256)).map { [UInt8]($0) }
    }

    /// The open document `id`, opening it if no page has it.
    func document(_ id: DocumentID) throws(StoreError) -> LiveDocument {
        lock.lock()
        defer { lock.unlock() }
        if let open = documents[id] { return open }
        let stored = try store.open(id)
        let document = LiveDocument(stored: stored, store: store, log: log, thumbnailer: Self.thumbnailer)
        documents[id] = document
        log(.info, "opened document \(id) (\(stored.markup.elements.count) elements)")
        return document
    }

    /// The document if a page has it open.
    func openDocument(_ id: DocumentID) -> LiveDocument? {
        lock.withLock { documents[id] }
    }

    /// Drops a page; the last one out closes the document.
    func leave(_ client: WebSocketConnection, from document: LiveDocument) {
        let isLast = document.queue.sync {
            document.leave(client)
            return document.clientCount == 0
        }
        guard isLast else { return }
        lock.withLock {
            if documents[document.id] === document, document.queue.sync(execute: { document.clientCount }) == 0 {
                documents[document.id] = nil
            } else {
                return
            }
        }
        document.queue.async { [log] in
            document.close()
            log(.info, "closed document \(document.id)")
        }
    }

    /// Forgets a deleted document, telling its pages.
    func remove(_ id: DocumentID) {
        guard let document = lock.withLock({ documents.removeValue(forKey: id) }) else { return }
        document.queue.sync { document.deleted() }
    }

    /// Closes every document, waiting for the last snapshots: graceful shutdown.
    func closeAll() {
        let open = lock.withLock {
            defer { documents.removeAll() }
            return Array(documents.values)
        }
        for document in open { document.queue.sync { document.close() } }
    }
}
