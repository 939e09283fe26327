import Foundation
import MarkupFormat

/// `markupkit-bench [--filter NAME] [--json] [--strokes N]`: MarkupKit's speed and size figures.
let usage = """
    Usage: markupkit-bench [--filter NAME] [--json] [--strokes N] [--ink-json FILE]

    Prints one line per case: name, value, unit. Build in release (make bench).

    Options:
      --filter NAME   Only the cases whose name contains NAME (or any of several, comma-separated:
                      `ink,format,render` runs those suites in the order a full run does)
      --json          Print a JSON array of {name, value, unit}
      --strokes N     Size of the generated document (default 100000)
      --ink-json FILE Strokes for ink.pipeline, as most ink tools exchange them: a JSON array of
                      strokes, each an array of [x, y, pressure] (pressure 0…1), sampled at 240 Hz
    """

HugePages.adopt()

var filterText: String?
var printJSON = false
var strokeCount = 100_000
var inkJSONPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--filter": filterText = arguments.popFirst()
    case "--json": printJSON = true
    case "--strokes": strokeCount = arguments.popFirst().flatMap(Int.init) ?? -1
    case "--ink-json": inkJSONPath = arguments.popFirst() ?? ""
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("markupkit-bench: unknown argument \(argument)\n\n\(usage)\n".utf8))
        exit(2)
    }
}
guard strokeCount > 0 else {
    FileHandle.standardError.write(Data("markupkit-bench: --strokes needs a positive whole number\n".utf8))
    exit(2)
}

let document = GeneratedDocument(strokes: strokeCount, seed: 1)
let suites: [any BenchmarkSuite] = [
    InkBenchmarks(document: document), InkPipelineBenchmarks(document: document, jsonPath: inkJSONPath), FormatBenchmarks(document: document), RenderBenchmarks(document: document),
    EditorBenchmarks(document: document), StoreBenchmarks(document: document), ServerBenchmarks(document: document), BackgroundBenchmarks(),
    InterchangeBenchmarks(document: document),
]
let filterNames = filterText?.split(separator: ",")
let include: (String) -> Bool = { name in filterNames.map { $0.contains { name.contains($0) } } ?? true }

var results = [Measurement]()
do {
    for suite in suites where suite.caseNames.contains(where: include) {
        let measured = try suite.run(including: include)
        results += measured
        if !printJSON {
            for measurement in measured {
                print("\(measurement.name)  \(String(format: "%.4g", measurement.value))  \(measurement.unit)")
                fflush(nil)
            }
        }
    }
} catch {
    FileHandle.standardError.write(Data("markupkit-bench: \(error)\n".utf8))
    exit(1)
}
if printJSON {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(results), as: UTF8.self))
}
