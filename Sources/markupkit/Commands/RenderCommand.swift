import Foundation
import MarkupModel
import MarkupRender

/// `markupkit render FILE -o OUT.(png|pdf|svg)`.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render a document to PNG, PDF or SVG"
    static let help = """
        Usage: markupkit render FILE -o OUT.(png|pdf|svg) [--width N | --scale S] [--rect x,y,w,h | --page N]
                                [--dark] [--rtl] [--background #rrggbb|transparent]

        Draws the page (or --rect, in document points, or background page N) aspect-fit into the
        output. The format follows OUT's extension. PDF is vector with selectable text; SVG has one
        <g> per element. A document over a PDF (or of several pages) renders to PDF page by page at
        the pages' own size, the original pages kept as vectors under the markup.

        Options:
          -o, --output OUT    The file to write
          --width N           Output width in pixels (PNG) or points (PDF, SVG); height follows (a PNG
                              up to 32,767 pixels a side and 100 million in all, a PDF page up to
                              14,400 points a side)
          --scale S           Pixels (or points) per document point (default 1)
          --rect x,y,w,h      The part of the document to draw
          --page N            Only page N (from 1): of the document's background, or a sheet of a page made longer
          --dark              Dark appearance: dark ink shows light on a dark page
          --rtl               Lay out text right to left
          --background B      #rrggbb (or #rrggbbaa) or transparent; default: the document's, else white
        """
    static let valueOptions: Set<String> = ["-o", "--output", "--width", "--scale", "--rect", "--background", "--page"]
    static let flagOptions: Set<String> = ["--dark", "--rtl"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("file")[0]
        if arguments.value("-o") != nil, arguments.value("--output") != nil { throw UsageError("give -o or --output, not both") }
        guard let output = arguments.value("-o") ?? arguments.value("--output") else { throw UsageError("-o OUT is required") }
        let format = try OutputFormat(path: output)
        let options = RenderOptions(darkAppearance: arguments.has("--dark"), rightToLeft: arguments.has("--rtl"),
                                    background: try parseBackground(arguments.value("--background")))
        let file = try DocumentFiles.read(path)
        let renderer = MarkupRenderer(markup: file.markup, options: options)
        if arguments.value("--rect") != nil, arguments.value("--page") != nil { throw UsageError("give --rect or --page, not both") }
        let page = try arguments.value("--page").map { text throws(UsageError) -> Int in
            guard let number = Int(text), number >= 1 else { throw UsageError("--page must be a page number from 1") }
            return number
        }
        let area = try page.map { try renderer.pageArea($0) } ?? arguments.value("--rect").map(parseRect) ?? renderer.defaultArea
        let scale = try outputScale(arguments, area: area)
        let data: Data
        switch format {
        case .png:
            let size = MarkupRenderer.pixelSize(of: area, scale: scale)
            data = try renderer.png(area: area, width: size.width, height: size.height)
        case .pdf where (file.markup.pageFrames.count > 1 || file.markup.background != nil) && page == nil && arguments.value("--rect") == nil:
            // Each page at its own size, as the original's were; a width or scale would draw another.
            guard arguments.value("--width") == nil, arguments.value("--scale") == nil else {
                throw UsageError("a document of pages renders to a PDF of its pages at their own size: --width and --scale go with --page or --rect")
            }
            data = try renderer.annotatedPDF()
        case .pdf:
            data = try renderer.pdf(area: area, pageSize: Size(width: area.width * scale, height: area.height * scale))
        case .svg:
            data = Data(try renderer.svg(area: area, size: Size(width: area.width * scale, height: area.height * scale)).utf8)
        }
        try DocumentFiles.writeData(data, to: output)
        return .success
    }

    /// The whole document in `format`, as `render` draws it without options: a document of pages as
    /// a PDF of its pages at their own size, anything else its page at a point a pixel.
    static func wholeDocument(_ markup: Markup, as format: OutputFormat) throws -> Data {
        let renderer = MarkupRenderer(markup: markup)
        let area = renderer.defaultArea
        switch format {
        case .png:
            let size = MarkupRenderer.pixelSize(of: area, scale: 1)
            return try renderer.png(area: area, width: size.width, height: size.height)
        case .pdf:
            return try renderer.annotatedPDF()
        case .svg:
            return Data(try renderer.svg(area: area, size: area.size).utf8)
        }
    }

    enum OutputFormat {
        case png, pdf, svg

        init(path: String) throws(UsageError) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png": self = .png
            case "pdf": self = .pdf
            case "svg": self = .svg
            default: throw UsageError("OUT must end in .png, .pdf or .svg")
            }
        }
    }

    private static func outputScale(_ arguments: CommandLineArguments, area: Rect) throws(UsageError) -> Double {
        if arguments.value("--width") != nil, arguments.value("--scale") != nil { throw UsageError("give --width or --scale, not both") }
        if arguments.value("--width") != nil {
            return Double(try arguments.integer("--width", in: 1...32767)) / area.width
        }
        guard let text = arguments.value("--scale") else { return 1 }
        guard let scale = Double(text), scale.isFinite, scale > 0, scale <= 1000 else {
            throw UsageError("--scale must be a positive number up to 1000")
        }
        return scale
    }

    static func parseRect(_ text: String) throws(UsageError) -> Rect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, values.count == 4, values.allSatisfy(\.isFinite), values[2] > 0, values[3] > 0 else {
            throw UsageError("--rect must be x,y,w,h with a positive width and height")
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    static func parseBackground(_ text: String?) throws(UsageError) -> RenderOptions.Background {
        guard let text else { return .document }
        if text == "transparent" { return .transparent }
        guard let color = Color(hex: text) else { throw UsageError("--background must be #rrggbb, #rrggbbaa or transparent") }
        return .color(color)
    }
}
