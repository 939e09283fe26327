import MarkupModel

/// A document's PDF background opened, and where each of its pages lies: the text selection and
/// the search read a page in its own points (from its top left corner) and answer in the document's.
struct PDFPagePlacement {
    let frame: Rect
    let size: Size

    /// The document's PDF background, opened (once, through `PDFCache`); nil when it has none.
    static func background(of markup: Markup) throws(RenderError) -> (pages: [PageBackground.Page], file: PDFFile)? {
        guard let background = markup.background, case .pdf(let blob) = background.source, let data = markup.blobs[blob] else { return nil }
        return (background.pages, try PDFCache.shared.file(blob, data: data))
    }

    /// Where `page` lies, with its size in `file`; nil when the file has no such page.
    init?(_ page: PageBackground.Page, in file: PDFFile) {
        guard let size = file.pageSize(page.index) else { return nil }
        (frame, self.size) = (page.frame, size)
    }

    /// `point` (document points) on the page, in the page's points: held to the page.
    func pagePoint(_ point: Point) -> Point {
        Point(x: (min(max(point.x, frame.minX), frame.maxX) - frame.minX) * size.width / frame.width,
              y: (min(max(point.y, frame.minY), frame.maxY) - frame.minY) * size.height / frame.height)
    }

    /// `rect` (the page's points) in document points.
    func documentRect(_ rect: Rect) -> Rect {
        let scaleX = frame.width / size.width, scaleY = frame.height / size.height
        return Rect(x: frame.minX + rect.minX * scaleX, y: frame.minY + rect.minY * scaleY, width: rect.width * scaleX, height: rect.height * scaleY)
    }
}
