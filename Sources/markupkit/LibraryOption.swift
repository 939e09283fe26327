import Foundation
import MarkupStore

/// Where the library is, as `serve` and `library` take it: a SQLite file (`--library PATH`, by
/// default in the XDG data folder) or a PostgreSQL database (`--database postgres://…`).
enum LibraryOption {
    static let valueOptions: Set<String> = ["--library", "--database"]

    static let help = """
          --library PATH   The library file (default $XDG_DATA_HOME/markupkit/library.sqlite)
          --database URL   A library on PostgreSQL instead (postgres://user@host/database); its tables
                           are made on first use
        """

    /// The library file the options name; nil for a PostgreSQL library.
    static func filePath(_ arguments: CommandLineArguments) -> String? {
        arguments.value("--database") == nil ? arguments.value("--library") ?? LibraryLocation.defaultPath() : nil
    }

    /// The store the options name, and how to name it to the user (never with a password). A
    /// library file that is not there yet is made only when `creating`.
    static func open(_ arguments: CommandLineArguments, creating: Bool = true) throws -> (store: any DocumentStore, name: String) {
        if let url = arguments.value("--database") {
            guard arguments.value("--library") == nil else { throw UsageError("--library and --database name two libraries; give one") }
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else { throw UsageError("--database takes a postgres:// URL") }
            return (try PostgresDocumentStore(url: url), redacted(url))
        }
        let path = filePath(arguments) ?? LibraryLocation.defaultPath()
        guard creating || FileManager.default.fileExists(atPath: path) else { throw MissingLibrary(path: path) }
        return (try SQLiteDocumentStore(path: path), path)
    }

    /// No library file where one was to be read.
    struct MissingLibrary: Error, CustomStringConvertible {
        let path: String
        var description: String { "there is no library at \(path) (markupkit serve or library import makes one)" }
    }

    /// `url` with any password left out: after the user's name, or as a `password` parameter (libpq
    /// takes both).
    static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return "a PostgreSQL database" }
        let hasParameter = parts.queryItems?.contains { $0.name.lowercased() == "password" } ?? false
        guard parts.password != nil || hasParameter else { return url }
        if parts.password != nil { parts.password = "…" }
        parts.queryItems = parts.queryItems?.map { $0.name.lowercased() == "password" ? URLQueryItem(name: $0.name, value: "…") : $0 }
        return parts.string?.replacingOccurrences(of: "%E2%80%A6", with: "…") ?? "a PostgreSQL database"
    }
}
