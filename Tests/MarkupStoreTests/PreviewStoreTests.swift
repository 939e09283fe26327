import Foundation
@testable import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// A document's kept first view is given out only while it shows the document as it is.
struct PreviewStoreTests {
    @Test func aPreviewIsGivenOnlyWhileNoJournalEntryFollowsIt() throws {
        let library = TemporaryLibrary()
        let store = try library.open()
        let markup = RandomDocuments.make(seed: 12)
        let summary = try store.create(title: "Kept", encoded: try MarkupFile(markup: markup).encoded())
        #expect(try store.preview(of: summary.id, dark: false) == nil)
        try store.writePreview(DocumentPreview(sequence: 0, light: Data("light".utf8), dark: Data("dark".utf8)), of: summary.id)
        #expect(try store.preview(of: summary.id, dark: false) == Data("light".utf8))
        #expect(try store.preview(of: summary.id, dark: true) == Data("dark".utf8))

        let change = MarkupChange(removed: [markup.elements[0].id])
        let sequence = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(change))], to: summary.id, expectingHead: 0)
        #expect(try store.preview(of: summary.id, dark: false) == nil)
        try store.writePreview(DocumentPreview(sequence: sequence, light: Data("after".utf8), dark: Data("after, dark".utf8)), of: summary.id)
        #expect(try store.preview(of: summary.id, dark: true) == Data("after, dark".utf8))

        try store.delete(summary.id)
        #expect(try store.connectionForTests { try $0.integer("SELECT COUNT(*) FROM previews") } == 0)
    }
}
