import CSQLite
import Foundation

/// Copies the write-ahead log back into the database on a connection of its own, on a low-priority
/// `BackgroundWorker`. SQLite would otherwise do it inside whichever commit grows the log past its
/// threshold, under the store's lock, so one stroke's save would wait for megabytes of a snapshot to
/// be copied. A passive checkpoint blocks no writer.
final class WALCheckpointer: @unchecked Sendable {
    /// Pages in the log after which a checkpoint is started: SQLite's own default.
    static let pagesBeforeCheckpoint: Int32 = 2000

    private let connection: SQLiteConnection
    private let lock = NSLock()
    private var scheduled = false

    init(path: String) throws(StoreError) {
        connection = try SQLiteConnection(path: path)
    }

    /// Starts a checkpoint unless one is already waiting to run.
    func request() {
        let start: Bool = lock.withLock {
            defer { scheduled = true }
            return !scheduled
        }
        guard start else { return }
        BackgroundWorker.checkpoints.run { [self] in
            lock.withLock { scheduled = false }
            try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
    }
}
