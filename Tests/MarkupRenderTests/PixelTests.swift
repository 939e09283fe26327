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

    /// A line's label (a text box of its group on its middle) hides the line behind its words, as in
    /// tldraw and Excalidraw, instead of the line striking them through; a text box that labels
    /// nothing, or sits away from the line's middle, leaves the line as it is. In SVG too.
    @Test func aLinesLabelHidesTheLineBehindItsWords() throws {
        func drawn(grouped: Bool, offset: Double = 0) throws -> (Pixels, String) {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 100))
            let line = Shape(configuration: .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .none, endMarker: .none),
                             strokeColor: .black, lineWidth: 4)
            markup.insert(.shape(line), frame: Rect(x: 10, y: 50, width: 180, height: 0))
            let label = AttributedText("yes", font: TextFont(size: 16), color: Color(hex: "#ff3b30")!)
            markup.insert(.textBox(TextBox(text: label, alignment: .center)), frame: Rect(x: 60, y: 40 + offset, width: 80, height: 20))
            if grouped { markup.setGroup(GroupID(), ofElementsAt: [0, 1]) }
            return (try Pixels(markup, width: 200, height: 100), MarkupRenderer(markup: markup).svgFragment(for: markup.elements[1]))
        }
        // Black pixels of the line across the word ("yes" at 16 pt, about 26 pt wide, centred at 100).
        func lineShown(_ pixels: Pixels) -> Int { (86..<114).filter { pixels.matches(x: $0, y: 50, "#000000", tolerance: 40) }.count }
        let (plain, plainSVG) = try drawn(grouped: false)
        let (labelled, labelledSVG) = try drawn(grouped: true)
        let (away, _) = try drawn(grouped: true, offset: 40)
        #expect(lineShown(plain) > 5 && lineShown(away) == 28, "\(lineShown(plain)) \(lineShown(away))")
        // Only as wide as the words, and their margin: the line shows beyond them.
        #expect((20..<70).allSatisfy { labelled.matches(x: $0, y: 50, "#000000", tolerance: 40) })
        #expect(lineShown(labelled) == 0, "\(lineShown(labelled)) black pixels under the label")
        #expect(labelledSVG.contains("fill=\"#ffffff\"") && !plainSVG.contains("fill=\"#ffffff\""))
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

    /// A paragraph in Hebrew runs from the right and starts there, as a text field shows it; one in
    /// English beside it still starts at the left.
    @Test func aRightToLeftParagraphStartsOnTheRight() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 80))
        markup.insertNewTextbox(attributedText: AttributedText("שלום\nabc", font: TextFont(size: 16)), frame: Rect(x: 0, y: 0, width: 200, height: 80))
        let pixels = try Pixels(markup, width: 200, height: 80)
        let firstLine = (0..<17), secondLine = (25..<40)
        #expect(pixels.countDiffering(from: "#ffffff", in: (140..<200, firstLine)) > 20)
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<60, firstLine)) == 0)
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<60, secondLine)) > 20)
        #expect(pixels.countDiffering(from: "#ffffff", in: (140..<200, secondLine)) == 0)
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

struct ImageGuardTests {
    @Test func anImageDeclaringHugeDimensionsIsNotDecoded() throws {
        var png = RandomDocuments.onePixelPNG
        for index in 16..<24 { png[index] = 0x7F }
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 50, height: 50))
        try markup.insertNewImage(Data(png), frame: Rect(x: 5, y: 5, width: 40, height: 40))
        let pixels = try Pixels(markup, width: 50, height: 50)
        #expect(!pixels.matches(x: 20, y: 30, "#ffffff", tolerance: 4), "a placeholder, not an allocation of exabytes")
    }
}

struct JPEGTests {
    /// A 16 × 8 solid blue JPEG.
    static let blueJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xDB, 0x00, 0x43, 0x00, 0x02, 0x01, 0x01, 0x01, 0x01, 0x01, 0x02, 0x01, 0x01, 0x01, 0x02, 0x02, 0x02, 0x02, 0x02, 0x04, 0x03, 0x02, 0x02, 0x02, 0x02, 0x05, 0x04, 0x04, 0x03, 0x04, 0x06, 0x05, 0x06, 0x06, 0x06, 0x05, 0x06, 0x06, 0x06, 0x07, 0x09, 0x08, 0x06, 0x07, 0x09, 0x07, 0x06, 0x06, 0x08, 0x0B, 0x08, 0x09, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x06, 0x08, 0x0B, 0x0C, 0x0B, 0x0A, 0x0C, 0x09, 0x0A, 0x0A, 0x0A, 0xFF, 0xDB, 0x00, 0x43, 0x01, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x05, 0x03, 0x03, 0x05, 0x0A, 0x07, 0x06, 0x07, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0x0A, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xC4, 0x00, 0x1F, 0x00, 0x00, 0x01, 0x05, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0xFF, 0xC4, 0x00, 0xB5, 0x10, 0x00, 0x02, 0x01, 0x03, 0x03, 0x02, 0x04, 0x03, 0x05, 0x05, 0x04, 0x04, 0x00, 0x00, 0x01, 0x7D, 0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFF, 0xC4, 0x00, 0x1F, 0x01, 0x00, 0x03, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0xFF, 0xC4, 0x00, 0xB5, 0x11, 0x00, 0x02, 0x01, 0x02, 0x04, 0x04, 0x03, 0x04, 0x07, 0x05, 0x04, 0x04, 0x00, 0x01, 0x02, 0x77, 0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00, 0xFC, 0x73, 0xA2, 0x8A, 0x2B, 0xFD, 0xFC, 0x3F, 0x2B, 0x3F, 0xFF, 0xD9]

    @Test func jpegImagesDecodeAndDraw() throws {
        #expect(ImageFormat(sniffing: Data(Self.blueJPEG)) == .jpeg)
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 50, height: 50))
        try markup.insertNewImage(Data(Self.blueJPEG), frame: Rect(x: 5, y: 5, width: 40, height: 40))
        let pixels = try Pixels(markup, width: 50, height: 50)
        #expect(pixels.matches(x: 25, y: 25, "#0000ff", tolerance: 12))
        #expect(pixels.matches(x: 2, y: 2, "#ffffff"))
    }
}
