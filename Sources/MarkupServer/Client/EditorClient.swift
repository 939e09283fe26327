import CCivetweb
import Foundation

/// A WebSocket client of the editor protocol, as a page is: for benchmarks, tests and scripts.
/// Messages arrive on civetweb's client thread and wait in a queue for `next`.
public final class EditorClient: @unchecked Sendable {
    public enum ClientError: Error, CustomStringConvertible {
        case cannotConnect(String)
        case timedOut(String)

        public var description: String {
            switch self {
            case .cannotConnect(let reason): "cannot connect: \(reason)"
            case .timedOut(let waitingFor): "timed out waiting for \(waitingFor)"
            }
        }
    }

    private var connection: OpaquePointer?
    private let condition = NSCondition()
    private var inbox: [[String: Any]] = []
    private var isClosed = false

    /// Connects to `/ws?doc=DOCUMENT` on a server at `host`:`port`.
    public init(host: String = "127.0.0.1", port: Int, document: String, token: String? = nil, origin: String? = nil) throws {
        var error = [CChar](repeating: 0, count: 256)
        let path = "/ws?doc=\(document)" + (token.map { "&token=\($0)" } ?? "")
        // civetweb holds the client until its close callback, which may come after the last user lets go.
        let user = Unmanaged.passRetained(self).toOpaque()
        connection = mg_connect_websocket_client(host, Int32(port), 0, &error, error.count, path, origin, clientData, clientClose, user)
        guard connection != nil else {
            Unmanaged<EditorClient>.fromOpaque(user).release()
            throw ClientError.cannotConnect(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// Sends one JSON message.
    public func send(_ message: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: message) else { return }
        sendText(String(decoding: data, as: UTF8.self))
    }

    public func sendText(_ text: String) {
        condition.lock()
        defer { condition.unlock() }
        guard let connection, !isClosed else { return }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                _ = mg_websocket_client_write(connection, Int32(MG_WEBSOCKET_OPCODE_TEXT), $0.baseAddress, $0.count)
            }
        }
    }

    /// The next message whose `type` is `type` (earlier ones of other types are dropped).
    public func next(_ type: String, timeout: TimeInterval = 10) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            while let message = inbox.first {
                inbox.removeFirst()
                if message["type"] as? String == type { return message }
            }
            if isClosed || !condition.wait(until: deadline) { throw ClientError.timedOut("a '\(type)' message") }
        }
    }

    /// Whether the server closed the connection (within `timeout`).
    public func waitUntilClosed(timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !isClosed { if !condition.wait(until: deadline) { break } }
        return isClosed
    }

    /// Closes the connection; the client goes once civetweb reports it closed.
    public func close() {
        condition.lock()
        let open = connection
        connection = nil
        condition.unlock()
        if let open { mg_close_connection(open) }
    }

    fileprivate func received(_ text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return }
        condition.lock()
        inbox.append(object)
        condition.broadcast()
        condition.unlock()
    }

    fileprivate func closed() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }
}

private func clientData(_ connection: OpaquePointer?, _ bits: Int32, _ bytes: UnsafeMutablePointer<CChar>?, _ count: Int,
                        _ user: UnsafeMutableRawPointer?) -> Int32 {
    guard let user else { return 0 }
    let client = Unmanaged<EditorClient>.fromOpaque(user).takeUnretainedValue()
    let opcode = bits & 0x0f
    if opcode == Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) { return 0 }
    if opcode == Int32(MG_WEBSOCKET_OPCODE_TEXT), let bytes {
        client.received(String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self))
    }
    return 1
}

private func clientClose(_ connection: OpaquePointer?, _ user: UnsafeMutableRawPointer?) {
    guard let user else { return }
    Unmanaged<EditorClient>.fromOpaque(user).takeRetainedValue().closed()
}
