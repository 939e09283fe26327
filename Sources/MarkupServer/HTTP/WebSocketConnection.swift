import Foundation

/// One open WebSocket. Sending never blocks: messages wait in the connection's own bounded queue
/// until the loop can write them, so a page that stops reading holds up nobody else. One that has
/// left more than `HTTPServer.maximumQueuedBytes` unread for `maximumLagNanoseconds`, or more than
/// `maximumUnreadBytes` at all, is dropped. Bulk senders pace themselves with
/// `whenQueued(below:_:)`.
public final class WebSocketConnection: @unchecked Sendable, Hashable {
    public let request: HTTPRequest
    public let id = UUID()
    /// Anything the owner wants to keep with the connection.
    public var context: AnyObject?
    /// Where the delegate hears of this connection, in order.
    let events: DispatchQueue
    private weak var server: HTTPServer?

    private let lock = NSLock()
    /// Messages waiting to be written, each with when it was queued.
    private var outbox: [(bytes: [UInt8], queuedAt: UInt64)] = []
    private var queuedBytes = 0
    private var isOpen = true
    private(set) var isClosing = false
    /// Messages received and not yet handled; reading pauses while there are too many.
    private var unhandled = 0
    /// What to run once the queue falls below its byte count.
    private var drained: (bytes: Int, action: @Sendable () -> Void)?

    /// The message being written and how far; the loop's alone.
    var writing: (bytes: [UInt8], offset: Int)?
    /// Whether reading is paused; the loop's alone.
    var isReadingPaused = false
    /// The message being received, fragment by fragment; the loop's alone.
    var incoming: [UInt8] = []
    /// The connection under it; the loop's alone, cleared when it closes.
    var peer: Peer?

    /// Reading pauses while this many received messages wait to be handled.
    static let maximumUnhandledMessages = 64

    init(request: HTTPRequest, server: HTTPServer) {
        self.request = request
        self.server = server
        events = DispatchQueue(label: "markupkit.ws", target: server.socketEvents)
    }

    /// Holds the events after the one being handled (its messages, its close) until `releaseEvents`:
    /// for a delegate that finishes handling the connection's arrival elsewhere.
    public func holdEvents() { events.suspend() }

    public func releaseEvents() { events.resume() }

    /// Queues one text message; false when the connection is gone or has been dropped for falling
    /// behind. `ahead`: before the messages waiting (not the one being written), as a pong goes, so a
    /// slow link's queue does not make its page think the link is gone.
    @discardableResult
    public func send(_ text: String, ahead: Bool = false) -> Bool { send(utf8: Array(text.utf8), ahead: ahead) }

    /// Queues one text message already in UTF-8 (a kept one, not decoded and encoded again).
    @discardableResult
    public func send(utf8 bytes: [UInt8], ahead: Bool = false) -> Bool {
        let accepted = lock.withLock { () -> Bool in
            guard isOpen, !isClosing else { return false }
            // What is already queued counts, so one large message to a page that keeps up goes out; a
            // page is dropped once it has left a lot unread for a while, or far too much at all.
            let now = DispatchTime.now().uptimeNanoseconds
            let lagging = queuedBytes > HTTPServer.maximumQueuedBytes && outbox.first.map { now - $0.queuedAt > HTTPServer.maximumLagNanoseconds } == true
            guard !lagging, queuedBytes <= HTTPServer.maximumUnreadBytes else {
                isClosing = true
                outbox.removeAll()
                queuedBytes = 0
                drained = nil
                return false
            }
            // Ahead, it takes the waiting messages' age, so a page falling behind is still found out.
            if ahead { outbox.insert((bytes, outbox.first?.queuedAt ?? now), at: 0) } else { outbox.append((bytes, now)) }
            queuedBytes += bytes.count
            return true
        }
        server?.socketNeedsService(self)
        return accepted
    }

    /// Closes the connection from this side once what was queued before is written.
    public func close() {
        lock.withLock { if isOpen { isClosing = true } }
        server?.socketNeedsService(self)
    }

    /// Bytes queued and not yet taken by the loop.
    public var queuedByteCount: Int { lock.withLock { queuedBytes } }

    /// Runs `action` once fewer than `bytes` wait to be written (at once if that is so already); it
    /// replaces an action set before. Nothing runs for a connection that closes first.
    public func whenQueued(below bytes: Int, _ action: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            guard isOpen, !isClosing else { return false }
            guard queuedBytes >= bytes else { return true }
            drained = (bytes, action)
            return false
        }
        if now { action() }
    }

    /// The next message to write, or nil; the loop calls it.
    func nextMessage() -> [UInt8]? {
        let (next, action): ([UInt8]?, (@Sendable () -> Void)?) = lock.withLock {
            guard !outbox.isEmpty else { return (nil, nil) }
            let next = outbox.removeFirst().bytes
            queuedBytes -= next.count
            guard let waiting = drained, queuedBytes < waiting.bytes else { return (next, nil) }
            drained = nil
            return (next, waiting.action)
        }
        action?()
        return next
    }

    var hasQueuedOutput: Bool { lock.withLock { !outbox.isEmpty } }

    /// Whether only closing is left: asked to close, with nothing left to write.
    var shouldClose: Bool { lock.withLock { isClosing && outbox.isEmpty } }

    func detach() { lock.withLock { isOpen = false; outbox.removeAll(); queuedBytes = 0; drained = nil } }

    /// Counts a message handed to the delegate; true when reading should pause.
    func received() -> Bool { lock.withLock { unhandled += 1; return unhandled >= Self.maximumUnhandledMessages } }

    /// Counts a message the delegate has handled; true when paused reading may resume.
    func handled() -> Bool { lock.withLock { unhandled -= 1; return unhandled == Self.maximumUnhandledMessages / 2 } }

    var hasTooManyUnhandled: Bool { lock.withLock { unhandled > Self.maximumUnhandledMessages / 2 } }

    public static func == (lhs: WebSocketConnection, rhs: WebSocketConnection) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
