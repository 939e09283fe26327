import Foundation
import Glibc
@testable import MarkupStore
import Testing

/// Snapshots and checkpoints run on threads the scheduler runs only when nothing else wants to, one
/// job after another in the order they were given.
struct BackgroundWorkerTests {
    @Test func jobsRunInOrderAtTheLowestPriority() {
        let worker = BackgroundWorker(name: "markupkit.test")
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var order = [Int](), niceness = [Int32]()
        }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        for job in 0..<50 {
            worker.run {
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                seen.lock.withLock {
                    seen.order.append(job)
                    seen.niceness.append(nice)
                }
                if job == 49 { done.signal() }
            }
        }
        done.wait()
        #expect(seen.order == Array(0..<50))
        #expect(Set(seen.niceness) == [BackgroundWorker.niceness])
    }
}
