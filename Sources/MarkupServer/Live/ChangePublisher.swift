import Foundation
import MarkupModel
import MarkupStore

/// Journals a document's changes, then tells its pages, in the order the document made them. Many
/// documents' changes are made durable together by the hub's `GroupCommitter`; meanwhile what the
/// document says to its pages waits behind the changes still being saved, so every page hears of
/// everything in order, and of a change (or the acknowledgement of an edit) only once it is saved.
/// Everything here runs on the document's queue.
final class ChangePublisher: @unchecked Sendable {
    private let session: AutosaveSession?
    private let queue: DispatchQueue
    private let log: ServerLog
    private let documentID: DocumentID
    /// What to send, oldest first; the first that still waits for its change to be saved holds up the rest.
    private var waiting: [Delivery] = []
    /// The ids of edits applied (saved or being saved), so a resent edit is acknowledged, not applied
    /// again: the library's recent ones when the document opened, and every one since. A resend that
    /// arrives while the first is still being saved (two tabs sharing an outbox) is one too.
    private var operations: Set<String>
    /// Edits one of whose changes failed to journal: never acknowledged, and applied again if resent.
    private var failed: Set<String> = []

    /// Touched on the document's queue only.
    private final class Delivery: @unchecked Sendable {
        var isReady: Bool
        var send: () -> Void
        /// For a change: what tells the pages, given its journal position or nil when it failed.
        var announce: ((Int64?) -> Void)?
        init(isReady: Bool, send: @escaping () -> Void) { (self.isReady, self.send) = (isReady, send) }
    }

    init(session: AutosaveSession?, queue: DispatchQueue, log: ServerLog, documentID: DocumentID, operations: Set<String>) {
        (self.session, self.queue, self.log, self.documentID, self.operations) = (session, queue, log, documentID, operations)
    }

    var savedSequence: Int64 { session?.savedSequence ?? 0 }

    /// Whether edit `operation` has been applied already (it may still be being saved).
    func hasApplied(_ operation: String) -> Bool { operations.contains(operation) }

    /// Edit `operation` is about to be applied.
    func begin(_ operation: String) {
        failed.remove(operation)
        operations.insert(operation)
    }

    /// Edit `operation` was refused and changed nothing: a resend is judged afresh.
    func forget(_ operation: String) { operations.remove(operation) }

    /// Runs `send` once everything published before it has been sent.
    func deliver(_ send: @escaping () -> Void) {
        if waiting.isEmpty { return send() }
        waiting.append(Delivery(isReady: true, send: send))
    }

    /// Journals `change` (with the id of the edit that made it), then runs `announce` with the
    /// change's journal position, or nil when it could not be saved.
    func publish(_ change: MarkupChange, operation: String?, current: () -> Markup, announce: @escaping (Int64?) -> Void) {
        guard let session else { return deliver { announce(self.savedSequence) } }
        let delivery = Delivery(isReady: false) {}
        delivery.announce = announce
        waiting.append(delivery)
        session.submit(change, operation: operation, current: current) { [self] result in
            queue.async { [self] in
                let announce = delivery.announce
                switch result {
                case .success(let sequence):
                    delivery.send = { announce?(sequence) }
                case .failure(let error):
                    log(.error, "document \(documentID): autosave failed: \(error)")
                    if let operation {
                        failed.insert(operation)
                        operations.remove(operation)
                    }
                    delivery.send = { announce?(nil) }
                }
                delivery.isReady = true
                while let first = waiting.first, first.isReady {
                    waiting.removeFirst()
                    first.send()
                }
            }
        }
    }

    /// Tells `client` edit `operation` is saved, once its changes are, unless one of them failed.
    func acknowledge(_ operation: String, to client: WebSocketConnection) {
        deliver { [self] in
            guard !failed.contains(operation) else { return }
            client.send(ServerMessage.ack(op: operation, sequence: savedSequence).json)
        }
    }

    /// Waits for every change published so far to be saved or to fail.
    func waitUntilSaved() { session?.waitForSubmitted() }
}
