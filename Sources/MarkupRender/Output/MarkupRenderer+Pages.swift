import CCairo
import Foundation
import MarkupModel

extension MarkupRenderer {
    /// The PDF of a document of pages: one page per background page, its original content kept as
    /// vectors (text stays extractable) and the markup over it on top, or one per sheet of a page
    /// made longer. Markup that crosses pages is drawn on each, clipped. A PDF background's links
    /// (to web addresses, and to its pages that are still in the document) and outline come along
    /// (`PDFCarryOver`). A document of one page without a background is `pdf()`.
    public func annotatedPDF() throws(RenderError) -> Data {
        let frames = markup.pageFrames
        guard let first = frames.first, markup.background != nil || frames.count > 1 else { return try pdf() }
        let carryOver = try PDFPagePlacement.background(of: markup).map { PDFCarryOver(pages: $0.pages, file: $0.file) }
        return try pdfData(firstPage: first.size) { surface throws(RenderError) in
            for (index, frame) in frames.enumerated() {
                guard frame.width <= 14400, frame.height <= 14400 else { throw .invalidSize("a PDF page must be at most 14,400 points a side") }
                cairo_pdf_surface_set_size(surface, frame.width, frame.height)
                try draw(on: surface, area: frame, frame: Rect(origin: .zero, size: frame.size), isBitmap: false)
                carryOver?.addLinks(ofPage: index, to: surface)
                FontEngine.serialized { cairo_surface_show_page(surface) }
            }
            carryOver?.addOutline(to: surface)
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

    /// The area of page `number` (from 1): a background page, or a sheet of a page made longer.
    public func pageArea(_ number: Int) throws(RenderError) -> Rect {
        let frames = markup.pageFrames
        guard (1...max(frames.count, 1)).contains(number), !frames.isEmpty else {
            throw .invalidArea("the document has \(frames.count) page\(frames.count == 1 ? "" : "s"); there is no page \(number)")
        }
        return frames[number - 1]
    }
}

/// New documents over a background: a PDF's pages, or an image, to annotate.
public enum BackgroundDocuments {
    /// An image is laid out at one point a pixel, scaled down to fit this many points.
    public static let largestImagePage = 1600.0

    /// A document whose background is `data`, a PDF (one page each, stacked) or a PNG or JPEG.
    ///
    /// - Throws: `invalidPDF` for a damaged PDF, `invalidPicture` for a damaged picture, `invalidSize` for one too large to draw,
    ///   `invalidArea` for bytes that are neither.
    public static func markup(background data: Data, title: String) throws(RenderError) -> Markup {
        var markup = Markup(bounds: .zero, title: title)
        let blob = markup.addBlob(data)
        if Self.isPDF(data) {
            let file = try PDFFile(data: data)
            guard file.pageCount <= PageBackground.maximumPages else {
                throw .invalidPDF("the PDF has \(file.pageCount) pages; at most \(PageBackground.maximumPages) can be annotated")
            }
            markup.background = PageBackground(source: .pdf(blob), pageSizes: file.pageSizes.map(Self.bounded))
        } else if let size = MarkupRenderer.imagePixelSize(data), size.width > 0, size.height > 0 {
            // One that could never be drawn is refused rather than kept as a missing picture.
            if let problem = ImageDecoder.oversizeProblem(size) { throw .invalidSize(problem) }
            if let problem = PictureCheck.problem(in: [UInt8](data)) { throw .invalidPicture(problem) }
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
        isPDF(data) || MarkupRenderer.imagePixelSize(data) != nil
    }

    /// Whether `data` is a PDF: its header at its start, or within its first kilobyte after bytes
    /// some programs write before it (as PDF readers find it), when those are no text or file of
    /// another kind that happens to hold the header's letters.
    public static func isPDF(_ data: Data) -> Bool {
        let header = Data("%PDF-".utf8)
        if data.starts(with: header) { return true }
        guard let found = data.prefix(1024).firstRange(of: header) else { return false }
        let before = data[data.startIndex..<found.lowerBound]
        let firstLetter = before.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return ![UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "<"), 0x89].contains(firstLetter ?? 0)
    }
}
