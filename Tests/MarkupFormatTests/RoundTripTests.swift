import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

struct RoundTripTests {
    @Test(arguments: 0..<200)
    func randomDocumentsRoundTripThroughBinary(seed: UInt64) throws {
        let file = MarkupFile(markup: RandomDocuments.make(seed: seed), thumbnail: seed % 3 == 0 ? RandomDocuments.onePixelPNG : nil)
        let encoded = try file.encoded()
        let decoded = try MarkupFile.decode(encoded)
        #expect(decoded == file)
        #expect(try decoded.encoded() == encoded)
    }

    @Test(arguments: 0..<40)
    func jsonConvertsToTheSameBinaryBytes(seed: UInt64) throws {
        let file = MarkupFile(markup: RandomDocuments.make(seed: 10_000 + seed), thumbnail: seed % 2 == 0 ? [1, 2, 3] : nil)
        let binary = try file.encoded()
        let json = try MarkupJSON.encode(try MarkupFile.decode(binary))
        let back = try MarkupJSON.decode(json)
        #expect(back == file)
        #expect(try back.encoded() == binary)
        #expect(try MarkupJSON.encode(back) == json)
    }

    @Test func everyElementKindIsCovered() {
        let kinds = Set((0..<5).flatMap { RandomDocuments.make(seed: $0).elements.map(\.content.kind) })
        #expect(kinds == Set(ElementKind.allCases))
    }

    @Test func everyShapeKindIsCovered() {
        let shapes = Set((0..<40).flatMap { RandomDocuments.make(seed: $0).elements.compactMap { element -> ShapeType? in
            if case .shape(let shape) = element.content { shape.configuration.type } else { nil }
        } })
        #expect(shapes == Set(ShapeType.allCases))
    }

    /// A document with a heart or a cloud says it needs content version 7, which a reader of 6 refuses
    /// rather than misreads; without them the version is what it was.
    @Test func heartsAndCloudsNeedContentVersion7() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 300, height: 300))
        markup.insert(.shape(Shape(configuration: .star(points: 5, innerRadius: 0.5))), frame: Rect(x: 0, y: 0, width: 50, height: 50))
        func contentVersion(_ markup: Markup) throws -> Int {
            let bytes = try MarkupFile(markup: markup).encoded()
            return Int(bytes[10]) | Int(bytes[11]) << 8
        }
        #expect(try contentVersion(markup) == 1)
        for shape in [ShapeConfiguration.heart, .cloud] {
            var with = markup
            with.insert(.shape(Shape(configuration: shape)), frame: Rect(x: 100, y: 100, width: 80, height: 60))
            #expect(try contentVersion(with) == 7)
            let file = MarkupFile(markup: with)
            #expect(try MarkupFile.decode(try file.encoded()) == file)
            #expect(try MarkupJSON.decode(try MarkupJSON.encode(file)) == file)
        }
    }

    @Test func emptyDocumentRoundTrips() throws {
        let file = MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024), title: "Empty"))
        #expect(try MarkupFile.decode(try file.encoded()) == file)
    }

    @Test func jsonKeysComeInAStableOrder() throws {
        let json = try MarkupJSON.encode(MarkupFile(markup: RandomDocuments.make(seed: 3)))
        let text = String(decoding: json, as: UTF8.self)
        let keys = ["\"contentVersion\"", "\"document\"", "\"format\"", "\"formatVersion\""]
        let positions = keys.map { text.range(of: $0)!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(text.contains("\"format\" : \"markupkit\""))
    }

    @Test func handwritingStaysUnderFourBytesAPoint() throws {
        var generator = HandwritingGenerator(.init(strokes: 2000, seed: 11))
        let markup = generator.generate()
        let points = markup.elements.reduce(0) { total, element in
            if case .stroke(let stroke) = element.content { return total + stroke.points.count }
            return total
        }
        let bytes = try MarkupFile(markup: markup).encoded().count
        #expect(points > 150_000)
        #expect(Double(bytes) / Double(points) < 4)
        #expect(try MarkupFile.decode(try MarkupFile(markup: markup).encoded()).markup == markup)
    }

    @Test func generatorIsDeterministic() {
        var first = HandwritingGenerator(.init(strokes: 50, seed: 5))
        var second = HandwritingGenerator(.init(strokes: 50, seed: 5))
        var other = HandwritingGenerator(.init(strokes: 50, seed: 6))
        let document = first.generate()
        #expect(document == second.generate())
        #expect(document != other.generate())
    }
}

/// A body may be cut into chunks anywhere (docs/FORMAT.md §2): the reader shares a chunk's bytes
/// where every part lies inside one, and joins the chunks where one does not.
struct ChunkCutTests {
    @Test(arguments: [1, 7, 500, 40_000])
    func aBodyCutAnywhereReadsTheSame(every cut: Int) throws {
        var generator = HandwritingGenerator(.init(strokes: 300, seed: 3))
        let markup = generator.generate()
        let body = BodyWriter.encode(markup).bytes
        var chunks = [[UInt8]](), start = 0
        while start < body.count {
            chunks.append(Array(body[start..<min(start + cut, body.count)]))
            start += cut
        }
        #expect(try BodyReader.decode(chunks) == BodyReader.decode([body]))
        #expect(try BodyReader.decode([body]).elements == markup.elements)
    }

    @Test func chunksCutAtEachStreamReadWithoutJoining() throws {
        var generator = HandwritingGenerator(.init(strokes: 3000, seed: 4))
        let markup = generator.generate()
        let (body, offsets) = BodyWriter.encode(markup)
        let cuts = [0] + offsets + [body.count]
        let chunks = zip(cuts, cuts.dropFirst()).map { Array(body[$0..<$1]) }
        #expect(chunks.count == 10)
        #expect(try BodyReader.decode(chunks).elements == markup.elements)
    }
}

/// The point streams are written in stretches of strokes on every core; the bytes must not depend on
/// how the strokes were cut.
struct PointStreamPartsTests {
    @Test(arguments: 0..<20)
    func theBodyIsTheSameBytesHoweverItsStrokesAreCut(seed: UInt64) {
        var markup = RandomDocuments.make(seed: 500 + seed, elementCount: 40)
        var random = SeededRandom(seed: seed)
        // Strokes of none, one and two points too, where the values carried into a stretch come from
        // further back than the stroke before.
        for length in [0, 1, 0, 2, 1, 1, 0, 3] {
            let points = (0..<length).map { index in
                StrokePoint(location: Point(x: random.uniform(-99...99), y: random.uniform(-99...99)), timeOffset: Double(index) / 240,
                            size: Size(width: random.uniform(1...9), height: random.uniform(1...9)), force: random.uniform(0...3))
            }
            _ = markup.insertNewStroke(Stroke(ink: Ink(.pen), points: points))
        }
        let whole = BodyWriter.encode(markup, parts: 1)
        for parts in [2, 3, 8, 1000] {
            let cut = BodyWriter.encode(markup, parts: parts)
            #expect(cut.bytes == whole.bytes, "\(parts) parts")
            #expect(cut.streamOffsets == whole.streamOffsets)
        }
    }
}
