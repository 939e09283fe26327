import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupStore

/// `markupkit serve`: the library page, the editor page and their API over HTTP, and live editing
/// over WebSocket, with one `MarkupController` per open document as the authority. See docs/SERVER.md.
public final class MarkupServer: HTTPServerDelegate, @unchecked Sendable {
    public let store: any DocumentStore
    public let access: AccessControl
    public let log: ServerLog
    let hub: DocumentHub
    let pageImages = PageImages()
    private let assets: WebAssets
    private var http: HTTPServer?
    public let host: String

    /// Request bodies above this many bytes get 413 (imports are the largest).
    public let maximumBodyBytes: Int

    public init(store: any DocumentStore, host: String = "127.0.0.1", token: String? = nil, log: ServerLog = ServerLog(),
                maximumBodyBytes: Int = 64 << 20) throws {
        self.store = store
        self.maximumBodyBytes = maximumBodyBytes
        self.host = host
        access = AccessControl(host: host, token: token)
        self.log = log
        hub = DocumentHub(store: store, log: log)
        assets = try WebAssets.load()
    }

    /// Starts listening; `port` 0 picks a free one.
    public func start(port: Int) throws {
        let http = HTTPServer(delegate: self, maximumBodyBytes: maximumBodyBytes, keepAlive: (ping: #"{"type":"ping"}"#, pong: ServerMessage.pong.json))
        try http.start(host: host, port: port)
        self.http = http
        log(.info, "listening on \(addresses.joined(separator: ", "))")
        purgeExpiredDeletions()
    }

    public var port: Int { http?.port ?? 0 }

    /// How long each group commit of the open documents' changes took since the last call, in
    /// seconds: the disk's share of the time a page waits for its ack.
    public func takeCommitDurations() -> [Double] { hub.committer.takeDurations() }

    /// The address to open, with the token when one is needed.
    public var url: String { urls[0] }

    /// Every address to open, with the token when one is needed: on every address, this machine's
    /// on each network it is on (its name when it is on none), else the host it listens on.
    public var urls: [String] {
        addresses.map { $0 + (access.token.map { "?token=\($0)" } ?? "") }
    }

    /// The addresses, without the token (what the log says, which may be kept where the token should
    /// not be).
    public var addresses: [String] {
        let isWildcard = ["0.0.0.0", "::", ""].contains(host)
        let hosts = isWildcard ? NetworkAddresses.current() : [host]
        return (hosts.isEmpty ? [ProcessInfo.processInfo.hostName] : hosts).map { shown in
            "http://" + (shown.contains(":") ? "[\(shown)]:\(port)" : "\(shown):\(port)") + "/"
        }
    }

    /// Stops taking requests, then writes every open document's last snapshot.
    public func stop() {
        http?.stop()
        http = nil
        hub.closeAll()
        log(.info, "stopped; every document saved")
    }

    // MARK: - HTTP

    public func refusal(of head: HTTPRequest) -> HTTPResponse? {
        guard !access.isAuthorized(head) else { return nil }
        log(.warning, "\(head.remoteAddress) \(head.method) \(head.path) 401 (token, host or origin)")
        return unauthorized(head)
    }

    /// Exports of whole documents, imports, duplicates, versions' pictures and the whole library's
    /// download or upload: work of seconds on a large document, handled apart from the rest
    /// (`HTTPServer.slowRequests`). A page's picture (a PDF's, the page strip's) is not: a page asks
    /// for several at once, and one is quick.
    public func isSlow(_ request: HTTPRequest) -> Bool {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.first == "api", parts.count >= 2 else { return false }
        switch (parts.count, parts[1]) {
        case (2, "import"), (2, "library.zip"): return true
        case (4..., "documents"):
            return (parts[3].hasPrefix("export.") && request.query["page"] == nil) || ["picture", "duplicate"].contains(parts[3])
                || (parts[3] == "versions" && parts.count > 4)
        default: return false
        }
    }

    private func unauthorized(_ request: HTTPRequest) -> HTTPResponse {
        ErrorPage.response(401, for: request, message: "This MarkupKit server needs its access token: open the address it printed when it "
                           + "started. The browser keeps the token as a cookie, so cookies must be allowed for this address.",
                           apiMessage: "this server needs its access token: open the URL it printed at start", linksHome: false)
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        var response: HTTPResponse
        if !access.isAuthorized(request) {
            response = unauthorized(request)
        } else {
            response = route(request)
            if access.token != nil, request.query["token"] != nil, let token = access.token {
                // Over HTTPS (a proxy says so) the browser never sends it over plain HTTP.
                let secure = request.headers["x-forwarded-proto"]?.lowercased() == "https" ? "; Secure" : ""
                response.headers.append(("Set-Cookie", "\(AccessControl.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict\(secure)"))
            }
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        log(response.status >= 500 ? .error : response.status >= 400 ? .warning : .info,
            "\(request.remoteAddress) \(request.method) \(request.path) \(response.status) \(String(format: "%.1f", milliseconds)) ms")
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch (request.method, parts.first) {
        case ("GET", nil), ("HEAD", nil):
            return assets.response(for: "library.html")
        case ("GET", "edit"), ("HEAD", "edit"):
            // An editor page for a document that is not in the library would only ever say it is offline.
            guard parts.count == 2, let id = DocumentID(parts[1]), (try? store.summary(of: id)) != nil else {
                let deleted = parts.count == 2 && DocumentID(parts[1]).map { (try? store.deletedDocument($0)) != nil } == true
                let message = deleted ? "This document was deleted: it is in the library's Recently deleted, where it can be restored."
                    : "This document is not in the library: it may have been deleted for good, or the address is mistyped."
                return ErrorPage.response(404, for: request, message: message, apiMessage: "no such document")
            }
            // The document is read while the page loads, instead of once it connects.
            if request.method == "GET" { hub.prefetch(id) }
            return assets.response(for: "editor.html")
        case ("GET", "static"), ("HEAD", "static"):
            return parts.count == 2 ? assets.response(for: parts[1]) : .error(404, "no such file")
        case ("GET", "sw.js") where parts.count == 1, ("HEAD", "sw.js") where parts.count == 1:
            // At the root, so that it may stand in for every page of the server when it cannot be reached.
            return assets.response(for: "sw.js")
        case ("GET", "favicon.ico") where parts.count == 1, ("HEAD", "favicon.ico") where parts.count == 1:
            // Where clients that read no page (bookmarks, feed readers) look for a site's icon.
            return assets.response(for: "icon.svg")
        case (_, "api"):
            // HEAD is answered as GET is, its body left out when it is sent.
            var asked = request
            if asked.method == "HEAD" { asked.method = "GET" }
            return LibraryAPI(server: self).handle(asked, path: Array(parts.dropFirst()))
        default:
            return ErrorPage.response(404, for: request, message: "There is no page at this address.", apiMessage: "no such page")
        }
    }

    // MARK: - WebSocket

    public func webSocketShouldConnect(_ request: HTTPRequest) -> Bool {
        let document = request.query["doc"].flatMap(DocumentID.init)
        let allowed = access.isAuthorized(request) && access.isSameOrigin(request)
            && document.map { id in hub.openDocument(id) != nil || (try? store.summary(of: id)) != nil } == true
        if !allowed { log(.warning, "\(request.remoteAddress) refused WebSocket \(request.path) (token, origin or document)") }
        return allowed
    }

    public func webSocketDidConnect(_ connection: WebSocketConnection) {
        guard let id = connection.request.query["doc"].flatMap(DocumentID.init) else { return connection.close() }
        // The page's messages wait, in order, until it has its document. A document that is not open
        // yet may take a while to read: meanwhile the page draws the first view kept with it.
        connection.holdEvents()
        if hub.openDocument(id) == nil, let preview = try? store.preview(of: id, dark: connection.request.query["dark"] == "1") {
            connection.send(utf8: [UInt8](preview))
        }
        hub.join(connection, document: id) { [log] result in
            switch result {
            case .success(let document):
                connection.context = document
                log(.info, "\(connection.request.remoteAddress) joined document \(id)")
            case .failure(let error):
                connection.send(ServerMessage.error("cannot open this document: \(error)").json)
                connection.close()
            }
            connection.releaseEvents()
        }
    }

    public func webSocket(_ connection: WebSocketConnection, didReceive text: String, whenHandled: @escaping @Sendable () -> Void) {
        guard let document = connection.context as? LiveDocument else { return whenHandled() }
        document.take(text, from: connection, then: whenHandled)
    }

    public func webSocketDidClose(_ connection: WebSocketConnection) {
        guard let document = connection.context as? LiveDocument else { return }
        hub.leave(connection, from: document)
        log(.info, "\(connection.request.remoteAddress) left document \(document.id)")
    }

    public func connectionsRefused(_ count: Int, descriptorLimit: Int) {
        log(.warning, "refused \(count) connection\(count == 1 ? "" : "s") since last said: the open ones take every descriptor of the "
            + "\(descriptorLimit) this process may open but those kept for its files; raise the limit (ulimit -n) to serve more pages at once")
    }
}
