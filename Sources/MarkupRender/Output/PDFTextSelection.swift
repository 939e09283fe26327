import MarkupModel

/// The text of a document's PDF background a reader selects by dragging across it: what the text
/// highlighter covers.
public enum PDFTextSelection {
    /// The boxes (document points) around the text of the PDF page under `start`, selected from
    /// there to `end` (held to that page) a whole word at a time; none when the document has no PDF
    /// background, `start` lies on no page, or no text lies between. Boxes never overlap.
    public static func boxes(in markup: Markup, from start: Point, to end: Point) throws(RenderError) -> [Rect] {
        guard start.isFinite, end.isFinite, let (pages, file) = try PDFPagePlacement.background(of: markup),
              let page = pages.first(where: { $0.frame.contains(Rect(origin: start, size: Size(width: 0, height: 0))) }),
              let placement = PDFPagePlacement(page, in: file) else { return [] }
        let (from, to) = (placement.pagePoint(start), placement.pagePoint(end))
        // Poppler takes a drag through empty space below the text to its nearest line; a reader's
        // selection there is empty: only lines the drag's height reaches count.
        let low = min(from.y, to.y), high = max(from.y, to.y)
        return file.selectedText(page: page.index, from: from, to: to).filter { $0.maxY >= low && $0.minY <= high }.map(placement.documentRect)
    }
}
