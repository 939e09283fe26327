import Foundation
import MarkupEditor
import MarkupModel

/// Presence: who is on the document, by name and color, and where their pointers are. Nothing of
/// it is journaled; a cursor is relayed only to pages that keep up with what they are sent.
extension LiveDocument {
    /// The colors people are shown in, one after another as they arrive.
    static let presenceColors = ["#ff3b30", "#ff9500", "#34c759", "#007aff", "#5856d6", "#af52de", "#ff2d55", "#00a5a0"]
    /// How many of the others an arriving page is told of by name (`presence`'s `total` counts all).
    static let maximumListedPeers = 50
    static let maximumNameCharacters = 40
    /// A page's cursor is relayed at most this often (nanoseconds): 40 times a second.
    static let cursorInterval: UInt64 = 25_000_000
    /// A page with more than this queued is not sent cursors until it catches up.
    static let cursorBacklogBytes = 256 << 10

    func peer(_ page: PageSession) -> ServerMessage.Peer {
        ServerMessage.Peer(id: page.stream, name: page.name, color: page.color)
    }

    /// Tells an arriving page who else is here, and the others that it came.
    func announceArrival(of client: WebSocketConnection) {
        guard let page = pages[client] else { return }
        let others = pages.filter { $0.key !== client }.values
        client.send(ServerMessage.presence(peers: others.prefix(Self.maximumListedPeers).map(peer), total: others.count).json)
        sendToOthers(of: client, .peer(peer(page)))
    }

    func announceDeparture(of page: PageSession, from client: WebSocketConnection) {
        sendToOthers(of: client, .peerLeft(id: page.stream))
    }

    func rename(_ client: WebSocketConnection, to name: String) {
        let cleaned = String(name.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
            .trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned.count <= Self.maximumNameCharacters else {
            return tell(client, .error("a name is 1–\(Self.maximumNameCharacters) characters"))
        }
        guard pages[client] != nil, pages[client]?.name != cleaned else { return }
        pages[client]?.name = cleaned
        if let page = pages[client] { sendToOthers(of: client, .peer(peer(page))) }
    }

    func relayCursor(of client: WebSocketConnection, at point: Point?, drawing: Bool, laser: Bool) {
        if let point, !(point.isFinite && abs(point.x) <= MarkupController.coordinateLimit && abs(point.y) <= MarkupController.coordinateLimit) {
            return tell(client, .error("a cursor is a finite point within ±\(Int(MarkupController.coordinateLimit)) points"))
        }
        guard let page = pages[client] else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        // Leaving the canvas always goes through; moves are thinned to the relay rate.
        if point != nil, now - page.lastCursorRelay < Self.cursorInterval { return }
        pages[client]?.lastCursorRelay = now
        let text = ServerMessage.cursor(id: page.stream, at: point, drawing: drawing, laser: laser).json
        for other in pages.keys where other !== client && other.queuedByteCount < Self.cursorBacklogBytes { _ = other.send(text) }
    }

    /// Makes `client` follow the page that goes by `peer` (nil: none), sending what that page shows
    /// at once when it has said.
    func follow(_ peer: String?, by client: WebSocketConnection) {
        guard let peer else {
            pages[client]?.following = nil
            return
        }
        guard let (_, leader) = pages.first(where: { $0.value.stream == peer }), pages[client]?.stream != peer else {
            return tell(client, .error("nobody by that id is on the document"))
        }
        pages[client]?.following = peer
        if let view = leader.view { tell(client, .peerView(id: peer, view: view)) }
    }

    /// Keeps what `client` shows, and tells the pages that follow it (those keeping up).
    func relayView(of client: WebSocketConnection, _ view: Rect) {
        guard let stream = pages[client]?.stream else { return }
        pages[client]?.view = view
        let text = ServerMessage.peerView(id: stream, view: view).json
        for (other, page) in pages where page.following == stream && other.queuedByteCount < Self.cursorBacklogBytes { _ = other.send(text) }
    }

    private func sendToOthers(of client: WebSocketConnection, _ message: ServerMessage) {
        let text = message.json
        for other in pages.keys where other !== client { _ = other.send(text) }
    }
}
