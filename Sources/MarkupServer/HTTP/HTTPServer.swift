import CWebSockets
import Foundation

/// What `HTTPServer` hands requests and WebSocket connections to. Requests are handled on worker
/// threads, several at once; a connection's WebSocket events arrive in order, one at a time.
public protocol HTTPServerDelegate: AnyObject, Sendable {
    /// A refusal for a request judged on its head alone (before its body is read), or nil to go on.
    func refusal(of head: HTTPRequest) -> HTTPResponse?
    func handle(_ request: HTTPRequest) -> HTTPResponse
    /// Whether a request takes long (an export, an import): it is handled in `HTTPServer`'s lane for
    /// those, apart from the rest.
    func isSlow(_ request: HTTPRequest) -> Bool
    /// Whether to accept a WebSocket upgrade (checks its token and Origin).
    func webSocketShouldConnect(_ request: HTTPRequest) -> Bool
    func webSocketDidConnect(_ connection: WebSocketConnection)
    /// A message; `whenHandled` is called once it has been handled (on any thread, at once or later).
    /// Until then it counts among the connection's unhandled messages: reading it pauses while there
    /// are too many, so a page cannot pile up work faster than its document gets through it.
    func webSocket(_ connection: WebSocketConnection, didReceive text: String, whenHandled: @escaping @Sendable () -> Void)
    func webSocketDidClose(_ connection: WebSocketConnection)
    /// `count` connections were refused because every descriptor the process may open, but those kept
    /// back for its own files, was taken: the first at once, those after it at most once a minute
    /// (and when the server stops).
    func connectionsRefused(_ count: Int, descriptorLimit: Int)
}

extension HTTPServerDelegate {
    public func connectionsRefused(_ count: Int, descriptorLimit: Int) {}
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

/// HTTP and WebSocket on libwebsockets: one thread runs the event loop for every connection, so
/// thousands of idle pages cost no threads; requests are handled on worker threads and each
/// WebSocket's messages on a queue of its own, so a slow handler or a stalled peer holds up no one.
/// Every path goes to the delegate; `/ws` upgrades to WebSocket.
public final class HTTPServer: @unchecked Sendable {
    /// Request bodies larger than this are refused with 413, unread when their length says so.
    public let maximumBodyBytes: Int
    /// The bodies of the requests being read or handled may take this much in all, counted by the
    /// length each declares: past it an upload is answered 503 before its body is read, so a few
    /// slow uploads cannot fill the memory. Small bodies (a rename, a new folder: at most
    /// `smallBodyBytes`) have room of their own, `smallBodiesRoom`, so uploads holding the rest
    /// keep none of them waiting.
    public let maximumHeldBodyBytes: Int
    let smallBodyBytes: Int, smallBodiesRoom: Int
    private var heldBodyBytes = 0, heldSmallBodyBytes = 0
    /// A body must come within `bodyGraceSeconds` and its length at this rate, however it trickles
    /// (a byte now and then would otherwise hold its room for ever).
    static let minimumBodyBytesPerSecond = 128 << 10
    static let bodyGraceSeconds = 30.0
    /// A WebSocket message larger than this closes the connection (1009) as soon as a frame header
    /// or a fragment shows it would grow past it, before the bytes arrive.
    public static let maximumMessageBytes = 8 << 20
    /// Output a page may leave unread for `maximumLagNanoseconds` before the server drops it (it
    /// reconnects to a fresh state). Bulk output (the elements of a view) is sent only as the page
    /// reads, so only a page that has stopped reading falls this far behind for that long; a single
    /// large change (an image) goes out to a page that keeps reading.
    public static let maximumQueuedBytes = 4 << 20
    public static let maximumLagNanoseconds: UInt64 = 5_000_000_000
    /// Output a page may leave unread at all.
    public static let maximumUnreadBytes = 64 << 20
    /// Bytes written per turn of the loop for one connection, so a large response shares the loop.
    static let writeChunkBytes = 64 << 10

    let delegate: any HTTPServerDelegate
    public private(set) var port: Int = 0

    private let lock = NSLock()
    private var context: OpaquePointer?
    private var isStopping = false
    private var awaitingWrite: [Peer] = []
    private var awaitingSocketWork: Set<WebSocketConnection> = []
    private let stopped = DispatchSemaphore(value: 0)
    private var protocols: UnsafeMutablePointer<lws_protocols>?
    private var retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>?
    private var interface: UnsafeMutablePointer<CChar>?
    /// Descriptors kept back from connections for the library, exports and the loop itself: once only
    /// these are left a new connection is closed at once, rather than taking the last one (after which
    /// accepting fails over and over in a busy loop, and a snapshot finds no descriptor to write with).
    static let reservedDescriptors = 128
    /// The process's descriptor limit, and the lowest descriptor a new connection may not have: a
    /// process is given the lowest free one, so a connection given this one or above finds every
    /// descriptor below it taken. Set before the loop starts; loop thread after.
    private(set) var descriptorLimit = Int(Int32.max)
    private var connectionDescriptorCeiling = Int32.max
    private var untoldRefusals = 0
    private var lastRefusalTold: ContinuousClock.Instant?

    /// The connections the loop serves, by their lws handle. Loop thread only.
    var peers: [OpaquePointer: Peer] = [:]
    /// Handlers and WebSocket events still running; `stop` waits for them.
    let inFlight = DispatchGroup()
    let handlers = DispatchQueue(label: "markupkit.http.handlers", attributes: .concurrent)
    /// Where the delegate's slow requests are handled: as many at once as there are cores, at most
    /// 32 more waiting (past that, 503).
    let slowRequests = RequestLane(name: "markupkit.http.slow", threads: max(2, ProcessInfo.processInfo.activeProcessorCount),
                                   maximumWaiting: 32)
    /// Where WebSocket events run: a pool of Dispatch's threads apart from the requests' (each
    /// quality of service has its own), so slow requests, an export of a large document or an
    /// import, several at once, hold up no page's messages, nor the other way round.
    let socketEvents = DispatchQueue(label: "markupkit.ws.events", qos: .userInteractive, attributes: .concurrent)

    /// A message a page sends to ask whether its link is alive, and the answer the loop sends back
    /// at once, ahead of the page's other messages and whatever its document is busy with.
    let keepAlive: (ping: String, pong: String)?

    public init(delegate: any HTTPServerDelegate, maximumBodyBytes: Int = 64 << 20, keepAlive: (ping: String, pong: String)? = nil) {
        self.delegate = delegate
        self.maximumBodyBytes = maximumBodyBytes
        maximumHeldBodyBytes = 4 * maximumBodyBytes
        (smallBodyBytes, smallBodiesRoom) = (maximumBodyBytes / 64, maximumBodyBytes)
        self.keepAlive = keepAlive
    }

    /// Room taken for a request's body: how many bytes, and whether from the small bodies' room.
    struct BodyRoom {
        var bytes = 0, isSmall = false
    }

    /// Takes room for a body of `bytes` (from the small bodies' room first when it is one); nil when
    /// the bodies held already leave too little.
    func reserveBody(_ bytes: Int) -> BodyRoom? {
        lock.withLock {
            if bytes <= smallBodyBytes, heldSmallBodyBytes + bytes <= smallBodiesRoom {
                heldSmallBodyBytes += bytes
                return BodyRoom(bytes: bytes, isSmall: true)
            }
            guard heldBodyBytes + bytes <= maximumHeldBodyBytes else { return nil }
            heldBodyBytes += bytes
            return BodyRoom(bytes: bytes, isSmall: false)
        }
    }

    func releaseBody(_ room: BodyRoom) {
        guard room.bytes > 0 else { return }
        lock.withLock {
            if room.isSmall { heldSmallBodyBytes -= room.bytes } else { heldBodyBytes -= room.bytes }
        }
    }

    /// Starts listening on `host`:`port` (0 picks a free port; `port` then says which).
    public func start(host: String, port: Int) throws(ServerError) {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        descriptorLimit = Self.raiseFileLimit()
        connectionDescriptorCeiling = Int32(clamping: descriptorLimit - min(Self.reservedDescriptors, descriptorLimit / 4))
        lws_set_log_level(Int32(LLL_ERR), nil)
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(strdup("markupkit"))
        protocols[0].callback = serviceCallback
        protocols[0].per_session_data_size = 0
        protocols[0].rx_buffer_size = 64 << 10
        self.protocols = protocols
        let retry = UnsafeMutablePointer<lws_retry_bo_t>.allocate(capacity: 1)
        retry.initialize(to: lws_retry_bo_t(retry_ms_table: nil, retry_ms_table_count: 0, conceal_count: 0,
                                            secs_since_valid_ping: 30, secs_since_valid_hangup: 75, jitter_percent: 0))
        retryPolicy = retry
        var info = lws_context_creation_info()
        info.port = Int32(port)
        let wildcard = ["0.0.0.0", "::", ""].contains(host)
        interface = wildcard ? nil : strdup(host == "localhost" ? "127.0.0.1" : host)
        info.iface = UnsafePointer(interface)
        info.protocols = UnsafePointer(protocols)
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8) | (host.contains(":") || wildcard ? 0 : UInt64(LWS_SERVER_OPTION_DISABLE_IPV6))
        info.timeout_secs = 30
        info.keepalive_timeout = 30
        // Every connection still sending its head holds one of these: enough that a crowd of stalled
        // heads (a slowloris) leaves room for everyone else, each dropped after `timeout_secs`.
        info.max_http_header_data = 16 << 10
        info.max_http_header_pool = 4096
        info.retry_and_idle_policy = UnsafePointer(retry)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.server_string = UnsafePointer(strdup("MarkupKit"))
        guard let context = lws_create_context(&info) else { throw .cannotListen(address) }
        lock.withLock { self.context = context }
        if let vhost = lws_get_vhost_by_name(context, "default") { self.port = Int(lws_get_vhost_listen_port(vhost)) }
        let thread = Thread { [self] in runLoop() }
        thread.name = "markupkit.http.loop"
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func runLoop() {
        guard let context = lock.withLock({ self.context }) else { return }
        while !lock.withLock({ isStopping }) {
            if lws_service(context, 0) < 0 { break }
        }
        lws_context_destroy(context)
        stopped.signal()
    }

    /// Stops accepting, closes every connection, and waits for running handlers and for every
    /// page's close to be handled.
    public func stop() {
        let context = lock.withLock { () -> OpaquePointer? in
            defer { isStopping = true }
            return isStopping ? nil : self.context
        }
        guard let context else { return }
        lws_cancel_service(context)
        stopped.wait()
        tellRefusals()
        lock.withLock { self.context = nil }
        _ = inFlight.wait(timeout: .now() + 30)
        slowRequests.stop()
        protocols.map { free(UnsafeMutableRawPointer(mutating: $0[0].name)); $0.deallocate() }
        retryPolicy?.deallocate()
        free(interface)
    }

    /// Thousands of pages need thousands of descriptors: the soft limit is often 1024. Returns the
    /// limit now in force.
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int(Int32.max) }
        if limit.rlim_cur < limit.rlim_max {
            let raised = rlimit(rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), [raised]) == 0 { limit = raised }
        }
        return Int(clamping: min(limit.rlim_cur, rlim_t(Int32.max)))
    }

    /// Whether a connection just accepted on `descriptor` may stay; one refused is closed at once,
    /// which also takes it off the listening queue. Loop thread only.
    func admitsConnection(on descriptor: Int32) -> Bool {
        let isFull = descriptor >= connectionDescriptorCeiling
        if isFull { untoldRefusals += 1 }
        let now = ContinuousClock.now
        if untoldRefusals > 0, lastRefusalTold.map({ now - $0 >= .seconds(60) }) ?? true {
            tellRefusals()
            lastRefusalTold = now
        }
        return !isFull
    }

    /// Tells the delegate of the refusals not told yet. Loop thread, or once the loop has ended.
    private func tellRefusals() {
        guard untoldRefusals > 0 else { return }
        delegate.connectionsRefused(untoldRefusals, descriptorLimit: descriptorLimit)
        untoldRefusals = 0
    }

    // MARK: - Waking the loop from other threads

    /// Asks the loop to write `peer`'s finished response.
    func responseIsReady(_ peer: Peer) {
        wake { awaitingWrite.append(peer) }
    }

    /// Asks the loop to write or close `socket`, or to read from it again.
    func socketNeedsService(_ socket: WebSocketConnection) {
        wake { awaitingSocketWork.insert(socket) }
    }

    /// Notes work for the loop and wakes it, unless work noted since it last looked has woken it already.
    private func wake(_ note: () -> Void) {
        let context = lock.withLock { () -> OpaquePointer? in
            guard !isStopping else { return nil }
            let isWoken = !awaitingWrite.isEmpty || !awaitingSocketWork.isEmpty
            note()
            return isWoken ? nil : self.context
        }
        if let context { lws_cancel_service(context) }
    }

    /// On the loop: what other threads asked for since the last wake.
    func takeWork() -> (writes: [Peer], sockets: Set<WebSocketConnection>) {
        lock.withLock {
            defer { awaitingWrite.removeAll(); awaitingSocketWork.removeAll() }
            return (awaitingWrite, awaitingSocketWork)
        }
    }
}
