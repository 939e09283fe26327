import CCairo
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// Documents over a PDF or an image: layout, pixels, the annotated PDF, errors, the format.
struct BackgroundTests {
    static let pdf = SamplePDF.make(pages: 3)

    static func isWellFormed(_ xml: String) -> Bool { XMLParser(data: Data(xml.utf8)).parse() }

    static func annotated() throws -> Markup {
        var markup = try BackgroundDocuments.markup(background: pdf, title: "Annotated")
        let page2 = try #require(markup.background?.pages[1].frame)
        let points = (0..<40).map { StrokePoint(location: Point(x: page2.minX + 100 + Double($0) * 5, y: page2.minY + 400), timeOffset: Double($0) / 120, size: Size(width: 8, height: 8)) }
        markup.insert(.stroke(Stroke(ink: Ink(.monoline, color: Color(red: 1, green: 0, blue: 0), width: 8), points: points)), frame: .zero)
        return markup
    }

    /// The text of `pdf` as poppler's `pdftotext` reads it, its pages apart by form feeds.
    static func text(of pdf: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-text-\(UUID()).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        try pdf.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [file.path, "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test func pagesAreStackedOneLayerEach() throws {
        let markup = try BackgroundDocuments.markup(background: Self.pdf, title: "Three")
        let pages = try #require(markup.background?.pages)
        #expect(pages.count == 3 && pages.map(\.index) == [0, 1, 2])
        #expect(pages[1].frame == Rect(x: 0, y: 792 + PageBackground.pageGap, width: 612, height: 792))
        #expect(markup.bounds == markup.background?.bounds)
        #expect(markup.contentVersion == .version4 && markup.featureSet.contains(.backgrounds))
    }

    /// A PDF with bytes before its header (some programs write them) opens, as PDF readers open it;
    /// text or another file that merely holds the header's letters is no PDF.
    @Test func aPDFWithBytesBeforeItsHeaderOpens() throws {
        let prefixed = Data("Produced by a scanner\r\n".utf8) + Self.pdf
        #expect(BackgroundDocuments.isPDF(prefixed))
        #expect(try BackgroundDocuments.markup(background: prefixed, title: "Scan").background?.pages.count == 3)
        #expect(!BackgroundDocuments.isPDF(Data(#"{"title": "%PDF-1.7"}"#.utf8)))
        #expect(!BackgroundDocuments.isPDF(Data("<xournal>%PDF-</xournal>".utf8)))
        #expect(!BackgroundDocuments.isPDF(Data(repeating: 0x20, count: 1024) + Self.pdf))
    }

    @Test func theBackgroundShowsUnderTheInk() throws {
        let markup = try Self.annotated()
        let renderer = MarkupRenderer(markup: markup)
        let png = Pixels(png: try renderer.png(area: try renderer.pageArea(2), width: 612, height: 792))
        let under = png[150, 400], beside = png[300, 600]
        #expect(under.red > 200 && under.green < 60 && under.blue < 60, "\(under)")
        #expect(abs(beside.red - 219) < 8 && abs(beside.green - 237) < 8 && beside.blue > 245, "\(beside)")
        // Page 1 has no ink where page 2 does.
        let first = Pixels(png: try renderer.png(area: try renderer.pageArea(1), width: 612, height: 792))[150, 400]
        #expect(first.green > 200, "\(first)")
        #expect(Pixels(png: try renderer.thumbnail(maximumPixelSize: 64))[32, 60].blue > 240)
    }

    /// The pages stay as they are in the dark appearance, so the ink over them keeps its colors:
    /// black ink turned white would be lost on a white page.
    @Test func inTheDarkAppearanceThePagesAndTheirInkKeepTheirColors() throws {
        var markup = try Self.annotated()
        let page2 = try #require(markup.background?.pages[1].frame)
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: .black, strokeColor: nil)),
                      frame: Rect(x: page2.minX + 400, y: page2.minY + 100, width: 60, height: 60))
        let dark = MarkupRenderer(markup: markup, options: RenderOptions(darkAppearance: true))
        let png = try dark.png(area: try dark.pageArea(2), width: 612, height: 792)
        let pixels = Pixels(png: png)
        #expect(pixels.matches(x: 430, y: 130, "#000000"))
        let beside = pixels[300, 600]
        #expect(abs(beside.red - 219) < 8 && abs(beside.green - 237) < 8 && beside.blue > 245, "\(beside)")
        let light = MarkupRenderer(markup: markup)
        #expect(png == (try light.png(area: try light.pageArea(2), width: 612, height: 792)))
        // A page of its own still turns dark.
        var plain = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        plain.insert(.shape(Shape(configuration: .rectangle, fillColor: .black, strokeColor: nil)), frame: Rect(x: 20, y: 20, width: 60, height: 60))
        #expect(MarkupRenderer(markup: plain, options: RenderOptions(darkAppearance: true)).options.darkAppearance)
    }

    @Test func theAnnotatedPDFKeepsEveryPageAndItsText() throws {
        let markup = try Self.annotated()
        let exported = try MarkupRenderer(markup: markup).annotatedPDF()
        let reread = try BackgroundDocuments.markup(background: exported, title: "again")
        #expect(reread.background?.pages.count == 3)
        let text = try Self.text(of: exported)
        for page in 1...3 { #expect(text.contains("Page \(page)") && text.contains("Original text of page \(page)"), "\(text)") }
        // The markup is on page 2 only: its red ink shows there and not on page 1.
        let page2 = Pixels(png: try MarkupRenderer(markup: reread).backgroundPNG(page: 2, scale: 1))[150, 400]
        let page1 = Pixels(png: try MarkupRenderer(markup: reread).backgroundPNG(page: 1, scale: 1))[150, 400]
        #expect(page2.red > 200 && page2.green < 60, "\(page2)")
        #expect(page1.green > 200, "\(page1)")
    }

    @Test func svgAndPNGExportsIncludeTheBackground() throws {
        let renderer = MarkupRenderer(markup: try Self.annotated())
        let svg = try renderer.svg(area: try renderer.pageArea(2))
        // The PDF's page as vectors (its text as glyph outlines), not a picture of it, under the ink.
        #expect(!svg.contains("data:image/png") && svg.contains("<symbol") && svg.contains("data-kind=\"stroke\""))
        // Only the page in the area is drawn: one page, not three.
        #expect(svg.components(separatedBy: "viewBox=\"0 0 612 792\" preserveAspectRatio=\"none\"").count == 2)
        #expect(Self.isWellFormed(svg))
        // Every page of the whole document, one of them twice, with ids that never clash.
        var twice = try Self.annotated()
        let background = try #require(twice.background)
        let last = try #require(background.pages.last).frame
        twice.background?.pages.append(PageBackground.Page(index: 0, frame: Rect(x: 0, y: last.maxY + PageBackground.pageGap, width: 612, height: 792)))
        twice.bounds = try #require(twice.background).bounds
        let whole = try MarkupRenderer(markup: twice).svg()
        let ids = whole.matches(of: /\sid="([^"]+)"/).map { String($0.1) }
        #expect(ids.count > 20 && Set(ids).count == ids.count)
        #expect(whole.components(separatedBy: "preserveAspectRatio=\"none\" overflow=\"hidden\"").count == 5)
        #expect(Self.isWellFormed(whole))
        let png = Pixels(png: try renderer.png(area: try renderer.pageArea(3), width: 306, height: 396))[150, 300]
        #expect(png.blue > 240 && png.red < 230, "\(png)")
    }

    @Test(arguments: [Data("%PDF-1.7\ngarbage".utf8), Data("%PDF-".utf8), Self.pdf.prefix(Self.pdf.count / 3)])
    func aCorruptPDFIsAClearError(data: Data) {
        #expect {
            try BackgroundDocuments.markup(background: data, title: "bad")
        } throws: { error in
            guard case RenderError.invalidPDF(let message) = error else { return false }
            return !message.isEmpty
        }
    }

    @Test func notABackgroundIsRefused() {
        #expect(throws: RenderError.self) { try BackgroundDocuments.markup(background: Data("hello".utf8), title: "x") }
        #expect(!BackgroundDocuments.isBackground(Data("hello".utf8)))
    }

    @Test func anImageBackgroundIsOnePage() throws {
        let png = SamplePDF.png(width: 300, height: 200, red: 0, green: 0.5, blue: 0)
        let markup = try BackgroundDocuments.markup(background: png, title: "Photo")
        #expect(markup.background?.pages.map(\.frame) == [Rect(x: 0, y: 0, width: 300, height: 200)])
        let pixel = try Pixels(markup, width: 300, height: 200)[150, 100]
        #expect(pixel.green > 100 && pixel.red < 20, "\(pixel)")
    }

    /// A blank page put in between a PDF's first two and the first duplicated after it: the blank
    /// page is white paper with the ink on it, the annotated PDF has a page for each (the duplicate
    /// the PDF's page again), and the file and its JSON keep them, at content version 6.
    @Test func blankAndRepeatedPagesAmongAPDFs() throws {
        var markup = try Self.annotated()
        var background = try #require(markup.background)
        let letter = Size(width: 612, height: 792), step = 792 + PageBackground.pageGap
        background.pages = [.init(index: 0, frame: Rect(origin: .zero, size: letter)), .blank(Rect(origin: Point(x: 0, y: step), size: letter)),
                            .init(index: 0, frame: Rect(origin: Point(x: 0, y: 2 * step), size: letter))]
        markup.background = background
        markup.bounds = background.bounds
        let renderer = MarkupRenderer(markup: markup)
        // The ink (laid out on the second page) lies on the blank page: red on white, no PDF text.
        let blank = Pixels(png: try renderer.png(area: try renderer.pageArea(2), width: 612, height: 792))
        #expect(blank[150, 400].red > 200 && blank[150, 400].green < 60, "\(blank[150, 400])")
        #expect(blank.countDiffering(from: "#ffffff", in: (0..<612, 0..<300)) == 0, "nothing of the PDF on a blank page")
        #expect(try renderer.backgroundPNG(page: 2, scale: 0.5).isEmpty == false)
        let exported = try renderer.annotatedPDF()
        #expect(try BackgroundDocuments.markup(background: exported, title: "again").background?.pages.count == 3)
        let pages = try Self.text(of: exported).components(separatedBy: "\u{0C}")
        #expect(pages.count >= 3 && pages[0].contains("Page 1") && !pages[1].contains("Page") && pages[2].contains("Page 1"), "\(pages)")
        let encoded = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(encoded).markup == markup)
        #expect(try MarkupFile.versions(of: encoded).contentVersion == .version6)
        #expect(try MarkupJSON.decode(try MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        // On lined paper, the blank page is lined from its own top; the PDF's pages are not.
        var lined = markup
        lined.paper = Paper(ruling: .lined)
        let ruled = MarkupRenderer(markup: lined)
        let blankLined = Pixels(png: try ruled.png(area: try ruled.pageArea(2), width: 612, height: 792))
        #expect(blankLined.countDiffering(from: "#ffffff", in: (0..<612, 20..<70)) == 0, "above the first line, the margin")
        #expect(blankLined.countDiffering(from: "#ffffff", in: (20..<90, 100..<110)) > 0, "a line 104 points down")
        #expect(try ruled.png(area: try ruled.pageArea(3), width: 306, height: 396) == renderer.png(area: try renderer.pageArea(3), width: 306, height: 396),
                "the PDF's page as it was, no lines over it")
        // A reader that takes no blank pages keeps the PDF's.
        var older = markup, supported = FeatureSet.latest
        supported.remove(.blankPages)
        older.removeContentUnsupported(by: supported)
        #expect(older.background?.pages.map(\.index) == [0, 0])
    }

    @Test func backgroundsSurviveTheFileFormatAndJSON() throws {
        let markup = try Self.annotated()
        let encoded = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(encoded).markup == markup)
        #expect(try MarkupFile.versions(of: encoded).contentVersion == .version4)
        #expect(try MarkupJSON.decode(try MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        // The PDF is stored once, byte for byte.
        #expect(try MarkupFile.decode(encoded).markup.blobs.values.contains(Self.pdf))
        var stripped = markup
        stripped.removeContentUnsupported(by: .version1)
        #expect(stripped.background == nil && stripped.blobs.isEmpty)
    }
}
