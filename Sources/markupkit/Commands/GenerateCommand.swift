import MarkupFormat
import MarkupTestSupport

/// `markupkit generate OUT --strokes N --seed S`: a realistic synthetic document.
enum GenerateCommand: Command {
    static let name = "generate"
    static let summary = "Generate a realistic synthetic handwriting document"
    static let help = """
        Usage: markupkit generate OUT --strokes N [--seed S]

        Writes lines of handwriting-like strokes sampled at 240 Hz with varying pressure and
        tilt, plus a shape every 60 strokes and a text box every 250. The same N and S always
        give the same document; tests and benchmarks use the same generator.

        Options:
          --strokes N    Number of strokes (1 to 10000000)
          --seed S       Random seed (default 1)
        """
    static let valueOptions: Set<String> = ["--strokes", "--seed"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("out")[0]
        let strokes = try arguments.integer("--strokes", in: 1...10_000_000)
        let seed = try arguments.integer("--seed", in: 0...Int.max, default: 1)
        var generator = HandwritingGenerator(.init(strokes: strokes, seed: UInt64(seed)))
        try DocumentFiles.write(MarkupFile(markup: generator.generate()), to: path)
        return .success
    }
}
