import Foundation

/// Who may talk to the server. On loopback anyone on this machine may; on any other address every
/// HTTP and WebSocket request needs the token printed at start (in the query, a cookie or a bearer
/// header), as Jupyter does. WebSocket upgrades must also come from a page of this server (Origin).
public struct AccessControl: Sendable {
    /// nil on loopback.
    public let token: String?
    public static let cookieName = "markupkit_token"

    public init(host: String, token: String? = nil) {
        self.token = Self.isLoopback(host) ? nil : (token ?? Self.makeToken())
    }

    public static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// 32 hex digits from the system's random source.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &generator)) }.joined()
    }

    /// Whether `request` may be served: with the token off loopback; on loopback, only when it names
    /// a loopback host (so a web page that rebinds its own name to 127.0.0.1 gets nothing) and, when
    /// it changes something, comes from a page of this server.
    public func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let token else {
            let host = request.headers["host"].flatMap { URL(string: "http://\($0)")?.host?.lowercased() } ?? "127.0.0.1"
            guard Self.isLoopback(host) || host == "[::1]" else { return false }
            return ["GET", "HEAD"].contains(request.method) || isSameOrigin(request)
        }
        if request.query["token"] == token { return true }
        if request.cookies[Self.cookieName] == token { return true }
        return request.headers["authorization"] == "Bearer \(token)"
    }

    /// A WebSocket's Origin, when sent, must name the host (and port, when both say one) the page
    /// was served from.
    public func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers["origin"] else { return true }
        guard let host = request.headers["host"], let url = URL(string: origin), let originHost = url.host,
              let served = URL(string: "http://\(host)"), let servedHost = served.host else { return false }
        guard originHost.lowercased() == servedHost.lowercased() else { return false }
        let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
        return (url.port ?? defaultPort) == (served.port ?? 80)
    }
}
