import Foundation
import MarkupModel
import MarkupRender

/// Writes a document as a Xournal++ `.xopp` that Xournal++ 1.1 opens: one page per background page
/// (or one page holding everything), strokes as its pen or highlighter with per-point widths,
/// shapes as strokes along their outlines, text, and images as PNG. A PDF background goes beside
/// the file as `<file>.bg.pdf`, where Xournal++ looks for an attached PDF.
public enum XournalExporter {
    /// The suffix of the background PDF's file, after the `.xopp` file's own name.
    public static let backgroundSuffix = ".bg.pdf"
    /// The export name of the background PDF that goes with a `.xopp`: `<title>.xopp.bg.pdf`.
    public static let companionFormat = "xopp" + backgroundSuffix

    public static func encode(_ markup: Markup) -> ExportedDocument {
        var writer = XournalWriter(markup: markup)
        writer.write()
        var companions: [(suffix: String, data: Data)] = []
        if case .pdf(let blob)? = markup.background?.source, let data = markup.blobs[blob] {
            companions.append((backgroundSuffix, data))
        }
        return ExportedDocument(data: Gzip.compress(writer.output.bytes), companions: companions, report: writer.report,
                                textBytes: writer.output.bytes.count)
    }
}

/// The XML of one `.xopp`, built page by page.
struct XournalWriter {
    let markup: Markup
    private(set) var output = TextBuffer()
    private(set) var report = ConversionReport()

    init(markup: Markup) {
        self.markup = markup
    }

    private var pageFrames: [Rect] {
        if let pages = markup.background?.pages, !pages.isEmpty { return pages.map(\.frame) }
        // A page made longer: a Xournal++ page a sheet.
        let sheets = markup.sheets
        if sheets.count > 1 { return sheets }
        let content = markup.contentsRenderFrame
        let area = content.width > 0 || content.height > 0 ? markup.bounds.union(content) : markup.bounds
        return [area.width > 0 && area.height > 0 ? area : Rect(x: 0, y: 0, width: 612, height: 792)]
    }

    mutating func write() {
        let frames = pageFrames
        let assignment = PageAssignment(frames: frames)
        var elementsByPage = [[Element]](repeating: [], count: frames.count)
        for element in markup.elements { elementsByPage[assignment.page(of: element)].append(element) }
        // Counted one a group, one a locked element.
        for _ in Set(markup.elements.compactMap(\.groupID)) { report.note("group", "Xournal++ has no groups; the elements are kept, ungrouped") }
        for element in markup.elements where element.isLocked { report.note("locked element", "Xournal++ cannot lock; kept unlocked") }
        output.append("<?xml version=\"1.0\" standalone=\"no\"?>\n<xournal creator=\"MarkupKit\" fileversion=\"4\">\n")
        if !markup.title.isEmpty {
            output.append("<title>")
            output.append(escaped: markup.title)
            output.append("</title>\n")
        }
        for (index, frame) in frames.enumerated() {
            output.append("<page width=\"")
            output.append(number: frame.width, decimals: 4)
            output.append("\" height=\"")
            output.append(number: frame.height, decimals: 4)
            output.append("\">\n")
            writeBackground(page: index)
            output.append("<layer>\n")
            if markup.background?.pages[index].isBlank == false, case .image(let blob)? = markup.background?.source, let data = markup.blobs[blob] {
                writeImage(data, frame: Rect(origin: .zero, size: frame.size), rotation: 0)
            }
            let origin = frame.origin
            for element in elementsByPage[index] { write(element, offset: origin) }
            output.append("</layer>\n</page>\n")
        }
        output.append("</xournal>\n")
    }

    private mutating func writeBackground(page index: Int) {
        if case .pdf? = markup.background?.source, let page = markup.background?.pages[index], !page.isBlank {
            output.append("<background type=\"pdf\"")
            // The first PDF page names the file; Xournal++ reads the others from it.
            if markup.background?.pages.firstIndex(where: { !$0.isBlank }) == index { output.append(" domain=\"attach\" filename=\"bg.pdf\"") }
            output.append(" pageno=\"\(page.index + 1)\"/>\n")
        } else if markup.background?.pages[index].isBlank == true {
            output.append("<background type=\"solid\" color=\"#ffffffff\" style=\"\(Self.style(of: markup.blankPagePaper))\"/>\n")
        } else {
            output.append("<background type=\"solid\" color=\"")
            output.append(ColorText.hexWithAlpha(markup.backgroundColor ?? .white, alpha: 1))
            output.append("\" style=\"\(Self.style(of: markup.visiblePaper))\"/>\n")
        }
    }

    /// Xournal++'s paper style for `paper` (its lines, squares and dots are spaced its own way).
    static func style(of paper: Paper?) -> String {
        switch paper?.ruling {
        case .lined?: "ruled"
        case .squared?: "graph"
        case .dotted?: "dotted"
        case nil: "plain"
        }
    }

    private mutating func write(_ element: Element, offset: Point) {
        switch element.content {
        case .stroke(let stroke):
            writeStroke(PlacedStroke(stroke, in: element), offset: offset)
        case .shape(let shape):
            report.note("shape", "Xournal++ has no shapes; drawn as pen strokes along the outline")
            if shape.fillColor != nil, shape.fillStyle != .solid { report.note("hatched fill", "Xournal++ fills only evenly; filled solid") }
            if shape.isSketchy { report.note("sketchy outline", "drawn clean: Xournal++ has no hand-drawn look") }
            writeShape(shape, element: element, offset: offset)
        case .textBox(let box):
            writeText(box, element: element, offset: offset)
        case .image(let image):
            if let data = markup.blobs[image.blob] { writeImage(data, frame: element.frame.offsetBy(-offset), rotation: element.rotation, crop: image.crop) }
        case .sticker(.image(let blob)):
            if let data = markup.blobs[blob] { writeImage(data, frame: element.frame.offsetBy(-offset), rotation: element.rotation) }
        case .sticker(.emoji(let emoji)):
            let frame = element.frame.offsetBy(-offset)
            writeTextElement(emoji, font: "Noto Color Emoji", size: min(frame.width, frame.height) * 0.75, at: frame.origin, color: .black)
        case .loupe:
            report.note("loupe", "Xournal++ has no loupes; left out")
        case .link(let link):
            report.note("link", "Xournal++ has no links; written as its address in blue")
            let frame = element.frame.offsetBy(-offset)
            writeTextElement(link.url, font: "Sans", size: 12, at: frame.origin, color: Color(hex: "#0b57d0")!)
        }
    }

    private mutating func writeStroke(_ placed: PlacedStroke, offset: Point) {
        let ink = placed.stroke.ink
        var alpha = ink.color.alpha
        let tool: String
        switch ink.type {
        case .marker:
            tool = "highlighter"
            alpha = 0x7F / 255
        case .pen, .monoline:
            tool = "pen"
        case .watercolor:
            tool = "pen"
            alpha *= 0.5
            report.note("watercolor stroke", "Xournal++ has a pen and a highlighter; drawn with its pen, half transparent")
        default:
            tool = "pen"
            report.note("\(ink.type.spokenName) stroke", "Xournal++ has a pen and a highlighter; drawn with its pen at the same widths")
        }
        if placed.hasTimingOrTilt { report.note("stroke's timing and tilt", "Xournal++ keeps a width for each segment only; left out") }
        if placed.hasVaryingOpacity { report.note("stroke of varying opacity", "Xournal++ gives a stroke one opacity; drawn even") }
        // Xournal++ needs a segment: a dot is two points on one spot.
        var samples = placed.samples
        if samples.count == 1 { samples.append(samples[0]) }
        output.append("<stroke tool=\"\(tool)\" color=\"")
        output.append(ColorText.hexWithAlpha(ink.color, alpha: alpha))
        output.append("\" width=\"")
        output.append(number: ink.width * placed.scale, decimals: 4)
        // Xournal++ takes one width per segment: each point's, the last point's left out.
        for sample in samples.dropLast() {
            output.append(" ")
            output.append(number: sample.width, decimals: 4)
        }
        // Xournal++ passes over attributes it does not know; MarkupKit reads its own ink back from them.
        output.append("\" markupkit-ink=\"\(ink.type.rawValue)\" markupkit-color=\"")
        output.append(ColorText.hexWithAlpha(ink.color))
        output.append("\" markupkit-width=\"")
        output.append(number: ink.width * placed.scale, decimals: 6)
        output.append("\" markupkit-seed=\"\(placed.stroke.randomSeed)\">")
        writePoints(samples.map(\.location), offset: offset)
        output.append("</stroke>\n")
    }

    private mutating func writePoints(_ points: [Point], offset: Point) {
        for (index, point) in points.enumerated() {
            if index > 0 { output.append(" ") }
            output.append(number: point.x - offset.x, decimals: 4)
            output.append(" ")
            output.append(number: point.y - offset.y, decimals: 4)
        }
    }

    /// A shape as the pen strokes Xournal++ draws of it; the first carries the shape itself (its
    /// JSON, its frame on its page, in `markupkit-shape`) and the others say they are more of it,
    /// so MarkupKit reads the shape back, filled, dashed and editable, where Xournal++ kept them.
    private mutating func writeShape(_ shape: Shape, element: Element, offset: Point) {
        let outlines = MarkupRenderer.outlines(of: shape, frame: element.frame, rotation: element.rotation)
        let width = max(shape.lineWidth, 0.1)
        let isLine = if case .line = shape.configuration { true } else { false }
        var onPage = element
        onPage.frame = Rect(origin: element.frame.origin - offset, size: element.frame.size)
        var tag = CarriedShape.encoded(onPage).map { " markupkit-shape=\"\($0)\"" } ?? ""
        func nextTag() -> String {
            defer { tag = " markupkit-shape-part=\"1\"" }
            return tag
        }
        for (index, outline) in outlines.enumerated() {
            // A line's outlines after the first are its markers, painted in the line's colour.
            let isMarker = isLine && index > 0
            let fillColor = isMarker ? shape.strokeColor : shape.fillColor
            if outline.isFilled || (isMarker && outline.isClosed), let fillColor {
                writePolyline(outline.points, color: fillColor, alpha: fillColor.alpha * shape.opacity, width: width,
                              fill: Int((fillColor.alpha * shape.opacity * 255).rounded()), offset: offset, attributes: nextTag())
            }
            if let strokeColor = shape.strokeColor, shape.lineWidth > 0 {
                writePolyline(outline.points, color: strokeColor, alpha: strokeColor.alpha * shape.opacity, width: width, fill: nil, offset: offset,
                              dash: isMarker ? .solid : shape.dash, attributes: nextTag())
            }
        }
    }

    /// A pen stroke through `points`; a dashed or dotted outline in Xournal++'s own line styles.
    private mutating func writePolyline(_ points: [Point], color: Color, alpha: Double, width: Double, fill: Int?, offset: Point,
                                        dash: ShapeDash = .solid, attributes: String = "") {
        output.append("<stroke tool=\"pen\" color=\"")
        output.append(ColorText.hexWithAlpha(color, alpha: alpha))
        output.append("\" width=\"")
        output.append(number: width, decimals: 4)
        output.append("\"")
        output.append(attributes)
        if let fill { output.append(" fill=\"\(min(max(fill, 0), 255))\"") }
        switch dash {
        case .solid: break
        case .dashed: output.append(" style=\"dash\"")
        case .dotted: output.append(" style=\"dot\"")
        }
        output.append(">")
        writePoints(points, offset: offset)
        output.append("</stroke>\n")
    }

    private mutating func writeText(_ box: TextBox, element: Element, offset: Point) {
        guard let first = box.text.runs.first else { return }
        if box.text.runs.contains(where: { $0.font != first.font || $0.color != first.color }) {
            report.note("styled text", "Xournal++ gives a text one font and colour; the first run's are used")
        }
        if box.alignment != .leading { report.note("centred or right-aligned text", "Xournal++ text is left-aligned") }
        if element.rotation != 0 { report.note("rotated text", "Xournal++ cannot rotate text; kept upright") }
        if MarkupRenderer.naturalSize(of: box.text).width > element.frame.width + 1 {
            report.note("wrapped text", "Xournal++ does not wrap text; lines break only where the text does")
        }
        let frame = element.frame.offsetBy(-offset)
        writeTextElement(box.text.string, font: TextFontName.name(of: first.font), size: first.font.size, at: frame.origin, color: first.color)
    }

    private mutating func writeTextElement(_ text: String, font: String, size: Double, at origin: Point, color: Color) {
        output.append("<text font=\"")
        output.append(escaped: font)
        output.append("\" size=\"")
        output.append(number: max(size, 1), decimals: 4)
        output.append("\" x=\"")
        output.append(number: origin.x, decimals: 4)
        output.append("\" y=\"")
        output.append(number: origin.y, decimals: 4)
        output.append("\" color=\"")
        output.append(ColorText.hexWithAlpha(color))
        output.append("\">")
        output.append(escaped: text)
        output.append("</text>\n")
    }

    /// A cropped picture goes as the pixels of the part shown.
    private mutating func writeImage(_ data: Data, frame: Rect, rotation: Double, crop: Rect? = nil) {
        guard let png = MarkupRenderer.pngData(fromImage: data, cropping: crop) else {
            report.note("image that does not decode", "left out")
            return
        }
        if rotation != 0 { report.note("rotated image", "Xournal++ cannot rotate images; kept upright") }
        output.append("<image left=\"")
        output.append(number: frame.minX, decimals: 4)
        output.append("\" top=\"")
        output.append(number: frame.minY, decimals: 4)
        output.append("\" right=\"")
        output.append(number: frame.maxX, decimals: 4)
        output.append("\" bottom=\"")
        output.append(number: frame.maxY, decimals: 4)
        output.append("\">")
        output.append(png.base64EncodedString())
        output.append("</image>\n")
    }
}

extension Rect {
    /// This rectangle moved by `delta`.
    func offsetBy(_ delta: Point) -> Rect { Rect(x: minX + delta.x, y: minY + delta.y, width: width, height: height) }
}

prefix func - (point: Point) -> Point { Point(x: -point.x, y: -point.y) }
