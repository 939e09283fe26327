import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// A part of a document draws what the same part of the whole does: every element in view across
/// the renderer's batches, in z-order, and nothing else.
struct PartialAreaTests {
    @Test func aPartDrawsAsTheSamePixelsOfTheWhole() throws {
        var generator = HandwritingGenerator(.init(strokes: 600, seed: 7))
        let markup = generator.generate()
        let content = markup.contentsRenderFrame
        #expect(markup.elements.count > 3 * 128, "the part's elements come from several batches")
        // Half a pixel a point, the whole and the part on the same pixel grid.
        let whole = Rect(x: 0, y: 0, width: 2 * (content.maxX / 2).rounded(.up), height: 2 * (content.maxY / 2).rounded(.up))
        let full = try Pixels(markup, area: whole, width: Int(whole.width / 2), height: Int(whole.height / 2))
        let part = Rect(x: 100, y: 400, width: 400, height: 600)
        let partPixels = try Pixels(markup, area: part, width: 200, height: 300)
        // The outermost pixels are left out: there Cairo blends along the part's clip.
        var differing = 0, inked = 0
        for y in 2..<298 {
            for x in 2..<198 {
                let (a, b) = (partPixels[x, y], full[x + 50, y + 200])
                if a.alpha > 0 && (a.red, a.green, a.blue) != (255, 255, 255) { inked += 1 }
                if max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha)) > 1 { differing += 1 }
            }
        }
        #expect(inked > 2_000, "the part shows ink")
        #expect(differing == 0)
    }
}
