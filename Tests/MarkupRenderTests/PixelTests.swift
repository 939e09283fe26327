import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

struct PixelTests {
    static let page = Rect(x: 0, y: 0, width: 100, height: 100)

    @Test func aRedRectangleIsRedInsideAndBackgroundOutside() throws {
        var markup = Markup(bounds: Self.page)
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: Color(hex: "#ff0000"), strokeColor: nil)),
                      frame: Rect(x: 20, y: 30, width: 40, height: 20))
        let pixels = try Pixels(markup, width: 100, height: 100)
        #expect(pixels.matches(x: 40, y: 40, "#ff0000"))
        #expect(pixels.matches(x: 21, y: 31, "#ff0000"))
        #expect(pixels.matches(x: 10, y: 40, "#ffffff"))
        #expect(pixels.matches(x: 40, y: 60, "#ffffff"))
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<100, 0..<29)) == 0)
        #expect(pixels.countDiffering(from: "#ff0000", in: (21..<59, 31..<49), tolerance: 2) == 0)
    }

    @Test func textInksInsideItsFrameOnly() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 120))
        let text = AttributedText(String(repeating: "Handwriting and markup, wrapped inside its box. ", count: 6),
                                  font: TextFont(size: 14), color: .black)
        markup.insertNewTextbox(attributedText: text, frame: Rect(x: 40, y: 30, width: 100, height: 50))
        let pixels = try Pixels(markup, width: 200, height: 120)
        #expect(pixels.countDiffering(from: "#ffffff", in: (40..<140, 30..<80)) > 200, "ink inside")
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<200, 0..<30), tolerance: 2) == 0)
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<200, 81..<120), tolerance: 2) == 0)
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<39, 0..<120), tolerance: 2) == 0)
        #expect(pixels.countDiffering(from: "#ffffff", in: (141..<200, 0..<120), tolerance: 2) == 0)
    }

    @Test func aLoupeShowsAMagnifiedCopyOfWhatIsUnder() throws {
        var markup = Markup(bounds: Self.page)
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: Color(hex: "#0000ff"), strokeColor: nil)),
                      frame: Rect(x: 45, y: 45, width: 10, height: 10))
        let plain = try Pixels(markup, width: 100, height: 100)
        #expect(plain.matches(x: 58, y: 50, "#ffffff"), "outside the square without a loupe")
        markup.insertNewLoupe(frame: Rect(x: 20, y: 20, width: 60, height: 60), magnification: 2)
        let magnified = try Pixels(markup, width: 100, height: 100)
        #expect(magnified.matches(x: 58, y: 50, "#0000ff"), "the square is twice as large under the loupe")
        #expect(magnified.matches(x: 42, y: 58, "#0000ff"))
        #expect(magnified.matches(x: 35, y: 50, "#ffffff"))
        #expect(magnified.matches(x: 5, y: 5, "#ffffff"), "outside the loupe nothing changes")
    }

    @Test func aStrokeDrawsItsInk() throws {
        var markup = Markup(bounds: Self.page)
        let points = (0...80).map { StrokePoint(location: Point(x: 10 + Double($0), y: 50), timeOffset: Double($0) / 240, size: Size(width: 6, height: 6)) }
        markup.insertNewStroke(Stroke(ink: Ink(.monoline, color: Color(hex: "#00aa00")!, width: 6), points: points))
        let pixels = try Pixels(markup, width: 100, height: 100)
        #expect(pixels.matches(x: 50, y: 50, "#00aa00"))
        #expect(pixels.matches(x: 50, y: 45, "#ffffff"))
        #expect(pixels.matches(x: 50, y: 56, "#ffffff"))
    }

    @Test func markerDoesNotDarkenWhereItCrossesItself() throws {
        var markup = Markup(bounds: Self.page)
        let loop = (0...120).map { index -> StrokePoint in
            let angle = Double(index) / 120 * 2.4 * Double.pi
            return StrokePoint(location: Point(x: 50 + 25 * cos(angle), y: 50 + 25 * sin(angle)), timeOffset: Double(index) / 240,
                               size: Size(width: 14, height: 14))
        }
        markup.insertNewStroke(Stroke(ink: Ink(.marker, color: Color(hex: "#ff9f0a")!, width: 14), points: loop))
        let pixels = try Pixels(markup, width: 100, height: 100)
        let overlap = pixels[75, 50], single = pixels[50, 75]
        #expect(overlap.alpha == 255 && single.alpha == 255)
        #expect(abs(overlap.red - single.red) <= 2 && abs(overlap.green - single.green) <= 2 && abs(overlap.blue - single.blue) <= 2)
        #expect(!pixels.matches(x: 50, y: 75, "#ffffff"))
    }

    @Test func darkAppearanceTurnsBlackInkLightOnADarkPage() throws {
        var markup = Markup(bounds: Self.page)
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: .black, strokeColor: nil)), frame: Rect(x: 20, y: 20, width: 60, height: 60))
        let pixels = try Pixels(markup, width: 100, height: 100, options: RenderOptions(darkAppearance: true))
        #expect(pixels.matches(x: 50, y: 50, "#ffffff"))
        #expect(pixels.matches(x: 5, y: 5, "#1c1c1e"))
    }

    @Test func rightToLeftPutsLeadingTextOnTheRight() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 40))
        markup.insertNewTextbox(attributedText: AttributedText("abc", font: TextFont(size: 16)), frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let ltr = try Pixels(markup, width: 200, height: 40)
        let rtl = try Pixels(markup, width: 200, height: 40, options: RenderOptions(rightToLeft: true))
        #expect(ltr.countDiffering(from: "#ffffff", in: (0..<60, 0..<40)) > 20)
        #expect(ltr.countDiffering(from: "#ffffff", in: (140..<200, 0..<40)) == 0)
        #expect(rtl.countDiffering(from: "#ffffff", in: (140..<200, 0..<40)) > 20)
        #expect(rtl.countDiffering(from: "#ffffff", in: (0..<60, 0..<40)) == 0)
    }

    @Test func aCropIsDrawnAspectFit() throws {
        var markup = Markup(bounds: Self.page)
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: Color(hex: "#ff0000"), strokeColor: nil)), frame: Rect(x: 50, y: 50, width: 50, height: 50))
        let pixels = try Pixels(markup, area: Rect(x: 50, y: 50, width: 50, height: 50), width: 40, height: 40)
        #expect(pixels.matches(x: 2, y: 2, "#ff0000") && pixels.matches(x: 37, y: 37, "#ff0000"))
    }

    @Test func anUndecodableImageDrawsAPlaceholder() throws {
        var markup = Markup(bounds: Self.page)
        try markup.insertNewImage(Data(RandomDocuments.onePixelPNG.prefix(40)), frame: Rect(x: 10, y: 10, width: 80, height: 80))
        let pixels = try Pixels(markup, width: 100, height: 100)
        #expect(!pixels.matches(x: 30, y: 50, "#ffffff", tolerance: 4))
    }

    @Test func imagesDrawStretchedOverTheirFrame() throws {
        var markup = Markup(bounds: Self.page)
        try markup.insertNewImage(Data(RandomDocuments.onePixelPNG), frame: Rect(x: 10, y: 10, width: 80, height: 40))
        let pixels = try Pixels(markup, width: 100, height: 100)
        #expect(pixels.matches(x: 50, y: 30, "#ff0000"))
        #expect(pixels.matches(x: 50, y: 70, "#ffffff"))
    }
}
