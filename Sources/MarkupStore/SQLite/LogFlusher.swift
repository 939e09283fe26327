import Foundation

/// Writes a database's write-ahead log to disk through a descriptor of its own, outside the store's
/// lock. A snapshot's transactions commit without a sync; left alone, their pages would be written
/// by the sync of the next stroke's append, which would wait for megabytes of snapshot.
final class LogFlusher: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var descriptor: Int32 = -1

    /// For the database at `databasePath`, whose log SQLite keeps beside it.
    init(databasePath: String) {
        path = databasePath + "-wal"
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Syncs the log's data to disk; does nothing when the log cannot be opened (the next append's
    /// sync then writes it, as without this).
    func flush() {
        let descriptor = lock.withLock { () -> Int32 in
            if self.descriptor < 0 { self.descriptor = open(path, O_RDONLY | O_CLOEXEC) }
            return self.descriptor
        }
        if descriptor >= 0 { _ = fdatasync(descriptor) }
    }
}
