import Foundation
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// The stores the shared store tests run against: the embedded SQLite one and PostgreSQL.
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A new, empty library on this backend.
    func library() throws -> BackendLibrary {
        switch self {
        case .sqlite: BackendLibrary(sqlite: TemporaryLibrary())
        case .postgres: BackendLibrary(postgresURL: try TemporaryPostgres.shared.get().newDatabase())
        }
    }
}

/// One test's library: opened as many times as the test likes, each a new connection, as a
/// restarted server would open it.
final class BackendLibrary {
    private let sqlite: TemporaryLibrary?
    private let postgresURL: String?

    init(sqlite: TemporaryLibrary) { (self.sqlite, postgresURL) = (sqlite, nil) }
    init(postgresURL: String) { (sqlite, self.postgresURL) = (nil, postgresURL) }

    /// Where the library is, as a program given it would open it: a path or a URL.
    var location: String { sqlite?.path ?? postgresURL! }

    func open() throws -> any DocumentStore {
        if let sqlite { return try sqlite.open() }
        return try PostgresDocumentStore(url: postgresURL!)
    }

    /// Whether the store's own consistency check passes (SQLite's integrity check; PostgreSQL keeps
    /// its own pages sound).
    func isSound(_ store: any DocumentStore) throws -> Bool {
        guard let store = store as? SQLiteDocumentStore else { return true }
        return try store.integrityCheck() == "ok"
    }
}
