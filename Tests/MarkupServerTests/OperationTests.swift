import Foundation
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// Edits carry ids made by the page: each is acknowledged by id once durable, and an edit sent again
/// (after a lost acknowledgement, a reconnect or a server restart) is recognised and applied once.
@Suite(.serialized)
struct OperationTests {
    static func samples(y: Double) -> [ClientMessage.Sample] {
        (0..<12).map { index in
            let step = Double(index)
            return .init(x: 100 + step * 6, y: y, t: 1000 + step * 8, p: 0.5)
        }
    }

    /// The whole-stroke message a page resends from its outbox.
    static func stroke(y: Double) -> ClientMessage {
        .stroke(samples(y: y), ink: .init(tool: .ink(.pen), color: "#202020", width: 3), view: .letter)
    }

    static func strokeCount(_ store: any DocumentStore, _ id: String) throws -> Int {
        try store.open(try #require(DocumentID(id))).markup.elements.count
    }

    /// On either store: a SQLite file, or a database on a real PostgreSQL (a new connection for the
    /// restarted server, as a new process would open).
    @Test(arguments: ["sqlite", "postgres"]) func aResendAfterAServerRestartIsAppliedOnce(_ backend: String) throws {
        let folder = NSTemporaryDirectory() + "markupkit-ops-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = backend == "postgres" ? try TemporaryPostgres.shared.get().newDatabase() : nil
        func openStore() throws -> any DocumentStore {
            if let database { return try PostgresDocumentStore(url: database) }
            return try SQLiteDocumentStore(path: folder + "/library.sqlite")
        }
        var store = try openStore()
        var server = try MarkupServer(store: store, log: ServerLog(isEnabled: false))
        try server.start(port: 0)
        let id = try DocumentImporterHelper.blank(store)
        var page = try EditorClient(port: server.port, document: id)
        _ = try page.next(.hello)
        // Drawn live: began and moved, then ended naming the edit.
        let live = Self.samples(y: 100)
        page.send(.pen(.began, [live[0]], view: .letter))
        page.send(.pen(.moved, Array(live[1..<11])))
        page.send(.pen(.ended, [live[11]]), op: "page1-1")
        #expect(try page.next(.ack).op == "page1-1")
        page.close()
        server.stop()

        store = try openStore()
        server = try MarkupServer(store: store, log: ServerLog(isEnabled: false))
        try server.start(port: 0)
        defer { server.stop() }
        page = try EditorClient(port: server.port, document: id)
        let hello = try page.next(.hello)
        #expect(hello.hello?.protocolVersion == 2)
        // The page never heard its ack, so it sends the stroke again from its outbox, then a new one.
        page.send(Self.stroke(y: 100), op: "page1-1")
        let again = try page.next(.ack)
        #expect(again.op == "page1-1")
        page.send(Self.stroke(y: 200), op: "page1-2")
        let change = try page.next(.change)
        #expect(change.change?.added.count == 1)
        #expect(try page.next(.ack).op == "page1-2")
        page.send(Self.stroke(y: 200), op: "page1-2")
        #expect(try page.next(.ack).op == "page1-2")
        #expect(try Self.strokeCount(store, id) == 2)
    }

    @Test func aRefusedEditIsNamedAndAMalformedIdIsAnError() throws {
        let test = try TestServer()
        let id = try DocumentImporterHelper.blank(test.store)
        let page = try test.page(id)
        page.send(.mode(editable: false, penOnly: nil))
        page.send(Self.stroke(y: 100), op: "v-1")
        let refused = try page.next(.refused)
        #expect(refused.op == "v-1" && refused.text == "This document is open to view only. Switch to Edit to change it.")
        for bad in ["", String(repeating: "x", count: 65), "with space", "é"] {
            page.send(.undo, op: bad)
            #expect(try page.next(.error).text != nil, "\(bad)")
        }
        #expect(try Self.strokeCount(test.store, id) == 0)
    }

    @Test func aResendArrivingWhileTheFirstIsBeingSavedIsAppliedOnce() throws {
        let test = try TestServer()
        let id = try DocumentImporterHelper.blank(test.store)
        let first = try test.page(id), second = try test.page(id)
        // Two tabs sharing one outbox send the same edit at once.
        first.send(Self.stroke(y: 100), op: "shared-1")
        second.send(Self.stroke(y: 100), op: "shared-1")
        #expect(try first.next(.ack).op == "shared-1")
        #expect(try second.next(.ack).op == "shared-1")
        #expect(try Self.strokeCount(test.store, id) == 1)
    }

    @Test func anEditThatChangesNothingIsStillAcknowledged() throws {
        let test = try TestServer()
        let id = try DocumentImporterHelper.blank(test.store)
        let page = try test.page(id)
        page.send(.undo, op: "u-1")
        #expect(try page.next(.ack).op == "u-1")
    }
}

/// A blank document in `store`, by id.
enum DocumentImporterHelper {
    static func blank(_ store: any DocumentStore) throws -> String {
        try DocumentImporter.blank(title: "Ops", into: store).id.description
    }
}
