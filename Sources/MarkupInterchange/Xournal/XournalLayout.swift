import Foundation
import MarkupInk
import MarkupModel
import MarkupRender

/// Parsed Xournal++ pages laid out as one MarkupKit document: pages stacked top to bottom as a PDF's
/// are, each page's layers merged bottom first, and the backgrounds made into the document's.
struct XournalLayout {
    let parsed: XournalParser
    let title: String
    let companion: (XournalImporter.Companion) -> Data?

    /// Xournal++'s papers: its "ruled" is lines across, its "lined" those and a red margin.
    private static let rulings: [String: BackgroundComposer.Ruling] = [
        "plain": .plain, "ruled": .lines, "lined": .linesWithMargin, "graph": .graph, "dotted": .dotted,
    ]
    /// The Xournal++ papers a document's own `Paper` draws alike (lines 24 pt apart from 80 pt down,
    /// a 5 mm grid); "lined" paper's red margin it has not.
    private static let papers: [String: Paper.Ruling] = ["ruled": .lined, "graph": .squared, "dotted": .dotted]

    func document() throws(InterchangeError) -> ImportedDocument {
        var report = ConversionReport()
        var frames: [Rect] = []
        var top = 0.0
        // Pages of one paper and size are the sheets of one page, edge to edge; others stack apart.
        let paper = Self.sharedPaper(of: parsed.pages)
        for page in parsed.pages {
            frames.append(Rect(x: 0, y: top, width: page.size.width, height: page.size.height))
            top += page.size.height + (paper == nil ? PageBackground.pageGap : 0)
        }
        let heading = parsed.title.hasPrefix("Xournal++ document") ? "" : parsed.title
        var markup = Markup(bounds: frames.dropFirst().reduce(frames[0]) { $0.union($1) }, title: heading.isEmpty ? title : heading)
        if let paper {
            markup.backgroundColor = paper.color == .white ? nil : paper.color
            markup.paper = paper.ruling.map { Paper(ruling: $0) }
            if parsed.pages.count > 1 { markup.sheetHeight = parsed.pages[0].size.height }
        } else {
            try setBackground(of: &markup, frames: frames, report: &report)
        }
        var seed: UInt32 = 1
        for (index, page) in parsed.pages.enumerated() {
            for _ in 1..<max(page.layers, 1) { report.note("layer", "MarkupKit has one layer per page; merged, bottom first") }
            let origin = frames[index].origin
            // The strokes after one that carried its shape are more of that shape, already drawn.
            var inShape = false
            for item in page.items {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                if case .stroke(_, _, _, _, _, _, _, let shape?) = item {
                    switch shape {
                    case .whole(let element):
                        markup.insert(element.content, frame: Rect(origin: element.frame.origin + origin, size: element.frame.size),
                                      rotation: element.rotation)
                        inShape = true
                        continue
                    case .part where inShape:
                        continue
                    case .part:
                        break
                    }
                }
                inShape = false
                try add(item, at: origin, seed: seed, to: &markup, report: &report)
            }
        }
        for _ in 0..<parsed.audioCount { report.note("audio recording", "not carried over") }
        do { try markup.validate() } catch { throw .malformed(.xournal, reason: "\(error)") }
        return ImportedDocument(markup: markup, report: report)
    }

    // MARK: - Backgrounds

    private func setBackground(of markup: inout Markup, frames: [Rect], report: inout ConversionReport) throws(InterchangeError) {
        let pages = parsed.pages
        var pdfData: Data?
        var pdfPageCount = 0
        if let reference = parsed.pdf {
            if let data = companion(reference), BackgroundDocuments.isPDF(data),
               let pdf = try? BackgroundDocuments.markup(background: data, title: "") {
                pdfData = data
                pdfPageCount = pdf.background?.pages.count ?? 0
            } else {
                report.note("background PDF \"\((reference.filename as NSString).lastPathComponent)\"",
                            "not found; its pages are left blank (import the PDF with the .xopp: both chosen at once, or on the command line beside it or given with --pdf)")
            }
        }
        // The PDF's own pages, and white ones put in among them for notes (plain, or all ruled one
        // way), are kept as they are: the PDF once, with blank pages between its pages on the
        // document's paper.
        let styles = Set(pages.compactMap { page -> String? in if case .solid(_, let style) = page.background { style } else { nil } })
        let direct = pages.map { page -> PageBackground.Page? in
            switch page.background {
            case .pdf(let number) where number <= pdfPageCount: PageBackground.Page(index: number - 1, frame: .zero)
            case .solid(let color, let style) where color == Color.white && (style == "plain" || Self.papers[style] != nil):
                PageBackground.Page.blank(.zero)
            default: nil
            }
        }
        if let pdfData, styles.count <= 1, direct.allSatisfy({ $0 != nil }) {
            let blob = markup.addBlob(pdfData)
            markup.background = PageBackground(source: .pdf(blob), pages: zip(direct, frames).map { page, frame in
                PageBackground.Page(index: page!.index, frame: frame)
            })
            markup.paper = styles.first.flatMap { Self.papers[$0] }.map { Paper(ruling: $0) }
            return
        }
        var composed: [BackgroundComposer.Page] = []
        for (index, page) in pages.enumerated() {
            composed.append(BackgroundComposer.Page(size: page.size, content: content(of: page.background, page: index, pdf: pdfData,
                                                                                      pdfPageCount: pdfPageCount, report: &report)))
        }
        let data: Data
        do { data = try BackgroundComposer.pdf(composed) } catch { throw .malformed(.xournal, reason: "the page backgrounds cannot be drawn: \(error)") }
        let blob = markup.addBlob(data)
        markup.background = PageBackground(source: .pdf(blob), pages: frames.enumerated().map { PageBackground.Page(index: $0.offset, frame: $0.element) })
    }

    /// The paper every page is on, when they are all of one size (as many as a page has sheets) and
    /// on one plain, lined, squared or dotted paper of one color: the document's own paper then,
    /// each page a sheet, not a drawn background.
    private static func sharedPaper(of pages: [XournalParser.Page]) -> (color: Color, ruling: Paper.Ruling?)? {
        guard let first = pages.first, pages.count <= Markup.maximumSheets,
              case .solid(let color, let style) = first.background, style == "plain" || papers[style] != nil else { return nil }
        for page in pages {
            guard page.size == first.size, case .solid(color, style) = page.background else { return nil }
        }
        return (color, papers[style])
    }

    private func content(of background: XournalParser.Background, page: Int, pdf: Data?, pdfPageCount: Int,
                         report: inout ConversionReport) -> BackgroundComposer.Content {
        switch background {
        case .solid(let color, let style):
            guard let ruling = Self.rulings[style] else {
                report.note("\(style) paper", "MarkupKit draws plain, lined, ruled, graph and dotted paper; drawn plain")
                return .paper(color: color, ruling: .plain)
            }
            return .paper(color: color, ruling: ruling)
        case .pdf(let number):
            guard let pdf, number <= pdfPageCount else {
                if pdf != nil { report.note("PDF page \(number)", "the background PDF has only \(pdfPageCount) pages; left blank") }
                return .paper(color: .white, ruling: .plain)
            }
            return .pdfPage(data: pdf, index: number - 1)
        case .pixmap(let reference):
            guard let data = companion(reference), MarkupRenderer.imagePixelSize(data) != nil else {
                report.note("background image \"\((reference.filename as NSString).lastPathComponent)\"", "not found; the page is left blank")
                return .paper(color: .white, ruling: .plain)
            }
            return .image(data)
        case .clone(let source):
            guard source != page else { return .paper(color: .white, ruling: .plain) }
            return content(of: parsed.pages[source].background, page: source, pdf: pdf, pdfPageCount: pdfPageCount, report: &report)
        }
    }

    // MARK: - Elements

    /// The box of `points` when they go round an upright rectangle, corner to corner (closed or not).
    static func uprightRectangle(_ points: [Point]) -> Rect? {
        var corners = points
        if corners.count == 5, corners[0].distance(to: corners[4]) < 0.01 { corners.removeLast() }
        guard corners.count == 4 else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max(), right - left > 0.01, bottom - top > 0.01 else { return nil }
        let onCorners = corners.allSatisfy { (abs($0.x - left) < 0.01 || abs($0.x - right) < 0.01) && (abs($0.y - top) < 0.01 || abs($0.y - bottom) < 0.01) }
        let alongEdges = (0..<4).allSatisfy { index in
            let (from, to) = (corners[index], corners[(index + 1) % 4])
            return (abs(from.x - to.x) < 0.01) != (abs(from.y - to.y) < 0.01)
        }
        return onCorners && alongEdges ? Rect(x: left, y: top, width: right - left, height: bottom - top) : nil
    }

    private func add(_ item: XournalParser.Item, at origin: Point, seed: UInt32, to markup: inout Markup,
                     report: inout ConversionReport) throws(InterchangeError) {
        switch item {
        case .stroke(let tool, let color, let widths, let points, let fill, let dashed, let own, _):
            if let fill, own == nil, tool != "eraser", let box = Self.uprightRectangle(points) {
                // A filled rectangle (Xournal++'s rectangle tool, a highlight's box) is one, filled.
                var fillColor = color
                fillColor.alpha = Double(fill) / 255
                let shape = Shape(configuration: .rectangle, fillColor: fillColor, strokeColor: color, lineWidth: widths[0],
                                  dash: dashed ? .dashed : .solid)
                markup.insert(.shape(shape), frame: Rect(x: box.minX + origin.x, y: box.minY + origin.y, width: box.width, height: box.height),
                              id: ElementID())
                return
            }
            if fill != nil, own == nil { report.note("filled stroke", "the fill is left out; the line is kept") }
            if dashed { report.note("dashed stroke", "drawn solid") }
            var inkColor = color
            let type: InkType
            switch tool {
            case "highlighter":
                type = .marker
                inkColor.alpha = 1
            case "eraser":
                type = .monoline
                inkColor = .white
                report.note("eraser stroke", "drawn in white, as Xournal did")
            default:
                type = .monoline
            }
            let ink = own.map { Ink($0.type, color: $0.color, width: $0.width) } ?? Ink(type, color: inkColor, width: widths[0])
            var builder = StrokeBuilder(ink: ink, format: .xournal)
            let pressures = widths.dropFirst()
            let perPoint = pressures.count >= points.count - 1 && !pressures.isEmpty
            for (index, point) in points.enumerated() {
                let width = perPoint ? pressures[pressures.startIndex + min(index, pressures.count - 1)] : widths[0]
                try builder.add(x: point.x + origin.x, y: point.y + origin.y, width: width)
            }
            if let stroke = builder.stroke(randomSeed: own?.seed ?? seed) {
                markup.insert(.stroke(stroke), frame: .zero, id: ElementID())
            }
        case .text(let string, let fontName, let size, let position, let color):
            guard !string.isEmpty else { return }
            let text = AttributedText(string, font: TextFontName.font(fontName, size: size), color: color)
            let natural = MarkupRenderer.naturalSize(of: text)
            let frame = Rect(x: position.x + origin.x, y: position.y + origin.y, width: natural.width + 1, height: natural.height)
            markup.insert(.textBox(TextBox(text: text)), frame: frame)
        case .image(let data, let frame, let latex):
            guard MarkupRenderer.imagePixelSize(data) != nil else {
                report.note("image that is not a PNG or JPEG", "left out")
                return
            }
            if latex != nil { report.note("LaTeX formula", "kept as its picture, the formula as the image's description") }
            let blob = markup.addBlob(data)
            markup.insert(.image(ImageElement(blob: blob, description: latex ?? "")),
                          frame: Rect(x: frame.minX + origin.x, y: frame.minY + origin.y, width: frame.width, height: frame.height))
        }
    }
}
