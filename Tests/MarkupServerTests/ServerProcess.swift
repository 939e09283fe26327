import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import MarkupServer
import MarkupTestSupport

/// `markupkit serve` of a library in a process of its own, as people run it: its sockets count
/// against its own descriptor limit, not the tests'. What it writes is read as it comes, so a
/// server that writes much never waits on a full pipe.
final class ServerProcess {
    enum Failure: Error, CustomStringConvertible {
        case didNotStart(said: String)
        case unreadableStatistics(String)

        var description: String {
            switch self {
            case .didNotStart(let said): "markupkit serve did not start; it said: \(said)"
            case .unreadableStatistics(let why): "the server's processor time could not be read: \(why)"
            }
        }
    }

    /// What the server writes (its first 4 MiB), filled by a thread of its own until the pipe ends.
    private final class Transcript: @unchecked Sendable {
        private let lock = NSLock()
        private var written = Data()
        private var port: Int?
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)

        var text: String { lock.withLock { String(decoding: written, as: UTF8.self) } }
        var announcedPort: Int? { lock.withLock { port } }

        func read(_ handle: FileHandle) {
            var toldStart = false
            while true {
                let more = handle.availableData
                lock.withLock { written += more.prefix(max(0, (4 << 20) - written.count)) }
                if !toldStart, more.isEmpty || Self.port(in: text) != nil {
                    lock.withLock { port = Self.port(in: String(decoding: written, as: UTF8.self)) }
                    toldStart = true
                    started.signal()
                }
                if more.isEmpty { break }
            }
            finished.signal()
        }

        /// The port in the whole line saying where the server runs, if it has been written.
        private static func port(in output: String) -> Int? {
            guard let line = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first(where: { $0.contains("running at http://") }),
                  let authority = line.split(separator: "running at http://").last?.split(separator: "/").first,
                  let port = authority.split(separator: ":").last else { return nil }
            return Int(port)
        }
    }

    let port: Int
    private let process = Process()
    private let transcript = Transcript()
    private var isStopped = false

    /// `descriptorLimit`: the most descriptors the server may open (its hard limit too), when given.
    /// `quiet`: without its request log.
    init(library: String, descriptorLimit: Int? = nil, quiet: Bool = true) throws {
        let binary = BuiltProducts.executable(named: "markupkit").path
        let arguments = ["serve", "--library", library, "--port", "0"] + (quiet ? ["--quiet"] : [])
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let (transcript, reading) = (transcript, pipe.fileHandleForReading)
        Thread.detachNewThread { transcript.read(reading) }
        _ = transcript.started.wait(timeout: .now() + 30)
        guard let port = transcript.announcedPort else {
            Self.stop(process, transcript)
            throw Failure.didNotStart(said: transcript.text)
        }
        self.port = port
    }

    /// What the server has written so far (its first 4 MiB).
    var output: String { transcript.text }

    /// Seconds of processor time the server has used, in and out of the kernel.
    func processorSeconds() throws -> Double {
        let path = "/proc/\(process.processIdentifier)/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let afterName = stat.range(of: ") ", options: .backwards) else {
            throw Failure.unreadableStatistics("no \(path)")
        }
        // Fields from the state on: utime and stime are the 12th and 13th.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw Failure.unreadableStatistics(String(stat.prefix(200)))
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Asks the server to stop (SIGTERM) and waits for it, killing it after `seconds`; what it wrote
    /// as it stopped is in `output` after.
    func stop(within seconds: Double = 20) {
        guard !isStopped else { return }
        isStopped = true
        Self.stop(process, transcript, within: seconds)
    }

    private static func stop(_ process: Process, _ transcript: Transcript, within seconds: Double = 20) {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        _ = transcript.finished.wait(timeout: .now() + 5)
    }

    deinit { stop() }
}
