import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client of the editor protocol, as a page is: for benchmarks, tests and scripts. It
/// speaks RFC 6455 over a plain socket with Nagle's algorithm off, as browsers do, so a message is
/// never held back waiting for an acknowledgement. It sends `ClientMessage`s and receives
/// `ServerMessage`s, the types the server itself decodes and encodes; they wait in a queue for `next`.
public final class EditorClient: @unchecked Sendable {
    public enum ClientError: Error, CustomStringConvertible {
        case cannotConnect(String)
        case timedOut(String)
        /// The server sent text that is not a `ServerMessage`.
        case undecodable(String)

        public var description: String {
            switch self {
            case .cannotConnect(let reason): "cannot connect: \(reason)"
            case .timedOut(let waitingFor): "timed out waiting for \(waitingFor)"
            case .undecodable(let text): "the server sent a message this client does not understand: \(text.prefix(200))"
            }
        }
    }

    private let socket: Int32
    private let condition = NSCondition()
    private let writeLock = NSLock()
    /// Messages received, with their kind (nil when the text is not a message); each is decoded
    /// only if `next` asks for its kind.
    private var inbox: [(kind: ServerMessage.Kind?, text: String)] = []
    private var isClosed = false
    private var isReadingPaused = false

    /// Connects to `/ws?doc=DOCUMENT` on a server at `host`:`port` (IPv4), naming `hostHeader` (by
    /// default `host`:`port`) as the Host. With `drawsOwnInk`, the client is a page that draws its
    /// strokes itself, so the server does not send it their live outlines; with `dark`, a page in
    /// the dark appearance.
    public init(host: String = "127.0.0.1", port: Int, document: String, token: String? = nil, origin: String? = nil,
                hostHeader: String? = nil, drawsOwnInk: Bool = false, dark: Bool = false) throws {
        let opened = try Self.openSocket(host: host, port: port, document: document, token: token, origin: origin,
                                         hostHeader: hostHeader, drawsOwnInk: drawsOwnInk, dark: dark)
        socket = opened.socket
        let leftover = opened.leftover
        Thread.detachNewThread { [self] in readFrames(leftover) }
    }

    /// Connects to the editor's WebSocket and completes the opening handshake: the socket, ready for
    /// frames, and whatever the server sent after its handshake. For drivers that read many sockets
    /// from one thread; `init` uses it too.
    public static func openSocket(host: String = "127.0.0.1", port: Int, document: String, token: String? = nil, origin: String? = nil,
                                  hostHeader: String? = nil, drawsOwnInk: Bool = false, dark: Bool = false) throws -> (socket: Int32, leftover: [UInt8]) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ClientError.cannotConnect(String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw ClientError.cannotConnect(String(cString: strerror(errno)))
        }
        var on: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var request = "GET /ws?doc=\(document)\(token.map { "&token=\($0)" } ?? "")\(drawsOwnInk ? "&ink=local" : "")\(dark ? "&dark=1" : "") HTTP/1.1\r\n"
        request += "Host: \(hostHeader ?? "\(host):\(port)")\r\n"
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        writeAll(Array((request + "\r\n").utf8), to: socket)
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                guard head.hasPrefix("HTTP/1.1 101") else {
                    Glibc.close(socket)
                    throw ClientError.cannotConnect(head.components(separatedBy: "\r\n").first ?? "refused")
                }
                received.removeSubrange(..<end.upperBound)
                break
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else {
                Glibc.close(socket)
                throw ClientError.cannotConnect("the server closed the connection")
            }
            received += buffer[0..<count]
        }
        return (socket, received)
    }

    /// Sends one message, with `op` for an edit the server should acknowledge by id.
    public func send(_ message: ClientMessage, op: String? = nil) {
        sendText(ClientEnvelope(message, op: op).json)
    }

    /// Sends `text` as one text message, whatever it holds.
    public func sendText(_ text: String) {
        sendFrame(opcode: 1, payload: Array(text.utf8))
    }

    /// The next message of kind `kind` (earlier ones of other kinds are dropped).
    ///
    /// - Throws: `timedOut` when none comes within `timeout`, `undecodable` for a message that is not one.
    public func next(_ kind: ServerMessage.Kind, timeout: TimeInterval = 10) throws(ClientError) -> ServerMessage {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            while let received = inbox.first {
                inbox.removeFirst()
                guard let receivedKind = received.kind else { throw .undecodable(received.text) }
                guard receivedKind == kind else { continue }
                guard let message = try? ServerMessage.decode(received.text) else { throw .undecodable(received.text) }
                return message
            }
            if isClosed || !condition.wait(until: deadline) { throw .timedOut("a '\(kind.rawValue)' message") }
        }
    }

    /// The next message, whatever its kind; nil when none comes within `timeout`.
    ///
    /// - Throws: `undecodable` for a message that is not one, `timedOut` once the connection is closed.
    public func nextMessage(timeout: TimeInterval) throws(ClientError) -> ServerMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while inbox.isEmpty {
            if isClosed { throw .timedOut("a message (the connection is closed)") }
            if !condition.wait(until: deadline) { return nil }
        }
        let received = inbox.removeFirst()
        guard let message = try? ServerMessage.decode(received.text) else { throw .undecodable(received.text) }
        return message
    }

    /// Waits for the server to close the connection; false when it is still open after `timeout`.
    public func waitForClose(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !isClosed {
            if !condition.wait(until: deadline) { return isClosed }
        }
        return true
    }

    /// Stops reading from the socket, as a page on a stalled link does, until `resumeReading`.
    public func pauseReading() {
        condition.withLock { isReadingPaused = true }
    }

    public func resumeReading() {
        condition.lock()
        isReadingPaused = false
        condition.broadcast()
        condition.unlock()
    }

    /// Writes `bytes` to the socket as they are: for checking how a server treats broken framing.
    public func sendRaw(_ bytes: [UInt8]) {
        writeLock.withLock { writeAll(bytes) }
    }

    /// Says goodbye and closes the socket.
    public func close() {
        sendFrame(opcode: 8, payload: [])
        shutdown(socket, Int32(SHUT_RDWR))
    }

    // MARK: - Frames

    private func writeAll(_ bytes: [UInt8]) { Self.writeAll(bytes, to: socket) }

    /// Writes all of `bytes` to `socket`, or as much as it takes before the connection fails.
    public static func writeAll(_ bytes: [UInt8], to socket: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Sends one frame, masked as RFC 6455 requires a client's to be; `isFinal` false leaves the
    /// message open for continuation frames (opcode 0).
    public func sendFrame(opcode: UInt8, payload: [UInt8], isFinal: Bool = true) {
        let frame = Self.maskedFrame(opcode: opcode, payload: payload, isFinal: isFinal)
        writeLock.withLock { writeAll(frame) }
    }

    /// One frame as a client sends it, masked with a random key.
    public static func maskedFrame(opcode: UInt8, payload: [UInt8], isFinal: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(isFinal ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xff) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        return frame
    }

    private func readFrames(_ start: [UInt8]) {
        var pending = start
        var message = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        reading: while true {
            while let (opcode, isFinal, payload, used) = Self.frame(in: pending) {
                pending.removeFirst(used)
                switch opcode {
                case 0, 1:
                    message += payload
                    if isFinal {
                        received(String(decoding: message, as: UTF8.self))
                        message.removeAll()
                    }
                case 8: break reading
                case 9: sendFrame(opcode: 10, payload: payload)
                default: break
                }
            }
            condition.lock()
            while isReadingPaused { condition.wait() }
            condition.unlock()
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            pending += buffer[0..<count]
        }
        Glibc.close(socket)
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The kind of a message that starts with its `type`, as the server writes every message, read
    /// without parsing the rest (a change carries kilobytes of SVG); nil for any other text.
    private static func leadingKind(of text: String) -> ServerMessage.Kind? {
        let prefix = #"{"type":""#.utf8
        let utf8 = text.utf8
        guard utf8.starts(with: prefix) else { return nil }
        let name = utf8.dropFirst(prefix.count).prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        guard name.endIndex < utf8.endIndex, utf8[name.endIndex] == UInt8(ascii: "\"") else { return nil }
        return ServerMessage.Kind(rawValue: String(decoding: name, as: UTF8.self))
    }

    /// Where the whole frame at `offset` of `bytes` lies: its opcode, FIN bit, masking key (empty
    /// when unmasked, as a server's frames are), the payload's range and the frame's end; nil until
    /// all of it is there. Drivers that read many sockets parse frames with it too.
    public static func frameBounds(in bytes: [UInt8], at start: Int = 0)
        -> (opcode: UInt8, isFinal: Bool, mask: ArraySlice<UInt8>, payload: Range<Int>, end: Int)? {
        guard bytes.count - start >= 2 else { return nil }
        var length = Int(bytes[start + 1] & 0x7f), offset = start + 2
        if length == 126 {
            guard bytes.count - start >= 4 else { return nil }
            length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
            offset = start + 4
        } else if length == 127 {
            guard bytes.count - start >= 10 else { return nil }
            length = bytes[(start + 2)..<(start + 10)].reduce(0) { $0 << 8 | Int($1) }
            offset = start + 10
        }
        let maskLength = bytes[start + 1] & 0x80 != 0 ? 4 : 0
        guard length >= 0, bytes.count - offset >= maskLength, bytes.count - offset - maskLength >= length else { return nil }
        let mask = bytes[offset..<(offset + maskLength)]
        offset += maskLength
        return (bytes[start] & 0x0f, bytes[start] & 0x80 != 0, mask, offset..<(offset + length), offset + length)
    }

    /// One whole frame at the start of `bytes`: its opcode, FIN bit, unmasked payload and length; nil until all of it is there.
    private static func frame(in bytes: [UInt8]) -> (UInt8, Bool, [UInt8], Int)? {
        guard let frame = frameBounds(in: bytes) else { return nil }
        var payload = Array(bytes[frame.payload])
        if !frame.mask.isEmpty {
            for index in payload.indices { payload[index] ^= frame.mask[frame.mask.startIndex + (index & 3)] }
        }
        return (frame.opcode, frame.isFinal, payload, frame.end)
    }

    private func received(_ text: String) {
        let kind = Self.leadingKind(of: text)
            ?? (try? JSONTree.parse(text) { root throws(ProtocolError) in ServerMessage.Kind(rawValue: try root.required("type").string()) }) ?? nil
        condition.lock()
        inbox.append((kind ?? nil, text))
        condition.broadcast()
        condition.unlock()
    }
}
