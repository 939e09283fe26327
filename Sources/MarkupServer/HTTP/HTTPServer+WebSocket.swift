import CWebSockets
import Foundation

/// WebSocket connections on the loop: upgrades, messages in, messages out, closing.
extension HTTPServer {
    /// An upgrade request: only `/ws`, and only when the delegate accepts it.
    func acceptUpgrade(_ peer: Peer) -> Bool {
        guard let wsi = peer.wsi else { return false }
        let head = Self.requestHead(wsi)
        guard head.path == "/ws", delegate.webSocketShouldConnect(head) else { return false }
        peer.request = head
        return true
    }

    func established(_ peer: Peer) {
        guard let request = peer.request else { return }
        let socket = WebSocketConnection(request: request, server: self)
        socket.peer = peer
        peer.socket = socket
        deliver(to: socket) { $0.webSocketDidConnect(socket) }
    }

    /// A fragment of a message. The frame's header says how much more is coming, so a message that
    /// would outgrow the limit is refused before its bytes arrive.
    func receiveMessage(_ peer: Peer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let wsi = peer.wsi, let socket = peer.socket else { return false }
        guard lws_frame_is_binary(wsi) == 0 else { return refuse(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, "text messages only") }
        let coming = Int(lws_remaining_packet_payload(wsi))
        guard socket.incoming.count + bytes.count + coming <= Self.maximumMessageBytes else {
            return refuse(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "messages are at most \(Self.maximumMessageBytes) bytes")
        }
        let isFinal = lws_is_final_fragment(wsi) != 0
        let text: String
        if isFinal, socket.incoming.isEmpty {
            // A message in one piece, as most are, is read where lws holds it.
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            socket.incoming.append(contentsOf: bytes)
            guard isFinal else { return true }
            text = String(decoding: socket.incoming, as: UTF8.self)
            socket.incoming = []
        }
        if let keepAlive, text == keepAlive.ping {
            socket.send(keepAlive.pong, ahead: true)
            return true
        }
        if socket.received() {
            socket.isReadingPaused = true
            lws_rx_flow_control(wsi, 0)
        }
        inFlight.enter()
        deliver(to: socket) { [inFlight] delegate in
            delegate.webSocket(socket, didReceive: text) {
                if socket.handled() { self.socketNeedsService(socket) }
                inFlight.leave()
            }
        }
        return true
    }

    /// Writes queued output while the socket takes it, up to about `writeChunkBytes` a turn, so a
    /// stroke's change and its ack go out in one turn of the loop and a large message shares the loop
    /// in frames of at most `writeChunkBytes`.
    func writeMessage(_ peer: Peer) -> Bool {
        guard let wsi = peer.wsi, let socket = peer.socket else { return true }
        var written = 0
        repeat {
            if socket.writing == nil, let next = socket.nextMessage() { socket.writing = (next, 0) }
            guard let (bytes, offset) = socket.writing else {
                guard socket.shouldClose else { return true }
                return refuse(wsi, LWS_CLOSE_STATUS_NORMAL, "")
            }
            let end = min(offset + Self.writeChunkBytes, bytes.count)
            var kind = offset == 0 ? LWS_WRITE_TEXT.rawValue : LWS_WRITE_CONTINUATION.rawValue
            if end < bytes.count { kind |= LWS_WRITE_NO_FIN.rawValue }
            guard Self.write(bytes[offset..<end], to: wsi, as: lws_write_protocol(rawValue: kind)) else { return false }
            socket.writing = end < bytes.count ? (bytes, end) : nil
            written += end - offset
        } while written < Self.writeChunkBytes && (socket.writing != nil || socket.hasQueuedOutput) && lws_send_pipe_choked(wsi) == 0
        if socket.writing != nil || socket.hasQueuedOutput || socket.shouldClose { lws_callback_on_writable(wsi) }
        return true
    }

    func closed(_ peer: Peer) {
        peer.wsi = nil
        peer.markClosed()
        releaseBody(peer.bodyRoom)
        (peer.bodyRoom, peer.body) = (HTTPServer.BodyRoom(), Data())
        guard let socket = peer.socket else { return }
        peer.socket = nil
        socket.peer = nil
        socket.detach()
        deliver(to: socket) { $0.webSocketDidClose(socket) }
    }

    /// Runs `event` on the socket's own queue, in order with its other events.
    private func deliver(to socket: WebSocketConnection, _ event: @escaping @Sendable (any HTTPServerDelegate) -> Void) {
        let delegate = delegate
        inFlight.enter()
        socket.events.async { [inFlight] in
            event(delegate)
            inFlight.leave()
        }
    }

    private func refuse(_ wsi: OpaquePointer, _ status: lws_close_status, _ reason: String) -> Bool {
        var text = Array(reason.utf8.prefix(120))
        lws_close_reason(wsi, status, &text, text.count)
        return false
    }
}
