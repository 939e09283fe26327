import Foundation
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// A document open on one server while something else writes its journal (the command line, a copy
/// of it still closing), or while the library refuses writes for a while: no edit is lost, none is
/// kept twice, and the pages end with what the library holds.
struct OtherWritersTests {
    /// The ids of the document's elements as the library holds it.
    static func stored(_ test: TestServer, _ id: String) throws -> Set<String> {
        Set(try test.store.open(DocumentID(id)!).markup.elements.map(\.id.description))
    }

    /// A version restored from outside the server (as `markupkit library restore` does) while a page
    /// has the document open: the page's next stroke is saved on top of it, and the page is told.
    @Test func aChangeWrittenElsewhereIsCaughtUpWith() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let page = try test.page(id)
        LiveEditingTests.stroke(page, x: 100, y: 100)
        let first = try #require(try page.next(.change).change?.added.first?.id)
        _ = try test.store.restore(0, of: DocumentID(id)!)

        LiveEditingTests.stroke(page, x: 100, y: 300)
        var removed = Set<String>(), added = Set<String>()
        while !added.contains(where: { $0 != first }) {
            let change = try #require(try page.next(.change).change)
            removed.formUnion(change.removed)
            added.formUnion(change.added.map(\.id))
        }
        let second = try #require(added.first { $0 != first })
        #expect(removed.contains(first), "the page is told of the restore")
        #expect(try Self.stored(test, id) == [second])
        page.close()
        #expect(try SharedLibraryTests.freshOrder(on: test.server, id, count: 1) == [second])
    }

    /// Deleted from outside the server (`markupkit library delete`) while a page has it open: the
    /// page's next stroke cannot be saved, and the page is told the document was deleted.
    @Test func aDocumentDeletedElsewhereIsSaidToBeSo() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let page = try test.page(id)
        try test.store.delete(DocumentID(id)!)
        page.send(SharedLibraryTests.stroke(0, page: 0), op: "late")
        var said: [String] = []
        while !said.contains(where: { $0.contains("deleted") }) { said.append(try #require(try page.next(.error).text)) }
        #expect(said.contains { $0.hasPrefix("NOT SAVED") }, "\(said)")
        #expect(try test.store.deletedDocuments().map(\.summary.id.description) == [id])
    }

    /// The command line restores a version, renames and deletes the document while a page has it
    /// open and draws nothing: the page is told of each within a few seconds, unasked.
    @Test func whatTheCommandLineDoesReachesAnIdlePage() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let document = try #require(DocumentID(id))
        let page = try test.page(id)
        page.send(SharedLibraryTests.stroke(0, page: 0), op: "drawn")
        let drawn = try #require(try page.next(.change).change?.added.first?.id)
        #expect(try page.next(.ack).op == "drawn")
        // Another process's connection to the library file, as `markupkit library …` opens it.
        let commandLine = try SQLiteDocumentStore(path: test.store.path)

        _ = try commandLine.restore(0, of: document)
        #expect(try page.next(.change, timeout: 5).change?.removed == [drawn])
        try commandLine.rename(document, to: "Renamed elsewhere")
        #expect(try page.next(.title, timeout: 5) == .title("Renamed elsewhere"))
        try commandLine.delete(document)
        #expect(try page.next(.error, timeout: 5).text?.contains("deleted") == true)
        #expect(try test.store.deletedDocuments().map(\.summary.id) == [document])
    }

    /// The library refuses the document's changes twice (a full disk, say): the page is told its
    /// edits wait, the stroke is saved once the library takes it, and kept once.
    @Test func aChangeTheLibraryRefusedIsSavedOnceItCanBe() throws {
        var gated: GatedStore?
        let test = try TestServer { sqlite in
            gated = GatedStore(sqlite, gating: nil)
            return gated!
        }
        let store = try #require(gated)
        let id = try LiveEditingTests.newDocument(test)
        let page = try test.page(id)
        store.failAppends(2)
        page.send(SharedLibraryTests.stroke(0, page: 0), op: "stroke-1")
        #expect(try page.next(.notice).text?.contains("cannot be written just now") == true)
        let ack = try page.next(.ack, timeout: 20)
        #expect(ack.op == "stroke-1")
        #expect(try Self.stored(test, id).count == 1)
        // Sent again (the page did not hear the acknowledgement): acknowledged, not drawn twice.
        page.send(SharedLibraryTests.stroke(0, page: 0), op: "stroke-1")
        #expect(try page.next(.ack).op == "stroke-1")
        page.close()
        #expect(try Self.stored(test, id).count == 1)
    }
}
