import Foundation
import MarkupServer
import MarkupStore

/// A server on a free port with a library of its own, and a raw HTTP client for it.
final class TestServer {
    let folder: String
    let store: SQLiteDocumentStore
    let server: MarkupServer

    /// `serving` may put another store in front of the library (to hold an open, say).
    /// The server's recent warnings and errors (when no other log is given), told with a page that
    /// could not connect.
    let warnings = WarningRecorder()

    init(host: String = "127.0.0.1", maximumBodyBytes: Int = 64 << 20, log: ServerLog? = nil,
         serving: (SQLiteDocumentStore) throws -> any DocumentStore = { $0 }) throws {
        folder = NSTemporaryDirectory() + "markupkit-server-\(UUID().uuidString)"
        store = try SQLiteDocumentStore(path: folder + "/library.sqlite")
        let warnings = warnings
        server = try MarkupServer(store: try serving(store), host: host, log: log ?? ServerLog { warnings.record($0) },
                                  maximumBodyBytes: maximumBodyBytes)
        try server.start(port: 0)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var port: Int { server.port }

    /// A page on `document`, connected and past its hello.
    func page(_ document: String) throws -> EditorClient {
        do {
            let client = try EditorClient(port: port, document: document)
            _ = try client.next(.hello)
            return client
        } catch {
            throw PageFailure(error: error, serverSaid: warnings.recent)
        }
    }

    /// A page that could not connect, with what the server logged just before.
    struct PageFailure: Error, CustomStringConvertible {
        let error: any Error
        let serverSaid: [String]
        var description: String { "\(error); the server's last warnings: \(serverSaid.isEmpty ? "none" : serverSaid.joined())" }
    }

    /// Keeps the last few warning and error lines of a server's log.
    final class WarningRecorder: @unchecked Sendable {
        private let lock = NSLock()
        private var lines = [String]()

        func record(_ line: String) {
            guard !line.contains(" INFO ") else { return }
            lock.withLock {
                lines.append(line)
                if lines.count > 20 { lines.removeFirst() }
            }
        }

        var recent: [String] { lock.withLock { lines } }
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `head` (request line and headers, without the final blank line) and `body` over a fresh
    /// connection, then reads the whole response.
    func raw(_ head: String, body: Data = Data()) throws -> Response {
        try Self.raw(port: port, head, body: body)
    }

    /// `raw` to a server on `port`.
    static func raw(port: Int, _ head: String, body: Data = Data()) throws -> Response {
        let socket = try connectedSocketOrTrouble(port: port)
        defer { Glibc.close(socket) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Data((head + "\r\nConnection: close\r\n\r\n").utf8) + body
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Read until the whole response is in, by its Content-Length: a server that refuses a body it
        // has not read may keep the connection open.
        while !Self.isComplete(response) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        guard let split = response.firstRange(of: Data("\r\n\r\n".utf8)) else { return Response(status: 0, headers: [:], body: Data()) }
        let lines = String(decoding: response[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers = [String: String]()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(response[split.upperBound...]))
    }

    /// Why a test's own connection failed, with the system's error number.
    enum SocketTrouble: Error, CustomStringConvertible {
        case couldNotConnect(errno: Int32)
        case closedBeforeHello(errno: Int32, receivedBytes: Int)

        var description: String {
            switch self {
            case .couldNotConnect(let code): "could not connect: \(String(cString: strerror(code)))"
            case .closedBeforeHello(let code, let count):
                "the connection ended after \(count) bytes, before the hello: \(code == 0 ? "closed by the server" : String(cString: strerror(code)))"
            }
        }
    }

    /// `connectedSocket`, or the reason it failed.
    static func connectedSocketOrTrouble(port: Int, receiveBuffer: Int32? = nil) throws(SocketTrouble) -> Int32 {
        let socket = connectedSocket(port: port, receiveBuffer: receiveBuffer)
        guard socket >= 0 else { throw .couldNotConnect(errno: errno) }
        return socket
    }

    /// A TCP connection to this machine's `port` (with a receive buffer of `receiveBuffer` bytes,
    /// set before connecting, as it must be), or -1 when none could be made (with `errno` saying why).
    static func connectedSocket(port: Int, receiveBuffer: Int32? = nil) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return -1 }
        if var size = receiveBuffer { setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            Glibc.close(socket)
            errno = failure
            return -1
        }
        return socket
    }

    static func isComplete(_ response: Data) -> Bool {
        guard let split = response.firstRange(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return response.count - split.upperBound >= length
    }

    func request(_ method: String, _ path: String, body: Data = Data(), headers: [String: String] = [:]) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nContent-Length: \(body.count)"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { head += "\r\nHost: 127.0.0.1:\(port)" }
        for (name, value) in headers { head += "\r\n\(name): \(value)" }
        return try raw(head, body: body)
    }

    func json(_ method: String, _ path: String, _ object: Any) throws -> Response {
        try request(method, path, body: try JSONSerialization.data(withJSONObject: object))
    }
}
