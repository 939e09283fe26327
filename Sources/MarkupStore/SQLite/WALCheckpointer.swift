import Foundation

/// Copies the write-ahead log back into the database on a connection of its own, on a low-priority
/// `BackgroundWorker`. SQLite would otherwise do it inside whichever commit grows the log past its
/// threshold, under the store's lock, so one stroke's save would wait for megabytes of a snapshot to
/// be copied. A passive checkpoint blocks no writer.
///
/// Each checkpoint ends with a sync of the database, which the disk serves beside the commits' own,
/// so while commits keep coming, checkpoints start at most every `Policy.minimumInterval`: each
/// copies the pages the commits since the last one touched, once however often they were rewritten.
/// The log starts over from its beginning only when a transaction begins with every page of it
/// copied, which a checkpoint beside a steady stream of commits never sees; so once the log holds
/// `Policy.pagesBeforeWriterCatchesUp`, a checkpoint starts at once, and after it the writer copies
/// the rest itself before its next transaction (`catchUp`): one commit waits for the pages committed
/// during that checkpoint, and the log stays near the bound, its file written over from the start.
///
/// While a large write (a snapshot) goes on, appends do not catch up: the pages to copy would be the
/// large write's, copied under the store's lock while a stroke's save waits. The large write's own
/// thread copies the log instead, after each of its parts (`copyLog`). An append's sync of
/// the log waits on the disk behind whatever a sync of the database has in flight: with a checkpoint
/// only every `minimumInterval`, each syncing the megabytes of parts written since the last, the
/// slowest appends during a 36 MB snapshot took 20–35 ms; copied a part at a time, no sync of the
/// database holds more than a part and the appends' few pages. When the large write ends, its writer
/// copies the log here, beside the appends, and then catches up on only what the appends committed
/// meanwhile (`settleAfterBulkWrite`).
final class WALCheckpointer: @unchecked Sendable {
    /// When checkpoints run.
    struct Policy: Sendable {
        /// Pages in the log after which a checkpoint is started.
        var pagesBeforeCheckpoint: Int64
        /// Pages in the log after which the writer catches up.
        var pagesBeforeWriterCatchesUp: Int64
        /// The least time from one background checkpoint's start to the next, in nanoseconds.
        var minimumInterval: UInt64

        /// SQLite's own threshold; a bound of 16 MiB of 4 KiB pages; ten checkpoints a second at most.
        static let standard = Policy(pagesBeforeCheckpoint: 2000, pagesBeforeWriterCatchesUp: 4096, minimumInterval: 100_000_000)
    }

    let policy: Policy
    private let connection: SQLiteConnection
    private let lock = NSLock()
    private var scheduled = false
    private var lastStart: UInt64 = 0
    private var writerMustCatchUp = false
    private var started = 0
    private var bulkWrites = 0
    /// Keeps the background checkpoint and one run for a large write off this connection at once.
    private let checkpointing = NSLock()

    init(path: String, policy: Policy) throws(StoreError) {
        connection = try SQLiteConnection(path: path)
        self.policy = policy
    }

    /// Background checkpoints started so far.
    var checkpointsStarted: Int { lock.withLock { started } }

    /// Whether a background checkpoint is waiting for its thread to run it.
    var hasCheckpointWaiting: Bool { lock.withLock { scheduled } }

    /// Whether the log has grown past its bound and the writer has yet to catch up.
    var isWriterBehind: Bool { lock.withLock { writerMustCatchUp } }

    /// Called after each commit with the pages in the log: starts a checkpoint when one is due and
    /// none is waiting to run. Past the bound one starts at once, and once it is done the writer
    /// catches up: it then has only the pages committed meanwhile to copy.
    func committed(pagesInLog pages: Int64) {
        let isPastBound = pages >= policy.pagesBeforeWriterCatchesUp
        let start: Bool = lock.withLock {
            // The checkpoints' thread runs only when nothing else wants to: under a heavy load the
            // writer does not wait for it past twice the bound.
            if pages / 2 >= policy.pagesBeforeWriterCatchesUp { writerMustCatchUp = true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard pages >= policy.pagesBeforeCheckpoint, !scheduled,
                  isPastBound || started == 0 || now - lastStart >= policy.minimumInterval else { return false }
            (scheduled, lastStart, started) = (true, now, started + 1)
            return true
        }
        guard start else { return }
        BackgroundWorker.checkpoints.run { [self] in
            lock.withLock { scheduled = false }
            let result = copyLog()
            if isPastBound, let result, result.pagesInLog >= policy.pagesBeforeWriterCatchesUp { lock.withLock { writerMustCatchUp = true } }
        }
    }

    /// For the writer, on its own connection before a transaction: when the log has grown past its
    /// bound, copies what is left of it, so the transaction starts the log over. A background
    /// checkpoint still running puts this off to the next transaction.
    func catchUp(_ writer: SQLiteConnection) {
        guard lock.withLock({ writerMustCatchUp && bulkWrites == 0 }) else { return }
        catchUpNow(writer)
    }

    private func catchUpNow(_ writer: SQLiteConnection) {
        guard let result = writer.checkpoint(), result.pagesCopied == result.pagesInLog else { return }
        lock.withLock { writerMustCatchUp = false }
    }

    /// Copies the log into the database now, on this connection and the caller's thread, beside the
    /// appends: the background checkpoints' work, and a large write's after each of its parts.
    @discardableResult
    func copyLog() -> (pagesInLog: Int64, pagesCopied: Int64)? {
        checkpointing.withLock { connection.checkpoint() }
    }

    /// Marks a large write's start: until its `settleAfterBulkWrite`, appends do not catch up.
    func beginBulkWrite() {
        lock.withLock { bulkWrites += 1 }
    }

    /// Ends a large write. When the log has grown past its bound, copies it on this connection
    /// (no writer waits for that), then has `locked` run the writer's catch-up on `writer`, which
    /// copies only what was committed meanwhile.
    func settleAfterBulkWrite(_ writer: SQLiteConnection, locked: (() -> Void) -> Void) {
        let mustCatchUp = lock.withLock { () -> Bool in
            bulkWrites -= 1
            return bulkWrites == 0 && writerMustCatchUp
        }
        guard mustCatchUp else { return }
        copyLog()
        locked { catchUpNow(writer) }
    }
}
