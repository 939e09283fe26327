import Foundation
import MarkupRender

/// `markupkit thumbnail FILE -o OUT.png --size 256`.
enum ThumbnailCommand: Command {
    static let name = "thumbnail"
    static let summary = "Render a PNG thumbnail of a document"
    static let help = """
        Usage: markupkit thumbnail FILE -o OUT.png [--size N] [--dark]

        Renders the page as a PNG whose longer side is N pixels (default 256), the same picture
        that .markup files embed for readers too old for their content.

        Options:
          -o, --output OUT    The PNG to write
          --size N            The longer side in pixels, 16 to 4096
          --dark              Dark appearance
        """
    static let valueOptions: Set<String> = ["-o", "--output", "--size"]
    static let flagOptions: Set<String> = ["--dark"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("file")[0]
        guard let output = arguments.value("-o") ?? arguments.value("--output") else { throw UsageError("-o OUT.png is required") }
        guard output.lowercased().hasSuffix(".png") else { throw UsageError("a thumbnail is a .png") }
        let size = try arguments.integer("--size", in: 16...4096, default: 256)
        let file = try DocumentFiles.read(path)
        let renderer = MarkupRenderer(markup: file.markup, options: RenderOptions(darkAppearance: arguments.has("--dark")))
        try DocumentFiles.writeData(try renderer.thumbnail(maximumPixelSize: size), to: output)
        return .success
    }
}
