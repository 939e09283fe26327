import Foundation
@testable import MarkupStore
import Testing

/// What an append asks of SQLite costs the same however long the document's journal is: its check
/// for entries of unknown kinds seeks the kinds index instead of reading every entry.
struct JournalQueryPlanTests {
    @Test func theUnknownKindsCheckSeeksTheIndex() throws {
        let library = TemporaryLibrary()
        _ = try library.open()
        let connection = try SQLiteConnection(path: library.path)
        let plan = try connection.prepare("EXPLAIN QUERY PLAN " + SQLiteDocumentStore.unknownKindsProbe)
        var details = [String]()
        while try plan.step() { details.append(plan.text(3)) }
        plan.reset()
        let searches = details.filter { $0.contains("journal") }
        #expect(searches.count == 2, "\(details)")
        #expect(searches.allSatisfy { $0.contains("SEARCH") && ($0.contains("kind<?") || $0.contains("kind>?")) }, "\(details)")
    }
}
