import CWebSockets
import Foundation

/// The one callback lws calls, on the loop thread, for every connection's events.
func serviceCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                     _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let raw = lws_context_user(context) else { return 0 }
    let server = Unmanaged<HTTPServer>.fromOpaque(raw).takeUnretainedValue()
    if reason == LWS_CALLBACK_FILTER_NETWORK_CONNECTION, let user {
        let accepted = user.assumingMemoryBound(to: lws_filter_network_conn_args.self).pointee
        return server.admitsConnection(on: accepted.accept_fd) ? 0 : -1
    }
    let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
    return server.serve(wsi, reason, bytes) ? 0 : -1
}

extension HTTPServer {
    /// Handles one lws event; false closes the connection.
    func serve(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ bytes: UnsafeRawBufferPointer) -> Bool {
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            serviceWork()
        case LWS_CALLBACK_HTTP:
            return begin(peer(wsi))
        case LWS_CALLBACK_HTTP_BODY:
            return receiveBody(peer(wsi), bytes)
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            let peer = peer(wsi)
            if peer.isAwaitingBody, !peer.isDroppingBody, let request = peer.request { dispatch(request, body: peer.body, for: peer) }
            peer.isAwaitingBody = false
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeResponse(peer(wsi))
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return acceptUpgrade(peer(wsi))
        case LWS_CALLBACK_ESTABLISHED:
            established(peer(wsi))
        case LWS_CALLBACK_RECEIVE:
            return receiveMessage(peer(wsi), bytes)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            return writeMessage(peer(wsi))
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_WSI_DESTROY:
            if let peer = peers.removeValue(forKey: wsi) { closed(peer) }
        default:
            break
        }
        return true
    }

    private func peer(_ wsi: OpaquePointer) -> Peer {
        if let peer = peers[wsi] { return peer }
        let peer = Peer(wsi: wsi)
        peers[wsi] = peer
        return peer
    }

    /// What other threads asked for: responses to write, sockets to write, close or read again.
    private func serviceWork() {
        let work = takeWork()
        for peer in work.writes {
            guard let wsi = peer.wsi, let response = peer.takeFinished() else { continue }
            respond(peer, wsi: wsi, with: response, closesAfter: false)
        }
        for socket in work.sockets {
            guard let peer = socket.peer, let wsi = peer.wsi else { continue }
            if socket.isReadingPaused, !socket.hasTooManyUnhandled {
                socket.isReadingPaused = false
                lws_rx_flow_control(wsi, 1)
            }
            lws_callback_on_writable(wsi)
        }
    }

    // MARK: - HTTP

    /// A request's head has arrived: refuse it, wait for its body, or hand it on.
    private func begin(_ peer: Peer) -> Bool {
        guard let wsi = peer.wsi else { return false }
        peer.exchange += 1
        (peer.request, peer.body, peer.isAwaitingBody, peer.isDroppingBody, peer.droppedBytes, peer.outgoing) = (nil, Data(), false, false, 0, nil)
        let head = Self.requestHead(wsi)
        // Absent: no body. Anything but digits (a sign, two lengths joined): not a length at all.
        let lengthText = head.headers["content-length"]?.trimmingCharacters(in: .whitespaces) ?? "0"
        let declared = !lengthText.isEmpty && lengthText.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? Int64(lengthText) ?? .max : -1
        let isChunked = head.headers["transfer-encoding"] != nil
        if let refusal = delegate.refusal(of: head) {
            peer.isDroppingBody = declared != 0 || isChunked
            respond(peer, wsi: wsi, with: refusal, closesAfter: peer.isDroppingBody, method: head.method)
        } else if isChunked {
            peer.isDroppingBody = true
            respond(peer, wsi: wsi, with: .error(411, "a body needs a Content-Length"), closesAfter: true, method: head.method)
        } else if declared < 0 {
            peer.isDroppingBody = true
            respond(peer, wsi: wsi, with: .error(400, "the Content-Length is not a number of bytes"), closesAfter: true, method: head.method)
        } else if declared > maximumBodyBytes {
            peer.isDroppingBody = true
            respond(peer, wsi: wsi, with: .error(413, "the body is larger than \(maximumBodyBytes) bytes"), closesAfter: true, method: head.method)
        } else if declared > 0 {
            guard let room = reserveBody(Int(declared)) else {
                peer.isDroppingBody = true
                var busy = HTTPResponse.error(503, "the server is taking in other uploads just now; try again in a moment")
                busy.headers.append(("Retry-After", "5"))
                respond(peer, wsi: wsi, with: busy, closesAfter: true, method: head.method)
                return true
            }
            peer.request = head
            peer.isAwaitingBody = true
            peer.bodyRoom = room
            peer.bodyDeadline = Self.now + Self.bodyGraceSeconds + Double(declared) / Double(Self.minimumBodyBytesPerSecond)
        } else {
            dispatch(head, body: Data(), for: peer)
        }
        return true
    }

    private func receiveBody(_ peer: Peer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        if peer.isDroppingBody {
            peer.droppedBytes += bytes.count
            return peer.droppedBytes <= maximumBodyBytes
        }
        guard let wsi = peer.wsi else { return false }
        guard peer.isAwaitingBody, !bytes.isEmpty else { return true }
        // Coming too slowly: answered 408, and the room its body held given back; what more comes is
        // dropped until the connection closes.
        guard Self.now <= peer.bodyDeadline else {
            dropBody(of: peer)
            let rate = Self.minimumBodyBytesPerSecond >> 10
            respond(peer, wsi: wsi, with: .error(408, "the body came too slowly: it must come at \(rate) KiB/s after \(Int(Self.bodyGraceSeconds)) s"),
                    closesAfter: true)
            return true
        }
        guard peer.body.count + bytes.count <= peer.bodyRoom.bytes else {
            dropBody(of: peer)
            respond(peer, wsi: wsi, with: .error(413, "the body is longer than its Content-Length"), closesAfter: true)
            return true
        }
        peer.body.append(contentsOf: bytes)
        return true
    }

    /// Stops reading `peer`'s body, what came of it let go and its room given back.
    private func dropBody(of peer: Peer) {
        peer.isDroppingBody = true
        releaseBody(peer.bodyRoom)
        (peer.bodyRoom, peer.body) = (HTTPServer.BodyRoom(), Data())
    }

    /// Seconds on a clock that only goes forward.
    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs the delegate on a worker thread; the loop writes its answer once woken.
    private func dispatch(_ head: HTTPRequest, body: Data, for peer: Peer) {
        var complete = head
        complete.body = body
        // The head alone stays: the body is the handler's, and goes with it.
        peer.request = head
        let request = complete, exchange = peer.exchange
        // The body's room is given back once its handler is done with it.
        let reserved = peer.bodyRoom
        (peer.bodyRoom, peer.body) = (HTTPServer.BodyRoom(), Data())
        inFlight.enter()
        let work: @Sendable () -> Void = { [self] in
            defer {
                releaseBody(reserved)
                inFlight.leave()
            }
            peer.finish(delegate.handle(request), exchange: exchange)
            responseIsReady(peer)
        }
        guard delegate.isSlow(request) else { return handlers.async(execute: work) }
        let slowWork: @Sendable () -> Void = { [self] in
            // Its asker gone while it waited its turn (a download given up): nobody to do it for.
            if request.method == "GET", peer.hasClosed {
                releaseBody(reserved)
                return inFlight.leave()
            }
            work()
        }
        guard slowRequests.submit(slowWork) else {
            releaseBody(reserved)
            inFlight.leave()
            guard let wsi = peer.wsi else { return }
            var busy = HTTPResponse.error(503, "the server is busy with exports and imports just now; try again in a moment")
            busy.headers.append(("Retry-After", "5"))
            return respond(peer, wsi: wsi, with: busy, closesAfter: false)
        }
    }

    private func respond(_ peer: Peer, wsi: OpaquePointer, with response: HTTPResponse, closesAfter: Bool, method: String? = nil) {
        let isHead = (method ?? peer.request?.method) == "HEAD"
        var head = response.headers
        head += [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
        peer.outgoing = Peer.Outgoing(head: head, status: response.status, body: response.body, sendsBody: !isHead,
                                      closesAfter: closesAfter)
        lws_callback_on_writable(wsi)
    }

    /// Writes the head, then the body a chunk per turn of the loop.
    private func writeResponse(_ peer: Peer) -> Bool {
        guard let wsi = peer.wsi, var outgoing = peer.outgoing else { return true }
        if !outgoing.headersSent {
            guard Self.writeHead(outgoing, to: wsi) else { return false }
            outgoing.headersSent = true
        } else {
            let end = min(outgoing.offset + Self.writeChunkBytes, outgoing.body.count)
            let isLast = end == outgoing.body.count
            let written = Self.write(outgoing.body[outgoing.offset..<end], to: wsi, as: isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
            guard written else { return false }
            outgoing.offset = end
        }
        let isDone = !outgoing.sendsBody || outgoing.body.isEmpty || outgoing.offset == outgoing.body.count
        guard isDone else {
            peer.outgoing = outgoing
            lws_callback_on_writable(wsi)
            return true
        }
        peer.outgoing = nil
        if outgoing.closesAfter { return false }
        return lws_http_transaction_completed(wsi) == 0
    }

    private static func writeHead(_ outgoing: Peer.Outgoing, to wsi: OpaquePointer) -> Bool {
        let size = 4096 + outgoing.head.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 }
        var buffer = [UInt8](repeating: 0, count: markupkit_lws_pre() + size)
        return buffer.withUnsafeMutableBufferPointer { raw -> Bool in
            let start = raw.baseAddress! + markupkit_lws_pre()
            let end = raw.baseAddress! + raw.count
            var cursor: UnsafeMutablePointer<UInt8>? = start
            guard lws_add_http_header_status(wsi, UInt32(outgoing.status), &cursor, end) == 0 else { return false }
            for (name, value) in outgoing.head {
                let added = (name.lowercased() + ":").withCString { name in
                    value.withCString { value in
                        lws_add_http_header_by_name(wsi, UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self),
                                                    UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), Int32(strlen(value)), &cursor, end)
                    }
                }
                guard added == 0 else { return false }
            }
            guard lws_add_http_header_content_length(wsi, lws_filepos_t(outgoing.body.count), &cursor, end) == 0 else { return false }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
        }
    }

    /// Writes `bytes` with the room lws needs before them.
    static func write(_ bytes: some Collection<UInt8>, to wsi: OpaquePointer, as kind: lws_write_protocol) -> Bool {
        var buffer = [UInt8](repeating: 0, count: markupkit_lws_pre())
        buffer.append(contentsOf: bytes)
        let count = buffer.count - markupkit_lws_pre()
        return buffer.withUnsafeMutableBufferPointer { raw in
            lws_write(wsi, raw.baseAddress! + markupkit_lws_pre(), count, kind) >= count
        }
    }

    /// The request line, headers, query and peer of a connection.
    static func requestHead(_ wsi: OpaquePointer) -> HTTPRequest {
        var uri: UnsafeMutablePointer<CChar>?
        var uriLength: Int32 = 0
        let method = lws_http_get_uri_and_method(wsi, &uri, &uriLength)
        let path = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(uriLength)), as: UTF8.self) } ?? "/"
        var headers = [String: String]()
        for (name, token) in [("host", WSI_TOKEN_HOST), ("origin", WSI_TOKEN_ORIGIN), ("cookie", WSI_TOKEN_HTTP_COOKIE),
                              ("authorization", WSI_TOKEN_HTTP_AUTHORIZATION), ("content-length", WSI_TOKEN_HTTP_CONTENT_LENGTH),
                              ("content-type", WSI_TOKEN_HTTP_CONTENT_TYPE), ("transfer-encoding", WSI_TOKEN_HTTP_TRANSFER_ENCODING),
                              ("accept", WSI_TOKEN_HTTP_ACCEPT)] {
            let length = lws_hdr_total_length(wsi, token)
            guard length > 0 else { continue }
            var value = [CChar](repeating: 0, count: Int(length) + 1)
            if lws_hdr_copy(wsi, &value, Int32(value.count), token) >= 0 { headers[name] = Self.text(value) }
        }
        // Headers lws has no token for, by name (as lws keeps them: in lower case, with the colon).
        for name in ["x-forwarded-proto"] {
            let key = name + ":"
            let length = lws_hdr_custom_length(wsi, key, Int32(key.utf8.count))
            guard length > 0, length < 256 else { continue }
            var value = [CChar](repeating: 0, count: Int(length) + 1)
            if lws_hdr_custom_copy(wsi, &value, Int32(value.count), key, Int32(key.utf8.count)) >= 0 { headers[name] = Self.text(value) }
        }
        var query = [String: String]()
        var fragment = [CChar](repeating: 0, count: 4096)
        for index in 0..<64 {
            guard lws_hdr_copy_fragment(wsi, &fragment, Int32(fragment.count), WSI_TOKEN_HTTP_URI_ARGS, Int32(index)) >= 0 else { break }
            let pair = Self.text(fragment)
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if let name = parts.first { query[String(name)] = parts.count > 1 ? String(parts[1]) : "" }
        }
        var peerAddress = [CChar](repeating: 0, count: 64)
        lws_get_peer_simple(wsi, &peerAddress, peerAddress.count)
        return HTTPRequest(method: Self.methodNames[Int(method)] ?? "UNKNOWN", path: path, query: query, headers: headers,
                           remoteAddress: Self.text(peerAddress))
    }

    /// The text of a NUL-terminated buffer lws filled, invalid UTF-8 repaired.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static let methodNames: [Int: String] = {
        let pairs: [(Int, String)] = [
            (Int(LWSHUMETH_GET), "GET"), (Int(LWSHUMETH_POST), "POST"), (Int(LWSHUMETH_OPTIONS), "OPTIONS"), (Int(LWSHUMETH_PUT), "PUT"),
            (Int(LWSHUMETH_PATCH), "PATCH"), (Int(LWSHUMETH_DELETE), "DELETE"), (Int(LWSHUMETH_HEAD), "HEAD"),
        ]
        return Dictionary(uniqueKeysWithValues: pairs)
    }()
}
