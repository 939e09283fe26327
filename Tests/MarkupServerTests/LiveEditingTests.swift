import Foundation
import MarkupFormat
import MarkupModel
import MarkupServer
import MarkupStore
import Testing

/// The editor protocol over WebSocket: input goes in, SVG for what changed comes out.
@Suite(.serialized)
struct LiveEditingTests {
    static func newDocument(_ test: TestServer) throws -> String {
        try #require((try test.json("POST", "/api/documents", ["title": "Live"]).json as? [String: Any])?["id"] as? String)
    }

    static var view: [String: Any] { ["x": 0, "y": 0, "width": 768, "height": 1024, "viewWidth": 768, "viewHeight": 1024] }

    /// A pen stroke from (x, y) rightwards, in three messages.
    static func stroke(_ client: EditorClient, x: Double, y: Double) {
        func sample(_ index: Int) -> [String: Any] {
            ["x": x + Double(index) * 6, "y": y + Double(index % 3), "t": 1000 + Double(index) * 8, "p": 0.3 + Double(index) / 40, "tx": 10, "ty": -5]
        }
        client.send(["type": "pointer", "phase": "began", "pointerType": "pen", "samples": [sample(0)], "view": view])
        client.send(["type": "pointer", "phase": "moved", "pointerType": "pen", "samples": (1..<12).map(sample)])
        client.send(["type": "pointer", "phase": "ended", "pointerType": "pen", "samples": [sample(12)]])
    }

    @Test func aStrokeIsDrawnLiveSavedAndSeenByEveryPage() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try EditorClient(port: test.port, document: id)
        let second = try EditorClient(port: test.port, document: id)
        let hello = try first.next("hello")
        #expect((hello["elements"] as? [Any])?.isEmpty == true)
        _ = try second.next("hello")
        Self.stroke(first, x: 100, y: 100)
        let live = try first.next("live")
        #expect(((live["layers"] as? [[String: String]])?.first?["provisional"] ?? "").contains("<path"))
        let change = try first.next("change")
        let added = try #require(change["added"] as? [[String: Any]])
        #expect(added.count == 1 && (added[0]["svg"] as? String)?.contains("data-kind=\"stroke\"") == true)
        #expect(change["sequence"] as? Int == 1)
        #expect(try first.next("history")["canUndo"] as? Bool == true, "the page that drew it can undo it")
        #expect((try second.next("change")["added"] as? [Any])?.count == 1)
        // Saved when reported: the library already has it.
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 1)
        first.send(["type": "undo"])
        #expect((try second.next("change")["removed"] as? [String])?.count == 1)
        first.send(["type": "redo"])
        #expect((try second.next("change")["added"] as? [Any])?.count == 1)
    }

    @Test func twoPagesDrawAtTheSameTime() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        func sample(_ index: Int, y: Double) -> [String: Any] { ["x": 50 + Double(index) * 6, "y": y, "t": 1000 + Double(index) * 8, "p": 0.5] }
        // Both pens go down, move and lift interleaved.
        first.send(["type": "pointer", "phase": "began", "pointerType": "pen", "samples": [sample(0, y: 100)], "view": Self.view])
        second.send(["type": "pointer", "phase": "began", "pointerType": "pen", "samples": [sample(0, y: 300)], "view": Self.view])
        first.send(["type": "pointer", "phase": "moved", "pointerType": "pen", "samples": (1..<10).map { sample($0, y: 100) }])
        second.send(["type": "pointer", "phase": "moved", "pointerType": "pen", "samples": (1..<10).map { sample($0, y: 300) }])
        first.send(["type": "pointer", "phase": "ended", "pointerType": "pen", "samples": [sample(10, y: 100)]])
        second.send(["type": "pointer", "phase": "ended", "pointerType": "pen", "samples": [sample(10, y: 300)]])
        // Every page sees both pens, each live stroke under its own stream.
        let streams = try (0..<2).map { _ in try #require(try second.next("liveBegin")["stream"] as? String) }
        #expect(Set(streams).count == 2)
        _ = try first.next("change")
        _ = try first.next("change")
        let strokes = try test.store.open(DocumentID(id)!).markup.elements.compactMap { element -> Rect? in
            guard case .stroke(let stroke) = element.content else { return nil }
            return stroke.approximateBounds
        }
        #expect(strokes.count == 2 && Set(strokes.map { $0.minY < 200 }) == [true, false])
    }

    @Test func anEditThatChangesNothingIsAcknowledged() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(["type": "tool", "tool": "eraser"])
        _ = try client.next("ack")
        client.send(["type": "pointer", "phase": "began", "pointerType": "pen", "samples": [["x": 10, "y": 10, "t": 1, "p": 0.5]], "view": Self.view])
        client.send(["type": "pointer", "phase": "ended", "pointerType": "pen", "samples": [["x": 40, "y": 10, "t": 9, "p": 0.5]]])
        #expect(try client.next("ack")["type"] as? String == "ack")
    }

    @Test func commandsInsertSelectAndClear() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(["type": "insert", "kind": "rectangle", "view": Self.view])
        let rectangle = try #require((try client.next("change")["added"] as? [[String: Any]])?.first?["id"] as? String)
        let selection = try client.next("selection")
        #expect(selection["ids"] as? [String] == [rectangle] && selection["bounds"] != nil)
        client.send(["type": "selection", "action": "move", "dx": 10, "dy": 5])
        #expect((try client.next("change")["updated"] as? [Any])?.count == 1)
        client.send(["type": "insert", "kind": "text", "text": "Hello", "view": Self.view])
        #expect(((try client.next("change")["added"] as? [[String: Any]])?.first?["svg"] as? String)?.contains("Hello") == true)
        client.send(["type": "clear"])
        #expect((try client.next("change")["removed"] as? [String])?.count == 2)
    }

    @Test func aSelectionActionActsOnWhatThatPageSelected() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        first.send(["type": "insert", "kind": "rectangle", "view": Self.view])
        let rectangle = try #require((try first.next("change")["added"] as? [[String: Any]])?.first?["id"] as? String)
        _ = try second.next("change")
        second.send(["type": "insert", "kind": "text", "text": "Keep me", "view": Self.view])
        let text = try #require((try second.next("change")["added"] as? [[String: Any]])?.first?["id"] as? String)
        _ = try first.next("change")
        // The shared selection is now the text; the first page still deletes its rectangle.
        first.send(["type": "selection", "action": "delete", "ids": [rectangle]])
        #expect(try first.next("change")["removed"] as? [String] == [rectangle])
        let remaining = try test.store.open(DocumentID(id)!).markup.elements.map(\.id.description)
        #expect(remaining == [text])
    }

    @Test func restoringAVersionReachesOpenPagesAndTheLibrary() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        Self.stroke(client, x: 100, y: 100)
        _ = try client.next("change")
        // Version 0 is the blank page it was created as; restoring it removes the stroke for every
        // page, as one change that can be undone.
        let versions = try #require(try test.request("GET", "/api/documents/\(id)/versions").json as? [[String: Any]])
        #expect(versions.compactMap { $0["version"] as? Double }.contains(0))
        #expect(try test.json("POST", "/api/documents/\(id)/restore", ["version": 0]).status == 200)
        let restored = try client.next("change")
        #expect((restored["removed"] as? [String])?.count == 1)
        #expect(try client.next("history")["canUndo"] as? Bool == true)
        client.send(["type": "undo"])
        #expect((try client.next("change")["added"] as? [Any])?.count == 1)
        #expect(try test.json("POST", "/api/documents/\(id)/restore", ["version": 99]).status == 404)
        client.close()
        // With no page open, the restore goes straight into the journal.
        #expect(try test.json("POST", "/api/documents/\(id)/restore", ["version": 0]).status == 200)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    @Test func badMessagesAreRefusedAndTheConnectionStays() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        for bad in ["{not json", "[]", "{\"type\": \"explode\"}", "{\"type\": \"pointer\"}", "{\"type\": \"tool\", \"tool\": \"chisel\"}",
                    "{\"type\": \"tool\", \"tool\": \"pen\", \"color\": \"red\"}", "{\"type\": \"insert\", \"kind\": \"image\", \"image\": \"!!\"}",
                    "{\"type\": \"selection\", \"action\": \"resize\"}", "{\"type\": \"tool\", \"tool\": \"eraser\", \"width\": -1}"] {
            client.sendText(bad)
            #expect(try client.next("error")["message"] != nil, "\(bad)")
        }
        // Time running backwards within a stroke is refused; nothing is added.
        client.send(["type": "pointer", "phase": "began", "pointerType": "pen", "samples": [["x": 10, "y": 10, "t": 500, "p": 0.5]], "view": Self.view])
        client.send(["type": "pointer", "phase": "moved", "pointerType": "pen", "samples": [["x": 20, "y": 10, "t": 100, "p": 0.5]]])
        #expect(try client.next("error")["message"] != nil)
        client.send(["type": "pointer", "phase": "ended", "pointerType": "pen", "samples": [["x": 30, "y": 10, "t": 600, "p": 0.5]]])
        // Still serving: a good stroke works.
        Self.stroke(client, x: 50, y: 50)
        #expect((try client.next("change")["added"] as? [Any])?.count == 1)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 1)
    }

    @Test func viewModeRefusesEdits() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(["type": "mode", "editable": false])
        Self.stroke(client, x: 100, y: 100)
        #expect((try client.next("error")["message"] as? String)?.contains("notEditable") == true)
        client.send(["type": "insert", "kind": "rectangle"])
        #expect(try client.next("error")["message"] != nil)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    @Test func unknownDocumentsAndForeignOriginsAreRefused() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: "00000000-0000-0000-0000-000000000000") }
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: "not-a-uuid") }
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: id, origin: "http://evil.example") }
        let sameOrigin = try EditorClient(port: test.port, document: id, origin: "http://127.0.0.1:\(test.port)")
        #expect(try sameOrigin.next("hello")["type"] as? String == "hello")
    }

    @Test func stoppingTheServerWritesTheLastSnapshot() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        Self.stroke(client, x: 100, y: 100)
        _ = try client.next("change")
        test.server.stop()
        let reopened = try test.store.open(DocumentID(id)!)
        #expect(reopened.markup.elements.count == 1 && reopened.journalBytes == 0)
        #expect(try test.store.versions(of: DocumentID(id)!).first?.number == 1)
    }
}

/// A page gets the elements its view shows, once each.
@Suite(.serialized)
struct ViewStreamingTests {
    @Test func elementsArriveForTheViewOnlyAndOnlyOnce() throws {
        let test = try TestServer()
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 20_000))
        for row in 0..<40 {
            markup.insert(.shape(Shape(configuration: .rectangle)), frame: Rect(x: 100, y: Double(row) * 500, width: 100, height: 50))
        }
        let summary = try test.store.create(title: "Tall", encoded: try MarkupFile(markup: markup).encoded())
        let client = try test.page(summary.id.description)
        func view(_ y: Double) -> [String: Any] { ["x": 0, "y": y, "width": 800, "height": 1000, "viewWidth": 800, "viewHeight": 1000] }
        client.send(["type": "view", "view": view(0)])
        let first = try #require(try client.next("elements")["elements"] as? [[String: Any]])
        // The view and half a view around it: rows at 0…1500.
        #expect(first.count == 4)
        // Moving down a little brings one new row (2000); the rows already there are not sent again.
        client.send(["type": "view", "view": view(750)])
        #expect((try client.next("elements")["elements"] as? [Any])?.count == 1)
        client.send(["type": "view", "view": view(10_000)])
        let far = try #require(try client.next("elements")["elements"] as? [[String: Any]])
        #expect(far.count == 5 && Set(far.compactMap { $0["id"] as? String }).isDisjoint(with: Set(first.compactMap { $0["id"] as? String })))
    }
}

/// Signatures saved in one document are there in every document, after a restart too.
@Suite(.serialized)
struct SignatureTests {
    @Test func aSavedSignatureIsInsertedInAnotherDocument() throws {
        let test = try TestServer()
        let first = try LiveEditingTests.newDocument(test)
        let client = try test.page(first)
        client.send(["type": "insert", "kind": "signature", "view": LiveEditingTests.view])
        #expect((try client.next("error")["message"] as? String)?.contains("no signature saved yet") == true)
        LiveEditingTests.stroke(client, x: 100, y: 100)
        let stroke = try #require((try client.next("change")["added"] as? [[String: Any]])?.first?["id"] as? String)
        client.send(["type": "selection", "action": "set", "ids": [stroke]])
        client.send(["type": "insert", "kind": "signature", "view": LiveEditingTests.view])
        #expect((try client.next("notice")["message"] as? String)?.contains("Signature saved") == true)
        #expect(try test.store.signatures().count == 1)
        client.close()
        let second = try LiveEditingTests.newDocument(test)
        let other = try test.page(second)
        other.send(["type": "insert", "kind": "signature", "view": LiveEditingTests.view])
        let inserted = try #require(try other.next("change")["added"] as? [[String: Any]])
        #expect(inserted.count == 1 && (inserted[0]["svg"] as? String)?.contains("data-kind=\"stroke\"") == true)
    }
}
