import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// Ruled paper drawn under the markup, in PNG and SVG alike.
struct PaperTests {
    static func page(_ ruling: Paper.Ruling, spacing: Double = 24) -> Markup {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        markup.paper = Paper(ruling: ruling, spacing: spacing)
        return markup
    }

    static func isBlueMark(_ pixel: (red: Int, green: Int, blue: Int, alpha: Int)) -> Bool {
        pixel.blue > 200 && pixel.red < 235 && pixel.blue > pixel.red + 10
    }

    static func isWhite(_ pixel: (red: Int, green: Int, blue: Int, alpha: Int)) -> Bool {
        pixel.red > 250 && pixel.green > 250 && pixel.blue > 250
    }

    @Test func linedPaperHasLinesFromItsTopMarginDown() throws {
        let pixels = try Pixels(Self.page(.lined), width: 400, height: 300)
        for y in stride(from: 80, through: 296, by: 24) { #expect(Self.isBlueMark(pixels[200, y]), "a line at \(y): \(pixels[200, y])") }
        #expect(Self.isWhite(pixels[200, 56]), "none above the margin")
        #expect(Self.isWhite(pixels[200, 92]), "none between lines")
    }

    @Test func squaredAndDottedPaperAreGridsFromTheCorner() throws {
        let squared = try Pixels(Self.page(.squared, spacing: 20), width: 400, height: 300)
        #expect(Self.isBlueMark(squared[100, 30]) && Self.isBlueMark(squared[30, 100]), "rows and columns every 20 pt")
        #expect(Self.isWhite(squared[110, 110]), "inside a square")
        let dotted = try Pixels(Self.page(.dotted, spacing: 20), width: 400, height: 300)
        #expect(Self.isBlueMark(dotted[100, 100]), "a dot where a row meets a column: \(dotted[100, 100])")
        #expect(Self.isWhite(dotted[100, 110]) && Self.isWhite(dotted[110, 100]), "nothing between dots")
    }

    @Test func aPageOverAPictureShowsThePictureNotThePaper() throws {
        var markup = Self.page(.lined)
        markup.background = PageBackground(source: .image(markup.addBlob(Data(RandomDocuments.onePixelPNG))), pageSizes: [markup.bounds.size])
        let pixels = try Pixels(markup, width: 400, height: 300)
        #expect(!Self.isBlueMark(pixels[200, 80]))
    }

    @Test func theSVGHasThePaperAsOnePathAndAPageZoomedFarOutStaysSmall() throws {
        let svg = try MarkupRenderer(markup: Self.page(.squared)).svg()
        #expect(svg.contains("#a5c8f2"))
        // A huge page of fine dots: marks are thinned to at most about 20,000.
        var huge = Markup(bounds: Rect(x: 0, y: 0, width: 20_000, height: 20_000))
        huge.paper = Paper(ruling: .dotted, spacing: 8)
        let big = try MarkupRenderer(markup: huge).svg()
        #expect(big.utf8.count < 4_000_000, "\(big.utf8.count) bytes")
    }
}
