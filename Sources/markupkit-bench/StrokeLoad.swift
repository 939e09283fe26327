import CEpoll
import Foundation
import Glibc
import MarkupServer

/// Many pages drawing strokes, driven from one thread that waits on every page's socket with epoll
/// (a wait costs the same for 2,000 pages as for one), so the benchmark's side costs the shared
/// cores little (a browser on another machine costs the server's cores nothing). Every frame is
/// built and masked before the clock starts. A stroke is timed from
/// its pen-up (when its whole-stroke message is due) to its `ack`; a page's acks come in the order
/// of its edits.
final class StrokeLoad {
    /// One stroke's frames: the live samples (empty when the stroke is sent whole only), the whole
    /// stroke, and the start of the `ack` that confirms it.
    struct Stroke {
        var live: [UInt8]
        var whole: [UInt8]
        var ack: [UInt8]
    }

    /// How strokes are paced: each page draws its next stroke once the last is acknowledged, or
    /// every page draws at a fixed rate whatever the server does (open loop: a late ack delays no
    /// later stroke, so the latency includes any queue the server builds).
    enum Pace {
        case closedLoop
        case strokesPerSecond(Double)
    }

    struct Result {
        var latencies: [Double]
        var seconds: Double
        /// CPU seconds of the driving thread: the benchmark's own side.
        var driverCPUSeconds: Double
    }

    enum LoadError: Error, CustomStringConvertible {
        case closed(page: Int)
        case unexpectedAck(page: Int, text: String)
        case timedOut
        case cannotWait(errno: Int32)
        case unfinished(pages: Int, first: String)

        var description: String {
            switch self {
            case .closed(let page): "page \(page)'s connection closed"
            case .unexpectedAck(let page, let text): "page \(page) got an ack it did not expect: \(text.prefix(120))"
            case .timedOut: "a page was not greeted within its time limit"
            case .cannotWait(let code): "cannot wait on the pages' sockets: \(String(cString: strerror(code)))"
            case .unfinished(let count, let first): "the run did not finish within its time limit: \(count) pages still wait for an ack (\(first))"
            }
        }
    }

    private struct Page {
        let socket: Int32
        var received: [UInt8]
        let strokes: [Stroke]
        /// The next stroke to send, and the first not yet acknowledged.
        var nextToSend = 0, nextToConfirm = 0
        /// Each sent stroke's pen-up, in nanoseconds of uptime.
        var penUps: [UInt64]
    }

    private var pages: [Page]

    /// Connects a page to each document (as a page drawing its own ink) and waits for each one's
    /// hello; page `i` goes to the server on `ports[i % ports.count]`.
    init(ports: [Int], documents: [String], strokes: (Int) -> [Stroke]) throws {
        pages = try documents.enumerated().map { index, document in
            let opened = try EditorClient.openSocket(port: ports[index % ports.count], document: document, drawsOwnInk: true)
            let script = strokes(index)
            return Page(socket: opened.socket, received: opened.leftover, strokes: script, penUps: Array(repeating: 0, count: script.count))
        }
        for index in pages.indices { try waitForHello(index) }
    }

    deinit {
        for page in pages {
            EditorClient.writeAll(EditorClient.maskedFrame(opcode: 8, payload: []), to: page.socket)
            shutdown(page.socket, Int32(SHUT_RDWR))
            close(page.socket)
        }
    }

    /// Draws every page's strokes at `pace`.
    func run(_ pace: Pace, timeLimit: Double = 120) throws -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = Self.threadCPUSeconds()
        let deadline = start + UInt64(timeLimit * 1e9)
        var latencies = [Double]()
        latencies.reserveCapacity(pages.reduce(0) { $0 + $1.strokes.count })
        let interval: UInt64? = if case .strokesPerSecond(let rate) = pace { UInt64(1e9 / rate) } else { nil }
        /// When page `index` lifts its pen for stroke `stroke` in the open loop: pages are spread evenly over an interval.
        func due(_ index: Int, _ stroke: Int) -> UInt64 {
            guard let interval else { return 0 }
            return start + UInt64(stroke) * interval + interval * UInt64(index) / UInt64(pages.count)
        }
        let poller = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard poller >= 0 else { throw LoadError.cannotWait(errno: errno) }
        defer { close(poller) }
        for (index, page) in pages.enumerated() where markupkit_epoll_watch(poller, page.socket, UInt32(index)) != 0 {
            throw LoadError.cannotWait(errno: errno)
        }
        var ready = [UInt32](repeating: 0, count: 256)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var unfinished = pages.count
        if interval == nil { for index in pages.indices { send(index, penUp: DispatchTime.now().uptimeNanoseconds) } }
        while unfinished > 0 {
            var now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                let stuck = pages.indices.filter { pages[$0].nextToConfirm < pages[$0].strokes.count }
                throw LoadError.unfinished(pages: stuck.count, first: stuck.first.map { "page \($0) sent \(pages[$0].nextToSend), confirmed \(pages[$0].nextToConfirm)" } ?? "")
            }
            var wait = UInt64(10_000_000)
            if interval != nil {
                for index in pages.indices where pages[index].nextToSend < pages[index].strokes.count {
                    var penUp = due(index, pages[index].nextToSend)
                    while penUp <= now, pages[index].nextToSend < pages[index].strokes.count {
                        send(index, penUp: penUp)
                        penUp = due(index, pages[index].nextToSend)
                    }
                    if pages[index].nextToSend < pages[index].strokes.count { wait = min(wait, penUp - now) }
                }
                now = DispatchTime.now().uptimeNanoseconds
            }
            let readyCount = Int(markupkit_epoll_wait(poller, &ready, Int32(ready.count), Int64(wait)))
            if readyCount < 0, errno != EINTR { throw LoadError.cannotWait(errno: errno) }
            guard readyCount > 0 else { continue }
            for index in ready.prefix(readyCount).map(Int.init) {
                let count = recv(pages[index].socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 { throw LoadError.closed(page: index) }
                guard count > 0 else { continue }
                pages[index].received += buffer[0..<count]
                let arrived = DispatchTime.now().uptimeNanoseconds
                let wasFinished = pages[index].nextToConfirm == pages[index].strokes.count
                for penUp in try takeAcks(index) {
                    latencies.append(Double(arrived - penUp) / 1e9)
                    if interval == nil, pages[index].nextToSend < pages[index].strokes.count {
                        send(index, penUp: DispatchTime.now().uptimeNanoseconds)
                    }
                }
                if !wasFinished, pages[index].nextToConfirm == pages[index].strokes.count { unfinished -= 1 }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Result(latencies: latencies, seconds: seconds, driverCPUSeconds: Self.threadCPUSeconds() - cpuStart)
    }

    /// Sends page `index`'s next stroke: its live samples, then, at `penUp`, the whole stroke.
    private func send(_ index: Int, penUp: UInt64) {
        let stroke = pages[index].strokes[pages[index].nextToSend]
        if !stroke.live.isEmpty { EditorClient.writeAll(stroke.live, to: pages[index].socket) }
        pages[index].penUps[pages[index].nextToSend] = penUp
        EditorClient.writeAll(stroke.whole, to: pages[index].socket)
        pages[index].nextToSend += 1
    }

    /// The pen-ups of the strokes whose acks have arrived whole in page `index`'s bytes; other
    /// messages are skipped.
    private func takeAcks(_ index: Int) throws -> [UInt64] {
        var confirmed = [UInt64]()
        var offset = 0
        let bytes = pages[index].received
        while let frame = EditorClient.frameBounds(in: bytes, at: offset) {
            offset = frame.end
            let payload = frame.payload
            guard bytes[payload].starts(with: Self.ackPrefix) else { continue }
            let page = pages[index]
            guard page.nextToConfirm < page.nextToSend, bytes[payload].starts(with: page.strokes[page.nextToConfirm].ack) else {
                throw LoadError.unexpectedAck(page: index, text: String(decoding: bytes[payload], as: UTF8.self))
            }
            confirmed.append(page.penUps[page.nextToConfirm])
            pages[index].nextToConfirm += 1
        }
        if offset > 0 { pages[index].received.removeFirst(offset) }
        return confirmed
    }

    private func waitForHello(_ index: Int) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Every page's document opens at once: 2,000 of them can take a while on two cores.
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var offset = 0, greeted = false
            while let frame = EditorClient.frameBounds(in: pages[index].received, at: offset) {
                offset = frame.end
                let payload = frame.payload
                // The hello's members come in JSONEncoder's order, not with its type first.
                if pages[index].received[payload].firstRange(of: Array(#""type":"hello""#.utf8)) != nil { greeted = true }
            }
            pages[index].received.removeFirst(offset)
            if greeted { return }
            let count = recv(pages[index].socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw LoadError.closed(page: index) }
            pages[index].received += buffer[0..<count]
        }
        throw LoadError.timedOut
    }

    private static let ackPrefix = Array(#"{"type":"ack""#.utf8)

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
