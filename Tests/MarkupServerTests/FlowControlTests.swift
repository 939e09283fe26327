import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MarkupFormat
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// Output to a page goes as fast as the page reads: a view of a huge document is streamed without
/// ever filling the page's queue, and a page that stops reading is dropped, not buffered without end.
@Suite(.serialized)
struct FlowControlTests {
    @Test func aViewOfAHugeDocumentIsStreamedWhole() throws {
        let test = try TestServer()
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))
        for index in 0..<2500 {
            let y = 20 + Double(index % 100) * 10
            let points = (0..<160).map { (step: Int) -> StrokePoint in
                let wobble = Double((step * 7 + index) % 9)
                return StrokePoint(location: Point(x: 20 + Double(step) * 4, y: y + wobble), timeOffset: Double(step) / 120, size: Size(width: 4, height: 4))
            }
            markup.insert(.stroke(Stroke(ink: Ink(.pen), points: points)), frame: .zero)
        }
        let id = try test.store.create(title: "Huge", encoded: try MarkupFile(markup: markup).encoded()).id.description
        let page = try test.page(id)
        // A page on a slow link: nothing is read for a while after it asks for its view.
        page.pauseReading()
        page.send(.view(.letter))
        Thread.sleep(forTimeInterval: 4)
        page.resumeReading()
        var received = Set<String>(), bytes = 0
        while received.count < markup.elements.count {
            let elements = try #require(try page.next(.elements, timeout: 60).elementList)
            #expect(!elements.isEmpty)
            received.formUnion(elements.map(\.id))
            bytes += elements.reduce(0) { $0 + $1.svg.utf8.count }
        }
        #expect(received.count == markup.elements.count)
        // More than a page may leave unread: sent all at once, it would have been dropped.
        #expect(bytes > HTTPServer.maximumQueuedBytes, "\(bytes) bytes of SVG")
        page.send(.undo)
        #expect(try page.next(.ack).kind == .ack, "the page is still connected")
    }

    @Test func oneLargeChangeReachesEveryPageThatReads() throws {
        let test = try TestServer()
        let id = try DocumentImporter.blank(title: "Photo", into: test.store).id.description
        let drawing = try test.page(id), watching = try test.page(id)
        // About 6.5 MB of SVG in one change: more than the queue's limit, sent with its ack and selection.
        let image = SamplePDF.noisePNG(width: 1400, height: 1100, seed: 3).base64EncodedString()
        drawing.send(.insert(.image(image), color: nil, view: .letter), op: "photo")
        #expect(try drawing.next(.change, timeout: 30).change?.added.first?.svg.utf8.count ?? 0 > HTTPServer.maximumQueuedBytes)
        #expect(try drawing.next(.ack, timeout: 30).op == "photo")
        #expect(try watching.next(.change, timeout: 30).change?.added.count == 1)
        drawing.send(.undo)
        #expect(try watching.next(.change, timeout: 30).change?.removed.count == 1, "both pages are still connected")
    }

    @Test func aPageThatStopsReadingIsDropped() throws {
        let test = try TestServer()
        let id = try DocumentImporter.blank(title: "Shared", into: test.store).id.description
        let drawing = try test.page(id)
        let stalled = try ScaleTests.SilentPage(port: test.port, document: id, receiveBuffer: 4096)
        let image = SamplePDF.noisePNG(width: 512, height: 512, seed: 7).base64EncodedString()
        #expect(image.utf8.count > 1 << 20)
        // Each change carries the image, so the silent page falls a megabyte further behind per insert.
        for index in 0..<12 {
            // Past the queue's limit for longer than a page may lag, the next message drops it.
            if index == 11 { Thread.sleep(forTimeInterval: Double(HTTPServer.maximumLagNanoseconds) / 1e9 + 0.5) }
            drawing.send(.insert(.image(image), color: nil, view: .letter))
            _ = try drawing.next(.change, timeout: 30)
        }
        #expect(stalled.readsUntilClosed(timeout: 20), "the server still holds the silent page open")
        drawing.send(.undo)
        #expect(try drawing.next(.change).change?.removed.count == 1, "the drawing page is unaffected")
    }
}
