import Foundation

/// A real PostgreSQL for the tests, started once per test process by `scripts/postgres.sh` in a
/// temporary folder and stopped when the process ends; each library is a database of its own.
public final class TemporaryPostgres: @unchecked Sendable {
    /// The server, or why it could not be started.
    public static let shared = Result { try TemporaryPostgres() }

    private let url: String

    private init() throws {
        // The server runs as the `postgres` user, who must reach the folder: not under a private one.
        let folder = "/tmp/markupkit-postgres-\(getpid())"
        let script = Self.repository + "/scripts/postgres.sh"
        url = try Self.shell("bash '\(script)' start '\(folder)'")
        Self.stopping = (script, folder)
        atexit {
            guard let (script, folder) = TemporaryPostgres.stopping else { return }
            _ = try? TemporaryPostgres.shell("bash '\(script)' stop '\(folder)'")
        }
    }

    nonisolated(unsafe) private static var stopping: (script: String, folder: String)?

    /// The URL of a new, empty database.
    public func newDatabase() throws -> String {
        let name = "library_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try Self.shell("psql '\(url)' -v ON_ERROR_STOP=1 -qc 'CREATE DATABASE \(name)'")
        return url.replacingOccurrences(of: "/postgres?", with: "/\(name)?")
    }

    /// Runs `command` with the shell and returns what it printed. (Foundation's `Process` waits
    /// forever once the script has left the server running.)
    private static func shell(_ command: String) throws -> String {
        let output = NSTemporaryDirectory() + "markupkit-postgres-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = system("\(command) > '\(output)' 2>&1")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw ExternalProgram.Failure(description: "\(command) failed: \(text)") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
