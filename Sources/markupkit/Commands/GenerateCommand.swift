import MarkupFormat
import MarkupTestSupport

/// `markupkit generate OUT --strokes N --seed S`: a realistic synthetic document.
enum GenerateCommand: Command {
    static let name = "generate"
    static let summary = "Generate a realistic synthetic handwriting document"
    static let help = """
        Usage: markupkit generate OUT --strokes N [--seed S]
               markupkit generate OUT.pdf --pages N

        Writes lines of handwriting-like strokes sampled at 240 Hz with varying pressure and
        tilt, plus a shape every 60 strokes and a text box every 250. The same N and S always
        give the same document; tests and benchmarks use the same generator. With a .pdf OUT,
        writes a sample PDF of N letter pages ("Page 1", …) made with Cairo, to annotate.

        Options:
          --strokes N    Number of strokes (1 to 10000000)
          --seed S       Random seed (default 1)
          --pages N      Pages of the sample PDF (1 to 10000)
        """
    static let valueOptions: Set<String> = ["--strokes", "--seed", "--pages"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("out")[0]
        if path.lowercased().hasSuffix(".pdf") {
            try DocumentFiles.writeData(SamplePDF.make(pages: try arguments.integer("--pages", in: 1...10_000)), to: path)
            return .success
        }
        try DocumentFiles.checkDocumentPath(path)
        let strokes = try arguments.integer("--strokes", in: 1...10_000_000)
        let seed = try arguments.integer("--seed", in: 0...Int.max, default: 1)
        var generator = HandwritingGenerator(.init(strokes: strokes, seed: UInt64(seed)))
        try DocumentFiles.write(MarkupFile(markup: generator.generate()), to: path)
        return .success
    }
}
