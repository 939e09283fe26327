import Foundation
@testable import MarkupStore
import Testing

/// What an append asks of SQLite costs the same however long the document's journal is: its check
/// for entries of unknown kinds seeks the partial index that holds only those.
struct JournalQueryPlanTests {
    @Test func theUnknownKindsCheckSeeksThePartialIndex() throws {
        let library = TemporaryLibrary()
        _ = try library.open()
        let connection = try SQLiteConnection(path: library.path)
        let plan = try connection.prepare("EXPLAIN QUERY PLAN " + SQLiteDocumentStore.unknownKindsProbe)
        var details = [String]()
        while try plan.step() { details.append(plan.text(3)) }
        plan.reset()
        #expect(details == ["SEARCH journal USING INDEX journal_unknown_kinds (document=?)"], "\(details)")
    }
}
