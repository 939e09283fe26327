import Foundation
import MarkupInterchange
import MarkupModel
import MarkupTestSupport

/// Reading and writing the other apps' formats, on one core: a large notebook (the generated
/// document's first 10,000 strokes) for points per second, and a one-page note of 300 strokes for
/// files per second. Both importers' figures include everything a user waits for: gzip (Xournal++),
/// parsing, building the document and validating it.
struct InterchangeBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument

    var caseNames: [String] {
        InterchangeFormat.allCases.filter(\.isWritable).flatMap { format in
            ["import.pointsPerSecond", "import.filesPerSecond", "export.pointsPerSecond", "bytesPerPoint"].map { "interchange.\(format.rawValue).\($0)" }
        }
    }

    static let largeStrokes = 10_000
    static let pageStrokes = 300

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let large = subset(strokes: Self.largeStrokes), page = subset(strokes: Self.pageStrokes)
        let points = Double(pointCount(large))
        var results: [Measurement] = []
        for format in InterchangeFormat.allCases where format.isWritable && caseNames.contains(where: { $0.hasPrefix("interchange.\(format.rawValue).") && filter($0) }) {
            var encoded = Data()
            let export = Clock.bestOf(3) { encoded = Interchange.encode(large, format: format).data }
            let importing = try Clock.bestOf(3) { _ = try Interchange.decode(encoded, format: format) }
            let pageFile = Interchange.encode(page, format: format).data
            let files = 20
            let pageImport = try Clock.bestOf(3) { for _ in 0..<files { _ = try Interchange.decode(pageFile, format: format) } }
            let name = "interchange.\(format.rawValue)"
            let unit = "points/s, one core (\(Self.largeStrokes) strokes, \(Int(points)) points, \(encoded.count >> 20) MB)"
            results += [
                Measurement(name: "\(name).import.pointsPerSecond", value: points / importing, unit: unit),
                Measurement(name: "\(name).import.filesPerSecond", value: Double(files) / pageImport,
                            unit: "files/s, one core (a page of \(Self.pageStrokes) strokes, \(pageFile.count / 1024) KB)"),
                Measurement(name: "\(name).export.pointsPerSecond", value: points / export, unit: unit),
                Measurement(name: "\(name).bytesPerPoint", value: Double(encoded.count) / points, unit: "bytes per point in the file"),
            ]
        }
        return results.filter { filter($0.name) }
    }

    private func subset(strokes: Int) -> Markup {
        var markup = Markup(bounds: document.markup.bounds)
        var taken = 0
        for element in document.markup.elements where taken < strokes {
            guard case .stroke = element.content else { continue }
            markup.insert(element)
            taken += 1
        }
        return markup
    }

    private func pointCount(_ markup: Markup) -> Int {
        markup.elements.reduce(0) { total, element in
            if case .stroke(let stroke) = element.content { total + stroke.points.count } else { total }
        }
    }
}
