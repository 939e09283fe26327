import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// A file's body is read while it inflates (the records beside the point streams); whatever the
/// chunks, the document read is the one written, and what the records alone cannot show is still
/// checked once the points are in.
struct BodyInflatingTests {
    static func file(_ markup: Markup, cuts: [Int]) -> [UInt8] {
        MarkupFile.assemble(body: BodyWriter.encode(markup).bytes, cuts: cuts, formatVersion: FormatVersion.current,
                            contentVersion: markup.contentVersion, blobs: markup.blobs, thumbnail: nil)
    }

    @Test func aFileReadsTheSameHoweverItsBodyIsCut() throws {
        var generator = HandwritingGenerator(.init(strokes: 2_000, seed: 9))
        var markup = generator.generate()
        markup.addBlob(Data("a sticker's bytes".utf8))
        let (body, streams) = BodyWriter.encode(markup)
        let layouts: [[Int]] = [
            [], streams, Array(stride(from: 5_000, to: body.count, by: 5_000)), [streams[0] / 2] + streams.dropFirst(),
        ]
        for cuts in layouts {
            let decoded = try MarkupFile.decode(Data(Self.file(markup, cuts: cuts)))
            #expect(decoded.markup.elements == markup.elements)
            #expect(decoded.markup.blobs == markup.blobs)
        }
    }

    @Test func aStrokeWhoseFrameOverflowsIsRefusedOnceItsPointsAreIn() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let points = [StrokePoint(location: Point(x: 1e9, y: 1), timeOffset: 0, size: Size(width: 2, height: 2))]
        let huge = Transform2D(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0)
        markup.insert(.stroke(Stroke(ink: Ink(.pen), points: points, transform: huge)), frame: .zero)
        #expect(!markup.elements[0].frame.isFinite)
        let file = Self.file(markup, cuts: BodyWriter.encode(markup).streamOffsets)
        #expect(throws: MarkupError.malformedData(reason: "element \(markup.elements[0].id): non-finite frame or rotation")) {
            try MarkupFile.decode(Data(file))
        }
    }

    @Test func aCorruptChunkIsReportedBeforeWhatTheRecordsSay() throws {
        var generator = HandwritingGenerator(.init(strokes: 300, seed: 2))
        let markup = generator.generate()
        var file = Self.file(markup, cuts: BodyWriter.encode(markup).streamOffsets)
        file[file.count - 40] ^= 0xFF
        #expect(throws: MarkupError.self) { try MarkupFile.decode(Data(file)) }
    }
}

/// A file is written from the body's pieces (the records, then each point stream), never joined:
/// the bytes are those of the joined body cut at its streams, small pieces merged into one chunk.
struct BodyPiecesTests {
    @Test(arguments: [0, 1, 40, 3_000])
    func piecesWriteTheBytesOfTheJoinedBody(strokes: Int) throws {
        var generator = HandwritingGenerator(.init(strokes: strokes, seed: 5))
        let markup = strokes == 0 ? Markup(bounds: Rect(x: 0, y: 0, width: 50, height: 50)) : generator.generate()
        let (body, streams) = BodyWriter.encode(markup)
        let pieces = BodyWriter.pieces(markup)
        #expect(pieces.flatMap { $0 } == body)
        let joined = MarkupFile.assemble(body: body, cuts: streams, formatVersion: FormatVersion.current,
                                         contentVersion: markup.contentVersion, blobs: markup.blobs, thumbnail: nil)
        #expect(try MarkupFile(markup: markup).encoded() == Data(joined))
        // Chunks: one a piece where every piece is large; small ones merged.
        let payload = BodyCompression.compress(pieces: pieces, level: 1)
        var reader = ByteReader(payload[0], from: 1)
        let chunkCount = try reader.readVarint()
        let smallest = pieces.map(\.count).min() ?? 0
        if smallest >= BodyCompression.minimumChunkBytes {
            #expect(chunkCount == UInt64(pieces.count))
        } else {
            #expect(chunkCount < UInt64(pieces.count))
        }
        #expect(payload.count == Int(chunkCount) + 1)
    }
}
