import Foundation

/// Who may talk to the server. On loopback anyone on this machine may; on any other address every
/// HTTP and WebSocket request needs the token printed at start (in the query, a cookie or a bearer
/// header), as Jupyter does. WebSocket upgrades must also come from a page of this server (Origin).
/// A token given for a server on loopback is needed there too, whatever name a request gives the
/// host: so the server can sit behind a proxy on the same machine (which passes on the name people
/// reach it by) without listening on the network itself.
public struct AccessControl: Sendable {
    /// nil on loopback when none was given.
    public let token: String?
    public static let cookieName = "markupkit_token"

    public init(host: String, token: String? = nil) {
        self.token = Self.isLoopback(host) ? token : (token ?? Self.makeToken())
    }

    /// Whether `host` is a literal loopback address (127.0.0.0/8 written as four decimal numbers, `::1`,
    /// `[::1]`) or `localhost`. Any other name may resolve anywhere, whatever it looks like.
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if ["localhost", "::1", "[::1]"].contains(lowered) { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) } && Int(part)! <= 255
        }
    }

    /// 32 hex digits from the system's random source.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &generator)) }.joined()
    }

    /// Whether `request` may be served: with the token off loopback; on loopback, only when it names
    /// a loopback host (so a web page that rebinds its own name to 127.0.0.1 gets nothing) and, when
    /// it changes something, comes from a page of this server.
    ///
    /// With a token, a request that changes something must also come from a page of this server, so a
    /// page elsewhere cannot use the cookie a browser holds.
    public func isAuthorized(_ request: HTTPRequest) -> Bool {
        let changesSomething = !["GET", "HEAD"].contains(request.method)
        guard let token else {
            // No Host at all is an old client on this machine; a Host that does not parse is refused.
            let host = request.headers["host"].map { URL(string: "http://\($0)")?.host?.lowercased() ?? "" } ?? "127.0.0.1"
            guard Self.isLoopback(host) else { return false }
            return !changesSomething || isSameOrigin(request)
        }
        let presented = [request.query["token"], request.cookies[Self.cookieName],
                         request.headers["authorization"].map(Self.bearerToken)]
        guard presented.contains(where: { $0.map { Self.constantTimeEqual($0, token) } == true }) else { return false }
        return !changesSomething || isSameOrigin(request)
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func constantTimeEqual(_ presented: String, _ expected: String) -> Bool {
        let left = Array(presented.utf8), right = Array(expected.utf8)
        var difference: UInt8 = left.count == right.count ? 0 : 1
        for index in right.indices {
            difference |= (index < left.count ? left[index] : 0) ^ right[index]
        }
        return difference == 0
    }

    /// A WebSocket's Origin, when sent, must name the host (and port, when both say one) the page
    /// was served from.
    public func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers["origin"] else { return true }
        guard let host = request.headers["host"], let url = URL(string: origin), let originHost = url.host,
              let served = URL(string: "http://\(host)"), let servedHost = served.host else { return false }
        guard originHost.lowercased() == servedHost.lowercased() else { return false }
        // A Host without a port is the origin's default one: behind a proxy that ends TLS, the page is
        // https on 443 and the Host it passes on names no port.
        let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
        return (url.port ?? defaultPort) == (served.port ?? defaultPort)
    }

    /// The token of an `Authorization: Bearer …` header (the scheme's name in any case, as RFC 9110
    /// has it); empty for another scheme.
    static func bearerToken(_ header: String) -> String {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return "" }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
