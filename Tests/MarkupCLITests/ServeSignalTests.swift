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

/// One `markupkit serve` for a library file: a second would keep its own copy of the open documents,
/// and the pages on each would stop seeing each other's strokes. The first keeps its own name.
@Suite struct ServeLockTests {
    @Test func aSecondServerOnOneLibraryFileIsRefusedUntilTheFirstStops() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = try cli.startServer(library: "library.sqlite")
        defer { CLIRunner.stop(first) }
        // Once the first is serving (its lock file names it), a second is refused in words.
        let lock = cli.path("library.sqlite-serve.lock")
        let deadline = Date().addingTimeInterval(20)
        while (try? String(contentsOfFile: lock, encoding: .utf8))?.contains("\(first.processIdentifier)") != true, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let second = try cli.run("serve", "--library", cli.path("library.sqlite"), "--port", "0", "--quiet")
        #expect(second.status == 1 && second.stderr.contains("another markupkit serve (process \(first.processIdentifier)) is serving"),
                "\(second.stderr)")
        // The same file by another path (a link to it) is the same library.
        #expect(symlink(cli.path("library.sqlite"), cli.path("linked.sqlite")) == 0)
        let linked = try cli.run("serve", "--library", cli.path("linked.sqlite"), "--port", "0", "--quiet")
        #expect(linked.status == 1 && linked.stderr.contains("another markupkit serve"), "\(linked.stderr)")
        let name = try String(contentsOfFile: "/proc/\(first.processIdentifier)/comm", encoding: .utf8)
        #expect(name.trimmingCharacters(in: .whitespacesAndNewlines) == "markupkit", "ps shows it as \(name)")
        #expect(CLIRunner.stop(first))
        let third = try cli.startServer(library: "library.sqlite")
        defer { CLIRunner.stop(third) }
        Thread.sleep(forTimeInterval: 1)
        #expect(third.isRunning, "a server after the first had stopped was refused")
    }

    /// A token given in the environment is known already: the addresses are printed without it,
    /// where a service's output is kept; a token the server made is printed, the address being
    /// useless without it.
    @Test func aTokenFromTheEnvironmentIsNotPrinted() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["MARKUPKIT_TOKEN"] = "0123456789abcdef0123456789abcdef"
        for (name, given) in [("given.sqlite", environment), ("made.sqlite", environment.filter { $0.key != "MARKUPKIT_TOKEN" })] {
            let server = try cli.startServer(arguments: ["--library", cli.path(name), "--host", "0.0.0.0", "--port", "0"], environment: given)
            defer { CLIRunner.stop(server) }
            let said = CLIRunner.startupOutput(of: server)
            if given["MARKUPKIT_TOKEN"] != nil {
                #expect(!said.contains("0123456789abcdef") && said.contains("(add ?token= and MARKUPKIT_TOKEN's value)"), "\(said)")
            } else {
                #expect(said.contains("/?token="), "\(said)")
            }
        }
    }
}
