import Foundation
import MarkupModel

/// Reads a document body written by BodyWriter. Blobs come from their own sections.
///
/// The element records come first and are read on their own (`Records`): the document they make is
/// prepared and checked (its blobs and background added, `Markup.validate`) before the strokes'
/// points are read from the point streams, so that a reader inflating the body can do both at once.
struct BodyReader {
    /// Readies the document the records describe, its strokes still without points: adds what lies
    /// outside the body and checks the whole.
    typealias Prepare = (inout Markup) throws(MarkupError) -> Void

    /// Reads the element records: the first chunk's bytes.
    private var reader: ByteReader
    /// The whole body's length, which bounds the point counts the records claim.
    private let bodyCount: Int

    /// The fewest bytes an element can take: kind, id, z-index and rotation.
    private static let minimumElementBytes = 1 + 16 + 1 + 8

    /// Reads a body given as the chunks it was compressed in, without joining them when the
    /// records lie in the first chunk and each point stream in one chunk, as MarkupKit cuts them;
    /// a body cut elsewhere (or a damaged one) is joined and read again, which gives its real error.
    static func decode(_ chunks: [[UInt8]], prepare: Prepare = { _ throws(MarkupError) in }) throws(MarkupError) -> Markup {
        let body = BodyChunks(chunks)
        guard chunks.count > 1 else { return try decode(body, prepare: prepare) }
        do {
            return try decode(body, prepare: prepare)
        } catch {
            return try decode(BodyChunks([body.joined()]), prepare: prepare)
        }
    }

    private static func decode(_ body: BodyChunks, prepare: Prepare) throws(MarkupError) -> Markup {
        var records = try readRecords(body.chunks.first ?? [], bodyCount: body.count, prepare: prepare)
        return try records.withPoints(from: body)
    }

    /// The records at the start of `first`, a body of `bodyCount` bytes, as a prepared document.
    static func readRecords(_ first: [UInt8], bodyCount: Int, prepare: Prepare) throws(MarkupError) -> Records {
        var reader = BodyReader(reader: ByteReader(first), bodyCount: bodyCount)
        var records = try reader.readRecords()
        try prepare(&records.markup)
        return records
    }

    /// The document the records describe, every stroke without its points, and where the points are.
    struct Records {
        var markup: Markup
        /// Each stroke's element index and record, in the order of the point streams.
        var strokes: [(index: Int, stroke: Stroke)]
        var pointCounts: [Int]
        /// Where the first point stream starts in the body.
        var streamsOffset: Int

        /// The document with every stroke's points read from `body`'s point streams. Its elements
        /// are filled in place: held nowhere else, they are not copied.
        mutating func withPoints(from body: BodyChunks) throws(MarkupError) -> Markup {
            let streams = try BodyReader.pointStreams(in: body, from: streamsOffset)
            let (strokes, pointCounts) = (self.strokes, self.pointCounts)
            try markup.fillingContents { (elements) throws(MarkupError) in
                try elements.withUnsafeMutableBufferPointer { (buffer) throws(MarkupError) in
                    let elements = Unchecked(buffer)
                    // On the thread that packed the points, while they are in its cache: the stroke's
                    // frame comes from them.
                    try PointColumns.read(counts: pointCounts, streams: streams) { stroke, points in
                        var content = strokes[stroke].stroke
                        content.points = points
                        elements.value[strokes[stroke].index].setContent(.stroke(content))
                    }
                }
                // The only check of the document that its points change.
                for (index, _) in strokes where !elements[index].frame.isFinite {
                    throw .malformedData(reason: "element \(elements[index].id): non-finite frame or rotation")
                }
            }
            return markup
        }
    }

    private mutating func readRecords() throws(MarkupError) -> Records {
        var markup = Markup(bounds: try readRect("document bounds"))
        markup.title = try reader.readString()
        markup.createdAt = Date(millisecondsSince1970: try reader.readSignedVarint())
        markup.modifiedAt = Date(millisecondsSince1970: try reader.readSignedVarint())
        markup.backgroundColor = try readOptionalColor()
        let count = try reader.readCount("element", minimumBytesEach: Self.minimumElementBytes)
        var elements = [Element]()
        elements.reserveCapacity(count)
        var strokes = [(index: Int, stroke: Stroke)]()
        var pointCounts = [Int]()
        var totalPoints = 0
        var previousZIndex: Int64 = 0
        for index in 0..<count {
            let element = try readElement(previousZIndex: previousZIndex)
            previousZIndex = element.zIndex
            if case .stroke(let stroke) = element.content {
                let pointCount = try reader.readCount("point", minimumBytesEach: PointStreams.count, available: bodyCount - reader.offset)
                totalPoints += pointCount
                guard totalPoints <= (bodyCount - reader.offset) / PointStreams.count else {
                    throw .malformedData(reason: "strokes claim \(totalPoints) points, more than the data can hold")
                }
                strokes.append((index, stroke))
                pointCounts.append(pointCount)
            }
            elements.append(element)
        }
        markup.replaceElements(elements)
        return Records(markup: markup, strokes: strokes, pointCounts: pointCounts, streamsOffset: reader.offset)
    }

    /// One reader for each point stream, the first starting at `offset`, each limited to its own
    /// stream's bytes; the last must end the body.
    private static func pointStreams(in body: BodyChunks, from offset: Int) throws(MarkupError) -> [ByteReader] {
        var readers = [ByteReader]()
        var offset = offset
        for _ in 0..<PointStreams.count {
            guard var lengthReader = body.reader(from: offset) else { throw .malformedData(reason: "a point stream is missing") }
            let lengthStart = lengthReader.offset
            let length = try lengthReader.readVarint()
            let start = offset + lengthReader.offset - lengthStart
            guard length <= UInt64(body.count - start) else {
                throw .malformedData(reason: "point stream of \(length) bytes runs past the body")
            }
            guard let stream = body.reader(start..<start + Int(length)) else { throw .malformedData(reason: "a point stream crosses a chunk") }
            readers.append(stream)
            offset = start + Int(length)
        }
        guard offset == body.count else { throw .malformedData(reason: "\(body.count - offset) stray bytes after the body") }
        return readers
    }

    private mutating func readElement(previousZIndex: Int64) throws(MarkupError) -> Element {
        let kind = try FormatCodes.value(try reader.readByte(), as: ElementKind.self)
        let id = ElementID(try reader.readUUID())
        let zIndex = previousZIndex &+ (try reader.readSignedVarint())
        let rotation = try reader.readFiniteDouble("rotation")
        let frame = kind == .stroke ? Rect.zero : try readRect("frame")
        let content: ElementContent
        switch kind {
        case .stroke: content = .stroke(try readStroke())
        case .shape: content = .shape(try readShape())
        case .textBox: content = .textBox(try readTextBox())
        case .image: content = .image(ImageElement(blob: try readBlobID(), description: try reader.readString()))
        case .sticker:
            switch try reader.readByte() {
            case 0: content = .sticker(.emoji(try reader.readString()))
            case 1: content = .sticker(.image(try readBlobID()))
            case let other: throw .malformedData(reason: "unknown sticker kind \(other)")
            }
        case .loupe: content = .loupe(Loupe(magnification: try reader.readFiniteDouble("magnification")))
        case .link: content = .link(Link(url: try reader.readString()))
        }
        return Element(id: id, zIndex: zIndex, frame: frame, rotation: rotation, content: content)
    }

    /// A stroke's record without its points, which come from the point streams after all records;
    /// its point count follows the record.
    private mutating func readStroke() throws(MarkupError) -> Stroke {
        let type = try FormatCodes.value(try reader.readByte(), as: InkType.self)
        let color = try readColor()
        let width = Double(try reader.readVarint()) / PointQuantization.locationStepsPerPoint
        guard type.validWidthRange.contains(width) else { throw .malformedData(reason: "ink width \(width) out of range") }
        var transform = Transform2D.identity
        if try reader.readBool() {
            var values = [Double]()
            for _ in 0..<6 { values.append(try reader.readFiniteDouble("stroke transform")) }
            transform = Transform2D(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
        }
        let seed = try reader.readVarint()
        guard let randomSeed = UInt32(exactly: seed) else { throw .malformedData(reason: "random seed \(seed) too large") }
        return Stroke(ink: Ink(type, color: color, width: width), points: [], transform: transform, randomSeed: randomSeed)
    }

    private mutating func readShape() throws(MarkupError) -> Shape {
        let configuration: ShapeConfiguration
        switch try FormatCodes.value(try reader.readByte(), as: ShapeType.self) {
        case .rectangle: configuration = .rectangle
        case .roundedRectangle: configuration = .roundedRectangle(cornerRadius: try reader.readFiniteDouble("corner radius"))
        case .ellipse: configuration = .ellipse
        case .line:
            configuration = .line(
                from: try readPoint("line start"), to: try readPoint("line end"),
                startMarker: try FormatCodes.value(try reader.readByte(), as: LineMarker.self),
                endMarker: try FormatCodes.value(try reader.readByte(), as: LineMarker.self))
        case .chatBubble: configuration = .chatBubble(tail: try readPoint("bubble tail"))
        case .regularPolygon: configuration = .regularPolygon(sides: try readSmallCount("polygon sides"))
        case .star:
            configuration = .star(points: try readSmallCount("star points"), innerRadius: try reader.readFiniteDouble("star inner radius"))
        case .arrowShape: configuration = .arrowShape
        case .heart: configuration = .heart
        case .cloud: configuration = .cloud
        }
        return Shape(
            configuration: configuration, fillColor: try readOptionalColor(), strokeColor: try readOptionalColor(),
            lineWidth: try reader.readFiniteDouble("line width"), opacity: try reader.readFiniteDouble("opacity"))
    }

    private mutating func readTextBox() throws(MarkupError) -> TextBox {
        let alignment = try FormatCodes.value(try reader.readByte(), as: TextAlignment.self)
        let count = try reader.readCount("text run", minimumBytesEach: 2 + 8 + 1 + 1 + 32)
        var runs = [TextRun]()
        for _ in 0..<count {
            let text = try reader.readString()
            let family = try reader.readString()
            let size = try reader.readFiniteDouble("font size")
            let weight = try readSmallCount("font weight")
            let italic = try reader.readBool()
            let font = TextFont(family: family, size: size, weight: weight, italic: italic)
            runs.append(TextRun(text, font: font, color: try readColor()))
        }
        return TextBox(text: AttributedText(runs: runs), alignment: alignment)
    }

    private mutating func readSmallCount(_ what: String) throws(MarkupError) -> Int {
        let value = try reader.readVarint()
        guard value <= 1 << 20 else { throw .malformedData(reason: "\(what) \(value) out of range") }
        return Int(value)
    }

    private mutating func readBlobID() throws(MarkupError) -> BlobID {
        BlobID(bytes: try reader.readBytes(32))!
    }

    private mutating func readPoint(_ what: String) throws(MarkupError) -> Point {
        Point(x: try reader.readFiniteDouble(what), y: try reader.readFiniteDouble(what))
    }

    private mutating func readRect(_ what: String) throws(MarkupError) -> Rect {
        Rect(x: try reader.readFiniteDouble(what), y: try reader.readFiniteDouble(what),
             width: try reader.readFiniteDouble(what), height: try reader.readFiniteDouble(what))
    }

    private mutating func readColor() throws(MarkupError) -> Color {
        Color(red: try reader.readFiniteDouble("color"), green: try reader.readFiniteDouble("color"),
              blue: try reader.readFiniteDouble("color"), alpha: try reader.readFiniteDouble("color"))
    }

    private mutating func readOptionalColor() throws(MarkupError) -> Color? {
        try reader.readBool() ? try readColor() : nil
    }
}
