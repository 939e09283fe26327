import Foundation
import MarkupFormat
import MarkupModel
import MarkupTestSupport

/// Encoding and decoding the `.markup` container on the generated 100,000-stroke document.
struct FormatBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument

    let caseNames = [
        "format.generate.seconds", "format.encode.MBps", "format.encode.pointsPerSecond", "format.decode.MBps",
        "format.decode.pointsPerSecond", "format.bytesPerPoint", "format.fileBytes",
    ]

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let markup = document.markup
        let file = MarkupFile(markup: markup)
        var encoded = Data()
        let encodeSeconds = try Clock.bestOf(3) { encoded = try file.encoded() }
        // The document the decode before made is let go before the clock starts, not timed with the
        // next decode (freeing its 100,000 strokes' points).
        var decoded: MarkupFile?, decodeSeconds = Double.infinity
        for _ in 0..<3 {
            decoded = nil
            decodeSeconds = min(decodeSeconds, try Clock.seconds { decoded = try MarkupFile.decode(encoded) })
        }
        guard decoded == file else { throw BenchmarkError.mismatch("decoded document differs from the original") }
        let megabytes = Double(encoded.count) / 1_000_000
        let points = Double(document.pointCount)
        return [
            Measurement(name: "format.generate.seconds", value: document.generationSeconds, unit: "s"),
            Measurement(name: "format.encode.MBps", value: megabytes / encodeSeconds, unit: "MB/s"),
            Measurement(name: "format.encode.pointsPerSecond", value: points / encodeSeconds, unit: "points/s"),
            Measurement(name: "format.decode.MBps", value: megabytes / decodeSeconds, unit: "MB/s"),
            Measurement(name: "format.decode.pointsPerSecond", value: points / decodeSeconds, unit: "points/s"),
            Measurement(name: "format.bytesPerPoint", value: Double(encoded.count) / points, unit: "bytes/point"),
            Measurement(name: "format.fileBytes", value: Double(encoded.count), unit: "bytes"),
        ].filter { filter($0.name) }
    }
}

/// The shared benchmark document: generated once, on first use.
final class GeneratedDocument: @unchecked Sendable {
    let strokes: Int
    let seed: UInt64
    private(set) lazy var markup: Markup = {
        var generator = HandwritingGenerator(.init(strokes: strokes, seed: seed))
        var result: Markup?
        generationSeconds = Clock.seconds { result = generator.generate() }
        return result!
    }()
    private(set) var generationSeconds = 0.0

    var pointCount: Int {
        markup.elements.reduce(0) { total, element in
            if case .stroke(let stroke) = element.content { return total + stroke.points.count }
            return total
        }
    }

    init(strokes: Int, seed: UInt64) {
        self.strokes = strokes
        self.seed = seed
    }
}

enum BenchmarkError: Error {
    case mismatch(String)
}
