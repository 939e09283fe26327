import Foundation
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// Two `markupkit serve` processes on one PostgreSQL library. The server a page draws through is
/// killed with SIGKILL mid-session; the page reconnects to the other and sends again what it had not
/// heard acknowledged, as the editor's outbox does. Nothing acknowledged is lost, nothing is applied
/// twice, and a page on the other server sees it all.
@Suite(.serialized)
struct ServerFailoverTests {
    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A page of `document` on the server at `port`, once that server answers.
    static func connect(port: Int, document: String) throws -> EditorClient {
        let deadline = Date().addingTimeInterval(20)
        while true {
            do {
                let client = try EditorClient(port: port, document: document)
                _ = try client.next(.hello)
                return client
            } catch where Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    static func stroke(_ index: Int) -> ClientMessage {
        let y = 30 + Double(index % 70) * 10, x = 30 + Double(index / 70) * 200
        let samples = (0..<16).map { step in
            ClientMessage.Sample(x: x + Double(step) * 9, y: y + Double(step % 4), t: 1000 + Double(step) * 8, p: 0.4)
        }
        let view = ClientMessage.View(frame: Rect(x: 0, y: 0, width: 768, height: 1024), size: Size(width: 768, height: 1024))
        return .stroke(.init(ink: .init(tool: .ink(.pen), color: "#1f3a93", width: 2), pointerType: .pen, samples: samples, view: view))
    }

    /// A password given in the URL, after the user's name or as a parameter (libpq takes both), is
    /// not printed where the server says which library it serves. (The first test of the suite may
    /// start PostgreSQL itself, beside every other suite: its time allows for that.)
    @Test(.timeLimit(.minutes(5))) func aDatabasesPasswordIsNotPrinted() throws {
        let database = try TemporaryPostgres.shared.get().newDatabase() + "&password=s3cret"
        let cli = try CLIRunner()
        defer { cli.remove() }
        let server = try cli.startServer(arguments: ["--database", database, "--port", String(try Self.freePort())])
        defer { CLIRunner.stop(server) }
        let said = CLIRunner.startupOutput(of: server)
        #expect(said.contains("Library: postgres") && !said.contains("s3cret") && said.contains("password=…"), "\(said)")
    }

    @Test(.timeLimit(.minutes(5))) func aPageWhoseServerIsKilledGoesOnOnTheOtherLosingNothing() throws {
        let database = try TemporaryPostgres.shared.get().newDatabase()
        let id = try DocumentImporter.blank(title: "Failover", into: try PostgresDocumentStore(url: database)).id.description
        let cli = try CLIRunner()
        defer { cli.remove() }
        let ports = [try Self.freePort(), try Self.freePort()]
        let servers = try ports.map { port in try cli.startServer(arguments: ["--database", database, "--port", String(port)]) }
        defer { for server in servers where server.isRunning { CLIRunner.stop(server) } }
        let watcher = try Self.connect(port: ports[1], document: id)
        var page = try Self.connect(port: ports[0], document: id)

        // The page draws without waiting; its server dies once some strokes are acknowledged.
        let strokes = 60
        var outbox = (0..<strokes).map { "stroke-\($0)" }
        var acknowledged = Set<String>()
        for (index, op) in outbox.enumerated() { page.send(Self.stroke(index), op: op) }
        while acknowledged.count < 12 {
            if case .ack(let op?, _) = try page.next(.ack) { acknowledged.insert(op) }
        }
        kill(servers[0].processIdentifier, SIGKILL)
        servers[0].waitUntilExit()
        while let message = try? page.nextMessage(timeout: 1) {
            if case .ack(let op?, _) = message { acknowledged.insert(op) }
        }
        outbox.removeAll { acknowledged.contains($0) }
        #expect(!outbox.isEmpty, "the server died before hearing every stroke")

        // On the other server, the outbox is sent again, in order.
        page = try Self.connect(port: ports[1], document: id)
        for op in outbox { page.send(Self.stroke(Int(op.dropFirst("stroke-".count))!), op: op) }
        var resent = Set<String>()
        while resent.count < outbox.count {
            if case .ack(let op?, _) = try page.next(.ack) { resent.insert(op) }
        }
        #expect(resent == Set(outbox))

        let library = try PostgresDocumentStore(url: database).open(try #require(DocumentID(id))).markup.elements
        #expect(library.count == strokes, "every stroke once: \(acknowledged.count) acknowledged before the kill, \(outbox.count) sent again")
        var seen = Set<String>()
        while seen.count < strokes, let message = try watcher.nextMessage(timeout: 10) {
            if case .change(let change) = message { seen.formUnion(change.added.map(\.id)) }
        }
        #expect(seen == Set(library.map(\.id.description)))
    }
}
