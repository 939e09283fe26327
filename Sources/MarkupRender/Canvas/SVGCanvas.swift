import CCairo
import Foundation
import MarkupInk
import MarkupModel

/// Writes SVG: one `<g id="…">` per element, so a page can replace elements one by one.
struct SVGCanvas: RenderCanvas {
    private(set) var output: TextBuffer
    let style: ColorStyle
    /// The `href` for an image blob: a data URI unless the caller serves blobs by URL.
    let imageReference: @Sendable (BlobID, [UInt8]) -> String
    /// For each `save()`, how many groups were opened since.
    private var openGroups: [Int] = [0]
    private var nextClipID = 0
    /// PDF pages written as vectors so far: each one's ids carry its number.
    private var pdfPagesDrawn = 0
    /// How much more SVG a document's PDF pages may take as vectors: past it (hundreds of pages of
    /// scans), the rest go as pictures, so an export stays within what its pages' pictures would take.
    private var vectorBytesLeft = PDFPageSVG.maximumDocumentBytes
    /// The element being written: clip ids carry it, so fragments patched into a page never clash.
    private var currentElement: ElementID?
    /// Whether a cropped picture keeps its whole picture (for a page, which widens crops again);
    /// else only the part's pixels are written.
    var keepsWholePictures = false
    /// Whether grain is one mask per pattern, defined where it is first used, for the whole document;
    /// otherwise (a fragment that must stand alone) each layer carries its dots.
    var sharesGrain = false
    private var grainMasks: [GrainPattern: String] = [:]
    /// Whether the last number of the path being written has a decimal point; nil after a command letter.
    private var lastPathNumberHadPoint: Bool?

    /// The id attribute of an element's group.
    static func groupID(of id: ElementID) -> String { "e-\(id)" }

    /// `capacity`: the bytes reserved for the text at first; a fragment starts small, a whole document large.
    init(style: ColorStyle, capacity: Int = 1 << 16, imageReference: @escaping @Sendable (BlobID, [UInt8]) -> String) {
        output = TextBuffer(capacity: capacity)
        self.style = style
        self.imageReference = imageReference
    }

    mutating func append(_ text: String) { output.append(text) }

    mutating func appendEscaped(_ text: String) { output.append(escaped: text) }

    /// The document written so far.
    var text: String { String(decoding: output.bytes, as: UTF8.self) }

    /// A number as the SVG writer prints it.
    static func format(_ value: Double) -> String {
        var text = TextBuffer(capacity: 16)
        text.append(number: value)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    mutating func beginElement(_ element: Element) {
        currentElement = element.id
        append("<g id=\"\(Self.groupID(of: element.id))\" data-kind=\"\(element.content.kind.rawValue)\"")
        if let group = element.groupID { append(" data-group=\"\(group)\"") }
        if element.isLocked { append(" data-locked=\"true\"") }
        switch element.content {
        case .stroke: break
        case .shape(let shape):
            if let curve = element.lineCurve {
                appendLineAttributes(shape, curve: curve, elbow: element.elbowPath)
            } else {
                // A page attaches a line's end to the element's frame, turned, as the editor does, and
                // stops an end aimed at it at the outline the editor uses (by the shape's type).
                append(" data-shape=\"\(shape.configuration.type.rawValue)\"")
                appendFrame(element.frame, rotation: element.rotation)
            }
        case .textBox(let box): appendTextAttributes(box, frame: element.frame, rotation: element.rotation)
        case .image(let image):
            appendFrame(element.frame, rotation: element.rotation)
            // A cropped picture's crop, for a page to show the whole picture while the crop is changed.
            if let crop = image.crop {
                append(" data-crop=\"")
                appendNumbers([crop.minX, crop.minY, crop.width, crop.height], decimals: 6)
                append("\"")
            }
            // A described picture is named by its description, for a screen reader (and a tooltip).
            if !image.description.isEmpty {
                append(" role=\"img\"><title>")
                appendEscaped(image.description)
                append("</title")
            }
        case .loupe(let loupe):
            appendFrame(element.frame, rotation: element.rotation)
            append(" data-magnification=\"")
            output.append(number: loupe.magnification)
            append("\"")
        case .sticker, .link: appendFrame(element.frame, rotation: element.rotation)
        }
        append(">")
    }

    /// `values` apart by spaces, rounded to `decimals` places.
    private mutating func appendNumbers(_ values: [Double], decimals: Int) {
        for (index, value) in values.enumerated() {
            if index > 0 { append(" ") }
            output.append(number: value, decimals: decimals)
        }
    }

    /// `points` as the attribute `name`: their coordinates in turn, x then y.
    private mutating func appendPoints(_ name: String, _ points: [Point]) {
        append(" \(name)=\"")
        for (index, point) in points.enumerated() {
            if index > 0 { append(" ") }
            output.append(number: point.x)
            append(" ")
            output.append(number: point.y)
        }
        append("\"")
    }

    /// The element's frame and its turn (radians) as `data-frame`: x, y, width, height, rotation.
    private mutating func appendFrame(_ frame: Rect, rotation: Double) {
        append(" data-frame=\"")
        for (index, value) in [frame.minX, frame.minY, frame.width, frame.height].enumerated() {
            if index > 0 { append(" ") }
            output.append(number: value)
        }
        // The turn to a millionth of a radian: a hundredth is 0.6°, a point off along a long frame.
        append(" ")
        output.append(number: rotation, decimals: 6)
        append("\"")
    }

    /// A line's ends (and a bent line's middle, an elbow line's corners) in document points, its
    /// markers and the elements its ends are attached to, as `data-` attributes: a page attaches ends
    /// to elements other than lines, and draws attached lines following the elements it drags.
    private mutating func appendLineAttributes(_ shape: Shape, curve: LineCurve, elbow: [Point]?) {
        appendPoints("data-line", [curve.start, curve.end])
        if shape.lineMiddle != nil { appendPoints("data-middle", [curve.middle]) }
        if let elbow { appendPoints("data-corners", Array(elbow.dropFirst().dropLast())) }
        if let middle = shape.elbowMiddle { appendPoints("data-elbow-middle", [middle]) }
        if case .line(_, _, let startMarker, let endMarker) = shape.configuration, startMarker != .none || endMarker != .none {
            append(" data-markers=\"\(startMarker.rawValue) \(endMarker.rawValue)\"")
        }
        if let start = shape.startConnection { append(" data-start=\"\(Self.groupID(of: start.element))\"\(start.isExact ? " data-start-exact=\"true\"" : "")") }
        if let end = shape.endConnection { append(" data-end=\"\(Self.groupID(of: end.element))\"\(end.isExact ? " data-end-exact=\"true\"" : "")") }
    }

    /// A text box's text, first font and color, alignment and frame as `data-` attributes, so a page
    /// can open the text for editing in place, set as it is drawn.
    private mutating func appendTextAttributes(_ box: TextBox, frame: Rect, rotation: Double) {
        let font = box.text.runs.first?.font ?? .body
        append(" data-text=\"")
        for (index, line) in box.text.string.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { append("&#10;") }
            output.append(escaped: String(line))
        }
        append("\" data-font=\"")
        output.append(escaped: font.family)
        append("\" data-size=\"")
        output.append(number: font.size)
        append("\" data-weight=\"\(font.weight)\" data-italic=\"\(font.italic ? 1 : 0)\" data-text-color=\"\(style.svg(box.text.runs.first?.color ?? .black).0)\"")
        append(" data-align=\"\(box.alignment.rawValue)\"")
        appendFrame(frame, rotation: rotation)
    }

    mutating func endElement() { append("</g>\n") }

    mutating func save() { openGroups.append(0) }

    mutating func restore() {
        let count = openGroups.removeLast()
        for _ in 0..<count { append("</g>") }
    }

    private mutating func openGroup(_ attributes: String) {
        append("<g \(attributes)>")
        openGroups[openGroups.count - 1] += 1
    }

    mutating func concatenate(_ t: Transform2D) {
        var text = TextBuffer(capacity: 96)
        text.append("transform=\"matrix(")
        for (index, value) in [t.a, t.b, t.c, t.d, t.tx, t.ty].enumerated() {
            if index > 0 { text.append(" ") }
            if index < 4 { text.append(String(value)) } else { text.append(number: value) }
        }
        text.append(")\"")
        openGroup(String(decoding: text.bytes, as: UTF8.self))
    }

    /// The path in whole hundredths, every command relative to where the pen is (the first move
    /// excepted), as `appendPathData(_: ContourList)` writes outlines: grain's thousands of small
    /// dots take about half the bytes of absolute coordinates.
    private mutating func appendPathData(_ path: RenderPath) {
        var pen: (x: Int64, y: Int64)?
        var subpathStart: (x: Int64, y: Int64) = (0, 0)
        var last: Character?
        func hundredths(_ point: Point) -> (x: Int64, y: Int64) { (TextBuffer.hundredths(point.x), TextBuffer.hundredths(point.y)) }
        func offset(_ point: (x: Int64, y: Int64), from origin: (x: Int64, y: Int64)) {
            appendPathNumber(point.x &- origin.x)
            appendPathNumber(point.y &- origin.y)
        }
        func command(_ letter: Character) {
            if last != letter { appendCommand(letter) }
            last = letter
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                let to = hundredths(point)
                // Pairs after a move are lines, relative after `m`: there the next line needs no letter.
                if let pen {
                    command("m")
                    offset(to, from: pen)
                    last = "l"
                } else {
                    appendCommand("M")
                    offset(to, from: (0, 0))
                    last = "M"
                }
                (pen, subpathStart) = (to, to)
            case .line(let point):
                let to = hundredths(point), from = pen ?? (0, 0)
                command("l")
                offset(to, from: from)
                pen = to
            case .curve(let c1, let c2, let point):
                let from = pen ?? (0, 0), to = hundredths(point)
                command("c")
                offset(hundredths(c1), from: from)
                offset(hundredths(c2), from: from)
                offset(to, from: from)
                pen = to
            case .close:
                appendCommand("z")
                last = "z"
                pen = subpathStart
            }
        }
    }

    /// `<path` with the contours' data: whole tenths of a point (a twentieth at most from where the
    /// outliner put each point, which no zoom a person uses shows on a stroke's edge), written as
    /// integers under a transform that scales them back. The first contour starts with a move from
    /// the origin, each later one from where the one before began (where its close left the pen),
    /// and every pair after a move is a line from the point before.
    private mutating func appendContoursPath(_ contours: ContourList) {
        append("<path transform=\"scale(.1)\" d=\"")
        var start = 0
        var previousStart: (x: Int64, y: Int64) = (0, 0)
        func tenths(_ value: Double) -> Int64 { TextBuffer.hundredths(min(max(value, -9e15), 9e15) / 10) }
        contours.points.withUnsafeBufferPointer { points in
            for end in contours.ends {
                var x = tenths(points[start].x), y = tenths(points[start].y)
                appendCommand("m")
                appendPathInteger(x &- previousStart.x)
                appendPathInteger(y &- previousStart.y)
                previousStart = (x, y)
                for index in (start + 1)..<end {
                    let nextX = tenths(points[index].x), nextY = tenths(points[index].y)
                    appendPathInteger(nextX &- x)
                    appendPathInteger(nextY &- y)
                    (x, y) = (nextX, nextY)
                }
                appendCommand("z")
                start = end
            }
        }
        append("\"")
    }

    /// A whole number of path data, with a space before it unless it starts with a minus sign.
    private mutating func appendPathInteger(_ value: Int64) {
        if lastPathNumberHadPoint != nil, value >= 0 { output.append(" ") }
        output.append(integer: value)
        lastPathNumberHadPoint = false
    }

    private mutating func appendCommand(_ letter: Character) {
        output.append(String(letter))
        lastPathNumberHadPoint = nil
    }

    /// A number of path data, in hundredths, with a space before it only where SVG's grammar needs
    /// one: a minus sign starts a number by itself, and so does a point after a number that has one.
    private mutating func appendPathNumber(_ value: Int64) {
        let hasPoint = value % 100 != 0
        if let previousHadPoint = lastPathNumberHadPoint {
            let startsWithPoint = value > 0 && value < 100
            if value >= 0, !(startsWithPoint && previousHadPoint) { output.append(" ") }
        }
        output.append(hundredths: value)
        lastPathNumberHadPoint = hasPoint
    }

    private mutating func appendPaint(_ attribute: String, _ color: Color) {
        let (hex, alpha) = style.svg(color)
        append(" \(attribute)=\"\(hex)\"")
        if alpha < 1 {
            append(" \(attribute)-opacity=\"")
            output.append(number: alpha)
            append("\"")
        }
    }

    mutating func fill(_ path: RenderPath, color: Color, rule: FillRule) {
        append("<path d=\"")
        appendPathData(path)
        append("\"")
        appendPaint("fill", color)
        if rule == .evenOdd { append(" fill-rule=\"evenodd\"") }
        append("/>")
    }

    mutating func fill(_ contours: ContourList, color: Color) {
        appendContoursPath(contours)
        appendPaint("fill", color)
        append("/>")
    }

    mutating func fill(_ contours: ContourList, color: Color, leavingOut grain: GrainPattern, over bounds: Rect) {
        guard sharesGrain, SceneRenderer.showsGrain(grain, over: bounds) else {
            return fillClipped(contours, color: color, leavingOut: grain, over: bounds)
        }
        // The mask is laid in the element's user space, not the path's scaled one.
        let mask = grainMask(for: grain)
        append("<g mask=\"url(#\(mask))\">")
        appendContoursPath(contours)
        appendPaint("fill", color)
        append("/></g>")
    }

    /// The id of `grain`'s mask, written first when this is its first use: a tile of the pattern,
    /// white but for its dots (each also where it crosses into a neighbouring tile), repeated from
    /// the origin of the user space it is used in, as `SceneRenderer.grainPath` lays the dots.
    private mutating func grainMask(for grain: GrainPattern) -> String {
        if let id = grainMasks[grain] { return id }
        let id = "grain-\(grainMasks.count + 1)"
        grainMasks[grain] = id
        let tile = grain.tileSize
        var dots = RenderPath()
        dots.addRect(Rect(x: 0, y: 0, width: tile, height: tile))
        for dot in grain.dots {
            let (x, y, radius) = (dot.center.x, dot.center.y, dot.radius)
            let columns = [x] + (x < radius ? [x + tile] : []) + (x > tile - radius ? [x - tile] : [])
            let rows = [y] + (y < radius ? [y + tile] : []) + (y > tile - radius ? [y - tile] : [])
            for column in columns {
                for row in rows { dots.addPolygon(SceneRenderer.dotPolygon(at: Point(x: column, y: row), radius: radius)) }
            }
        }
        let side = Self.format(tile)
        append("<defs><pattern id=\"\(id)-tile\" patternUnits=\"userSpaceOnUse\" width=\"\(side)\" height=\"\(side)\"><path d=\"")
        appendPathData(dots)
        append("\" fill=\"#fff\" fill-rule=\"evenodd\"/></pattern><mask id=\"\(id)\" maskContentUnits=\"userSpaceOnUse\">")
        append("<rect x=\"-1e6\" y=\"-1e6\" width=\"2e6\" height=\"2e6\" fill=\"url(#\(id)-tile)\"/></mask></defs>")
        return id
    }

    mutating func stroke(_ path: RenderPath, color: Color, width: Double, dash: [Double]) {
        append("<path d=\"")
        appendPathData(path)
        append("\" fill=\"none\"")
        appendPaint("stroke", color)
        append(" stroke-width=\"")
        output.append(number: width)
        append("\" stroke-linecap=\"round\" stroke-linejoin=\"round\"")
        if !dash.isEmpty {
            append(" stroke-dasharray=\"")
            for (index, length) in dash.enumerated() {
                if index > 0 { append(" ") }
                output.append(number: length)
            }
            append("\"")
        }
        append("/>")
    }

    private mutating func defineClip(_ body: (inout SVGCanvas) -> Void) {
        nextClipID += 1
        let id = "clip-\(currentElement.map { "\($0)-" } ?? "")\(nextClipID)"
        append("<clipPath id=\"\(id)\">")
        body(&self)
        append("</clipPath>")
        openGroup("clip-path=\"url(#\(id))\"")
    }

    mutating func clip(_ path: RenderPath, rule: FillRule) {
        defineClip { canvas in
            canvas.append("<path d=\"")
            canvas.appendPathData(path)
            canvas.append(rule == .evenOdd ? "\" clip-rule=\"evenodd\"/>" : "\"/>")
        }
    }

    mutating func clip(_ contours: ContourList) {
        defineClip { canvas in
            canvas.appendContoursPath(contours)
            canvas.append("/>")
        }
    }

    mutating func beginGroup(opacity: Double) {
        append("<g opacity=\"")
        output.append(number: opacity)
        append("\">")
    }

    mutating func endGroup() { append("</g>") }

    /// ` x="…" y="…" width="…" height="…"`.
    private mutating func appendRectAttributes(_ rect: Rect) {
        for (name, value) in [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)] {
            append(" \(name)=\"")
            output.append(number: value)
            append("\"")
        }
    }

    /// A cropped picture, for a page (`keepsWholePictures`), is an inner `svg` over `rect` whose view
    /// box is the crop, holding the whole picture as the unit square, which the inner `svg` clips:
    /// the page widens the crop again from it. Otherwise (an exported file) it is a picture of the
    /// part's pixels alone, so what was cropped away does not travel with the file.
    mutating func drawImage(_ blob: BlobID, data: [UInt8], in rect: Rect, crop: Rect?) {
        guard let crop else {
            append("<image")
            appendRectAttributes(rect)
            appendImageReference(imageReference(blob, data))
            return
        }
        guard keepsWholePictures else {
            // The part's whole pixels where they lie, clipped to `rect` by an inner `svg` in the same units.
            guard let (png, part) = MarkupRenderer.croppedPNG(fromImage: Data(data), cropping: crop) else { return }
            let whole = ImageElement.wholePicture(in: rect, crop: crop)
            append("<svg")
            appendRectAttributes(rect)
            append(" viewBox=\"")
            appendNumbers([rect.minX, rect.minY, rect.width, rect.height], decimals: 6)
            append("\"><image")
            appendRectAttributes(Rect(x: whole.minX + part.minX * whole.width, y: whole.minY + part.minY * whole.height,
                                      width: part.width * whole.width, height: part.height * whole.height))
            appendImageReference(MarkupRenderer.dataURI(blob, [UInt8](png)))
            append("</svg>")
            return
        }
        append("<svg")
        appendRectAttributes(rect)
        append(" viewBox=\"")
        appendNumbers([crop.minX, crop.minY, crop.width, crop.height], decimals: 6)
        append("\" preserveAspectRatio=\"none\"><image")
        appendRectAttributes(Rect(x: 0, y: 0, width: 1, height: 1))
        appendImageReference(imageReference(blob, data))
        append("</svg>")
    }

    /// The rest of an `image` tag: stretched, and its bytes or where they are (`reference`).
    private mutating func appendImageReference(_ reference: String) {
        append(" preserveAspectRatio=\"none\" xlink:href=\"")
        output.append(escaped: reference)
        append("\"/>")
    }

    /// SVG cannot hold PDF, so the page goes in as a PNG at two pixels a point (at most 4,096 a side).
    mutating func drawPDFPage(_ file: PDFFile, index: Int, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        if vectorBytesLeft > 0, let page = PDFPageSVG.vectors(of: file, page: index, idPrefix: "pdf\(pdfPagesDrawn)-", limit: vectorBytesLeft) {
            pdfPagesDrawn += 1
            vectorBytesLeft -= page.svg.count
            append("<svg")
            appendRectAttributes(rect)
            append(" viewBox=\"0 0 ")
            output.append(number: page.size.width)
            append(" ")
            output.append(number: page.size.height)
            append("\" preserveAspectRatio=\"none\" overflow=\"hidden\">")
            output.append(bytes: page.svg)
            append("</svg>")
            return
        }
        let scale = min(2, 4096 / max(rect.width, rect.height))
        let width = Int32(max(1, (rect.width * scale).rounded())), height = Int32(max(1, (rect.height * scale).rounded()))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return }
        file.draw(page: index, into: context, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), forPrinting: false)
        FontEngine.serialized { cairo_destroy(context) }
        guard case .success(let png) = pngBytes(of: surface) else { return }
        append("<image")
        appendRectAttributes(rect)
        append(" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,")
        append(Data(png).base64EncodedString())
        append("\"/>")
    }

    mutating func drawText(_ layout: TextLayout, at origin: Point) {
        for span in layout.spans {
            append("<text x=\"")
            output.append(number: origin.x + (span.isRightToLeft ? span.x + span.width : span.x))
            append("\" y=\"")
            output.append(number: origin.y + span.baseline)
            append("\" font-family=\"")
            output.append(escaped: span.font.family)
            append("\" font-size=\"")
            output.append(number: span.font.size)
            append("\" font-weight=\"\(span.font.weight)\"")
            if span.font.italic { append(" font-style=\"italic\"") }
            if span.isRightToLeft { append(" direction=\"rtl\" text-anchor=\"start\"") }
            appendPaint("fill", span.color)
            append(" xml:space=\"preserve\">")
            output.append(escaped: span.text)
            append("</text>")
        }
    }

    mutating func addLink(to url: String, over rect: Rect) {
        append("<a href=\"")
        output.append(escaped: url)
        append("\"><rect")
        appendRectAttributes(rect)
        append(" fill=\"#000\" fill-opacity=\"0\"/></a>")
    }

    var pixelsPerPoint: Double? { nil }

    mutating func repeatElement(_ element: Element, draw: (inout SVGCanvas) -> Void) {
        append("<use xlink:href=\"#\(Self.groupID(of: element.id))\"/>")
    }
}
