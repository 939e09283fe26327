import Foundation
import Testing

/// `markupkit serve` ends on SIGTERM whenever it comes: while starting, it ends as any process
/// would; once started, it saves and exits 0. A signal in between must never be lost.
@Suite struct ServeSignalTests {
    @Test func aSigtermAtAnyMomentOfStartingEndsTheServer() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        for step in 0..<16 {
            let process = try cli.startServer(library: "library\(step).sqlite")
            Thread.sleep(forTimeInterval: Double(step) * 0.03)
            let ended = CLIRunner.stop(process)
            #expect(ended, "SIGTERM \(Double(step) * 0.03) s after starting was lost")
            #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 0)
        }
    }
}
