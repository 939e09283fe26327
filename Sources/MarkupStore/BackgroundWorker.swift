import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own, by default at the lowest CPU priority, running jobs one after another in the
/// order they were given: for the work no one waits on (snapshots, their thumbnails, copying the
/// write-ahead log back), so it takes only the time the stroke commits leave. Under the scheduler a
/// waking commit thread then runs at once instead of waiting for a snapshot's time slice to end.
/// Jobs that block (waiting for a snapshot) belong here too, not on Dispatch's threads: those are
/// at most 255, and a job that waits for work Dispatch runs must not hold one of them.
public final class BackgroundWorker: @unchecked Sendable {
    /// The nice value a worker runs at unless it is given another: the lowest priority there is.
    public static let niceness: Int32 = 19
    /// Writes every open document's snapshots, one at a time.
    static let snapshots = BackgroundWorker(name: "markupkit.snapshots")
    /// Copies every library's write-ahead log back into its database.
    static let checkpoints = BackgroundWorker(name: "markupkit.checkpoints")

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    /// Starts the thread, named `name` where the platform shows thread names, at nice value `niceness`.
    public init(name: String, niceness: Int32 = BackgroundWorker.niceness) {
        Self.startThread(named: name, niceness: niceness) { [self] in run() }
    }

    /// Starts a thread named `name` that runs `body` at nice value `niceness`.
    public static func startThread(named name: String, niceness: Int32, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if canImport(Glibc)
            // On Linux the nice value belongs to the thread, and `who` 0 names the calling one.
            if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
            #endif
            body()
        }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on the worker's thread after every job given before it.
    public func run(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func run() {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job()
        }
    }
}
