import Foundation
import MarkupInterchange

/// `markupkit convert IN OUT`: between MarkupKit's forms and the other apps' formats.
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "Convert between .markup, .markup.json, .xopp, .excalidraw and .inkml, and from .tldr"
    static let help = """
        Usage: markupkit convert IN OUT [--pdf FILE]

        Reads IN and writes OUT, each format told by its extension: .markup (binary), .markup.json,
        .xopp (Xournal++; .xoj is read too), .excalidraw and .inkml; IN may also be a tldraw file
        (.tldr), which MarkupKit reads but does not write. Converting between .markup and
        .markup.json gives the same bytes back. What another format cannot hold is said, one line
        per kind. A .xopp that annotates a PDF finds it beside the file (as Xournal++ saves it) or
        where it names it; --pdf gives it. Writing a .xopp over a PDF puts the PDF beside it as
        OUT.bg.pdf, where Xournal++ looks for it.

        Options:
          --pdf FILE    The background PDF of a .xopp being read
        """
    static let valueOptions: Set<String> = ["--pdf"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let paths = try arguments.requirePositionals("in", "out")
        try DocumentFiles.checkDocumentPath(paths[1])
        let data = try DocumentFiles.readData(paths[0])
        if arguments.value("--pdf") != nil, (InterchangeFormat(path: paths[0]) ?? InterchangeFormat.detect(data)) != .xournal {
            throw UsageError("--pdf gives the PDF of a Xournal++ file (.xopp, .xoj) being read")
        }
        let (file, readReport) = try DocumentFiles.readReporting(data, from: paths[0], backgroundPDF: arguments.value("--pdf"))
        let writeReport = try DocumentFiles.writeReporting(file, to: paths[1])
        for line in readReport.lines + writeReport.lines { print("note: \(line)") }
        return .success
    }
}
