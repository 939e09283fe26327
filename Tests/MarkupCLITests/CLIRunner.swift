import Foundation
import MarkupTestSupport

/// Runs the real `markupkit` binary built beside the tests, in a scratch directory of its own.
struct CLIRunner {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("markupkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The binary: `MARKUPKIT_BIN` if set, else `markupkit` in the build directory the tests run from.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["MARKUPKIT_BIN"] { return URL(fileURLWithPath: path) }
        return BuiltProducts.executable(named: "markupkit")
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func run(_ arguments: String...) throws -> Output {
        try run(arguments)
    }

    func run(_ first: String, _ rest: [String]) throws -> Output {
        try run([first] + rest)
    }

    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Output {
        let process = Process()
        if let environment { process.environment = environment }
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// A `markupkit serve` of a library in this directory on a free port, started and not waited
    /// for; stop it with `stop(_:)`. `environment`: the one it starts with, instead of this one.
    func startServer(library: String = "library.sqlite", environment: [String: String]? = nil) throws -> Process {
        try startServer(arguments: ["--library", path(library), "--port", "0"], environment: environment)
    }

    /// A quiet `markupkit serve` with `arguments`, started and not waited for.
    func startServer(arguments: [String], environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve"] + arguments + ["--quiet"]
        if let environment { process.environment = environment }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }

    /// What a server started by `startServer` prints as it starts, up to the line naming its library.
    static func startupOutput(of server: Process) -> String {
        guard let output = (server.standardOutput as? Pipe)?.fileHandleForReading else { return "" }
        var said = ""
        while !said.contains("Library:") || !said.hasSuffix("\n") {
            let more = output.availableData
            if more.isEmpty { break }
            said += String(decoding: more, as: UTF8.self)
        }
        return said
    }

    /// Sends a running `process` SIGTERM and waits up to `seconds` for it to end; one that has not
    /// by then is killed. Returns whether it ended on its own.
    @discardableResult
    static func stop(_ process: Process, within seconds: Double = 10) -> Bool {
        process.terminate()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
