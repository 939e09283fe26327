import MarkupModel

/// Writes a document's body: everything but its blobs, in the layout docs/FORMAT.md gives. The
/// element records come first, then the point streams of all strokes.
struct BodyWriter {
    private(set) var writer: ByteWriter
    /// Every stroke's points, in the order the element records list them: written into the point
    /// streams once the records are done.
    private var strokePoints: [[StrokePoint]] = []

    init(elementCount: Int) {
        writer = ByteWriter(capacity: 64 * elementCount + 256)
        strokePoints.reserveCapacity(elementCount)
    }

    /// The body's bytes, and where each point stream starts: good places to cut it into chunks that
    /// compress independently. The point streams are written in `parts` stretches of strokes (by
    /// default as many as the points make worth it); the bytes are the same for any number of parts.
    static func encode(_ markup: Markup, parts: Int? = nil) -> (bytes: [UInt8], streamOffsets: [Int]) {
        let pieces = self.pieces(markup, parts: parts)
        var bytes = [UInt8]()
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        var streamOffsets = [Int]()
        for (index, piece) in pieces.enumerated() {
            if index > 0 { streamOffsets.append(bytes.count) }
            bytes += piece
        }
        return (bytes, streamOffsets)
    }

    /// The body as the pieces `encode` joins: the element records, then each point stream with its
    /// length. A writer that compresses them one by one never holds the whole body at once.
    static func pieces(_ markup: Markup, parts: Int? = nil) -> [[UInt8]] {
        var body = BodyWriter(elementCount: markup.elements.count)
        body.write(markup)
        let streams = PointStreams.write(body.strokePoints, parts: parts)
        return [body.writer.bytes] + streams.map { stream in
            let length = stream.reduce(0) { $0 + $1.bytes.count }
            var writer = ByteWriter(capacity: length + 10)
            writer.writeVarint(UInt64(length))
            for part in stream { writer.write(part.bytes) }
            return writer.bytes
        }
    }

    private mutating func write(_ markup: Markup) {
        write(markup.bounds)
        writer.writeString(markup.title)
        writer.writeSignedVarint(markup.createdAt.millisecondsSince1970)
        writer.writeSignedVarint(markup.modifiedAt.millisecondsSince1970)
        writeOptional(markup.backgroundColor)
        writer.writeVarint(UInt64(markup.elements.count))
        var previousZIndex: Int64 = 0
        for element in markup.elements {
            write(element, zIndexStep: element.zIndex &- previousZIndex)
            previousZIndex = element.zIndex
        }
    }

    private mutating func write(_ element: Element, zIndexStep: Int64) {
        writer.write(FormatCodes.code(of: element.content.kind))
        writer.write(uuidBytes(element.id))
        writer.writeSignedVarint(zIndexStep)
        writer.writeDouble(element.rotation)
        if case .stroke = element.content {} else { write(element.frame) }
        switch element.content {
        case .stroke(let stroke): write(stroke)
        case .shape(let shape): write(shape)
        case .textBox(let box):
            writer.write(FormatCodes.code(of: box.alignment))
            writer.writeVarint(UInt64(box.text.runs.count))
            for run in box.text.runs {
                writer.writeString(run.text)
                writer.writeString(run.font.family)
                writer.writeDouble(run.font.size)
                writer.writeVarint(UInt64(run.font.weight))
                writer.writeBool(run.font.italic)
                write(run.color)
            }
        case .image(let image):
            writer.write(image.blob.bytes)
            writer.writeString(image.description)
        case .sticker(.emoji(let emoji)):
            writer.write(0)
            writer.writeString(emoji)
        case .sticker(.image(let blob)):
            writer.write(1)
            writer.write(blob.bytes)
        case .loupe(let loupe):
            writer.writeDouble(loupe.magnification)
        case .link(let link):
            writer.writeString(link.url)
        }
    }

    private mutating func write(_ stroke: Stroke) {
        writer.write(FormatCodes.code(of: stroke.ink.type))
        write(stroke.ink.color)
        writer.writeVarint(UInt64(stroke.ink.width * PointQuantization.locationStepsPerPoint))
        if stroke.transform.isIdentity {
            writer.writeBool(false)
        } else {
            writer.writeBool(true)
            let t = stroke.transform
            for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] { writer.writeDouble(value) }
        }
        writer.writeVarint(UInt64(stroke.randomSeed))
        writer.writeVarint(UInt64(stroke.points.count))
        strokePoints.append(stroke.points)
    }

    private mutating func write(_ shape: Shape) {
        writer.write(FormatCodes.code(of: shape.configuration.type))
        switch shape.configuration {
        case .rectangle, .ellipse, .arrowShape, .heart, .cloud: break
        case .roundedRectangle(let radius): writer.writeDouble(radius)
        case .line(let from, let to, let startMarker, let endMarker):
            write(from)
            write(to)
            writer.write(FormatCodes.code(of: startMarker))
            writer.write(FormatCodes.code(of: endMarker))
        case .chatBubble(let tail): write(tail)
        case .regularPolygon(let sides): writer.writeVarint(UInt64(sides))
        case .star(let points, let innerRadius):
            writer.writeVarint(UInt64(points))
            writer.writeDouble(innerRadius)
        }
        writeOptional(shape.fillColor)
        writeOptional(shape.strokeColor)
        writer.writeDouble(shape.lineWidth)
        writer.writeDouble(shape.opacity)
    }

    private mutating func write(_ point: Point) {
        writer.writeDouble(point.x)
        writer.writeDouble(point.y)
    }

    private mutating func write(_ rect: Rect) {
        for value in [rect.minX, rect.minY, rect.width, rect.height] { writer.writeDouble(value) }
    }

    private mutating func write(_ color: Color) {
        for value in [color.red, color.green, color.blue, color.alpha] { writer.writeDouble(value) }
    }

    private mutating func writeOptional(_ color: Color?) {
        writer.writeBool(color != nil)
        if let color { write(color) }
    }

    private func uuidBytes(_ id: ElementID) -> [UInt8] {
        withUnsafeBytes(of: id.uuid.uuid) { Array($0) }
    }
}
