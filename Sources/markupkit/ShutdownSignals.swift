import Dispatch
import Foundation

/// SIGINT and SIGTERM run a shutdown once, then the process exits 0.
///
/// On Linux, Dispatch catches a signal it has a source for with a handler of its own, installed
/// when the source is registered, which is a moment after `resume()`. Ignoring the signal first, as
/// Darwin needs, would lose one that arrives in between: the process would go on running. Without
/// it, such a signal ends the process as it would have before the sources.
enum ShutdownSignals {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install(_ shutdown: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "markupkit.signals")
        for number in [SIGINT, SIGTERM] {
            #if !os(Linux)
            signal(number, SIG_IGN)
            #endif
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
