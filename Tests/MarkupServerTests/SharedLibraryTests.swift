import Foundation
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// Several servers on one PostgreSQL library, each with its own copy of an open document: pages on
/// each drawing at once end with the same elements in the same order, on every page, on every
/// server and in the library.
@Suite(.serialized)
struct SharedLibraryTests {
    /// A page's picture of the document: every element it was sent, by id, with its z-index.
    final class PageMirror {
        let client: EditorClient
        private(set) var elements: [String: Int64] = [:]
        private(set) var acknowledged = Set<String>()
        private(set) var errors: [String] = []
        /// The paper the page was last told of, and whether it was told of any.
        private(set) var paper: ServerMessage.PaperSetting?
        /// Whether the page was last told it can undo, if it was told.
        private(set) var canUndo: Bool?

        init(_ client: EditorClient) { self.client = client }

        /// Reads what the server sends until `isDone`, or throws after `timeout` seconds without it.
        func read(timeout: TimeInterval = 20, until isDone: (PageMirror) -> Bool) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while !isDone(self) {
                guard Date() < deadline else { throw EditorClient.ClientError.timedOut("the page's expected state") }
                guard let message = try client.nextMessage(timeout: 0.2) else { continue }
                switch message {
                case .elements(let sent): for element in sent { elements[element.id] = element.z }
                case .change(let change):
                    for element in change.added + change.updated { elements[element.id] = element.z }
                    for id in change.removed { elements[id] = nil }
                    if let changed = change.paper { paper = changed }
                case .ack(let op, _): if let op { acknowledged.insert(op) }
                case .error(let text): errors.append(text)
                case .history(let undo, _): canUndo = undo
                default: break
                }
            }
        }

        /// The element ids back to front.
        var order: [String] { elements.sorted { $0.value < $1.value }.map(\.key) }
    }

    static func stroke(_ index: Int, page: Int) -> ClientMessage {
        let y = 40 + Double(index) * 9, x = 40 + Double(page) * 120
        let samples = (0..<10).map { step in
            ClientMessage.Sample(x: x + Double(step) * 8, y: y + Double(step % 3), t: 1000 + Double(step) * 8, p: 0.5)
        }
        return .stroke(samples, ink: .init(tool: .ink(.pen), color: "#202020", width: 2), view: .letter)
    }

    static func firstDifference(_ left: [String], _ right: [String]) -> Int {
        Array(zip(left, right)).firstIndex { $0 != $1 } ?? min(left.count, right.count)
    }

    static func page(on server: MarkupServer, _ id: String) throws -> PageMirror {
        let mirror = PageMirror(try EditorClient(port: server.port, document: id))
        _ = try mirror.client.next(.hello)
        mirror.client.send(.view(.init(frame: Rect(x: 0, y: 0, width: 612, height: 792), size: Size(width: 612, height: 792))))
        return mirror
    }

    /// The document's `count` elements back to front, as a page newly joining `server` is sent them.
    static func freshOrder(on server: MarkupServer, _ id: String, count: Int) throws -> [String] {
        let page = try page(on: server, id)
        defer { page.client.close() }
        try page.read { $0.elements.count == count }
        return page.order
    }

    /// Two servers started on a new database, each with a store of its own, and a blank document in it.
    static func twoServers() throws -> (stores: [PostgresDocumentStore], servers: [MarkupServer], document: String) {
        let database = try TemporaryPostgres.shared.get().newDatabase()
        let stores = [try PostgresDocumentStore(url: database), try PostgresDocumentStore(url: database)]
        let servers = try stores.map { store in try MarkupServer(store: store, log: ServerLog(isEnabled: false)) }
        for server in servers { try server.start(port: 0) }
        return (stores, servers, try DocumentImporter.blank(title: "Shared", into: stores[0]).id.description)
    }

    /// An edit sent again to another server (its page's server died after saving it, before the page
    /// heard so), arriving there before that server has heard of it: both servers apply it, one
    /// lands first, and the other, catching up, finds the edit's id among the entries and drops its
    /// own. Sent to both at once here, so that the second server has not heard of it yet.
    @Test(.timeLimit(.minutes(5))) func anEditResentToAnotherServerIsKeptOnce() throws {
        let (stores, servers, id) = try Self.twoServers()
        defer { for server in servers { server.stop() } }
        let pages = try servers.map { server in try Self.page(on: server, id) }
        let edits = 30
        for index in 0..<edits {
            for page in pages { page.client.send(Self.stroke(index, page: 0), op: "resent-\(index)") }
            for page in pages { try page.read { $0.acknowledged.contains("resent-\(index)") } }
        }
        for page in pages {
            try page.read { $0.elements.count == edits }
            #expect(page.errors.isEmpty)
        }
        #expect(try stores[1].open(try #require(DocumentID(id))).markup.elements.count == edits)
        #expect(pages[0].order == pages[1].order)
    }

    /// Paper chosen on each server at once: one lands first, every page on both servers ends on the
    /// one the library holds, and a page joining either server is greeted on it.
    @Test(.timeLimit(.minutes(5))) func paperChosenOnTwoServersAtOnceConverges() throws {
        let (stores, servers, id) = try Self.twoServers()
        defer { for server in servers { server.stop() } }
        let pages = try servers.map { server in try Self.page(on: server, id) }
        pages[0].client.send(.paper(Paper(ruling: .lined)), op: "lined")
        pages[1].client.send(.paper(Paper(ruling: .dotted)), op: "dotted")
        try pages[0].read { $0.acknowledged.contains("lined") }
        try pages[1].read { $0.acknowledged.contains("dotted") }
        let document = try #require(DocumentID(id))
        let truth = try #require(try stores[0].open(document).markup.paper)
        for page in pages {
            try? page.read(timeout: 10) { $0.paper?.paper == truth }
            #expect(page.paper?.paper == truth && page.errors.isEmpty)
        }
        for server in servers {
            let fresh = PageMirror(try EditorClient(port: server.port, document: id))
            defer { fresh.client.close() }
            #expect(try fresh.client.next(.hello).hello?.document.paper == truth)
        }
    }

    /// A server stops while a tab has a document open that another server has open too: the tab's
    /// steps made on the stopped server follow it to the other (kept in the library, announced, taken
    /// there and given to its pages), under the steps it made there already.
    @Test(.timeLimit(.minutes(5))) func undoStepsFollowATabToAServerThatHasTheDocumentOpen() throws {
        let (stores, servers, id) = try Self.twoServers()
        defer { servers[1].stop() }
        let leaving = try Self.page(on: servers[0], id + "&page=tab-one")
        for index in 0..<2 { leaving.client.send(Self.stroke(index, page: 0), op: "left-\(index)") }
        try leaving.read { $0.acknowledged.contains("left-1") }
        // The same tab already on the other server, with a step of its own there.
        let arriving = try Self.page(on: servers[1], id + "&page=tab-one")
        arriving.client.send(Self.stroke(5, page: 1), op: "here")
        try arriving.read { $0.acknowledged.contains("here") && $0.elements.count == 3 && $0.canUndo == true }
        arriving.client.send(.undo, op: "undone-here")
        try arriving.read { $0.acknowledged.contains("undone-here") && $0.elements.count == 2 && $0.canUndo == false }

        servers[0].stop()
        leaving.client.close()
        try arriving.read { $0.canUndo == true }
        for index in 0..<2 {
            arriving.client.send(.undo, op: "undo-\(index)")
            try arriving.read { $0.acknowledged.contains("undo-\(index)") }
        }
        try arriving.read { $0.elements.isEmpty && $0.canUndo == false }
        #expect(arriving.errors.isEmpty)
        #expect(try stores[1].open(try #require(DocumentID(id))).markup.elements.isEmpty)
        // Its own step undone here is still there to redo, on top.
        arriving.client.send(.redo, op: "redo")
        try arriving.read { $0.acknowledged.contains("redo") && $0.elements.count == 1 }
    }

    @Test(.timeLimit(.minutes(5))) func pagesOnTwoServersDrawingAtOnceConverge() throws {
        let (stores, servers, id) = try Self.twoServers()
        defer { for server in servers { server.stop() } }
        // Two pages on each server, each sending its strokes without waiting, so appends race.
        let pages = try (0..<4).map { index in try Self.page(on: servers[index % 2], id) }
        let strokesPerPage = 25
        for index in 0..<strokesPerPage {
            for (number, page) in pages.enumerated() { page.client.send(Self.stroke(index, page: number), op: "p\(number)-\(index)") }
        }
        let total = strokesPerPage * pages.count
        for (number, page) in pages.enumerated() {
            try page.read { $0.acknowledged.count == strokesPerPage && $0.elements.count == total }
            #expect(page.acknowledged == Set((0..<strokesPerPage).map { "p\(number)-\($0)" }))
            #expect(page.errors.isEmpty)
        }
        // Then a page on one server undoes its strokes while a page on the other draws more.
        let undone = 10, drawnMore = 10
        for index in 0..<max(undone, drawnMore) {
            if index < undone { pages[0].client.send(.undo, op: "undo-\(index)") }
            if index < drawnMore { pages[1].client.send(Self.stroke(strokesPerPage + index, page: 1), op: "more-\(index)") }
        }
        let remaining = total - undone + drawnMore
        try pages[0].read { $0.acknowledged.isSuperset(of: (0..<undone).map { "undo-\($0)" }) }
        try pages[1].read { $0.acknowledged.isSuperset(of: (0..<drawnMore).map { "more-\($0)" }) }
        let library = try stores[0].open(try #require(DocumentID(id))).markup.elements
        let truth = library.map(\.id.description)
        #expect(truth.count == remaining)
        #expect(Set(library.map(\.zIndex)).count == remaining, "no two elements tie in z-order")
        for (number, page) in pages.enumerated() {
            try? page.read(timeout: 10) { $0.order == truth }
            #expect(page.order == truth, "page \(number): \(page.order.count) elements, first differing at \(Self.firstDifference(page.order, truth))")
        }
        for server in servers {
            let fresh = try Self.freshOrder(on: server, id, count: remaining)
            #expect(fresh == truth, "first differing at \(Self.firstDifference(fresh, truth))")
        }
    }
}
