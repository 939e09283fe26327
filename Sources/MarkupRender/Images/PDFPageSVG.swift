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
    /// The most SVG one document's PDF pages take as vectors, all told.
    static let maximumDocumentBytes = 128 << 20

    /// Page `index` of `file` at its own size, or nil when Cairo fails or it runs past `limit` bytes
    /// (at most `maximumBytes`).
    static func vectors(of file: PDFFile, page index: Int, idPrefix: String, limit: Int = maximumBytes) -> (svg: [UInt8], size: Size)? {
        guard let size = file.pageSize(index) else { return nil }
        let sink = ByteSink(limit: min(limit, maximumBytes))
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
    /// around it), its ids and the references to them prefixed, in one pass over its bytes.
    static func nested(_ document: [UInt8], idPrefix: String) -> [UInt8]? {
        guard let root = firstIndex(of: "<svg", in: document, from: 0), let rootEnd = document[root...].firstIndex(of: UInt8(ascii: ">")),
              let close = lastIndex(of: "</svg>", in: document), rootEnd < close else { return nil }
        let prefix = Array(idPrefix.utf8)
        let markers = [" id=\"", "href=\"#", "url(#"].map { Array($0.utf8) }
        var body = [UInt8]()
        body.reserveCapacity(close - rootEnd)
        var index = rootEnd + 1
        while index < close {
            if let marker = markers.first(where: { document[index...].starts(with: $0) }) {
                body.append(contentsOf: marker)
                body.append(contentsOf: prefix)
                index += marker.count
            } else {
                body.append(document[index])
                index += 1
            }
        }
        return body
    }

    private static func firstIndex(of text: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0...].starts(with: pattern) }
    }

    private static func lastIndex(of text: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first { bytes[$0...].starts(with: pattern) }
    }
}
