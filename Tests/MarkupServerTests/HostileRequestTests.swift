import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import MarkupFormat
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// Requests and messages as an attacker sends them, over real sockets: each gets a 4xx or a typed
/// error, nothing else changes, and the server keeps serving everyone.
@Suite(.serialized)
struct HostileRequestTests {
    static func newDocument(_ test: TestServer, title: String = "Target") throws -> String {
        try #require((try test.json("POST", "/api/documents", ["title": title]).json as? [String: Any])?["id"] as? String)
    }

    static let asciiAlphanumerics = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// A short pen stroke; returns once its change arrives.
    static func drawStroke(_ page: EditorClient, y: Double = 100) throws -> ServerMessage {
        func sample(_ index: Int) -> ClientMessage.Sample { .init(x: 100 + Double(index) * 6, y: y, t: 1000 + Double(index) * 8, p: 0.5) }
        page.send(.pen(.began, [sample(0)], view: .letter))
        page.send(.pen(.moved, (1..<10).map(sample)))
        page.send(.pen(.ended, [sample(10)]))
        return try page.next(.change)
    }

    @Test func anImportClaimingThirtyThreeGigabytesIsRefusedAndTheServerKeepsServing() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let page = try test.page(id)
        var section = ByteWriter()
        section.write(BodyCompression.zlibMethod)
        section.writeVarint(1)
        section.writeVarint(33_000_000_000)
        section.writeVarint(30_000_000)
        section.write([UInt8](repeating: 0x5A, count: 30_000_000))
        let bomb = Data(MarkupContainer.write(formatVersion: 1, contentVersion: .version1, sections: [(.body, section.bytes)]))
        let response = try test.request("POST", "/api/import?name=bomb.markup", body: bomb)
        #expect(response.status == 415 && response.text.contains("decoding budget"), "\(response.status) \(response.text)")
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.count == 1)
        #expect(try Self.drawStroke(page).change?.added != nil)
    }

    @Test func onlyLiteralLoopbackHostsAreLoopback() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let port = test.port
        for host in ["127.attacker.example:\(port)", "127.0.0.1.attacker.example:\(port)", "localhost.attacker.example:\(port)",
                     "127.0.0.1.:\(port)", "0x7f.0.0.1:\(port)", "127.0.0.01234:\(port)", "2130706433:\(port)"] {
            #expect(try test.request("GET", "/api/documents", headers: ["Host": host]).status == 401, "\(host)")
            #expect(try test.request("DELETE", "/api/documents/\(id)", headers: ["Host": host]).status == 401, "\(host)")
            #expect(throws: EditorClient.ClientError.self, "\(host)") {
                _ = try EditorClient(port: port, document: id, hostHeader: host)
            }
        }
        for host in ["127.0.0.1:\(port)", "127.1.2.3:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            #expect(try test.request("GET", "/api/documents", headers: ["Host": host]).status == 200, "\(host)")
        }
        #expect(try test.request("GET", "/api/documents/\(id)").status == 200)
        #expect(AccessControl.isLoopback("127.255.0.9") && !AccessControl.isLoopback("127.256.0.1") && !AccessControl.isLoopback("127.0.0"))
    }

    /// A token given to a server on loopback is needed there, whatever the Host: behind a proxy on the
    /// same machine (which passes on the name people reach it by), the token lets a request in and
    /// nothing else does, not even a loopback Host.
    @Test func aTokenGivenOnLoopbackServesAProxysHostAndIsNeeded() throws {
        let access = AccessControl(host: "127.0.0.1", token: "s3cret-s3cret-s3cret")
        func request(host: String, authorization: String?) -> HTTPRequest {
            HTTPRequest(method: "GET", path: "/api/documents", headers: ["host": host].merging(authorization.map { ["authorization": $0] } ?? [:]) { $1 })
        }
        #expect(access.isAuthorized(request(host: "markup.school.lan", authorization: "Bearer s3cret-s3cret-s3cret")))
        #expect(!access.isAuthorized(request(host: "markup.school.lan", authorization: nil)))
        #expect(!access.isAuthorized(request(host: "127.0.0.1:8080", authorization: nil)))
        #expect(!access.isAuthorized(request(host: "127.0.0.1:8080", authorization: "Bearer wrong")))
        #expect(AccessControl(host: "127.0.0.1").token == nil, "without one given, loopback needs none")
    }

    /// Behind a proxy that says the page came over HTTPS, the token's cookie is never sent over HTTP.
    @Test func theTokensCookieIsSecureBehindHTTPS() throws {
        let test = try TestServer(host: "0.0.0.0")
        let token = try #require(test.server.access.token)
        let secure = try test.request("GET", "/?token=\(token)", headers: ["X-Forwarded-Proto": "https"])
        #expect(secure.headers["set-cookie"]?.hasSuffix("; Secure") == true, "\(secure.headers)")
        let plain = try test.request("GET", "/?token=\(token)")
        #expect(plain.headers["set-cookie"]?.contains("Secure") == false, "\(plain.headers)")
    }

    /// Behind a proxy that ends TLS, the page is https on 443 and the Host passed on names no port.
    @Test func anOriginMatchesAHostWithoutAPortOnItsSchemesDefaultPort() {
        let access = AccessControl(host: "0.0.0.0", token: "t")
        func sameOrigin(_ origin: String, _ host: String) -> Bool {
            access.isSameOrigin(HTTPRequest(method: "POST", path: "/", headers: ["origin": origin, "host": host]))
        }
        #expect(sameOrigin("https://notes.example", "notes.example"))
        #expect(sameOrigin("http://notes.example", "notes.example"))
        #expect(sameOrigin("https://notes.example", "notes.example:443"))
        #expect(!sameOrigin("https://notes.example", "notes.example:80"))
        #expect(!sameOrigin("http://notes.example:8080", "notes.example"))
        #expect(!sameOrigin("https://evil.example", "notes.example"))
    }

    @Test func withATokenChangesNeedAMatchingOrigin() throws {
        let test = try TestServer(host: "0.0.0.0")
        let token = try #require(test.server.access.token)
        let cookie = ["Cookie": "markupkit_token=\(token)"]
        let crossSite = try test.request("POST", "/api/documents", body: Data(), headers: cookie.merging(["Origin": "http://evil.example"]) { $1 })
        #expect(crossSite.status == 401)
        let id = try #require((try test.request("POST", "/api/documents", body: Data(), headers: cookie.merging(["Origin": "http://127.0.0.1:\(test.port)"]) { $1 }).json as? [String: Any])?["id"] as? String)
        #expect(try test.request("DELETE", "/api/documents/\(id)", headers: cookie.merging(["Origin": "http://evil.example"]) { $1 }).status == 401)
        #expect(try test.request("GET", "/api/documents/\(id)", headers: cookie.merging(["Origin": "http://evil.example"]) { $1 }).status == 200,
                "reading with the token is not a change")
        // Without an Origin (curl, scripts) the token alone is enough.
        #expect(try test.request("PATCH", "/api/documents/\(id)", body: Data("{\"title\":\"B\"}".utf8), headers: ["Authorization": "Bearer \(token)"]).status == 200)
        for wrong in [String(token.dropLast()), token + "0", String(repeating: "0", count: 32), "", String(token.reversed())] {
            #expect(try test.request("GET", "/api/documents", headers: ["Authorization": "Bearer \(wrong)"]).status == 401)
        }
    }

    @Test func requestPathsCannotForgeLogLines() throws {
        let lines = LockedLines()
        let test = try TestServer(log: ServerLog(isEnabled: true) { lines.append($0) })
        let forged = "2026-01-01T00:00:00.000Z INFO 10.0.0.1 DELETE /api/documents/x 204"
        let encoded = forged.addingPercentEncoding(withAllowedCharacters: Self.asciiAlphanumerics)!
        #expect(try test.request("GET", "/nothing%0A\(encoded)%0D%0A%1B[31m").status == 404)
        let written = lines.all.joined()
        let records = written.split(separator: "\n")
        #expect(!records.isEmpty)
        for record in records {
            #expect(record.range(of: #"^\d{4}-\d\d-\d\dT[0-9:.]+Z (INFO|WARN|ERROR) "#, options: .regularExpression) != nil, "\(record)")
            #expect(!record.hasPrefix("2026-01-01T00:00:00.000Z"), "a forged line: \(record)")
            #expect(!record.contains("\u{1B}") && !record.contains("\r"))
        }
        // Whatever reaches the log is escaped: a message with control characters stays one line.
        let direct = LockedLines()
        ServerLog(isEnabled: true) { direct.append($0) }(.info, "GET /a\nforged\r\u{1B}[2J\\x0A")
        #expect(direct.all.count == 1 && direct.all[0].hasSuffix(" INFO GET /a\\x0Aforged\\x0D\\x1B[2J\\\\x0A\n"), "\(direct.all)")
    }

    @Test func slowAndOversizedRequestHeadsHoldUpNobody() throws {
        let test = try TestServer()
        // Three hundred connections that send half a request line and then nothing.
        var stalled = [Int32]()
        for _ in 0..<300 {
            let socket = TestServer.connectedSocket(port: test.port)
            _ = "GET /api/docu".withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            stalled.append(socket)
        }
        defer { stalled.forEach { _ = Glibc.close($0) } }
        let started = Date()
        #expect(try test.request("GET", "/api/documents").status == 200)
        #expect(Date().timeIntervalSince(started) < 2, "a request waited behind stalled ones")
        let huge = try test.raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + String(repeating: "a", count: 100_000))
        #expect(huge.status == 0 || (400..<500).contains(huge.status), "\(huge.status)")
        let chunked = try test.raw("POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked", body: Data("5\r\nhello\r\n0\r\n\r\n".utf8))
        #expect(chunked.status == 411)
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.isEmpty == true)
    }

    /// Uploads that send their head and part of their body, then hold on: together they may hold at
    /// most four bodies' room; past it an upload is answered 503 at once, while other requests, and
    /// small bodies (a new document's), are served, and the room comes back as they go.
    @Test func heldUploadsTakeBoundedRoom() throws {
        let test = try TestServer(maximumBodyBytes: 1 << 20)
        var held = [Int32]()
        for _ in 0..<4 {
            let socket = TestServer.connectedSocket(port: test.port)
            let head = "POST /api/import?name=a.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(1 << 20)\r\n\r\n"
            _ = head.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            let part = [UInt8](repeating: 0x41, count: 256 << 10)
            _ = part.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            held.append(socket)
        }
        // Past the room the four hold, an upload is refused before its body is read.
        let started = Date()
        let another = "POST /api/import?name=b.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(1 << 20)"
        var refused = try test.raw(another)
        for _ in 0..<20 where refused.status != 503 {
            Thread.sleep(forTimeInterval: 0.1)
            refused = try test.raw(another)
        }
        #expect(refused.status == 503 && refused.headers["retry-after"] != nil, "\(refused.status)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try test.request("GET", "/api/documents").status == 200)
        #expect(try test.json("POST", "/api/documents", ["title": "Small"]).status == 201, "a small body has room of its own")
        held.forEach { _ = Glibc.close($0) }
        // Their room is given back once they are gone.
        let picture = SamplePDF.png(width: 40, height: 30, red: 1, green: 0, blue: 0)
        var imported = try test.request("POST", "/api/import?name=c.png", body: picture)
        for _ in 0..<50 where imported.status == 503 {
            Thread.sleep(forTimeInterval: 0.1)
            imported = try test.request("POST", "/api/import?name=c.png", body: picture)
        }
        #expect(imported.status == 201, "\(imported.status) \(imported.text)")
    }

    @Test func titlesAreOneBoundedLine() throws {
        let test = try TestServer()
        let long = try #require(try test.json("POST", "/api/documents", ["title": String(repeating: "x", count: 10_000)]).json as? [String: Any])
        #expect((long["title"] as? String)?.count == DocumentTitle.maximumCharacters)
        let stacked = "e" + String(repeating: "\u{0301}", count: 500)
        let response = try test.request("POST", "/api/import?name=" + (stacked + "\u{7}line.png").addingPercentEncoding(withAllowedCharacters: Self.asciiAlphanumerics)!,
                                        body: SamplePDF.png(width: 40, height: 30, red: 1, green: 0, blue: 0))
        let imported = try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
        let title = try #require(imported["title"] as? String, "\(response.status) \(response.text)")
        #expect(title.utf8.count <= DocumentTitle.maximumBytes && !title.contains("\u{7}"), "\(title.utf8.count) bytes")
        let id = try #require(long["id"] as? String)
        let copy = try #require(try test.request("POST", "/api/documents/\(id)/duplicate").json as? [String: Any])
        #expect((copy["title"] as? String).map { $0.count <= DocumentTitle.maximumCharacters && $0.hasSuffix(" copy") } == true)
        for bad in ["two\nlines", String(repeating: "y", count: 201), String(repeating: "👍🏽", count: 150)] {
            #expect(try test.json("PATCH", "/api/documents/\(id)", ["title": bad]).status == 400, "\(bad.prefix(20))")
        }
    }

    @Test func hostileMessagesGetErrorsAndThePageKeepsWorking() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let page = try test.page(id)
        let messages: [String] = [
            "not json", "[]", "{}", "{\"type\":5}", String(repeating: "[", count: 100_000),
            "{\"type\":\"view\",\"view\":{\"x\":0,\"y\":0,\"width\":1e300,\"height\":1e300,\"viewWidth\":1e9,\"viewHeight\":1e9}}",
            "{\"type\":\"view\",\"view\":{\"x\":1.7e308,\"y\":0,\"width\":1e308,\"height\":10,\"viewWidth\":800,\"viewHeight\":600}}",
            "{\"type\":\"insert\",\"kind\":\"sticker\",\"emoji\":\"e\(String(repeating: "\u{0301}", count: 200))\"}",
            "{\"type\":\"insert\",\"kind\":\"link\",\"url\":\"https://x.example/\(String(repeating: "a", count: 9000))\"}",
            "{\"type\":\"insert\",\"kind\":\"text\",\"text\":\"\(String(repeating: "z", count: 70_000))\"}",
            "{\"type\":\"pointer\",\"phase\":\"began\",\"samples\":[{\"x\":1e400,\"y\":0,\"t\":0}]}",
            "{\"type\":\"paper\",\"paper\":\"lined\",\"spacing\":1e-300}", "{\"type\":\"paper\",\"paper\":\"lined\",\"spacing\":1e308}",
            "{\"type\":\"paper\",\"paper\":[\"lined\"]}", "{\"type\":\"sheet\",\"action\":\"\(String(repeating: "a", count: 5000))\"}",
            "{\"type\":\"selection\",\"action\":\"restyle\",\"dash\":7}",
            "{\"type\":\"selection\",\"action\":\"restyle\",\"color\":\"red\"}",
            "{\"type\":\"insert\",\"kind\":\"arrow\",\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":10,\"y\":10},\"connect\":\"yes\"}",
            "{\"type\":\"insert\",\"kind\":\"arrow\",\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":10,\"y\":10},\"elbow\":1}",
            "{\"type\":\"insert\",\"kind\":\"arrow\",\"from\":{\"x\":5,\"y\":5},\"to\":{\"x\":5,\"y\":5},\"elbow\":true}",
            "{\"type\":\"selection\",\"action\":\"restyle\",\"elbow\":\"yes\"}",
            "{\"type\":\"selection\",\"action\":\"restyle\",\"sketchy\":1}",
            "{\"type\":\"selection\",\"action\":\"moveEnd\",\"end\":\"middle\",\"to\":{\"x\":1,\"y\":1}}",
            "{\"type\":\"selection\",\"action\":\"moveEnd\",\"end\":\"end\"}",
            "{\"type\":\"selection\",\"action\":\"moveEnd\",\"end\":\"end\",\"to\":{\"x\":1e300,\"y\":0}}",
            "{\"type\":\"selection\",\"action\":\"bend\",\"through\":{\"x\":1,\"y\":1}}",
            "{\"type\":\"selection\",\"action\":\"bend\",\"through\":{\"x\":1e400,\"y\":1}}",
            "{\"type\":\"selection\",\"action\":\"bend\",\"through\":[1,1]}",
            "{\"type\":\"selection\",\"action\":\"crop\",\"rect\":{\"x\":0,\"y\":0,\"width\":0.5,\"height\":0.5}}",
            "{\"type\":\"selection\",\"action\":\"crop\",\"rect\":{\"x\":0,\"y\":0,\"width\":1e400,\"height\":0.5}}",
            "{\"type\":\"selection\",\"action\":\"crop\",\"rect\":\"all\"}",
            "{\"type\":\"selection\",\"action\":\"describe\"}",
            "{\"type\":\"selection\",\"action\":\"describe\",\"text\":\"a picture\"}",
            "{\"type\":\"selection\",\"action\":\"describe\",\"text\":\"\(String(repeating: "d", count: 5000))\"}",
        ]
        for message in messages {
            page.sendText(message)
            #expect(try page.next(.error).text != nil, "\(message.prefix(60))")
        }
        // Sheets asked for past the most a page may have: the page stops there, and the page keeps working.
        for index in 0..<(Markup.maximumSheets + 5) { page.send(.sheet(.add), op: "sheet-\(index)") }
        var refused = 0
        let last = "sheet-\(Markup.maximumSheets + 4)"
        while let message = try page.nextMessage(timeout: 10) {
            if case .refused(let op, _) = message {
                refused += 1
                if op == last { break }
            }
        }
        let stored = try test.store.open(DocumentID(id)!).markup
        #expect(stored.sheets.count == Markup.maximumSheets && refused >= 1)
        page.send(.selection(.set, ids: []))
        #expect(try Self.drawStroke(page).change?.added != nil)
        #expect((try test.request("GET", "/api/documents/\(id)").json as? [String: Any])?["title"] as? String == "Target")
    }

    /// A masked client frame header claiming `length` payload bytes.
    static func frameHeader(opcode: UInt8, length: UInt64, isFinal: Bool = true) -> [UInt8] {
        [(isFinal ? 0x80 : 0) | opcode, 0x80 | 127] + (0..<8).reversed().map { UInt8((length >> (8 * UInt64($0))) & 0xff) } + [1, 2, 3, 4]
    }

    @Test func aFrameClaimingAGigabyteIsRefusedBeforeItsPayloadArrives() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let other = try test.page(id)
        let page = try test.page(id)
        page.sendRaw(Self.frameHeader(opcode: 1, length: 1 << 30) + [UInt8](repeating: 0x20, count: 1000))
        #expect(page.waitForClose(timeout: 5), "the server waited for a gigabyte")
        #expect(try Self.drawStroke(other).change?.added != nil)
    }

    @Test func aMessageGrownPastTheLimitInFragmentsIsRefusedEarly() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let page = try test.page(id)
        let piece = [UInt8](repeating: 0x20, count: 1 << 16)
        page.sendFrame(opcode: 1, payload: Array("{\"type\":\"view\",".utf8), isFinal: false)
        var sent = 0
        while sent < 64 << 20, !page.waitForClose(timeout: 0) {
            page.sendFrame(opcode: 0, payload: piece, isFinal: false)
            sent += piece.count
        }
        #expect(page.waitForClose(timeout: 5))
        #expect(sent < 32 << 20, "refused only after \(sent) bytes")
        #expect(try Self.drawStroke(try test.page(id)).change?.added != nil)
    }

    @Test func aFragmentedMessageIsUnderstoodAndStrayFramesAreRefused() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let page = try test.page(id)
        let text = Array("{\"type\":\"insert\",\"kind\":\"rectangle\"}".utf8)
        page.sendFrame(opcode: 1, payload: Array(text[..<10]), isFinal: false)
        page.sendFrame(opcode: 0, payload: Array(text[10..<20]), isFinal: false)
        page.sendFrame(opcode: 0, payload: Array(text[20...]))
        #expect(try page.next(.change).change?.added.count == 1)
        let stray = try test.page(id)
        stray.sendFrame(opcode: 0, payload: text)
        #expect(stray.waitForClose(timeout: 5), "a continuation without a message was taken")
        let binary = try test.page(id)
        binary.sendFrame(opcode: 2, payload: text)
        #expect(binary.waitForClose(timeout: 5), "a binary message was taken")
        #expect(try Self.drawStroke(page).change?.added != nil)
    }

    @Test func aStrokeStopsGrowingAtItsPointLimit() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let page = try test.page(id)
        func sample(_ index: Int) -> ClientMessage.Sample {
            .init(x: 10 + Double(index % 700), y: 10 + Double(index / 700) * 3, t: Double(index) * 4, p: 0.5)
        }
        page.send(.pen(.began, [sample(0)], view: .letter))
        for start in stride(from: 1, to: 110_001, by: 10_000) {
            page.send(.pen(.moved, (start..<start + 10_000).map(sample)))
        }
        // The stroke as drawn up to the limit is saved, then the page hears why it ended.
        let change = try page.next(.change, timeout: 60)
        #expect(change.change?.added.count == 1)
        #expect(try page.next(.error, timeout: 10).text?.contains("100000 points") == true)
        page.send(.pen(.ended, [sample(110_002)]))
        #expect(try Self.drawStroke(page, y: 900).change?.added != nil)
        let stored = try test.store.readableDocument(try #require(DocumentID(id))).markup
        #expect(stored.elements.count == 2)
        guard case .stroke(let long)? = stored.elements.first?.content else { Issue.record("the long stroke was not saved"); return }
        #expect(long.points.count > 90_000 && long.points.count <= 100_000)
    }
}

/// Lines a log sink collects from several threads.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
