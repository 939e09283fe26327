import Foundation
import MarkupServer
import Testing

/// A server's delegate whose slow requests wait until the test lets them go.
final class GatedSlowDelegate: HTTPServerDelegate, @unchecked Sendable {
    let gate = DispatchSemaphore(value: 0)

    func refusal(of head: HTTPRequest) -> HTTPResponse? { nil }
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/slow" { gate.wait() }
        return HTTPResponse(status: 200, contentType: "text/plain", body: Data("done".utf8))
    }
    func isSlow(_ request: HTTPRequest) -> Bool { request.path == "/slow" }
    func webSocketShouldConnect(_ request: HTTPRequest) -> Bool { false }
    func webSocketDidConnect(_ connection: WebSocketConnection) {}
    func webSocket(_ connection: WebSocketConnection, didReceive text: String, whenHandled: @escaping @Sendable () -> Void) { whenHandled() }
    func webSocketDidClose(_ connection: WebSocketConnection) {}
}

/// The statuses answered to requests sent from threads of their own.
final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [Int] = []
    func add(_ status: Int) { lock.withLock { all.append(status) } }
    var statuses: [Int] { lock.withLock { all } }
}

struct SlowRequestTests {
    /// Slow requests (exports, imports) in every one of their lane's threads and more waiting: the
    /// rest are served at once, and past the waiting room a slow one is answered 503.
    @Test func slowRequestsLeaveTheRestServedAndTooManyAreTurnedAway() throws {
        let delegate = GatedSlowDelegate()
        let server = HTTPServer(delegate: delegate)
        try server.start(host: "127.0.0.1", port: 0)
        let port = server.port
        let sent = DispatchGroup(), statuses = Statuses()
        func sendSlow() {
            sent.enter()
            Thread.detachNewThread {
                statuses.add((try? TestServer.raw(port: port, "GET /slow HTTP/1.1\r\nHost: 127.0.0.1"))?.status ?? 0)
                sent.leave()
            }
        }
        for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount + 40) { sendSlow() }
        let started = Date()
        let fast = try TestServer.raw(port: port, "GET /fast HTTP/1.1\r\nHost: 127.0.0.1")
        #expect(fast.status == 200 && Date().timeIntervalSince(started) < 2, "\(fast.status) after \(Date().timeIntervalSince(started)) s")
        // More than the lane's threads and its waiting room take: some are turned away at once.
        let deadline = Date().addingTimeInterval(10)
        while !statuses.statuses.contains(503), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(statuses.statuses.contains(503))
        for _ in 0..<200 { delegate.gate.signal() }
        #expect(sent.wait(timeout: .now() + 20) == .success)
        #expect(Set(statuses.statuses).isSubset(of: [200, 503]), "\(statuses.statuses)")
        // The waiting room's 32 at least, and those the lane's threads took before it filled.
        #expect(statuses.statuses.filter { $0 == 200 }.count >= 32)
        server.stop()
    }
}
