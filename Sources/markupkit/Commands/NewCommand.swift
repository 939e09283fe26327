import MarkupFormat
import MarkupModel
import MarkupRender

/// `markupkit new OUT --bounds WxH`: an empty document.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "Create an empty document"
    static let help = """
        Usage: markupkit new OUT [--bounds WxH | --size NAME | --background FILE] [--paper RULING [--spacing PT]] [--title TITLE]

        Options:
          --bounds WxH     Page size in points (default 768x1024)
          --size NAME      Page size by name: tablet (768x1024), a4, a4Landscape, letter, letterLandscape, a5
          --background F   Annotate F: a PDF (one page of markup per PDF page) or a PNG or JPEG.
                           The file is stored once, as it is, and never rewritten.
          --paper RULING   Ruled paper under the markup: lined, squared or dotted
          --spacing PT     Points between its lines, squares or dots (8-96; default 24 lined, 5 mm otherwise)
          --title TITLE    The document's title
        """
    static let valueOptions: Set<String> = ["--bounds", "--size", "--title", "--background", "--paper", "--spacing"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("out")[0]
        try DocumentFiles.checkDocumentPath(path)
        let title = arguments.value("--title") ?? ""
        var markup: Markup
        guard [arguments.value("--bounds"), arguments.value("--size"), arguments.value("--background")].compactMap({ $0 }).count <= 1 else {
            throw UsageError("give one of --bounds, --size and --background (a background sets the page size)")
        }
        if let background = arguments.value("--background") {
            markup = try BackgroundDocuments.markup(background: DocumentFiles.readData(background), title: title)
        } else if let name = arguments.value("--size") {
            guard let size = PageSize(rawValue: name) else {
                throw UsageError("--size is \(PageSize.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            markup = Markup(bounds: Rect(origin: .zero, size: size.size), title: title)
        } else {
            markup = Markup(bounds: Rect(origin: .zero, size: try parseSize(arguments.value("--bounds") ?? "768x1024")), title: title)
        }
        markup.paper = try paper(arguments)
        try DocumentFiles.write(MarkupFile(markup: markup), to: path)
        return .success
    }

    /// The paper `--paper` and `--spacing` ask for; nil without `--paper`.
    static func paper(_ arguments: CommandLineArguments) throws(UsageError) -> Paper? {
        guard let name = arguments.value("--paper") else {
            if arguments.value("--spacing") != nil { throw UsageError("--spacing goes with --paper") }
            return nil
        }
        guard let ruling = Paper.Ruling(rawValue: name) else { throw UsageError("--paper is lined, squared or dotted") }
        let spacing = try arguments.value("--spacing").map { text throws(UsageError) -> Double in
            guard let value = Double(text) else { throw UsageError("--spacing is a number of points") }
            return value
        }
        let paper = Paper(ruling: ruling, spacing: spacing)
        if paper.problem != nil { throw UsageError("--spacing is 8-96 points") }
        return paper
    }

    /// Parses `WxH` (or `W×H`) into a positive finite size.
    static func parseSize(_ text: String) throws(UsageError) -> Size {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e7, height <= 1e7 else {
            throw UsageError("--bounds must be WxH with positive numbers, e.g. 768x1024")
        }
        return Size(width: width, height: height)
    }
}
