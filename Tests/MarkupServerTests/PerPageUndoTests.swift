import Foundation
import MarkupModel
import MarkupServer
import MarkupStore
import Testing

/// Each page undoes its own changes, as in tldraw or Figma, over real sockets.
@Suite(.serialized)
struct PerPageUndoTests {
    static func added(_ change: [String: Any]) -> String? {
        ((change["added"] as? [[String: Any]])?.first)?["id"] as? String
    }

    @Test func pageAUndoesItsOwnStrokeNotPageBs() throws {
        let test = try TestServer()
        let id = try DocumentImporter.blank(title: "Shared", into: test.store).id.description
        let a = try test.page(id), b = try test.page(id)
        a.send(OperationTests.stroke("a-1", y: 100))
        let mine = try #require(Self.added(try a.next("change")))
        _ = try a.next("ack")
        _ = try b.next("change")
        b.send(OperationTests.stroke("b-1", y: 300))
        let theirs = try #require(Self.added(try b.next("change")))
        _ = try b.next("ack")
        _ = try a.next("change")
        a.send(["type": "undo", "op": "a-2"])
        let undone = try a.next("change")
        #expect(undone["removed"] as? [String] == [mine])
        #expect(try a.next("history")["canUndo"] as? Bool == false)
        #expect(try b.next("change")["removed"] as? [String] == [mine], "b sees a's undo")
        b.send(["type": "undo", "op": "b-2"])
        #expect(try b.next("change")["removed"] as? [String] == [theirs])
        _ = try b.next("ack")
        #expect(try a.next("change")["removed"] as? [String] == [theirs], "a sees b's undo")
        a.send(["type": "redo", "op": "a-3"])
        #expect(Self.added(try a.next("change")) == mine)
        let document = try test.store.open(try #require(DocumentID(id))).markup
        #expect(document.elements.map(\.id.description) == [mine])
    }

    @Test func anUndoOfAStrokeSomeoneElseErasedChangesNothing() throws {
        let test = try TestServer()
        let id = try DocumentImporter.blank(title: "Shared", into: test.store).id.description
        let a = try test.page(id), b = try test.page(id)
        a.send(OperationTests.stroke("a-1", y: 100))
        let mine = try #require(Self.added(try a.next("change")))
        _ = try b.next("change")
        b.send(["type": "selection", "action": "delete", "ids": [mine], "op": "b-1"])
        #expect(try b.next("change")["removed"] as? [String] == [mine])
        _ = try a.next("change")
        a.send(["type": "undo", "op": "a-2"])
        #expect(try a.next("ack")["op"] as? String == "a-2")
        #expect(try test.store.open(try #require(DocumentID(id))).markup.elements.isEmpty)
        // b's delete is b's to undo, and brings the stroke back.
        b.send(["type": "undo", "op": "b-2"])
        #expect(Self.added(try b.next("change")) == mine)
    }
}
