import Foundation
@testable import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

@Suite struct XournalTests {
    /// A Xournal++ file as Xournal++ 1.1 writes one: two lined pages, pen strokes with pressure,
    /// a highlighter, text, an image, and a second layer.
    static func sampleXML(image: Data = Data(RandomDocuments.onePixelPNG)) -> String {
        """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="xournalpp 1.1.3" fileversion="4">
        <title>Xournal++ document - see https://github.com/xournalpp/xournalpp</title>
        <page width="595.27559100" height="841.88976400">
        <background type="solid" color="#ffffffff" style="lined"/>
        <layer>
        <stroke tool="pen" ts="0" fn="" color="#3333ccff" width="1.41 1.2 1.5 1.8">100 100 120 110 140 130.5 160 160.25</stroke>
        <stroke tool="highlighter" color="#ffff007f" width="8.5">50 300 250 300</stroke>
        <text font="Sans Bold" size="14" x="60" y="400" color="#ff0000ff">Hello &amp; welcome</text>
        <image left="300" top="500" right="340" bottom="540">\(image.base64EncodedString())</image>
        </layer>
        <layer>
        <stroke tool="pen" color="#000000ff" width="2.26">300 300 310 310</stroke>
        </layer>
        </page>
        <page width="595.27559100" height="841.88976400">
        <background type="solid" color="#ffffffff" style="graph"/>
        <layer><stroke tool="pen" color="#008000ff" width="3">10 10 20 20 30 10</stroke></layer>
        </page>
        </xournal>
        """
    }

    static func gzip(_ text: String) -> Data { Gzip.compress(Array(text.utf8)) }

    static func strokes(_ markup: Markup) -> [Stroke] {
        markup.elements.compactMap { if case .stroke(let stroke) = $0.content { stroke } else { nil } }
    }

    @Test func aXournalFileBecomesPagesOfStrokesTextAndImages() throws {
        let imported = try XournalImporter.decode(Self.gzip(Self.sampleXML()), title: "notes")
        let markup = imported.markup
        #expect(markup.title == "notes")
        #expect(markup.background?.pages.count == 2)
        let second = try #require(markup.background?.pages[1].frame)
        #expect(abs(second.minY - (841.889764 + PageBackground.pageGap)) < 1e-6)
        let strokes = Self.strokes(markup)
        #expect(strokes.count == 4)
        #expect(strokes[0].ink.type == .monoline && strokes[0].ink.color.hex == "#3333cc")
        #expect(strokes[0].points.map(\.size.width) == [1.203125, 1.5, 1.796875, 1.796875])
        #expect(strokes[0].points[2].location == Point(x: 140, y: 130.5))
        #expect(strokes[1].ink.type == .marker && strokes[1].ink.color.hex == "#ffff00")
        let last = try #require(strokes.last)
        #expect(abs(last.points[0].location.y - (10 + second.minY)) < 1.0 / 64)
        let texts = markup.elements.compactMap { if case .textBox(let box) = $0.content { box } else { nil } }
        #expect(texts.first?.text.string == "Hello & welcome")
        #expect(texts.first?.text.runs[0].font.weight == 700)
        #expect(markup.elements.contains { if case .image = $0.content { true } else { false } })
        #expect(imported.report.lines == ["1 × layer: MarkupKit has one layer per page; merged, bottom first"])
    }

    @Test func ourStrokesComeBackFromXournalWithEveryPoint() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 800))
        var generator = HandwritingGenerator(.init(strokes: 40, seed: 7))
        let generated = generator.generate()
        for element in generated.elements { if case .stroke = element.content { markup.insert(element) } }
        let exported = XournalExporter.encode(markup)
        let back = try XournalImporter.decode(exported.data).markup
        let before = Self.strokes(markup), after = Self.strokes(back)
        try #require(before.count == after.count)
        for (original, copy) in zip(before, after) {
            try #require(original.points.count == copy.points.count || original.points.count == 1)
            for (a, b) in zip(original.points, copy.points) {
                #expect(a.location.distance(to: b.location) < 1e-3)
            }
            for (a, b) in zip(original.points.dropLast(), copy.points.dropLast()) {
                #expect(abs(a.size.width - b.size.width) < 0.02)
            }
            #expect(original.ink.color.hex == copy.ink.color.hex)
            #expect(original.ink == copy.ink && original.randomSeed == copy.randomSeed)
        }
    }

    @Test func aXournalFileComesBackAsItWas() throws {
        let original = Self.gzip(Self.sampleXML())
        let again = XournalExporter.encode(try XournalImporter.decode(original).markup).data
        let first = try Self.parse(original), second = try Self.parse(again)
        #expect(zip(first.pages, second.pages).allSatisfy { abs($0.size.width - $1.size.width) < 1e-3 && abs($0.size.height - $1.size.height) < 1e-3 })
        let firstItems = first.pages.flatMap(\.items), secondItems = second.pages.flatMap(\.items)
        try #require(firstItems.count == secondItems.count)
        for (a, b) in zip(firstItems, secondItems) {
            switch (a, b) {
            case (.stroke(let toolA, let colorA, let widthsA, let pointsA, _, _, _, _), .stroke(let toolB, let colorB, let widthsB, let pointsB, _, _, _, _)):
                #expect(toolA == toolB)
                #expect(colorA.hex == colorB.hex)
                #expect(zip(pointsA, pointsB).allSatisfy { $0.distance(to: $1) < 1e-3 } && pointsA.count == pointsB.count)
                #expect(abs(widthsA[0] - widthsB[0]) < 0.02)
                #expect(zip(widthsA.dropFirst(), widthsB.dropFirst()).allSatisfy { abs($0 - $1) < 0.02 })
            case (.text(let textA, let fontA, let sizeA, let originA, let colorA), .text(let textB, let fontB, let sizeB, let originB, let colorB)):
                #expect(textA == textB && fontA == fontB && sizeA == sizeB && colorA.hex == colorB.hex)
                #expect(originA.distance(to: originB) < 1e-3)
            case (.image(let dataA, let frameA, _), .image(let dataB, let frameB, _)):
                #expect(dataA == dataB && frameA == frameB)
            default:
                Issue.record("\(a) became \(b)")
            }
        }
    }

    /// (Xournal++'s "ruled" is lines across, as MarkupKit's lined paper; its "lined" has a red margin too.)
    @Test(arguments: [(Paper.Ruling.lined, "ruled"), (.squared, "graph"), (.dotted, "dotted")])
    func ruledPaperGoesOutAsXournalsPaperAndComesBack(_ ruling: Paper.Ruling, _ style: String) throws {
        // Its "lined" paper, with the margin MarkupKit's paper has not, is drawn as a background.
        let margined = ##"<xournal><page width="595" height="842"><background type="solid" color="#ffffffff" style="lined"/><layer/></page></xournal>"##
        let withMargin = try XournalImporter.decode(Data(margined.utf8)).markup
        #expect(withMargin.paper == nil && withMargin.background != nil)
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 595, height: 842))
        markup.paper = Paper(ruling: ruling)
        let exported = XournalExporter.encode(markup).data
        let xml = String(decoding: try Gzip.decompress(exported, limit: 1 << 20, format: .xournal), as: UTF8.self)
        #expect(xml.contains("style=\"\(style)\""), "\(xml)")
        // One page of that paper comes in as paper, not a drawn background.
        let back = try XournalImporter.decode(exported).markup
        #expect(back.paper == markup.paper && back.background == nil)
    }

    /// A page made two sheets longer goes out as three Xournal++ pages, each stroke on the sheet it
    /// was drawn on.
    @Test func aLongPageGoesOutAsAXournalPageASheet() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 3072))
        markup.sheetHeight = 1024
        var generator = HandwritingGenerator(.init(strokes: 3, seed: 8))
        let stroke = try #require(generator.generate().elements.first { if case .stroke = $0.content { true } else { false } })
        var placed = stroke
        placed.frame = placed.frame.offsetBy(Point(x: 0, y: 2100))
        markup.insert(placed)
        let parsed = try Self.parse(XournalExporter.encode(markup).data)
        #expect(parsed.pages.map(\.size) == Array(repeating: Size(width: 768, height: 1024), count: 3))
        let xml = String(decoding: try Gzip.decompress(XournalExporter.encode(markup).data, limit: 1 << 20, format: .xournal), as: UTF8.self)
        let pages = xml.components(separatedBy: "<page ")
        #expect(pages.count == 4 && !pages[1].contains("<stroke") && !pages[2].contains("<stroke") && pages[3].contains("<stroke"))
    }

    /// A dashed or dotted shape's outline goes out in Xournal++'s own line styles; its arrowhead whole.
    @Test func dashedOutlinesGoOutInXournalsLineStyles() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        markup.insert(Element(zIndex: 1, frame: Rect(x: 10, y: 10, width: 100, height: 50), content: .shape(Shape(configuration: .rectangle, dash: .dashed))))
        markup.insert(Element(zIndex: 2, frame: Rect(x: 10, y: 100, width: 100, height: 50),
                              content: .shape(Shape(configuration: .line(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow),
                                                    dash: .dotted))))
        let xml = String(decoding: try Gzip.decompress(XournalExporter.encode(markup).data, limit: 1 << 20, format: .xournal), as: UTF8.self)
        #expect(xml.components(separatedBy: "style=\"dash\"").count - 1 == 1)
        #expect(xml.components(separatedBy: "style=\"dot\"").count - 1 == 1, "the arrowhead is drawn whole")
    }

    @Test func aHatchedFillGoesOutSolidAndSaysSo() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        var hatched = Shape(configuration: .rectangle, fillColor: .black)
        hatched.fillStyle = .hatched
        markup.insert(Element(zIndex: 1, frame: Rect(x: 10, y: 10, width: 100, height: 50), content: .shape(hatched)))
        markup.insert(Element(zIndex: 2, frame: Rect(x: 10, y: 100, width: 100, height: 50), content: .shape(Shape(configuration: .ellipse, fillColor: .black))))
        let exported = XournalExporter.encode(markup)
        #expect(exported.report.lines.contains("1 × hatched fill: Xournal++ fills only evenly; filled solid"), "\(exported.report.lines)")
        let xml = String(decoding: try Gzip.decompress(exported.data, limit: 1 << 20, format: .xournal), as: UTF8.self)
        #expect(xml.components(separatedBy: "fill=\"255\"").count - 1 == 2, "both filled")
    }

    /// MarkupKit's shapes go out as Xournal++'s pen strokes and come back shapes, filled, dashed and
    /// where they were, on any page; strokes Xournal++ saved again without MarkupKit's attributes
    /// come back strokes.
    @Test func shapesComeBackFromXournalAsShapes() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let diamond = Shape(configuration: .regularPolygon(sides: 4), fillColor: Color(red: 0.2, green: 0.4, blue: 1), strokeColor: .black,
                            lineWidth: 3, dash: .dashed)
        markup.insert(Element(zIndex: 1, frame: Rect(x: 20, y: 30, width: 120, height: 80), rotation: 0.3, content: .shape(diamond)))
        markup.insert(Element(zIndex: 2, frame: Rect(x: 200, y: 40, width: 90, height: 60), content: .shape(Shape(configuration: .ellipse, fillColor: .black))))
        let exported = XournalExporter.encode(markup).data
        let back = try XournalImporter.decode(exported)
        #expect(back.report.lines.allSatisfy { !$0.contains("filled stroke") && !$0.contains("dashed stroke") }, "\(back.report.lines)")
        let shapes = back.markup.elements.compactMap { element -> (Shape, Rect, Double)? in
            if case .shape(let shape) = element.content { (shape, element.frame, element.rotation) } else { nil }
        }
        try #require(shapes.count == 2 && back.markup.elements.count == 2)
        #expect(shapes[0].0 == diamond && shapes[0].1 == Rect(x: 20, y: 30, width: 120, height: 80) && shapes[0].2 == 0.3)
        #expect(shapes[1].0.configuration == .ellipse && shapes[1].0.fillColor == .black)
        // Saved again by Xournal++, which keeps no attribute it does not know: strokes.
        let xml = String(decoding: try Gzip.decompress(exported, limit: 1 << 20, format: .xournal), as: UTF8.self)
        let stripped = xml.replacing(#/ markupkit-shape(-part)?="[^"]*"/#, with: "")
        #expect(!stripped.contains("markupkit-shape"))
        let plain = try XournalImporter.decode(Data(stripped.utf8)).markup
        #expect(plain.elements.allSatisfy { if case .stroke = $0.content { true } else if case .shape(let shape) = $0.content { shape.configuration == .rectangle } else { false } })
    }

    /// What Xournal++ has no place for is counted as it is: each group, and each sketchy outline.
    @Test func groupsAndSketchyOutlinesAreCountedGoingOut() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        var sketchy = Shape(configuration: .ellipse)
        sketchy.isSketchy = true
        for (index, group) in [GroupID(), GroupID()].enumerated() {
            for part in 0..<2 {
                markup.insert(Element(zIndex: Int64(1 + 2 * index + part), frame: Rect(x: 10 + Double(part) * 100, y: 10 + Double(index) * 100, width: 80, height: 50),
                                      content: .shape(sketchy), groupID: group))
            }
        }
        let lines = XournalExporter.encode(markup).report.lines
        #expect(lines.contains("2 × group: Xournal++ has no groups; the elements are kept, ungrouped"), "\(lines)")
        #expect(lines.contains("4 × sketchy outline: drawn clean: Xournal++ has no hand-drawn look"), "\(lines)")
    }

    /// A filled upright rectangle (Xournal++'s rectangle tool, a highlight's box) comes in as a filled
    /// rectangle, so a highlight goes out and comes back filled; another filled stroke keeps its line
    /// and says its fill is left out.
    @Test func aFilledRectangleComesInFilled() throws {
        let xml = """
            <?xml version="1.0" standalone="no"?><xournal fileversion="4"><page width="612" height="792"><background type="solid" color="#ffffffff" style="plain"/><layer>
            <stroke tool="pen" color="#ff0000ff" width="2" fill="128">10 10 110 10 110 60 10 60 10 10</stroke>
            <stroke tool="pen" color="#0000ffff" width="2" fill="255">200 10 300 10 250 60 200 10</stroke>
            </layer></page></xournal>
            """
        let imported = try XournalImporter.decode(Data(xml.utf8))
        guard case .shape(let box) = imported.markup.elements[0].content else { Issue.record("not a shape"); return }
        #expect(box.configuration == .rectangle && imported.markup.elements[0].frame == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(box.fillColor?.alpha ?? 0 > 0.49 && box.fillColor?.alpha ?? 1 < 0.51 && box.strokeColor?.red == 1 && box.lineWidth == 2)
        guard case .stroke = imported.markup.elements[1].content else { Issue.record("the triangle is not a stroke"); return }
        #expect(imported.report.lines == ["1 × filled stroke: the fill is left out; the line is kept"], "\(imported.report.lines)")
        // A highlight (a filled box of the marker's colour, no outline) goes out and comes back filled
        // (outlined as Xournal++ draws a filled stroke, 0.1 pt wide in its own translucent colour).
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: Color(hex: "#ffcc00")!.withAlpha(0.4), strokeColor: nil, lineWidth: 0)),
                      frame: Rect(x: 20, y: 30, width: 120, height: 16))
        let back = try XournalImporter.decode(XournalExporter.encode(markup).data).markup
        guard case .shape(let highlight) = back.elements.first?.content else { Issue.record("no highlight"); return }
        #expect(back.elements[0].frame == Rect(x: 20, y: 30, width: 120, height: 16) && abs((highlight.fillColor?.alpha ?? 0) - 0.4) < 0.01)
    }

    static func parse(_ data: Data) throws -> XournalParser {
        var parser = XournalParser()
        let xml = try Gzip.decompress(data, limit: 1 << 30, format: .xournal)
        try XMLReader.read(xml, format: .xournal) { (reader) throws(InterchangeError) in try parser.read(reader) }
        return parser
    }

    @Test func aXournalFileOverAPDFAnnotatesThatPDF() throws {
        let pdf = SamplePDF.make(pages: 3)
        let xml = """
            <xournal fileversion="4"><page width="612" height="792"><background type="pdf" domain="attach" filename="bg.pdf" pageno="2"/>
            <layer><stroke tool="pen" color="#ff0000ff" width="2">10 10 100 100</stroke></layer></page>
            <page width="612" height="792"><background type="pdf" pageno="3"/><layer/></page></xournal>
            """
        var asked: [XournalImporter.Companion] = []
        let imported = try XournalImporter.decode(Data(xml.utf8)) { companion in
            asked.append(companion)
            return pdf
        }
        #expect(asked == [XournalImporter.Companion(filename: "bg.pdf", isAttached: true)])
        let background = try #require(imported.markup.background)
        #expect(background.source == .pdf(BlobID(of: pdf)))
        #expect(background.pages.map(\.index) == [1, 2])
        #expect(imported.report.isEmpty)

        let missing = try XournalImporter.decode(Data(xml.utf8))
        #expect(missing.report.lines == ["1 × background PDF \"bg.pdf\": not found; its pages are left blank (import the PDF with the .xopp: both chosen at once, or on the command line beside it or given with --pdf)"])
        #expect(missing.markup.background?.pages.count == 2)
        #expect(Self.strokes(missing.markup).count == 1)
    }

    /// Xournal++ puts plain white pages in among a PDF's for notes: they come in as blank pages
    /// over the one PDF, not as a new PDF drawn of every page, and go out as such again.
    @Test func plainPagesAmongAPDFsAreBlankPagesBothWays() throws {
        let pdf = SamplePDF.make(pages: 3)
        let xml = """
            <xournal fileversion="4"><page width="612" height="792"><background type="pdf" domain="attach" filename="bg.pdf" pageno="1"/><layer/></page>
            <page width="612" height="792"><background type="solid" color="#ffffffff" style="plain"/>
            <layer><stroke tool="pen" color="#ff0000ff" width="2">10 10 100 100</stroke></layer></page>
            <page width="612" height="792"><background type="pdf" pageno="3"/><layer/></page></xournal>
            """
        let imported = try XournalImporter.decode(Data(xml.utf8)) { _ in pdf }
        let background = try #require(imported.markup.background)
        #expect(background.source == .pdf(BlobID(of: pdf)) && imported.markup.blobs.count == 1)
        #expect(background.pages.map(\.index) == [0, PageBackground.Page.blankIndex, 2])
        #expect(imported.report.isEmpty)
        let stroke = try #require(Self.strokes(imported.markup).first)
        #expect(background.pages[1].frame.contains(stroke.points[0].location))
        // Out again: the blank page plain white between the PDF's, the PDF named on its first page.
        let exported = XournalExporter.encode(imported.markup)
        let text = String(decoding: try Gzip.decompress(exported.data, limit: 1 << 20, format: .xournal), as: UTF8.self)
        #expect(text.contains("<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>"))
        #expect(text.components(separatedBy: "filename=\"bg.pdf\"").count == 2 && text.contains("pageno=\"3\""))
        let back = try XournalImporter.decode(exported.data) { _ in pdf }
        #expect(back.markup.background?.pages.map(\.index) == background.pages.map(\.index))
        // Ruled ones are blank pages on lined paper, and go out ruled.
        let linedXML = xml.replacingOccurrences(of: "style=\"plain\"", with: "style=\"ruled\"")
        let lined = try XournalImporter.decode(Data(linedXML.utf8)) { _ in pdf }
        #expect(lined.markup.background?.pages.map(\.index) == background.pages.map(\.index) && lined.markup.paper == Paper(ruling: .lined))
        let linedOut = String(decoding: try Gzip.decompress(XournalExporter.encode(lined.markup).data, limit: 1 << 20, format: .xournal), as: UTF8.self)
        #expect(linedOut.contains("<background type=\"solid\" color=\"#ffffffff\" style=\"ruled\"/>"))
        // A page of another colour among them still makes a PDF of its own.
        let coloured = try XournalImporter.decode(Data(xml.replacingOccurrences(of: "#ffffffff", with: "#ffff00ff").utf8)) { _ in pdf }
        #expect(coloured.markup.background?.pages.map(\.index) == [0, 1, 2])
    }

    static let brokenFiles: [(name: String, text: String)] = [
        ("plain text", "hello"),
        ("another root", "<svg/>"),
        ("entities", "<!DOCTYPE x [<!ENTITY a \"aaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><xournal>&b;</xournal>"),
        ("no pages", "<xournal></xournal>"),
        ("odd coordinates", "<xournal><page width=\"10\" height=\"10\"><layer><stroke color=\"#000000ff\" width=\"1\">1 2 3</stroke></layer></page></xournal>"),
        ("NaN width", "<xournal><page width=\"10\" height=\"10\"><layer><stroke color=\"#000000ff\" width=\"nan\">1 2 3 4</stroke></layer></page></xournal>"),
        ("junk points", "<xournal><page width=\"10\" height=\"10\"><layer><stroke color=\"#000000ff\" width=\"1\">1 2 x 4</stroke></layer></page></xournal>"),
        ("bad page size", "<xournal><page width=\"-10\" height=\"10\"/></xournal>"),
        ("bad colour", "<xournal><page width=\"10\" height=\"10\"><layer><stroke color=\"purple-ish\" width=\"1\">1 2 3 4</stroke></layer></page></xournal>"),
        ("not base64", "<xournal><page width=\"10\" height=\"10\"><layer><image left=\"0\" top=\"0\" right=\"1\" bottom=\"1\">!!!</image></layer></page></xournal>"),
        ("cut short", "<xournal><page width=\"10\" height=\"10\"><layer><stroke"),
        ("too deep", "<xournal>" + String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100) + "</xournal>"),
    ]

    @Test(arguments: brokenFiles)
    func aBrokenXournalFileIsRefusedWithAReason(_ file: (name: String, text: String)) {
        #expect(throws: InterchangeError.self, "\(file.name)") { try XournalImporter.decode(Data(file.text.utf8)) }
    }

    /// Xournal++ 1.0 wrote a PDF page's number with a suffix ("3ll"): the page is still the one named.
    @Test func aPageNumberWithXournal10sSuffixNamesThatPage() throws {
        let pdf = SamplePDF.make(pages: 3)
        let xml = """
            <xournal fileversion="2"><page width="612" height="792"><background type="pdf" domain="attach" filename="bg.pdf" pageno="3ll"/><layer/></page>
            <page width="612" height="792"><background type="pdf" pageno="1ll"/><layer/></page></xournal>
            """
        let imported = try XournalImporter.decode(Data(xml.utf8)) { _ in pdf }
        #expect(imported.markup.background?.pages.map(\.index) == [2, 0])
        let huge = xml.replacingOccurrences(of: "pageno=\"1ll\"", with: "pageno=\"99999999999999999999999\"")
        #expect(throws: InterchangeError.self) { try XournalImporter.decode(Data(huge.utf8)) { _ in pdf } }
    }

    /// What a Xournal++ stroke cannot hold of ours (when each point was drawn, the pen's tilt) is said.
    @Test func whatAStrokeLosesInXournalIsSaid() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 800))
        var generator = HandwritingGenerator(.init(strokes: 3, seed: 7))
        for element in generator.generate().elements { if case .stroke = element.content { markup.insert(element) } }
        let lines = XournalExporter.encode(markup).report.lines
        #expect(lines.contains { $0.hasSuffix("stroke's timing and tilt: Xournal++ keeps a width for each segment only; left out") }, "\(lines)")
    }

    /// Deflating goes through zlib a window at a time: what comes out inflates to what went in, past
    /// the size of one window of output.
    @Test func whatIsDeflatedInflatesBack() throws {
        var random = SeededRandom(seed: 3)
        let bytes = (0..<(1 << 20) + 77).map { _ in UInt8(truncatingIfNeeded: random.next() >> 56) }
        #expect(try Gzip.decompress(Gzip.compress(bytes), limit: 2 << 20, format: .xournal) == bytes)
        #expect(try Gzip.decompress(Gzip.compress([]), limit: 1, format: .xournal) == [])
    }

    @Test func aDamagedGzipStreamIsRefused() {
        #expect(throws: InterchangeError.self) { try XournalImporter.decode(Data([0x1F, 0x8B, 1, 2, 3, 4])) }
        let whole = Self.gzip(Self.sampleXML())
        #expect(throws: InterchangeError.self) { try XournalImporter.decode(whole.prefix(whole.count / 2)) }
    }

    @Test func aGzipBombStopsAtTheLimit() {
        let bomb = Gzip.compress([UInt8](repeating: 0x20, count: 8 << 20))
        #expect(bomb.count < 20_000)
        #expect(throws: InterchangeError.tooLarge(.xournal, reason: "more than 1 MB once uncompressed")) {
            try Gzip.decompress(bomb, limit: 1 << 20, format: .xournal)
        }
    }
}

extension XournalTests {
    /// A declaration in UTF-16 is the same danger; the file is read as UTF-8, so it cannot hide one.
    @Test func xmlInAnotherEncodingIsRefused() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE x [<!ENTITY a \"a\">]><xournal>&a;</xournal>"
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(throws: InterchangeError.self) { try XournalImporter.decode(utf16) }
    }
}

extension XournalTests {
    /// Paper is drawn with a bounded number of marks, however large the page: a hostile notebook of
    /// huge dotted pages cannot make a huge background PDF (or take minutes drawing one).
    /// (Pages of two papers, so that they are drawn as a background, not kept as the document's paper.)
    @Test func hugeRuledPagesMakeABoundedBackground() throws {
        let pages = ["dotted", "lined"].map { style in
            ##"<page width="1000000" height="1000000"><background type="solid" color="#ffffffff" style="\##(style)"/><layer/></page>"##
        }
        let imported = try XournalImporter.decode(Data(("<xournal>" + String(repeating: pages.joined(), count: 10) + "</xournal>").utf8))
        let background = try #require(imported.markup.background)
        #expect(background.pages.count == 20)
        let pdf = try #require(imported.markup.blobs[background.source.blob])
        #expect(pdf.count < 8 << 20, "\(pdf.count) bytes")
    }

    /// Pages all of one paper and size are the sheets of one page on that paper, however large: no
    /// background is drawn, and the paper's marks are bounded when it is.
    @Test func pagesOfOnePaperBecomeSheetsOfThatPaper() throws {
        let page = ##"<page width="1000000" height="1000000"><background type="solid" color="#ffffffff" style="dotted"/><layer/></page>"##
        let imported = try XournalImporter.decode(Data(("<xournal>" + String(repeating: page, count: 20) + "</xournal>").utf8)).markup
        #expect(imported.background == nil && imported.paper?.ruling == .dotted && imported.sheets.count == 20)
        #expect(try MarkupRenderer(markup: imported).thumbnail(maximumPixelSize: 64).count < 1 << 20)
        // A notebook of three ruled pages comes back from MarkupKit as it went.
        let lined = ##"<page width="595.27" height="841.89"><background type="solid" color="#ffffffff" style="ruled"/><layer/></page>"##
        let notebook = try XournalImporter.decode(Data(("<xournal>" + String(repeating: lined, count: 3) + "</xournal>").utf8)).markup
        #expect(notebook.sheets.count == 3 && notebook.paper?.ruling == .lined && notebook.sheetHeight == 841.89)
        let again = try Self.parse(XournalExporter.encode(notebook).data)
        #expect(again.pages.count == 3 && again.pages.allSatisfy { abs($0.size.height - 841.89) < 1e-3 })
    }
}
