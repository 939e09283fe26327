import CCairo
import Foundation
import MarkupModel

/// A PDF's page as SVG vectors (Cairo's SVG surface under poppler): text as the outlines of its
/// glyphs, shapes as paths, pictures as PNG, so an SVG export of an annotated PDF stays sharp when
/// zoomed or printed. Written as a nested `<svg>` to place in a document, every id it defines
/// prefixed so that several pages (or one page twice) never clash.
enum PDFPageSVG {
    /// The largest page written as vectors, in bytes of SVG; past it (a page of many pictures or
    /// millions of paths) the caller draws a picture of it instead.
    static let maximumBytes = 32 << 20

    /// Page `index` of `file` at its own size, or nil when Cairo fails or it runs past `maximumBytes`.
    static func vectors(of file: PDFFile, page index: Int, idPrefix: String) -> (svg: [UInt8], size: Size)? {
        guard let size = file.pageSize(index) else { return nil }
        let sink = ByteSink(limit: maximumBytes)
        let written: Bool = withExtendedLifetime(sink) {
            guard let surface = cairo_svg_surface_create_for_stream(appendToByteSink, Unmanaged.passUnretained(sink).toOpaque(), size.width, size.height) else {
                return false
            }
            defer { FontEngine.serialized { cairo_surface_destroy(surface) } }
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
            guard let context = cairo_create(surface) else { return false }
            file.draw(page: index, into: context, in: Rect(origin: .zero, size: size), forPrinting: true)
            FontEngine.serialized {
                cairo_destroy(context)
                cairo_surface_finish(surface)
            }
            return cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        }
        guard written, let nested = nested(sink.bytes, idPrefix: idPrefix) else { return nil }
        return (nested, size)
    }

    /// Cairo's document without its XML declaration and root tag (the caller writes its own `<svg>`
    /// around it), its ids and the references to them prefixed.
    static func nested(_ document: [UInt8], idPrefix: String) -> [UInt8]? {
        let text = String(decoding: document, as: UTF8.self)
        guard let root = text.range(of: "<svg"), let rootEnd = text[root.upperBound...].range(of: ">"),
              let close = text.range(of: "</svg>", options: .backwards), rootEnd.upperBound <= close.lowerBound else { return nil }
        let body = text[rootEnd.upperBound..<close.lowerBound]
            .replacingOccurrences(of: " id=\"", with: " id=\"\(idPrefix)")
            .replacingOccurrences(of: "href=\"#", with: "href=\"#\(idPrefix)")
            .replacingOccurrences(of: "url(#", with: "url(#\(idPrefix)")
        return Array(body.utf8)
    }
}
