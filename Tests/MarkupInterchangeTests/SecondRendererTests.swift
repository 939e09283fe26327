import Foundation
import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// Our files drawn by other programs, compared with our own render of the same document: Xournal++
/// turns our `.xopp` into a PDF, Inkscape rasterises our SVG and PDF. Ink must land in the same
/// places, in close colours.
@Suite(.serialized) struct SecondRendererTests {
    static let width = 480

    /// Every ink and element kind Xournal++ can show, on a white page.
    static func document() -> Markup {
        var markup = GallerySample.make()
        markup.backgroundColor = .white
        return markup
    }

    static func ours(_ markup: Markup, area: Rect, width: Int, height: Int) throws -> Pixels {
        Pixels(png: try MarkupRenderer(markup: markup).png(area: area, width: width, height: height))
    }

    /// The PDF at `url` rasterised by poppler to `width` × `height` pixels, page `page`.
    static func popplerRaster(_ url: URL, page: Int = 1, width: Int, height: Int) throws -> Pixels {
        let base = url.deletingPathExtension().path + "-page\(page)"
        try ExternalProgram.run("pdftoppm", ["-png", "-singlefile", "-f", "\(page)", "-l", "\(page)", "-scale-to-x", "\(width)",
                                             "-scale-to-y", "\(height)", url.path, base])
        return Pixels(png: try Data(contentsOf: URL(fileURLWithPath: base + ".png")))
    }

    static func expectAlike(_ ours: Pixels, _ theirs: Pixels, what: String, coverage: Double = 0.9, colour: Double = 45) {
        let ourInkThere = ours.inkShare(coveredBy: theirs, radius: 3)
        let theirInkHere = theirs.inkShare(coveredBy: ours, radius: 3)
        let colourDifference = ours.inkColorDifference(from: theirs)
        print("\(what): \(Int(ourInkThere * 1000) / 10) % of our ink drawn there, \(Int(theirInkHere * 1000) / 10) % of its ink here, colours \(Int(colourDifference)) of 255 apart")
        #expect(ourInkThere >= coverage, "\(what): \(ourInkThere) of our ink is drawn there too")
        #expect(theirInkHere >= coverage, "\(what): \(theirInkHere) of its ink is where we draw")
        #expect(colourDifference <= colour, "\(what): colours differ by \(colourDifference) of 255 on average")
    }

    @Test func xournalDrawsOurXoppWhereWeDraw() throws {
        let markup = Self.document()
        let directory = try ExternalProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xopp = directory.appendingPathComponent("gallery.xopp"), pdf = directory.appendingPathComponent("gallery.pdf")
        try XournalExporter.encode(markup).data.write(to: xopp)
        try ExternalProgram.run("xournalpp", ["--create-pdf=\(pdf.path)", xopp.path])
        let area = markup.bounds.union(markup.contentsRenderFrame)
        let height = Int((Double(Self.width) * area.height / area.width).rounded())
        let theirs = try Self.popplerRaster(pdf, width: Self.width, height: height)
        Self.expectAlike(try Self.ours(markup, area: area, width: Self.width, height: height), theirs, what: "Xournal++")
    }

    @Test func xournalFindsTheBackgroundPDFBesideOurXopp() throws {
        var markup = try BackgroundDocuments.markup(background: SamplePDF.make(pages: 2), title: "over a PDF")
        let page = try #require(markup.background?.pages[1].frame)
        var stroke = Stroke(ink: Ink(.pen, color: Color(hex: "#d00000")!, width: 6), points: [])
        for step in 0..<40 {
            let t = Double(step) / 39
            stroke.points.append(StrokePoint(location: Point(x: page.minX + 100 + 400 * t, y: page.minY + 300 + 80 * sin(t * 6)),
                                             timeOffset: t, size: Size(width: 6, height: 6)))
        }
        markup.insert(.stroke(stroke), frame: .zero)
        let directory = try ExternalProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xopp = directory.appendingPathComponent("annotated.xopp"), pdf = directory.appendingPathComponent("out.pdf")
        let exported = XournalExporter.encode(markup)
        try exported.data.write(to: xopp)
        for companion in exported.companions { try companion.data.write(to: URL(fileURLWithPath: xopp.path + companion.suffix)) }
        try ExternalProgram.run("xournalpp", ["--create-pdf=\(pdf.path)", xopp.path])
        let height = Int((Double(Self.width) * page.height / page.width).rounded())
        let theirs = try Self.popplerRaster(pdf, page: 2, width: Self.width, height: height)
        Self.expectAlike(try Self.ours(markup, area: page, width: Self.width, height: height), theirs, what: "Xournal++ over the PDF")
    }

    /// A page made a sheet longer is two pages in Xournal++, the ink on the second where we draw it.
    @Test func xournalDrawsOurSheetsAsItsPages() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 2048))
        markup.sheetHeight = 1024
        markup.backgroundColor = .white
        var stroke = Stroke(ink: Ink(.pen, color: Color(hex: "#d00000")!, width: 6), points: [])
        for step in 0..<40 {
            let t = Double(step) / 39
            stroke.points.append(StrokePoint(location: Point(x: 100 + 500 * t, y: 1024 + 300 + 90 * sin(t * 6)), timeOffset: t, size: Size(width: 6, height: 6)))
        }
        markup.insert(.stroke(stroke), frame: .zero)
        let directory = try ExternalProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xopp = directory.appendingPathComponent("notebook.xopp"), pdf = directory.appendingPathComponent("notebook.pdf")
        try XournalExporter.encode(markup).data.write(to: xopp)
        try ExternalProgram.run("xournalpp", ["--create-pdf=\(pdf.path)", xopp.path])
        let sheet = markup.sheets[1]
        let height = Int((Double(Self.width) * sheet.height / sheet.width).rounded())
        let theirs = try Self.popplerRaster(pdf, page: 2, width: Self.width, height: height)
        Self.expectAlike(try Self.ours(markup, area: sheet, width: Self.width, height: height), theirs, what: "Xournal++ on the second sheet")
    }

    @Test func xournalDrawsOurXoppOverAnImage() throws {
        var markup = try BackgroundDocuments.markup(background: SamplePDF.png(width: 300, height: 200, red: 0.3, green: 0.6, blue: 0.9), title: "photo")
        let page = try #require(markup.background?.pages.first?.frame)
        markup.insert(.shape(Shape(configuration: .ellipse, strokeColor: Color(hex: "#ff2020")!, lineWidth: 6)),
                      frame: Rect(x: page.minX + 60, y: page.minY + 40, width: 180, height: 120))
        let directory = try ExternalProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xopp = directory.appendingPathComponent("photo.xopp"), pdf = directory.appendingPathComponent("photo.pdf")
        try XournalExporter.encode(markup).data.write(to: xopp)
        try ExternalProgram.run("xournalpp", ["--create-pdf=\(pdf.path)", xopp.path])
        let height = Int((Double(Self.width) * page.height / page.width).rounded())
        let theirs = try Self.popplerRaster(pdf, width: Self.width, height: height)
        Self.expectAlike(try Self.ours(markup, area: page, width: Self.width, height: height), theirs, what: "Xournal++ over an image")
    }

    @Test(arguments: ["svg", "pdf"])
    func inkscapeDrawsOurExportAsWeDo(_ type: String) throws {
        // Inkscape 1.2 draws no colour-emoji glyphs, so the emoji sticker stays out of this comparison.
        var markup = Self.document()
        markup.replaceElements(markup.elements.filter { if case .sticker(.emoji) = $0.content { false } else { true } })
        let directory = try ExternalProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("gallery.\(type)"), png = directory.appendingPathComponent("inkscape.png")
        let renderer = MarkupRenderer(markup: markup)
        if type == "svg" { try Data(try renderer.svg().utf8).write(to: file) } else { try renderer.pdf().write(to: file) }
        let area = renderer.defaultArea
        let height = Int((Double(Self.width) * area.height / area.width).rounded())
        try ExternalProgram.run("inkscape", ["--export-type=png", "--export-filename=\(png.path)", "--export-width=\(Self.width)",
                                             "--export-height=\(height)", "--export-background=#ffffff", "--export-background-opacity=1", file.path])
        let theirs = Pixels(png: try Data(contentsOf: png))
        try #require(theirs.width == Self.width && theirs.height == height)
        Self.expectAlike(try Self.ours(markup, area: area, width: Self.width, height: height), theirs, what: "Inkscape (\(type))",
                         coverage: 0.97, colour: 12)
    }
}
