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

    /// The store the options name, and how to name it to the user (never with a password).
    static func open(_ arguments: CommandLineArguments) throws -> (store: any DocumentStore, name: String) {
        if let url = arguments.value("--database") {
            guard arguments.value("--library") == nil else { throw UsageError("--library and --database name two libraries; give one") }
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else { throw UsageError("--database takes a postgres:// URL") }
            return (try PostgresDocumentStore(url: url), redacted(url))
        }
        let path = arguments.value("--library") ?? LibraryLocation.defaultPath()
        return (try SQLiteDocumentStore(path: path), path)
    }

    /// `url` with any password left out.
    static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "…"
        return parts.string ?? "a PostgreSQL database"
    }
}
