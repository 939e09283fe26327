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

    /// A page asking whether its link is alive is answered, as the page writes the question (by the
    /// event loop, ahead of the stroke the page sent before it, which its document is still working
    /// on) or otherwise (in its turn); the page's edits go on as before.
    @Test func aPingIsAnsweredPong() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let page = try test.page(id)
        _ = try page.next(.presence)
        let samples = (0..<4000).map { index in
            ClientMessage.Sample(x: 50 + Double(index % 400), y: 50 + Double(index / 40), t: Double(index) * 4, p: 0.5, tx: 0, ty: 0)
        }
        page.send(.stroke(samples), op: "long-stroke")
        page.sendText(#"{"type":"ping"}"#)
        var heard = [ServerMessage]()
        while let message = try page.nextMessage(timeout: 10), message != .pong { heard.append(message) }
        #expect(!heard.contains { if case .ack(op: "long-stroke"?, _) = $0 { true } else { false } }, "the pong waited for the stroke")
        guard case .ack(op: "long-stroke"?, _) = try page.next(.ack) else { Issue.record("no ack of the stroke"); return }
        page.sendText(#"{ "type" : "ping" }"#)
        #expect(try page.next(.pong) == .pong)
        page.send(.undo, op: "after-pings")
        guard case .ack(op: "after-pings"?, _) = try page.next(.ack) else { Issue.record("no ack"); return }
    }

    /// A page that follows another is told what that page shows, at once and after each of its
    /// views, until it stops; nobody else is.
    @Test func aPageFollowsWhatAnotherShows() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let leader = try test.page(id)
        let follower = try test.page(id)
        // The follower arrived with only the leader there: the one page its presence names.
        guard case .presence(let peers, 1) = try follower.next(.presence) else { Issue.record("no presence"); return }
        let leaderID = try #require(peers.first?.id)
        let bystander = try test.page(id)
        let zoomed = ClientMessage.View(frame: Rect(x: 100, y: 200, width: 384, height: 512), size: Size(width: 768, height: 1024))
        leader.send(.view(zoomed))
        leader.send(.undo, op: "after-view")
        while try leader.next(.ack).op != "after-view" {}
        follower.send(.follow(peer: leaderID))
        guard case .peerView(leaderID, let first) = try follower.next(.peerView) else { Issue.record("no view"); return }
        #expect(first == zoomed.frame)
        leader.send(.view(.letter))
        guard case .peerView(leaderID, let second) = try follower.next(.peerView) else { Issue.record("no view"); return }
        #expect(second == Rect(x: 0, y: 0, width: 768, height: 1024))
        follower.send(.follow(peer: nil))
        follower.send(.undo, op: "after-stop")
        while try follower.next(.ack).op != "after-stop" {}
        leader.send(.view(zoomed))
        leader.send(.undo, op: "after-second-view")
        while try leader.next(.ack).op != "after-second-view" {}
        // Nobody but a follower hears of views, and one that stopped no more.
        #expect(throws: EditorClient.ClientError.self) { try follower.next(.peerView, timeout: 0.3) }
        #expect(throws: EditorClient.ClientError.self) { try bystander.next(.peerView, timeout: 0.3) }
        // Nobody by that id can be followed.
        follower.send(.follow(peer: "nobody"))
        guard case .error(let said) = try follower.next(.error) else { Issue.record("not refused"); return }
        #expect(said.contains("nobody by that id"))
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
