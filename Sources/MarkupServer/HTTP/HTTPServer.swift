import CCivetweb
import Foundation

/// What `HTTPServer` hands requests and WebSocket connections to. Called on civetweb's worker
/// threads, several at once.
public protocol HTTPServerDelegate: AnyObject, Sendable {
    /// A refusal for a request judged on its head alone (before its body is read), or nil to go on.
    func refusal(of head: HTTPRequest) -> HTTPResponse?
    func handle(_ request: HTTPRequest) -> HTTPResponse
    /// Whether to accept a WebSocket upgrade (checks its token and Origin).
    func webSocketShouldConnect(_ request: HTTPRequest) -> Bool
    func webSocketDidConnect(_ connection: WebSocketConnection)
    func webSocket(_ connection: WebSocketConnection, didReceive text: String)
    func webSocketDidClose(_ connection: WebSocketConnection)
}

/// Why the server could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    case cannotListen(String)

    public var description: String {
        switch self {
        case .cannotListen(let address): "cannot listen on \(address) (is the port in use?)"
        }
    }
}

/// HTTP and WebSocket on civetweb: every path goes to the delegate, `/ws` upgrades to WebSocket.
public final class HTTPServer: @unchecked Sendable {
    /// Request bodies larger than this are refused with 413 without being read.
    public let maximumBodyBytes: Int
    /// WebSocket messages larger than this close the connection.
    public static let maximumMessageBytes = 8 << 20

    private var context: OpaquePointer?
    fileprivate let delegate: any HTTPServerDelegate
    public private(set) var port: Int = 0

    public init(delegate: any HTTPServerDelegate, maximumBodyBytes: Int = 64 << 20) {
        self.delegate = delegate
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Starts listening on `host`:`port` (0 picks a free port; `port` then says which).
    public func start(host: String, port: Int) throws(ServerError) {
        mg_init_library(0)
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let options = [
            "listening_ports", address, "num_threads", "96", "tcp_nodelay", "1", "enable_keep_alive", "yes",
            "request_timeout_ms", "30000", "websocket_timeout_ms", "30000", "enable_websocket_ping_pong", "yes",
        ]
        var cStrings = options.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        var callbacks = mg_callbacks()
        callbacks.log_message = { _, _ in 1 }
        let user = Unmanaged.passUnretained(self).toOpaque()
        context = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { mg_start(&callbacks, user, $0) }
        }
        guard let context else { throw .cannotListen(address) }
        var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
        if mg_get_server_ports(context, 4, &ports) > 0 { self.port = Int(ports[0].port) }
        mg_set_websocket_handler(context, "/ws", webSocketConnect, webSocketReady, webSocketData, webSocketClose, user)
        mg_set_request_handler(context, "/", requestHandler, user)
    }

    /// Stops accepting, closes every connection and waits for the workers.
    public func stop() {
        guard let context else { return }
        self.context = nil
        mg_stop(context)
    }

    fileprivate static func server(_ data: UnsafeMutableRawPointer?) -> HTTPServer {
        Unmanaged<HTTPServer>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The request line, headers and query of a connection (the body is read separately).
    fileprivate static func requestHead(_ connection: OpaquePointer) -> HTTPRequest {
        let info = mg_get_request_info(connection)!.pointee
        var headers = [String: String]()
        withUnsafeBytes(of: info.http_headers) { raw in
            let list = raw.bindMemory(to: mg_header.self)
            for index in 0..<Int(min(info.num_headers, Int32(list.count))) {
                guard let name = list[index].name, let value = list[index].value else { continue }
                headers[String(cString: name).lowercased()] = String(cString: value)
            }
        }
        let remote = withUnsafeBytes(of: info.remote_addr) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return HTTPRequest(
            method: info.request_method.map { String(cString: $0) } ?? "GET",
            path: info.local_uri.map { String(cString: $0) } ?? "/",
            query: info.query_string.map { HTTPRequest.parseQuery(String(cString: $0)) } ?? [:],
            headers: headers, remoteAddress: remote)
    }

    fileprivate func readBody(_ connection: OpaquePointer, declared: Int64) -> Data? {
        if declared > maximumBodyBytes { return nil }
        var body = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while body.count <= maximumBodyBytes {
            let read = mg_read(connection, &buffer, buffer.count)
            if read <= 0 { break }
            body.append(contentsOf: buffer[0..<Int(read)])
        }
        return body.count > maximumBodyBytes ? nil : body
    }

    fileprivate static func write(_ response: HTTPResponse, to connection: OpaquePointer, isHead: Bool) {
        var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n"
        _ = head.withCString { mg_write(connection, $0, strlen($0)) }
        guard !isHead, !response.body.isEmpty else { return }
        _ = response.body.withUnsafeBytes { mg_write(connection, $0.baseAddress, $0.count) }
    }
}

/// One open WebSocket. Sending is safe from any thread; after the peer goes, sends are dropped.
public final class WebSocketConnection: @unchecked Sendable, Hashable {
    public let request: HTTPRequest
    public let id = UUID()
    private let lock = NSLock()
    private var connection: OpaquePointer?
    /// Anything the owner wants to keep with the connection.
    public var context: AnyObject?

    init(request: HTTPRequest) { self.request = request }

    fileprivate func attach(_ connection: OpaquePointer) { lock.withLock { self.connection = connection } }
    fileprivate func detach() { lock.withLock { connection = nil } }

    /// Sends one text message; false when the connection is gone.
    @discardableResult
    public func send(_ text: String) -> Bool {
        lock.withLock {
            guard let connection else { return false }
            var text = text
            return text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_TEXT), $0.baseAddress, $0.count) } > 0
            }
        }
    }

    /// Closes the connection from this side.
    public func close() {
        lock.withLock {
            guard let connection else { return }
            _ = mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE), nil, 0)
        }
    }

    public static func == (lhs: WebSocketConnection, rhs: WebSocketConnection) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

// MARK: - civetweb callbacks (plain C functions: they run on civetweb's threads)

private func requestHandler(_ connection: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let connection else { return 0 }
    let server = HTTPServer.server(data)
    var request = HTTPServer.requestHead(connection)
    let declared = mg_get_request_info(connection)!.pointee.content_length
    let response: HTTPResponse
    if let refusal = server.delegate.refusal(of: request) {
        response = refusal
    } else if let body = server.readBody(connection, declared: declared) {
        request.body = body
        response = server.delegate.handle(request)
    } else {
        response = .error(413, "the body is larger than \(server.maximumBodyBytes) bytes")
    }
    HTTPServer.write(response, to: connection, isHead: request.method == "HEAD")
    return Int32(response.status)
}

private func webSocketConnect(_ connection: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let connection else { return 1 }
    let server = HTTPServer.server(data)
    let request = HTTPServer.requestHead(connection)
    guard server.delegate.webSocketShouldConnect(request) else { return 1 }
    let socket = WebSocketConnection(request: request)
    mg_set_user_connection_data(connection, Unmanaged.passRetained(socket).toOpaque())
    return 0
}

private func socket(of connection: OpaquePointer?) -> WebSocketConnection? {
    guard let connection, let raw = mg_get_user_connection_data(connection) else { return nil }
    return Unmanaged<WebSocketConnection>.fromOpaque(raw).takeUnretainedValue()
}

private func webSocketReady(_ connection: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let connection, let socket = socket(of: connection) else { return }
    socket.attach(connection)
    HTTPServer.server(data).delegate.webSocketDidConnect(socket)
}

private func webSocketData(_ connection: OpaquePointer?, _ bits: Int32, _ bytes: UnsafeMutablePointer<CChar>?, _ count: Int,
                           _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let socket = socket(of: connection) else { return 0 }
    let opcode = bits & 0x0f
    if opcode == Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) { return 0 }
    guard opcode == Int32(MG_WEBSOCKET_OPCODE_TEXT) else { return 1 }
    guard count <= HTTPServer.maximumMessageBytes else { return 0 }
    let text = bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
    HTTPServer.server(data).delegate.webSocket(socket, didReceive: text)
    return 1
}

private func webSocketClose(_ connection: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let connection, let raw = mg_get_user_connection_data(connection) else { return }
    let socket = Unmanaged<WebSocketConnection>.fromOpaque(raw).takeRetainedValue()
    mg_set_user_connection_data(connection, nil)
    socket.detach()
    HTTPServer.server(data).delegate.webSocketDidClose(socket)
}
