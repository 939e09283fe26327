import MarkupFormat
import MarkupModel
import MarkupRender

/// `markupkit new OUT --bounds WxH`: an empty document.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "Create an empty document"
    static let help = """
        Usage: markupkit new OUT [--bounds WxH | --background FILE] [--title TITLE]

        Options:
          --bounds WxH     Page size in points (default 768x1024)
          --background F   Annotate F: a PDF (one page of markup per PDF page) or a PNG or JPEG.
                           The file is stored once, as it is, and never rewritten.
          --title TITLE    The document's title
        """
    static let valueOptions: Set<String> = ["--bounds", "--title", "--background"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("out")[0]
        let title = arguments.value("--title") ?? ""
        let markup: Markup
        if let background = arguments.value("--background") {
            guard arguments.value("--bounds") == nil else { throw UsageError("the background sets the page size; give --bounds or --background, not both") }
            markup = try BackgroundDocuments.markup(background: DocumentFiles.readData(background), title: title)
        } else {
            markup = Markup(bounds: Rect(origin: .zero, size: try parseSize(arguments.value("--bounds") ?? "768x1024")), title: title)
        }
        try DocumentFiles.write(MarkupFile(markup: markup), to: path)
        return .success
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
