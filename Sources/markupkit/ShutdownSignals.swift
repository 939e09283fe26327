import Dispatch
import Foundation

/// SIGINT and SIGTERM run a shutdown once, then the process exits 0.
enum ShutdownSignals {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install(_ shutdown: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "markupkit.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                shutdown()
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
    }
}
