import Foundation

/// One connection the loop serves: an HTTP exchange in progress, and the WebSocket it may become.
/// Everything here belongs to the loop thread, except `finished`, which handlers fill under `lock`.
final class Peer: @unchecked Sendable {
    /// The lws handle; nil once lws has destroyed the connection.
    var wsi: OpaquePointer?
    /// Counts the requests of a kept-alive connection, so a late answer is never sent to the next one.
    var exchange = 0
    /// The current request; its body is being read while `isAwaitingBody`.
    var request: HTTPRequest?
    var isAwaitingBody = false
    var body = Data()
    /// A refusal was answered before the body: what arrives of it is dropped.
    var isDroppingBody = false
    var droppedBytes = 0
    /// What the body being read holds of the server's room for bodies (`HTTPServer.reserveBody`),
    /// and by when (a monotonic time, seconds) all of it must have come.
    var bodyRoom = HTTPServer.BodyRoom()
    var bodyDeadline = 0.0
    /// The response being written.
    var outgoing: Outgoing?
    /// The WebSocket this connection was upgraded to.
    var socket: WebSocketConnection?

    private let lock = NSLock()
    private var finished: (exchange: Int, response: HTTPResponse)?
    private var isClosed = false

    /// Whether the connection has closed; read on any thread.
    var hasClosed: Bool { lock.withLock { isClosed } }

    /// Called by the loop as the connection goes.
    func markClosed() { lock.withLock { isClosed = true } }

    init(wsi: OpaquePointer) { self.wsi = wsi }

    struct Outgoing {
        var head: [(String, String)]
        var status: Int
        var body: Data
        var sendsBody: Bool
        /// Close once written: the request's body was not read, so the connection cannot be reused.
        var closesAfter: Bool
        var headersSent = false
        var offset = 0
    }

    /// Called by a handler's thread.
    func finish(_ response: HTTPResponse, exchange: Int) {
        lock.withLock { finished = (exchange, response) }
    }

    /// The answer to the current exchange, if a handler has finished it.
    func takeFinished() -> HTTPResponse? {
        lock.withLock {
            defer { finished = nil }
            return finished?.exchange == exchange ? finished?.response : nil
        }
    }
}
