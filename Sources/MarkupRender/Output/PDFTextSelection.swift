import MarkupModel

/// The text of a document's PDF background a reader selects by dragging across it: what the text
/// highlighter covers.
public enum PDFTextSelection {
    /// The boxes (document points) around the text of the PDF page under `start`, selected from
    /// there to `end` (held to that page) a whole word at a time; none when the document has no PDF
    /// background, `start` lies on no page, or no text lies between. Boxes never overlap.
    public static func boxes(in markup: Markup, from start: Point, to end: Point) throws(RenderError) -> [Rect] {
        guard start.isFinite, end.isFinite, let background = markup.background, case .pdf(let blob) = background.source,
              let page = background.pages.first(where: { $0.frame.contains(Rect(origin: start, size: Size(width: 0, height: 0))) }), let data = markup.blobs[blob] else { return [] }
        let file = try PDFCache.shared.file(blob, data: data)
        guard let size = file.pageSize(page.index) else { return [] }
        let frame = page.frame
        let scale = Point(x: size.width / frame.width, y: size.height / frame.height)
        func onPage(_ point: Point) -> Point {
            Point(x: (min(max(point.x, frame.minX), frame.maxX) - frame.minX) * scale.x,
                  y: (min(max(point.y, frame.minY), frame.maxY) - frame.minY) * scale.y)
        }
        let (from, to) = (onPage(start), onPage(end))
        // Poppler takes a drag through empty space below the text to its nearest line; a reader's
        // selection there is empty: only lines the drag's height reaches count.
        let low = min(from.y, to.y), high = max(from.y, to.y)
        return file.selectedText(page: page.index, from: from, to: to).filter { $0.maxY >= low && $0.minY <= high }.map { box in
            Rect(x: frame.minX + box.minX / scale.x, y: frame.minY + box.minY / scale.y, width: box.width / scale.x, height: box.height / scale.y)
        }
    }
}
