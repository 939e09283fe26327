import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

struct OutputTests {
    @Test(arguments: 0..<6)
    func svgParsesAsXML(seed: UInt64) throws {
        let markup = RandomDocuments.make(seed: seed)
        let svg = try MarkupRenderer(markup: markup).svg(area: markup.bounds.union(markup.contentsRenderFrame))
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.groups >= markup.elements.count)
    }

    @Test func aLineCarriesItsTurnedEndsAndWhatTheyAreAttachedTo() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let box = markup.insert(.shape(Shape(configuration: .rectangle)), frame: Rect(x: 0, y: 0, width: 50, height: 50))
        var line = Shape(configuration: .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .none, endMarker: .arrow))
        line.startConnection = LineConnection(element: box, anchor: Point(x: 1, y: 0.5), isExact: true)
        // A quarter turn about (150, 25) stands the line from (100, 25)–(200, 25) upright.
        let id = markup.insert(.shape(line), frame: Rect(x: 100, y: 25, width: 100, height: 0), rotation: .pi / 2)
        let svg = MarkupRenderer(markup: markup).svgFragment(for: try #require(markup.element(withID: id)))
        #expect(svg.contains("data-line=\"150 -25 150 75\" data-markers=\"none arrow\" data-start=\"e-\(box)\" data-start-exact=\"true\">"), "\(svg.prefix(200))")
        #expect(!svg.contains("data-end="))
    }

    /// A bent arrow is drawn along its curve, through its middle and not along its chord, its head
    /// pointing the way the curve arrives; its SVG carries the middle for a page to drag.
    @Test func aBentArrowIsDrawnAlongItsCurve() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 120))
        // From (20, 100) to (180, 100) through (100, 20): its frame is the curve's box.
        var arrow = Shape(configuration: .line(from: Point(x: 0, y: 1), to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow), lineWidth: 4)
        arrow.lineMiddle = Point(x: 0.5, y: 0)
        let id = markup.insert(.shape(arrow), frame: Rect(x: 20, y: 20, width: 160, height: 80))
        let svg = MarkupRenderer(markup: markup).svgFragment(for: try #require(markup.element(withID: id)))
        #expect(svg.contains("data-line=\"20 100 180 100\" data-middle=\"100 20\" data-markers=\"none arrow\""), "\(svg.prefix(240))")
        #expect(svg.range(of: #"d="M[^"]*[Cc]"#, options: .regularExpression) != nil, "a curve in the path data")
        let pixels = Pixels(png: try MarkupRenderer(markup: markup).png(width: 200, height: 120))
        func inked(_ x: Int, _ y: Int) -> Bool { pixels[x, y].red < 128 }
        #expect(inked(100, 20) && inked(100, 21), "through its middle")
        #expect(!inked(100, 100) && !inked(60, 100), "not along its chord")
        // The curve arrives at (180, 100) heading down and right (from its control point (100, -60)):
        // the head's barbs lie up and left of the tip, across that direction, not along the chord.
        #expect(inked(172, 88), "the head along the curve's last direction")
        #expect(!inked(168, 104), "no barb below the chord, where a head along the chord would put one")
    }

    /// An elbow arrow is drawn through its corners, not along its chord, its head pointing along its
    /// last segment; its SVG carries the corners for a page to route it again.
    @Test func anElbowArrowIsDrawnThroughItsCorners() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 120))
        // From (20, 20) right to (100, 20), down to (100, 100), right to (180, 100).
        var arrow = Shape(configuration: .line(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow), lineWidth: 4)
        arrow.lineCorners = [Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)]
        let id = markup.insert(.shape(arrow), frame: Rect(x: 20, y: 20, width: 160, height: 80))
        let svg = MarkupRenderer(markup: markup).svgFragment(for: try #require(markup.element(withID: id)))
        #expect(svg.contains("data-line=\"20 20 180 100\" data-corners=\"100 20 100 100\" data-markers=\"none arrow\""), "\(svg.prefix(240))")
        let pixels = Pixels(png: try MarkupRenderer(markup: markup).png(width: 200, height: 120))
        func inked(_ x: Int, _ y: Int) -> Bool { pixels[x, y].red < 128 }
        #expect(inked(60, 20) && inked(100, 60) && inked(140, 100), "along each segment")
        #expect(!inked(60, 40) && !inked(140, 80), "not along its chord")
        // The head points right, along the last segment: its barbs lie above and below the line,
        // behind the tip, not to its left along the chord.
        #expect(inked(168, 96) && inked(168, 104) && !inked(168, 110), "the head across the last segment")
    }

    /// A sketchy rectangle is drawn by hand: off its clean outline here and there but never far, the
    /// same wobble wherever it is moved, and its fill clean.
    @Test func aSketchyShapeWobblesAboutItsOutlineTheSameWayWhereverItGoes() throws {
        func render(sketchy: Bool, at origin: Point) throws -> Pixels {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 300, height: 200))
            var shape = Shape(configuration: .rectangle, lineWidth: 3)
            shape.isSketchy = sketchy
            markup.insert(Element(id: ElementID(UUID(uuidString: "00000000-0000-4000-8000-000000000001")!), zIndex: 1,
                                  frame: Rect(x: origin.x, y: origin.y, width: 160, height: 100), content: .shape(shape)))
            return Pixels(png: try MarkupRenderer(markup: markup).png(width: 300, height: 200))
        }
        let clean = try render(sketchy: false, at: Point(x: 40, y: 40)), sketchy = try render(sketchy: true, at: Point(x: 40, y: 40))
        func inked(_ pixels: Pixels, _ x: Int, _ y: Int) -> Bool { pixels[x, y].red < 160 }
        let differing = (0..<300).flatMap { x in (0..<200).map { (x, $0) } }.filter { inked(clean, $0.0, $0.1) != inked(sketchy, $0.0, $0.1) }
        #expect(differing.count > 100, "drawn off the clean outline here and there")
        // Never more than a few points away: nothing inked far from the outline.
        let far = (0..<300).flatMap { x in (0..<200).map { (x, $0) } }.filter { x, y in
            let dx = max(40 - x, x - 200, 0), dy = max(40 - y, y - 140, 0)
            let outside = dx > 0 || dy > 0 ? Double(max(dx, dy)) : Double(min(x - 40, 200 - x, y - 40, 140 - y))
            return outside > 7 && inked(sketchy, x, y)
        }
        #expect(far.isEmpty, "\(far.prefix(5))")
        // Moved by (30, 20), the same drawing moved.
        let moved = try render(sketchy: true, at: Point(x: 70, y: 60))
        let same = (0..<250).allSatisfy { x in (0..<160).allSatisfy { y in inked(sketchy, x + 10, y + 10) == inked(moved, x + 40, y + 30) } }
        #expect(same)
    }

    /// A hatched fill is lines of the fill's color 41° up to the right, spaced by the outline's width,
    /// none outside the outline (cross-hatched, both ways, in more of the inside); drawn by hand in a
    /// sketchy shape, still inside; in SVG, clipped by the outline.
    @Test func aHatchedFillDrawsLinesInsideTheOutlineOnly() throws {
        func render(_ style: ShapeFillStyle, sketchy: Bool = false) throws -> (Pixels, svg: String) {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 240, height: 180))
            var shape = Shape(configuration: .rectangle, fillColor: .black, strokeColor: nil, lineWidth: 2)
            (shape.fillStyle, shape.isSketchy) = (style, sketchy)
            let id = markup.insert(.shape(shape), frame: Rect(x: 40, y: 40, width: 160, height: 100))
            let renderer = MarkupRenderer(markup: markup)
            return (Pixels(png: try renderer.png(width: 240, height: 180)), renderer.svgFragment(for: try #require(markup.element(withID: id))))
        }
        func inked(_ pixels: Pixels, _ x: Int, _ y: Int) -> Bool { pixels[x, y].red < 160 }
        func share(_ pixels: Pixels) -> Double {
            let inside = (42..<198).flatMap { x in (42..<138).map { (x, $0) } }
            return Double(inside.filter { inked(pixels, $0.0, $0.1) }.count) / Double(inside.count)
        }
        func outside(_ pixels: Pixels, by margin: Int) -> [(Int, Int)] {
            (0..<240).flatMap { x in (0..<180).map { (x, $0) } }.filter { x, y in
                (x < 40 - margin || x > 200 + margin || y < 40 - margin || y > 140 + margin) && inked(pixels, x, y)
            }
        }
        let (hatched, svg) = try render(.hatched), (crossed, _) = try render(.crossHatched), (solid, _) = try render(.solid)
        #expect(share(solid) > 0.99)
        #expect((0.05...0.4).contains(share(hatched)), "\(share(hatched))")
        #expect(share(crossed) > share(hatched) * 1.5, "\(share(crossed)) against \(share(hatched))")
        #expect(outside(hatched, by: 0).isEmpty && outside(crossed, by: 0).isEmpty)
        // Across the middle, a line every 8 / sin 41° ≈ 12.2 pixels; each rises to the right.
        let runs = (41..<199).filter { x in inked(hatched, x, 90) && !inked(hatched, x - 1, 90) }
        #expect((10...14).contains(runs.count), "\(runs)")
        if let first = runs.first(where: { $0 > 80 }) {
            #expect((-2...2).contains { inked(hatched, first + 23 + $0, 70) }, "the same line 20 pixels up, 23 to the right")
        }
        #expect(svg.contains("clip-path"), "\(svg.prefix(300))")
        // By hand: not the clean lines, but still inside the outline.
        let (sketched, _) = try render(.hatched, sketchy: true)
        #expect((0.05...0.5).contains(share(sketched)))
        #expect(outside(sketched, by: 0).isEmpty, "\(outside(sketched, by: 0).prefix(5))")
    }

    /// A cropped picture shows only its part, stretched over its frame, in pixels and in SVG: for a
    /// page an inner `svg` whose view box is the crop (the page widens crops again from the whole
    /// picture), in an exported file the part's pixels alone.
    @Test func aCroppedPictureShowsOnlyItsPart() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 100))
        let blob = markup.addBlob(SamplePDF.quartersPNG(width: 20, height: 10))
        // The right half: green over black.
        let id = markup.insert(.image(ImageElement(blob: blob, crop: Rect(x: 0.5, y: 0, width: 0.5, height: 1))), frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let pixels = Pixels(png: try MarkupRenderer(markup: markup).png(width: 200, height: 100))
        #expect(pixels[20, 20].green > 200 && pixels[20, 20].red < 50, "green at the top left, where red would be uncropped")
        #expect(pixels[180, 20].green > 200, "green across the top")
        #expect(pixels[20, 80].red < 50 && pixels[20, 80].green < 50 && pixels[20, 80].blue < 50, "black at the bottom left, where blue would be")
        let svg = MarkupRenderer(markup: markup).svgFragment(for: try #require(markup.element(withID: id)))
        #expect(svg.contains("data-crop=\"0.5 0 0.5 1\""), "\(svg.prefix(200))")
        #expect(svg.contains("<svg x=\"0\" y=\"0\" width=\"200\" height=\"100\" viewBox=\"0.5 0 0.5 1\" preserveAspectRatio=\"none\"><image x=\"0\" y=\"0\" width=\"1\" height=\"1\""), "\(svg.prefix(300))")
        // The exported SVG holds the right half's 10 × 10 pixels, not the whole 20 × 10 picture.
        let exported = try MarkupRenderer(markup: markup).svg()
        let reference = try #require(exported.range(of: #"data:image/png;base64,[A-Za-z0-9+/=]+"#, options: .regularExpression))
        let png = try #require(Data(base64Encoded: String(exported[reference].dropFirst("data:image/png;base64,".count))))
        #expect(MarkupRenderer.imagePixelSize(png).map { [$0.width, $0.height] } == [10, 10])
        #expect(exported.components(separatedBy: "data:image/").count == 2, "one picture in the file")
        // Described, it is named by its description for a screen reader.
        markup.updateElement(withID: id) { $0.setContent(.image(ImageElement(blob: blob, description: "Green <over> black", crop: Rect(x: 0.5, y: 0, width: 0.5, height: 1)))) }
        let described = MarkupRenderer(markup: markup).svgFragment(for: try #require(markup.element(withID: id)))
        #expect(described.contains(" role=\"img\"><title>Green &lt;over&gt; black</title><svg"), "\(described.prefix(300))")
    }

    /// A PDF holds only the part of a cropped picture shown: noise does not compress, so a tenth
    /// of it each way makes a file far smaller than the whole picture does.
    @Test func aPDFHoldsOnlyTheCroppedPart() throws {
        func pdfBytes(crop: Rect?) throws -> Int {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 200))
            let blob = markup.addBlob(SamplePDF.noisePNG(width: 300, height: 300, seed: 5))
            markup.insert(.image(ImageElement(blob: blob, crop: crop)), frame: Rect(x: 0, y: 0, width: 200, height: 200))
            return try MarkupRenderer(markup: markup).pdf().count
        }
        let whole = try pdfBytes(crop: nil), part = try pdfBytes(crop: Rect(x: 0.45, y: 0.45, width: 0.1, height: 0.1))
        #expect(whole > 200_000 && part < whole / 20, "\(part) bytes against \(whole)")
    }

    @Test func svgHasOneGroupPerElementWithItsID() throws {
        let markup = RandomDocuments.make(seed: 3)
        let svg = try MarkupRenderer(markup: markup).svg(area: markup.bounds.union(markup.contentsRenderFrame))
        for element in markup.elements {
            let opening = "<g id=\"e-\(element.id)\" data-kind=\"\(element.content.kind.rawValue)\""
            if case .textBox(let box) = element.content {
                // A text box carries what a page needs to edit it in place.
                #expect(svg.contains(opening + " data-text=\""), "\(box.text.string)")
            } else if case .shape(let shape) = element.content, shape.configuration.type == .line {
                // A line carries its ends, for a page to attach them and show them following.
                #expect(svg.contains(opening + " data-line=\""))
            } else if case .shape(let shape) = element.content {
                // Another shape its type and frame, for a page to attach a line's end to it as the editor does.
                #expect(svg.contains(opening + " data-shape=\"\(shape.configuration.type.rawValue)\" data-frame=\""))
            } else if case .stroke = element.content {
                #expect(svg.contains(opening + ">"))
            } else {
                // Pictures, stickers, links and loupes their frame.
                #expect(svg.contains(opening + " data-frame=\""))
            }
        }
        let fragment = MarkupRenderer(markup: markup).svgFragment(for: markup.elements[0])
        #expect(fragment.hasPrefix("<g id=\"e-\(markup.elements[0].id)\""))
    }

    @Test func textIsEscapedNeverMarkup() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 300, height: 100), title: "a & <b>")
        markup.insertNewTextbox(attributedText: AttributedText("</text><script>alert(\"x\")</script>"), frame: Rect(x: 0, y: 0, width: 300, height: 100))
        markup.insertNewLink(url: "https://example.com/?a=1&b=\"2\"><script>", frame: Rect(x: 0, y: 60, width: 200, height: 30))
        markup.insertNewTextbox(attributedText: AttributedText("line one\nline \"two\""), frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let svg = try MarkupRenderer(markup: markup).svg()
        #expect(!svg.contains("<script"))
        #expect(svg.contains("data-text=\"line one&#10;line &quot;two&quot;\" data-font=\"Sans\" data-size=\"17\""))
        #expect(svg.contains("&lt;/text&gt;&lt;script&gt;"))
        #expect(svg.contains("a &amp; &lt;b&gt;"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }

    /// A URL longer than its pill is cut short with an ellipsis (the whole of it still the link);
    /// one that fits is shown whole.
    @Test func aLongLinkIsCutShortWithAnEllipsis() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 100))
        let long = "https://example.com/markupkit/a/rather/long/path/to/somewhere?query=yes"
        markup.insertNewLink(url: long, frame: Rect(x: 0, y: 0, width: 200, height: 30))
        markup.insertNewLink(url: "https://example.com", frame: Rect(x: 0, y: 40, width: 200, height: 30))
        let svg = try MarkupRenderer(markup: markup).svg()
        #expect(svg.contains("href=\"\(long.replacingOccurrences(of: "&", with: "&amp;"))\""))
        let shown = svg.components(separatedBy: "xml:space=\"preserve\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(shown.count == 2 && shown[0].hasSuffix("…") && long.hasPrefix(shown[0].dropLast()) && shown[0].count < long.count, "\(shown)")
        #expect(svg.contains(">https://example.com<"), "a short one whole")
    }

    @Test func pdfHasThePageSize() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792), title: "Letter")
        markup.insertNewTextbox(attributedText: AttributedText("Selectable text"), frame: Rect(x: 72, y: 72, width: 300, height: 40))
        let pdf = try MarkupRenderer(markup: markup).pdf()
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/MediaBox [ 0 0 612 792 ]"))
        let scaled = try MarkupRenderer(markup: markup).pdf(pageSize: Size(width: 306, height: 396))
        #expect(String(decoding: scaled, as: UTF8.self).contains("/MediaBox [ 0 0 306 396 ]"))
    }

    @Test func thumbnailsFitTheirSize() throws {
        let markup = Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 400))
        let pixels = Pixels(png: try MarkupRenderer(markup: markup).thumbnail(maximumPixelSize: 128))
        #expect(pixels.isValid && pixels.width == 128 && pixels.height == 64)
    }

    /// A dashed line is drawn in dashes with gaps between, a dotted one in dots, the same in SVG and
    /// in pixels; its arrowhead whole.
    @Test func dashedAndDottedOutlinesAreDrawnSo() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 200, height: 60))
        for (row, dash) in [ShapeDash.dashed, .dotted, .solid].enumerated() {
            let y = 10 + Double(row) * 20
            markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 10, y: y, width: 180, height: 0),
                                  content: .shape(Shape(configuration: .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .none,
                                                                             endMarker: .none), lineWidth: 2, dash: dash))))
        }
        let svg = try MarkupRenderer(markup: markup).svg()
        #expect(svg.contains("stroke-dasharray=\"6 6\"") && svg.contains("stroke-dasharray=\"0 4\""))
        #expect(svg.components(separatedBy: "stroke-dasharray").count - 1 == 2)
        let pixels = Pixels(png: try MarkupRenderer(markup: markup).png(width: 200, height: 60))
        func inked(row: Int) -> [Bool] { (20..<180).map { pixels[$0, 10 + row * 20].red < 128 } }
        for row in 0..<2 {
            let runs = zip(inked(row: row), inked(row: row).dropFirst()).filter { $0 != $1 }.count
            #expect(runs >= 20, "row \(row) turns from ink to paper and back along the line")
        }
        #expect(inked(row: 2).allSatisfy { $0 }, "a solid line is whole")
    }

    /// A page made two sheets longer is a PDF of three pages, a sheet each, and its pages are
    /// rendered one at a time.
    @Test func aLongPageIsAPDFPageASheet() throws {
        var long = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 3072))
        long.sheetHeight = 1024
        let renderer = MarkupRenderer(markup: long)
        let text = String(decoding: try renderer.annotatedPDF(), as: UTF8.self)
        #expect(text.components(separatedBy: "/MediaBox [ 0 0 768 1024 ]").count - 1 == 3)
        #expect(try renderer.pageArea(3) == Rect(x: 0, y: 2048, width: 768, height: 1024))
        #expect(throws: RenderError.invalidArea("the document has 3 pages; there is no page 4")) { try renderer.pageArea(4) }
        let single = String(decoding: try MarkupRenderer(markup: Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))).annotatedPDF(), as: UTF8.self)
        #expect(single.components(separatedBy: "/MediaBox").count - 1 == 1)
    }

    /// A page grown three sheets long shows its first sheet, and what is drawn there.
    @Test func aLongPagesThumbnailIsItsFirstSheet() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 3072))
        markup.sheetHeight = 1024
        markup.insert(Element(zIndex: 1, frame: Rect(x: 0, y: 0, width: 768, height: 512),
                              content: .shape(Shape(configuration: .rectangle, fillColor: Color(red: 0, green: 0, blue: 1)))))
        let pixels = Pixels(png: try MarkupRenderer(markup: markup).thumbnail(maximumPixelSize: 128))
        #expect(pixels.isValid && pixels.width == 96 && pixels.height == 128)
        #expect(pixels[48, 32].blue > 200 && pixels[48, 32].red < 60 && pixels[48, 100].red > 200)
    }

    @Test func badSizesAndAreasAreRefused() {
        let renderer = MarkupRenderer(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(throws: RenderError.self) { try renderer.png(width: 0, height: 10) }
        #expect(throws: RenderError.self) { try renderer.png(width: 40_000, height: 40_000) }
        #expect(throws: RenderError.self) { try renderer.png(area: Rect(x: 0, y: 0, width: .nan, height: 1), width: 10, height: 10) }
        #expect(throws: RenderError.self) { try renderer.svg(area: Rect(x: 0, y: 0, width: 0, height: 5)) }
        #expect(throws: RenderError.self) { try renderer.pdf(pageSize: Size(width: -1, height: 10)) }
    }

    @Test func toneMappingIsIdentityForSDRAndSmoothForHDR() {
        let sdr = ColorStyle(darkAppearance: false)
        for value in stride(from: 0.0, through: 1, by: 0.05) { #expect(sdr.toneMapped(value) == value) }
        let hdr = ColorStyle(darkAppearance: false, maximumExposure: 4)
        var previous = 0.0
        for value in stride(from: 0.0, through: 5, by: 0.01) {
            let mapped = hdr.toneMapped(value)
            #expect(mapped >= previous && mapped <= 1)
            #expect(mapped - previous < 0.011, "no jump at \(value)")
            previous = mapped
        }
        #expect(hdr.toneMapped(0.5) == 0.5)
        #expect(abs(hdr.toneMapped(4) - 1) < 1e-12)
        #expect(hdr.toneMapped(2) < 1 && hdr.toneMapped(2) > hdr.toneMapped(1))
    }
}

final class ElementCounter: NSObject, XMLParserDelegate {
    var groups = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "g", attributes["id"]?.hasPrefix("e-") == true { groups += 1 }
    }
}

struct HostileRenderTests {
    @Test func scriptLinksAreNotClickable() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 300, height: 100))
        markup.insertNewLink(url: "javascript:alert(1)", frame: Rect(x: 0, y: 0, width: 200, height: 30))
        markup.insertNewLink(url: "https://example.com", frame: Rect(x: 0, y: 40, width: 200, height: 30))
        let svg = try MarkupRenderer(markup: markup).svg()
        #expect(!svg.contains("href=\"javascript"))
        #expect(svg.contains("href=\"https://example.com\""))
    }

    @Test func contentSpanningTheDoubleRangeDoesNotCrashAThumbnail() {
        var markup = Markup(bounds: .zero)
        markup.insertNewShape(configuration: .rectangle, frame: Rect(x: -1e308, y: 0, width: 1, height: 1))
        markup.insertNewShape(configuration: .rectangle, frame: Rect(x: 1e308, y: 0, width: 1, height: 1))
        #expect(throws: RenderError.self) { try MarkupRenderer(markup: markup).thumbnail(maximumPixelSize: 64) }
        #expect(throws: RenderError.self) { try MarkupRenderer(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10))).thumbnail(maximumPixelSize: .max) }
    }

    @Test func aPNGClaimingAnEnormousSizeIsNotDecoded() throws {
        var png = RandomDocuments.onePixelPNG
        for index in 16..<24 { png[index] = 0xFF }
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 50, height: 50))
        try markup.insertNewImage(Data(png), frame: Rect(x: 5, y: 5, width: 40, height: 40))
        _ = try MarkupRenderer(markup: markup).png(width: 50, height: 50)
    }

    @Test func farAwayGrainDoesNotCrash() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 50, height: 50))
        let points = (0..<10).map { StrokePoint(location: Point(x: Double($0), y: 0), timeOffset: Double($0) / 240, size: Size(width: 3, height: 3)) }
        markup.insertNewStroke(Stroke(ink: Ink(.pencil), points: points, transform: Transform2D(translationX: 1e21, y: 0)))
        _ = try MarkupRenderer(markup: markup).pdf(area: markup.contentsRenderFrame.expanded(by: 5))
    }
}
