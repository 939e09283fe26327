import Foundation

/// Another program the tests check our files with (Xournal++, Inkscape, poppler's tools), found on
/// PATH and run to completion.
public enum ExternalProgram {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The program's full path, or nil when it is not installed.
    public static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `name` with `arguments`; throws when it is missing or exits with an error, saying what
    /// it wrote.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String]) throws -> String {
        guard let path = path(of: name) else {
            throw Failure(description: "\(name) is not installed (scripts/install-deps.sh test installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = environment["HOME"] ?? NSTemporaryDirectory()
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(text)")
        }
        return text
    }

    /// A new empty directory for one test's files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("markupkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
