import Foundation
import MarkupStore

/// Threads of their own for requests that take long (exports, imports, duplicates): a few
/// at once, at a lower priority, apart from Dispatch's threads, so that however many of them are
/// asked for, the library, the pages, their files and every page's messages are served meanwhile.
/// Past `maximumWaiting` requests waiting their turn, a new one is turned away.
final class RequestLane: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var isStopping = false
    private var hasThreads = false
    private let name: String, threads: Int, maximumWaiting: Int, niceness: Int32

    /// `threads` threads named `name`, at nice value `niceness`, started with the first job.
    init(name: String, threads: Int, maximumWaiting: Int, niceness: Int32 = 5) {
        (self.name, self.threads, self.maximumWaiting, self.niceness) = (name, threads, maximumWaiting, niceness)
    }

    /// Queues `job`; false (and `job` never runs) when too many wait already, or the lane stopped.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.withLock {
            guard !isStopping, jobs.count < maximumWaiting else { return false }
            if !hasThreads {
                hasThreads = true
                startThreads()
            }
            jobs.append(job)
            condition.signal()
            return true
        }
    }

    private func startThreads() {
        for index in 0..<threads {
            BackgroundWorker.startThread(named: "\(name).\(index)", niceness: niceness) { [self] in run() }
        }
    }

    /// Lets the threads end once what was queued has run.
    func stop() {
        condition.withLock {
            isStopping = true
            condition.broadcast()
        }
    }

    private func run() {
        while true {
            let job: (@Sendable () -> Void)? = condition.withLock {
                while jobs.isEmpty && !isStopping { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let job else { return }
            job()
        }
    }
}
