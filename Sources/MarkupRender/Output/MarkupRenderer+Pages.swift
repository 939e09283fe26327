import CCairo
import Foundation
import MarkupModel

extension MarkupRenderer {
    /// The annotated PDF of a document with a page background: one page per background page, its
    /// original content kept as vectors (text stays extractable) and the markup over it on top.
    /// Markup that crosses pages is drawn on each, clipped.
    public func annotatedPDF() throws(RenderError) -> Data {
        guard let pages = markup.background?.pages, let first = pages.first else { return try pdf() }
        return try pdfData(firstPage: first.frame.size) { surface throws(RenderError) in
            for page in pages {
                guard page.frame.width <= 14400, page.frame.height <= 14400 else { throw .invalidSize("a PDF page must be at most 14,400 points a side") }
                cairo_pdf_surface_set_size(surface, page.frame.width, page.frame.height)
                try draw(on: surface, area: page.frame, frame: Rect(origin: .zero, size: page.frame.size), isBitmap: false)
                FontEngine.serialized { cairo_surface_show_page(surface) }
            }
        }
    }

    /// Page `number` (from 1) of the background alone, `scale` pixels a point: what a web page
    /// shows under the markup, fetched only for the pages in view.
    public func backgroundPNG(page number: Int, scale: Double) throws(RenderError) -> Data {
        guard let pages = markup.background?.pages, (1...max(pages.count, 1)).contains(number), !pages.isEmpty else {
            throw .invalidArea("no background page \(number)")
        }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw .invalidSize("the scale must be above 0 and at most 8") }
        var bare = markup
        bare.replaceElements([])
        let frame = pages[number - 1].frame
        let size = Self.pixelSize(of: frame, scale: scale)
        return try MarkupRenderer(markup: bare, options: options).png(area: frame, width: size.width, height: size.height)
    }

    /// The area of background page `number` (from 1).
    public func pageArea(_ number: Int) throws(RenderError) -> Rect {
        guard let pages = markup.background?.pages, (1...max(pages.count, 1)).contains(number), !pages.isEmpty else {
            throw .invalidArea("the document has \(markup.background?.pages.count ?? 0) background pages; there is no page \(number)")
        }
        return pages[number - 1].frame
    }
}

/// New documents over a background: a PDF's pages, or an image, to annotate.
public enum BackgroundDocuments {
    /// An image is laid out at one point a pixel, scaled down to fit this many points.
    public static let largestImagePage = 1600.0

    /// A document whose background is `data`, a PDF (one page each, stacked) or a PNG or JPEG.
    ///
    /// - Throws: `invalidPDF` for a damaged PDF, `invalidArea` for bytes that are neither.
    public static func markup(background data: Data, title: String) throws(RenderError) -> Markup {
        var markup = Markup(bounds: .zero, title: title)
        let blob = markup.addBlob(data)
        if data.starts(with: Array("%PDF-".utf8)) {
            let file = try PDFFile(data: data)
            guard file.pageCount <= PageBackground.maximumPages else {
                throw .invalidPDF("the PDF has \(file.pageCount) pages; at most \(PageBackground.maximumPages) can be annotated")
            }
            markup.background = PageBackground(source: .pdf(blob), pageSizes: file.pageSizes.map(Self.bounded))
        } else if let size = MarkupRenderer.imagePixelSize(data), size.width > 0, size.height > 0 {
            let scale = min(1, largestImagePage / Double(max(size.width, size.height)))
            markup.background = PageBackground(source: .image(blob), pageSizes: [Size(width: Double(size.width) * scale, height: Double(size.height) * scale)])
        } else {
            throw .invalidArea("a background is a PDF, a PNG or a JPEG")
        }
        markup.bounds = markup.background!.bounds
        return markup
    }

    /// The largest page side kept, in points (PDF's own limit): bigger pages are scaled down to it.
    public static let largestPageSide = 14_400.0

    static func bounded(_ size: Size) -> Size {
        let scale = min(1, largestPageSide / max(size.width, size.height))
        return Size(width: max(size.width * scale, 1), height: max(size.height * scale, 1))
    }

    /// Whether `data` is something `markup(background:title:)` takes.
    public static func isBackground(_ data: Data) -> Bool {
        data.starts(with: Array("%PDF-".utf8)) || MarkupRenderer.imagePixelSize(data) != nil
    }
}
