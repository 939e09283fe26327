import Foundation

/// Makes journal appends from every open document durable together: while one batch is written,
/// the next gathers, so one sync to disk serves every change that arrived meanwhile (group commit).
/// Each append still completes only after its transaction has committed, and completions run in the
/// order appends were submitted, on the committer's own thread.
public final class GroupCommitter: @unchecked Sendable {
    public typealias Completion = @Sendable (Result<Int64, StoreError>) -> Void

    private let store: any DocumentStore
    private let condition = NSCondition()
    private var waiting: [Queued] = []
    private var isStopping = false
    private let stopped = DispatchSemaphore(value: 0)
    /// Appends written in one transaction at most: a bound on the time one batch takes.
    static let largestBatch = 512
    /// How long each recent batch took to write and sync, in seconds, oldest first: a commit's
    /// latency is mostly the wait for the batch before it and then its own, so their tail is the
    /// commits' tail. Guarded by `condition`; the most recent `keptDurations` only.
    private var durations: [Double] = []
    static let keptDurations = 100_000

    public init(store: any DocumentStore) {
        self.store = store
        let thread = Thread { [self] in run() }
        thread.name = "markupkit.journal"
        thread.start()
    }

    /// One append waiting, or (with no request) something to run once those before it are done.
    private struct Queued {
        var request: JournalAppend?
        var refusal: (@Sendable () -> StoreError?)?
        var completion: Completion
    }

    /// Queues `request`; `completion` runs once it is durable, or has failed. `refusal`, when given,
    /// is asked just before the request's batch is written, after everything before it completed:
    /// an error it returns fails the request unwritten (an append built on one that failed).
    public func append(_ request: JournalAppend, refusal: (@Sendable () -> StoreError?)? = nil, completion: @escaping Completion) {
        enqueue(Queued(request: request, refusal: refusal, completion: completion))
    }

    /// How long each batch written since the last call took, from its transaction's start to the
    /// end of its sync, in seconds (at most the last `keptDurations`).
    public func takeDurations() -> [Double] {
        condition.withLock {
            defer { durations.removeAll(keepingCapacity: true) }
            return durations
        }
    }

    /// Runs `body` once everything submitted before it has completed.
    public func afterPending(_ body: @escaping @Sendable () -> Void) {
        enqueue(Queued(request: nil, completion: { _ in body() }))
    }

    /// Completes what is queued, then ends the committer's thread; appends after that are written
    /// at once, on the caller's thread.
    public func stop() {
        let wasRunning = condition.withLock {
            defer { isStopping = true }
            condition.signal()
            return !isStopping
        }
        if wasRunning { stopped.wait() }
    }

    private func enqueue(_ item: Queued) {
        let queued = condition.withLock {
            guard !isStopping else { return false }
            waiting.append(item)
            condition.signal()
            return true
        }
        guard !queued else { return }
        if let refused = item.refusal?() { return item.completion(.failure(refused)) }
        item.completion(item.request.map { store.append([$0])[0] } ?? .success(0))
    }

    private func run() {
        while true {
            let batch: [Queued] = condition.withLock {
                while waiting.isEmpty, !isStopping { condition.wait() }
                let taken = Array(waiting.prefix(Self.largestBatch))
                waiting.removeFirst(taken.count)
                return taken
            }
            if batch.isEmpty { break }
            let start = DispatchTime.now().uptimeNanoseconds
            let refusals = batch.map { $0.request == nil ? nil : $0.refusal?() }
            let written = zip(batch, refusals).compactMap { $1 == nil ? $0.request : nil }
            var results = store.append(written).makeIterator()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            condition.withLock {
                if durations.count == Self.keptDurations { durations.removeFirst(Self.keptDurations / 2) }
                durations.append(seconds)
            }
            for (item, refusal) in zip(batch, refusals) {
                if let refusal { item.completion(.failure(refusal)) } else { item.completion(item.request == nil ? .success(0) : results.next()!) }
            }
        }
        stopped.signal()
    }
}
