import Foundation
import MarkupModel
import MarkupStore

/// Journals a document's changes, then tells its pages, in the order the document made them. Many
/// documents' changes are made durable together by the hub's `GroupCommitter`; meanwhile what the
/// document says to its pages waits behind the changes still being saved, so every page hears of
/// everything in order, and of a change (or the acknowledgement of an edit) only once it is saved.
///
/// The document's queue publishes and delivers; the committer's thread, once a change is durable,
/// sends what waited for it itself, without a hop back to the document's queue. So everything
/// handed to `deliver` or `publish` runs under this publisher's lock, on either thread, and reads
/// nothing of the document but what it captured.
final class ChangePublisher: @unchecked Sendable {
    private let session: AutosaveSession?
    private let log: ServerLog
    private let documentID: DocumentID
    /// Guards `waiting`, `operations` and `failed`, and is held while what waited is sent, so
    /// sends keep their order whichever thread makes them.
    private let lock = NSLock()
    /// What to send, oldest first; the first that still waits for its change to be saved holds up the rest.
    private var waiting: [Delivery] = []
    /// How many of `waiting`'s first entries have been sent (they are dropped in bulk).
    private var sentCount = 0
    /// The ids of edits applied (saved or being saved), so a resent edit is acknowledged, not applied
    /// again: the library's recent ones when the document opened, and every one since. A resend that
    /// arrives while the first is still being saved (two tabs sharing an outbox) is one too.
    private var operations: Set<String>
    /// Edits one of whose changes failed to journal: never acknowledged, and applied again if resent.
    private var failed: Set<String> = []

    /// Touched under `lock` only.
    private final class Delivery: @unchecked Sendable {
        /// What to send; nil while its change is being saved.
        var send: (() -> Void)?
        init(send: (() -> Void)?) { self.send = send }
    }

    init(session: AutosaveSession?, log: ServerLog, documentID: DocumentID, operations: Set<String>) {
        (self.session, self.log, self.documentID, self.operations) = (session, log, documentID, operations)
    }

    var savedSequence: Int64 { session?.savedSequence ?? 0 }

    /// Whether edit `operation` has been applied already (it may still be being saved).
    func hasApplied(_ operation: String) -> Bool { lock.withLock { operations.contains(operation) } }

    /// Edit `operation` is about to be applied.
    func begin(_ operation: String) {
        lock.withLock {
            failed.remove(operation)
            operations.insert(operation)
        }
    }

    /// Edit `operation` was refused and changed nothing: a resend is judged afresh.
    func forget(_ operation: String) { _ = lock.withLock { operations.remove(operation) } }

    /// Runs `send` once everything published before it has been sent: at once when nothing waits.
    func deliver(_ send: @escaping () -> Void) {
        lock.withLock {
            if waiting.count == sentCount { return send() }
            waiting.append(Delivery(send: send))
        }
    }

    /// Journals `change` (with the id of the edit that made it), then runs `announce` with the
    /// change's journal position, or nil when it could not be saved.
    func publish(_ change: MarkupChange, operation: String?, current: () -> Markup, announce: @escaping @Sendable (Int64?) -> Void) {
        guard let session else { return deliver { announce(self.savedSequence) } }
        let delivery = Delivery(send: nil)
        lock.withLock { waiting.append(delivery) }
        session.submit(change, operation: operation, current: current) { [self] result in
            lock.withLock {
                switch result {
                case .success(let sequence):
                    delivery.send = { announce(sequence) }
                case .failure(let error):
                    log(.error, "document \(documentID): autosave failed: \(error)")
                    if let operation {
                        failed.insert(operation)
                        operations.remove(operation)
                    }
                    delivery.send = { announce(nil) }
                }
                sendReady()
            }
        }
    }

    /// Sends what waits, in order, up to the first change still being saved. Called under `lock`.
    private func sendReady() {
        while sentCount < waiting.count, let send = waiting[sentCount].send {
            waiting[sentCount].send = nil
            sentCount += 1
            send()
        }
        // A document drawn on without a pause may never drain: what was sent goes in bulk.
        if sentCount == waiting.count || sentCount >= 64 && sentCount * 2 >= waiting.count {
            waiting.removeFirst(sentCount)
            sentCount = 0
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
