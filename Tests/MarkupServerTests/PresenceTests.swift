import Foundation
import MarkupModel
import MarkupServer
import Testing

/// Who is on a document and where their pointers are, over real sockets.
struct PresenceTests {
    @Test func pagesSeeWhoIsHereAndWhereTheirPointersAre() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let first = try test.page(id)
        guard case .presence(let nobody, 0) = try first.next(.presence) else { Issue.record("no presence"); return }
        #expect(nobody.isEmpty)
        first.send(.presence(name: "Ada"))
        // The name is taken before the ack of a later message on the same socket, so the next page hears it.
        first.send(.undo, op: "after-naming")
        guard case .ack(op: "after-naming"?, _) = try first.next(.ack) else { Issue.record("no ack"); return }
        let second = try test.page(id)
        guard case .presence(let peers, 1) = try second.next(.presence) else { Issue.record("no presence"); return }
        #expect(peers.map(\.name) == ["Ada"])
        guard case .peer(let arrived) = try first.next(.peer) else { Issue.record("no arrival"); return }
        #expect(arrived.id != peers[0].id && arrived.color != peers[0].color)
        second.send(.presence(name: "  Grace\u{7} "))
        guard case .peer(let renamed) = try first.next(.peer) else { Issue.record("no rename"); return }
        #expect(renamed.id == arrived.id && renamed.name == "Grace")
        second.send(.cursor(Point(x: 120, y: 340.5), drawing: true))
        guard case .cursor(arrived.id, Point(x: 120, y: 340.5), true, false) = try first.next(.cursor) else { Issue.record("no cursor"); return }
        second.send(.cursor(nil, drawing: false))
        guard case .cursor(arrived.id, nil, false, false) = try first.next(.cursor) else { Issue.record("no cursor off the canvas"); return }
        // The laser pointer goes to the others as a cursor that says so (they draw its fading trail);
        // after the relay's interval, as any move.
        Thread.sleep(forTimeInterval: 0.05)
        second.send(.cursor(Point(x: 50, y: 60), drawing: false, laser: true))
        guard case .cursor(arrived.id, Point(x: 50, y: 60), false, true) = try first.next(.cursor) else { Issue.record("no laser"); return }
        second.close()
        guard case .peerLeft(arrived.id) = try first.next(.peerLeft) else { Issue.record("no departure"); return }
    }

    @Test func badNamesAndCursorsAreRefusedAndAFloodIsThinned() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let watcher = try test.page(id), mover = try test.page(id)
        _ = try mover.next(.presence)
        mover.send(.presence(name: String(repeating: "x", count: 41)))
        #expect(try mover.next(.error).text?.contains("name") == true)
        mover.send(.presence(name: " \u{1} "))
        #expect(try mover.next(.error).text?.contains("name") == true)
        mover.send(.cursor(Point(x: 1e300, y: 0), drawing: false))
        #expect(try mover.next(.error).text?.contains("cursor") == true)
        // A thousand moves at once reach the other page as a few, the last position among them.
        for index in 0..<1000 { mover.send(.cursor(Point(x: Double(index), y: 0), drawing: false)) }
        mover.send(.cursor(nil, drawing: false))
        var relayed = 0
        while case .cursor(_, let point, _, _) = try watcher.next(.cursor) {
            relayed += 1
            if point == nil { break }
        }
        #expect(relayed < 100, "\(relayed) cursors relayed")
    }
}
