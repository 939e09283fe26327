import MarkupCore
import MarkupEditor
import MarkupModel
@testable import MarkupServer
import Testing

/// The server's clipboards stay bounded however many pages copy, keeping the newest.
struct ClipboardStoreTests {
    /// A clipboard holding one stroke of `points` points.
    static func clipboard(points: Int) throws -> Clipboard {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600))
        markup.insert(.stroke(Stroke(ink: Ink(.pen), points: (0..<points).map { index in
            StrokePoint(location: Point(x: Double(index % 700), y: Double(index / 700)), timeOffset: Double(index) / 240, size: Size(width: 3, height: 3))
        })), frame: .zero)
        let controller = MarkupController(markup: markup)
        controller.select([markup.elements[0].id])
        return try #require(controller.clipboardOfSelection(cut: false))
    }

    @Test func theNewestAreKeptWithinTheCountAndTheBytes() throws {
        let store = ClipboardStore()
        let small = try Self.clipboard(points: 10)
        for page in 0..<(ClipboardStore.maximumClipboards + 10) { store.put(small, for: "page:\(page)") }
        #expect(store.clipboard(for: "page:0") == nil && store.clipboard(for: "page:9") == nil)
        #expect(store.clipboard(for: "page:10") != nil && store.clipboard(for: "page:\(ClipboardStore.maximumClipboards + 9)") != nil)
        // Clipboards of 40 % of the bytes each: the third pushes out every older one.
        let large = try Self.clipboard(points: ClipboardStore.maximumBytes * 2 / 5 / MemoryLayout<StrokePoint>.stride)
        for page in ["a", "b", "c"] { store.put(large, for: page) }
        #expect(store.clipboard(for: "a") == nil && store.clipboard(for: "page:\(ClipboardStore.maximumClipboards + 9)") == nil)
        #expect(store.clipboard(for: "b") != nil && store.clipboard(for: "c") != nil)
        // Copying again replaces what a page had.
        store.put(small, for: "c")
        #expect(store.clipboard(for: "c")?.byteCount == small.byteCount && store.clipboard(for: "b") != nil)
    }
}
