import CCairo
import Foundation

/// PDFs and images made with Cairo's PDF and PNG surfaces, for tests and benchmarks: no downloaded
/// fixtures. Page N of a PDF is letter-sized, tinted, with a heading "Page N" and a line of text.
public enum SamplePDF {
    /// The tint of every page, so tests can tell the background from the ink.
    public static let pageTint = (red: 0.86, green: 0.93, blue: 1.0)
    public static let pageSize = (width: 612.0, height: 792.0)

    /// `pages` pages and an outline (the contents a reader lists): each entry's title, the page it
    /// goes to (from 1), and the entry it is under (an index into `outline`, earlier), if any. With
    /// `links`, page N's heading links to `https://example.org/page/N` and its line of text to the
    /// last page.
    public static func make(pages: Int, outline: [(title: String, page: Int, parent: Int?)] = [], links: Bool = false) -> Data {
        let sink = Sink()
        let surface = withExtendedLifetime(sink) {
            cairo_pdf_surface_create_for_stream(sinkWriter, Unmanaged.passUnretained(sink).toOpaque(), pageSize.width, pageSize.height)!
        }
        let context = cairo_create(surface)!
        for page in 1...max(pages, 1) {
            cairo_set_source_rgb(context, pageTint.red, pageTint.green, pageTint.blue)
            cairo_paint(context)
            cairo_set_source_rgb(context, 0.1, 0.1, 0.2)
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(context, 36)
            cairo_move_to(context, 72, 120)
            cairo_show_text(context, "Page \(page)")
            cairo_set_font_size(context, 14)
            cairo_move_to(context, 72, 160)
            cairo_show_text(context, "Original text of page \(page), kept as text under the markup.")
            if links {
                cairo_tag_begin(context, CAIRO_TAG_LINK, "rect=[72 84 200 48] uri='https://example.org/page/\(page)'")
                cairo_tag_end(context, CAIRO_TAG_LINK)
                // Named, as cairo keeps a link to a page only once that page is made.
                cairo_tag_begin(context, CAIRO_TAG_LINK, "rect=[72 146 400 20] dest='last'")
                cairo_tag_end(context, CAIRO_TAG_LINK)
                if page == max(pages, 1) {
                    cairo_tag_begin(context, CAIRO_TAG_DEST, "name='last'")
                    cairo_tag_end(context, CAIRO_TAG_DEST)
                }
            }
            cairo_show_page(context)
        }
        var ids = [Int32]()
        for entry in outline {
            ids.append(cairo_pdf_surface_add_outline(surface, entry.parent.map { ids[$0] } ?? 0, entry.title, "page=\(entry.page)",
                                                     cairo_pdf_outline_flags_t(rawValue: 0)))
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return withExtendedLifetime(sink) { Data(sink.bytes) }
    }

    /// A PNG of `width` × `height` pixels in one color.
    public static func png(width: Int, height: Int, red: Double, green: Double, blue: Double) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let context = cairo_create(surface)!
        cairo_set_source_rgb(context, red, green, blue)
        cairo_paint(context)
        cairo_destroy(context)
        return pngData(of: surface)
    }

    /// `surface` as PNG bytes; the surface is destroyed.
    private static func pngData(of surface: OpaquePointer) -> Data {
        let sink = Sink()
        _ = withExtendedLifetime(sink) { cairo_surface_write_to_png_stream(surface, sinkWriter, Unmanaged.passUnretained(sink).toOpaque()) }
        cairo_surface_destroy(surface)
        return Data(sink.bytes)
    }

    /// A PNG of `width` × `height` pixels in four quarters: red top left, green top right, blue
    /// bottom left, black bottom right (`width` and `height` even), to tell which part is shown.
    public static func quartersPNG(width: Int, height: Int) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let context = cairo_create(surface)!
        for (column, row, red, green, blue) in [(0, 0, 1.0, 0.0, 0.0), (1, 0, 0, 1, 0), (0, 1, 0, 0, 1), (1, 1, 0, 0, 0)] {
            cairo_set_source_rgb(context, red, green, blue)
            cairo_rectangle(context, Double(column * width / 2), Double(row * height / 2), Double(width / 2), Double(height / 2))
            cairo_fill(context)
        }
        cairo_destroy(context)
        return pngData(of: surface)
    }

    /// A PNG of `width` × `height` pixels of noise from `seed`: about three bytes a pixel, as
    /// photographs are, since noise does not compress.
    public static func noisePNG(width: Int, height: Int, seed: UInt64) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        cairo_surface_flush(surface)
        var random = SeededRandom(seed: seed)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = cairo_image_surface_get_data(surface)!
        for offset in 0..<(stride * height) { pixels[offset] = UInt8(truncatingIfNeeded: random.next()) }
        cairo_surface_mark_dirty(surface)
        return pngData(of: surface)
    }

    private final class Sink { var bytes: [UInt8] = [] }

    private static let sinkWriter: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
