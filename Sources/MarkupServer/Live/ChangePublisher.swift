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

    /// With a library other servers write too: changes submitted and not yet completed; whether
    /// changes are being parked (one came back `conflict`: another server got there first), whether
    /// another server is known to have appended since, whether the document was asked to catch up,
    /// and how many changes completed (saved, or failed for good) since the document last asked.
    private var inFlight = 0
    private var isParking = false
    private var isBehind = false
    private var isCatchUpAsked = false
    private var completed = 0
    /// Appends that failed in a row other than by `conflict` (the library could not be written):
    /// each waits longer before the document catches up and tries again.
    private var failuresInARow = 0
    /// Which wait before trying again is the current one (an older one that ends does nothing), and
    /// whether one is under way: the failures of the changes in flight together count once.
    private var retryWait = 0
    private var isRetryWaiting = false
    /// Whether the document is yet to tell its pages their edits wait for the library.
    private var isFailureUntold = false
    /// Asked, on no particular thread, to have the document catch up (`LiveDocument.catchUp`).
    private var catchUp: (@Sendable () -> Void)?

    /// Touched under `lock` only.
    fileprivate final class Delivery: @unchecked Sendable {
        /// What to send; nil while its change is being saved.
        var send: (() -> Void)?
        /// A change parked until the document has caught up, with its edit's id.
        var parked: (change: MarkupChange, operation: String?)?
        init(send: (() -> Void)?) { self.send = send }
    }

    /// A change parked in its place among what the pages are told, to be made again and saved.
    struct Parked {
        fileprivate let delivery: Delivery
        let change: MarkupChange
        let operation: String?
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
    /// change's journal position, or nil when it could not be saved. While the document waits to
    /// catch up with another server (it is known to be behind, or an append came back `conflict`),
    /// the change is parked in its place instead.
    func publish(_ change: MarkupChange, operation: String?, current: () -> Markup, announce: @escaping @Sendable (Int64?) -> Void) {
        guard session != nil else { return deliver { announce(self.savedSequence) } }
        let delivery = Delivery(send: nil)
        // Known to be behind another server, an append here would only come back `conflict`.
        let parks = lock.withLock {
            waiting.append(delivery)
            isParking = isParking || isBehind
            if isParking { delivery.parked = (change, operation) } else { inFlight += 1 }
            return isParking
        }
        if !parks { submit(change, operation: operation, in: delivery, current: current, announce: announce) }
    }

    /// Saves `change`, then arms `delivery` with its announcement; the caller has counted it in flight.
    private func submit(_ change: MarkupChange, operation: String?, in delivery: Delivery, current: () -> Markup,
                        announce: @escaping @Sendable (Int64?) -> Void) {
        session!.submit(change, operation: operation, current: current) { [self] result in
            lock.withLock {
                inFlight -= 1
                switch result {
                case .failure(let error) where catchUp != nil && Self.mayBeSavedLater(error):
                    // Another writer appended first (or the library could not be written just now): this
                    // change, and those after it, wait to be made again on top of what the journal holds.
                    isParking = true
                    delivery.parked = (change, operation)
                    if case .conflict = error {} else if !isRetryWaiting {
                        log(.error, "document \(documentID): autosave failed, will try again: \(error)")
                        failuresInARow += 1
                        isFailureUntold = isFailureUntold || failuresInARow == 1
                        askToCatchUp(after: min(Self.firstRetrySeconds * Double(1 << min(failuresInARow - 1, 8)), Self.longestRetrySeconds))
                    }
                case .success(let sequence):
                    failuresInARow = 0
                    completed += 1
                    delivery.send = { announce(sequence) }
                case .failure(let error):
                    completed += 1
                    log(.error, "document \(documentID): autosave failed: \(error)")
                    // Deleted elsewhere: catching up finds it so, and tells the pages.
                    if case .documentNotFound = error { isBehind = true }
                    if let operation {
                        failed.insert(operation)
                        operations.remove(operation)
                    }
                    delivery.send = { announce(nil) }
                }
                askToCatchUpIfDue()
                sendReady()
            }
        }
    }

    /// Another server appended to the document, through `head`.
    func heardOfAppend(through head: Int64) {
        lock.withLock {
            guard head > savedSequence else { return }
            isBehind = true
            askToCatchUpIfDue()
        }
    }

    /// Asks the document to catch up when it is behind or parking and nothing of its own is being
    /// written: only then can the journal's newer entries be told apart as another server's. Under `lock`.
    private func askToCatchUpIfDue() {
        guard inFlight == 0, isParking || isBehind, !isCatchUpAsked, let catchUp else { return }
        isCatchUpAsked = true
        catchUp()
    }

    /// What the document's catch-up starts from, on its queue: nil when a change of its own is being
    /// written meanwhile (it is asked again once none is); otherwise the changes parked, in order.
    /// Parking ends; what is published from now on is saved as usual.
    func beginCatchUp() -> [Parked]? {
        lock.withLock {
            isCatchUpAsked = false
            guard inFlight == 0 else { return nil }
            isBehind = false
            isParking = false
            let parked = waiting[sentCount...].compactMap { delivery in
                delivery.parked.map { Parked(delivery: delivery, change: $0.change, operation: $0.operation) }
            }
            for entry in parked { entry.delivery.parked = nil }
            return parked
        }
    }

    /// Another server may write the document too: from now on, a change that could not be saved is
    /// parked, and `body` is asked to have the document catch up.
    func startCatchingUp(_ body: @escaping @Sendable () -> Void) { lock.withLock { catchUp = body } }

    /// Catching up stops: the document is closing.
    func stopCatchingUp() { lock.withLock { catchUp = nil } }

    /// Sends `send` ahead of every change still waiting to be saved: another server's change, saved
    /// already, that the parked changes are made again on top of.
    func deliverAhead(_ send: @escaping () -> Void) {
        lock.withLock {
            waiting.insert(Delivery(send: send), at: sentCount)
            sendReady()
        }
    }

    /// Saves a parked change made again (`change`, as made now), in its place, or, when it is no
    /// longer needed (another server applied its edit, or it changes nothing now), runs `announce`
    /// there instead, with the position saved, and lets what waited behind it go.
    func resubmit(_ parked: Parked, as change: MarkupChange?, current: () -> Markup, announce: @escaping @Sendable (Int64?) -> Void) {
        guard let change, !change.isEmpty else {
            return lock.withLock {
                parked.delivery.send = { announce(self.savedSequence) }
                sendReady()
            }
        }
        lock.withLock { inFlight += 1 }
        submit(change, operation: parked.operation, in: parked.delivery, current: current, announce: announce)
    }

    /// How many changes were saved, or failed for good, since the last call: the controller's oldest
    /// unconfirmed ones.
    func takeCompleted() -> Int {
        lock.withLock {
            defer { completed = 0 }
            return completed
        }
    }

    /// Puts back what `beginCatchUp` took when catching up failed (the library could not be read),
    /// and asks again in a while.
    func retryCatchUp(_ parked: [Parked], after delay: Double) {
        lock.withLock {
            for entry in parked { entry.delivery.parked = (entry.change, entry.operation) }
            isParking = isParking || !parked.isEmpty
            isBehind = true
            askToCatchUp(after: delay)
        }
    }

    /// Asks the document to catch up once `delay` seconds have passed, not before. Under `lock`.
    private func askToCatchUp(after delay: Double) {
        isCatchUpAsked = true
        isRetryWaiting = true
        retryWait += 1
        let wait = retryWait
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            lock.withLock {
                guard wait == retryWait else { return }
                isRetryWaiting = false
                isCatchUpAsked = false
                askToCatchUpIfDue()
            }
        }
    }

    /// Whether a change that failed with `error` may be saved later, made again: another writer got
    /// there first, or the library could not be written just then (busy, full, cut off). A document
    /// gone or read-only is not tried again.
    static func mayBeSavedLater(_ error: StoreError) -> Bool {
        switch error {
        case .conflict, .database, .postgres, .file: true
        default: false
        }
    }

    /// The first wait before a change the library could not take is tried again; each failure in a
    /// row doubles it, up to the longest.
    static let firstRetrySeconds = 0.25
    static let longestRetrySeconds = 30.0

    /// Whether the library has just begun to refuse this document's changes, and its pages are yet to
    /// be told their edits wait (once a run of failures).
    func takeUntoldFailure() -> Bool {
        lock.withLock {
            defer { isFailureUntold = false }
            return isFailureUntold
        }
    }

    /// Takes note of edits another server applied, so their resends are acknowledged, not applied.
    func noteApplied(_ applied: [String]) {
        lock.withLock { operations.formUnion(applied) }
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
