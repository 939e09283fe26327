import Foundation
import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// What only the PostgreSQL store has to do: live with a server that closes its connection.
struct PostgresStoreTests {
    /// The server closes the store's connection (a restart, a failover): the next call outside a
    /// transaction connects again and works, and nothing written before is lost.
    @Test func aConnectionTheServerClosedIsMadeAgain() throws {
        let url = try TemporaryPostgres.shared.get().newDatabase()
        let store = try PostgresDocumentStore(url: url)
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10))).encoded()
        let id = try store.create(title: "Before", encoded: blank).id
        let closed = try PostgresConnection(url: url).query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        // The store's two connections: one for writes, one for reads.
        #expect(closed.count == 2)
        #expect(try store.documents().map(\.id) == [id])
        #expect(try store.create(title: "After", encoded: blank).title == "After")
    }
}
