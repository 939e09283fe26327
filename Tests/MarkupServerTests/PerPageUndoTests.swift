import Foundation
import MarkupModel
import MarkupServer
import MarkupStore
import Testing

/// Each page undoes its own changes, as in tldraw or Figma, over real sockets.
@Suite(.serialized)
struct PerPageUndoTests {
    static func added(_ message: ServerMessage) -> String? {
        message.change?.added.first?.id
    }

    @Test func pageAUndoesItsOwnStrokeNotPageBs() throws {
        let test = try TestServer()
        let id = try DocumentImporter.blank(title: "Shared", into: test.store).id.description
        let a = try test.page(id), b = try test.page(id)
        a.send(OperationTests.stroke(y: 100), op: "a-1")
        let mine = try #require(Self.added(try a.next(.change)))
        _ = try a.next(.ack)
        _ = try b.next(.change)
        b.send(OperationTests.stroke(y: 300), op: "b-1")
        let theirs = try #require(Self.added(try b.next(.change)))
        _ = try b.next(.ack)
        _ = try a.next(.change)
        a.send(.undo, op: "a-2")
        let undone = try a.next(.change)
        #expect(undone.change?.removed == [mine])
        #expect(try a.next(.history).canUndo == false)
        #expect(try b.next(.change).change?.removed == [mine], "b sees a's undo")
        b.send(.undo, op: "b-2")
        #expect(try b.next(.change).change?.removed == [theirs])
        _ = try b.next(.ack)
        #expect(try a.next(.change).change?.removed == [theirs], "a sees b's undo")
        a.send(.redo, op: "a-3")
        #expect(Self.added(try a.next(.change)) == mine)
        let document = try test.store.open(try #require(DocumentID(id))).markup
        #expect(document.elements.map(\.id.description) == [mine])
    }

    @Test func anUndoOfAStrokeSomeoneElseErasedChangesNothing() throws {
        let test = try TestServer()
        let id = try DocumentImporter.blank(title: "Shared", into: test.store).id.description
        let a = try test.page(id), b = try test.page(id)
        a.send(OperationTests.stroke(y: 100), op: "a-1")
        let mine = try #require(Self.added(try a.next(.change)))
        _ = try b.next(.change)
        b.send(.selection(.delete, ids: [mine]), op: "b-1")
        #expect(try b.next(.change).change?.removed == [mine])
        _ = try a.next(.change)
        a.send(.undo, op: "a-2")
        #expect(try a.next(.ack).op == "a-2")
        #expect(try test.store.open(try #require(DocumentID(id))).markup.elements.isEmpty)
        // b's delete is b's to undo, and brings the stroke back.
        b.send(.undo, op: "b-2")
        #expect(Self.added(try b.next(.change)) == mine)
    }
}
