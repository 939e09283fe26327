import Foundation
import MarkupFormat
import MarkupModel
@testable import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// A page opening a document that takes a while to read draws its first view at once: the server
/// sends the top of the document as saved with it, in the page's appearance, before the hello.
struct PreviewTests {
    /// A tall document: elements at its top, and a sticker far below what a first view shows.
    static func tallDocument() -> Markup {
        var markup = RandomDocuments.make(seed: 21, elementCount: 60)
        markup.bounds = Rect(x: 0, y: 0, width: 400, height: 4000)
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 10, y: 3000, width: 40, height: 40), content: .sticker(.emoji("⭐️"))))
        return markup
    }

    /// The ids a first view of `markup` shows: what meets the top 2.25 page widths.
    static func topIDs(of markup: Markup) -> Set<String> {
        let top = Rect(x: markup.bounds.minX, y: markup.bounds.minY, width: markup.bounds.width, height: markup.bounds.width * 2.25)
        return Set(markup.elements.filter { $0.renderFrame.intersects(top) }.map(\.id.description))
    }

    static func preview(_ message: ServerMessage) throws -> ServerMessage.Preview {
        guard case .preview(let preview) = message else { throw Unexpected.message("\(message)") }
        return preview
    }

    enum Unexpected: Error { case message(String) }

    @Test func aPageGetsTheFirstViewBeforeTheDocumentIsRead() throws {
        let markup = Self.tallDocument()
        var id: DocumentID?, gated: GatedStore?
        let test = try TestServer { sqlite in
            let encoded = try MarkupFile(markup: markup).encoded()
            id = try DocumentImporter.importData(encoded, name: "tall.markup", into: sqlite).id
            gated = GatedStore(sqlite, gating: id)
            return gated!
        }
        let document = try #require(id), store = try #require(gated)
        let expected = Self.topIDs(of: markup)
        #expect(!expected.isEmpty && expected.count < markup.elements.count)

        let light = try EditorClient(port: test.port, document: document.description)
        let dark = try EditorClient(port: test.port, document: document.description, dark: true)
        // The store's read of the document has not finished (the test holds it), yet both pages draw.
        let lightView = try Self.preview(try light.next(.preview, timeout: 10))
        let darkView = try Self.preview(try dark.next(.preview, timeout: 10))
        #expect(Set(lightView.elements.map(\.id)) == expected)
        #expect(lightView.elements.map(\.z) == lightView.elements.map(\.z).sorted())
        #expect(Set(darkView.elements.map(\.id)) == expected)
        #expect(lightView.elements.map(\.svg) != darkView.elements.map(\.svg), "the dark page got the light drawing")
        #expect(lightView.document.bounds == markup.bounds)
        #expect(lightView.sequence == 0)

        store.gate.signal()
        guard case .hello(let hello) = try light.next(.hello) else { throw Unexpected.message("no hello") }
        #expect(hello.sequence == lightView.sequence)
        // A page joining the open document has no need of a preview: its hello comes at once.
        let third = try EditorClient(port: test.port, document: document.description)
        _ = try third.next(.hello)
        #expect(throws: EditorClient.ClientError.self) { _ = try third.next(.preview, timeout: 0.5) }
    }

    @Test func theLastSnapshotKeepsTheFirstViewOfTheDocumentAsItIsNow() throws {
        let test = try TestServer()
        let document = try DocumentImporter.importData(try MarkupFile(markup: Self.tallDocument()).encoded(), name: "tall.markup",
                                                       into: test.store).id
        do {
            let page = try test.page(document.description)
            let samples = (0..<20).map { ClientMessage.Sample(x: 20 + Double($0) * 5, y: 30, t: Double($0) * 8, p: 0.5) }
            page.send(.stroke(.init(ink: .init(tool: .ink(.pen)), pointerType: .pen, samples: samples, view: .letter)), op: "preview-stroke")
            _ = try page.next(.ack)
            // Until a snapshot covers the stroke, the kept first view is out of date and is not sent.
            #expect(try test.store.preview(of: document, dark: false) == nil)
            page.close()
        }
        // The last page left: the document closes with a snapshot, and a first view beside it.
        let deadline = Date().addingTimeInterval(20)
        var kept: Data?
        while kept == nil, Date() < deadline {
            kept = try test.store.preview(of: document, dark: false)
            if kept == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let preview = try Self.preview(try ServerMessage.decode(String(decoding: try #require(kept), as: UTF8.self)))
        let now = try test.store.open(document)
        #expect(preview.sequence == now.sequence)
        #expect(Set(preview.elements.map(\.id)) == Self.topIDs(of: now.markup))
        #expect(Self.topIDs(of: now.markup).count == Self.topIDs(of: Self.tallDocument()).count + 1)
    }
}
