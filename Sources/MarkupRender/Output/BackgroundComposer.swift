import CCairo
import Foundation
import MarkupModel

/// A new PDF whose pages are each a plain colour, ruled paper, a page of another PDF or an image:
/// the background of a notebook that no single file holds (Xournal++ mixes them page by page).
public enum BackgroundComposer {
    /// The rulings a notebook page can carry.
    public enum Ruling: String, Hashable, Sendable, CaseIterable {
        /// `lines`: lines across (Xournal++'s "ruled"); `linesWithMargin`: and a red margin down the
        /// left (its "lined").
        case plain, lines, linesWithMargin, graph, dotted
    }

    /// What one page shows.
    public enum Content: Hashable, Sendable {
        case paper(color: Color, ruling: Ruling)
        /// Page `index` (from 0) of the PDF `data`.
        case pdfPage(data: Data, index: Int)
        /// A PNG or JPEG stretched over the page.
        case image(Data)
    }

    public struct Page: Hashable, Sendable {
        public var size: Size
        public var content: Content

        public init(size: Size, content: Content) {
            self.size = size
            self.content = content
        }
    }

    /// The most ruling marks (lines and dots) one page gets: more than any real paper's (an A4 page
    /// of 5 mm dots has about 2,300), so a huge page cannot make a huge PDF; past it the spacing
    /// widens.
    static let maximumMarksPerPage = 5_000.0
    /// The most ruling marks in one PDF; later pages are plain.
    static let maximumMarks = 500_000.0

    /// The PDF of `pages`, in order.
    public static func pdf(_ pages: [Page]) throws(RenderError) -> Data {
        guard let first = pages.first else { throw .invalidArea("a background has at least one page") }
        let renderer = MarkupRenderer(markup: Markup(bounds: Rect(origin: .zero, size: first.size)))
        var files: [Data: PDFFile] = [:]
        var marksLeft = maximumMarks
        return try renderer.pdfData(firstPage: first.size) { surface throws(RenderError) in
            for page in pages {
                let size = BackgroundDocuments.bounded(page.size)
                cairo_pdf_surface_set_size(surface, size.width, size.height)
                let context = cairo_create(surface)!
                defer { cairo_destroy(context) }
                let rect = Rect(origin: .zero, size: size)
                switch page.content {
                case .paper(let color, let ruling):
                    fill(context, rect, color)
                    marksLeft -= drawRuling(marksLeft > 0 ? ruling : .plain, on: context, in: rect)
                case .pdfPage(let data, let index):
                    if files[data] == nil { files[data] = try PDFFile(data: data) }
                    files[data]!.draw(page: index, into: context, in: rect, forPrinting: true)
                case .image(let data):
                    if let image = ImageDecoder.surface(from: [UInt8](data)) {
                        defer { cairo_surface_destroy(image) }
                        let width = Double(cairo_image_surface_get_width(image)), height = Double(cairo_image_surface_get_height(image))
                        if width > 0, height > 0 {
                            cairo_save(context)
                            cairo_scale(context, size.width / width, size.height / height)
                            cairo_set_source_surface(context, image, 0, 0)
                            cairo_paint(context)
                            cairo_restore(context)
                        }
                    }
                }
                FontEngine.serialized { cairo_surface_show_page(surface) }
            }
        }
    }

    private static func fill(_ context: OpaquePointer, _ rect: Rect, _ color: Color) {
        setSource(context, color)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
    }

    private static func setSource(_ context: OpaquePointer, _ color: Color) {
        let sdr = color.clamped(toMaximumLinearExposure: 1)
        cairo_set_source_rgba(context, Color.sRGBFromLinear(sdr.red), Color.sRGBFromLinear(sdr.green),
                              Color.sRGBFromLinear(sdr.blue), sdr.alpha)
    }

    /// The 5 mm grid of graph and dotted paper, wider on a page that would otherwise get more than
    /// `maximumMarksPerPage` marks.
    private static func gridStep(in rect: Rect) -> Double {
        max(14.17, (rect.width * rect.height / maximumMarksPerPage).squareRoot())
    }

    /// Xournal++'s paper: lines 24 pt apart below an 80 pt head, with a red margin at 72 pt or not;
    /// graph and dotted use a 14.17 pt (5 mm) grid. Returns how many marks it drew.
    private static func drawRuling(_ ruling: Ruling, on context: OpaquePointer, in rect: Rect) -> Double {
        let blue = Color(hex: "#40a0ff")!, red = Color(hex: "#ff0080")!
        cairo_set_line_width(context, 0.5)
        switch ruling {
        case .plain:
            return 0
        case .lines, .linesWithMargin:
            setSource(context, blue)
            let step = max(24, rect.height / maximumMarksPerPage)
            var y = 80.0, marks = 0.0
            while y < rect.maxY {
                cairo_move_to(context, rect.minX, y)
                cairo_line_to(context, rect.maxX, y)
                y += step
                marks += 1
            }
            cairo_stroke(context)
            if ruling == .linesWithMargin {
                setSource(context, red)
                cairo_move_to(context, 72, rect.minY)
                cairo_line_to(context, 72, rect.maxY)
                cairo_stroke(context)
            }
            return marks
        case .graph:
            setSource(context, blue)
            let step = gridStep(in: rect)
            var marks = 0.0
            var x = step
            while x < rect.maxX { cairo_move_to(context, x, rect.minY); cairo_line_to(context, x, rect.maxY); x += step; marks += 1 }
            var y = step
            while y < rect.maxY { cairo_move_to(context, rect.minX, y); cairo_line_to(context, rect.maxX, y); y += step; marks += 1 }
            cairo_stroke(context)
            return marks
        case .dotted:
            setSource(context, blue)
            let step = gridStep(in: rect)
            var marks = 0.0
            var y = step
            while y < rect.maxY {
                var x = step
                while x < rect.maxX {
                    // A square dot: four numbers in the PDF, where a round one takes a dozen.
                    cairo_rectangle(context, x - 0.6, y - 0.6, 1.2, 1.2)
                    x += step
                    marks += 1
                }
                y += step
            }
            cairo_fill(context)
            return marks
        }
    }
}
