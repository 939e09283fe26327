import MarkupModel
import MarkupRender

/// Ctrl+F: where a text occurs in a document, in its typed text boxes (and pictures' descriptions
/// and links' addresses) and in its PDF's pages.
enum TextFinder {
    /// The matches of `query` from PDF page `firstPage` on (a stretch of pages at a time:
    /// `PDFTextSearch`) and the page to go on from; the first stretch also holds the elements whose
    /// words hold it (`Markup.boxes(containing:limit:)`), all of them top to bottom.
    static func matches(of query: String, in markup: Markup, from firstPage: Int) throws -> (matches: [Rect], nextPage: Int?) {
        let pages = try PDFTextSearch.matches(of: query, in: markup, from: firstPage)
        guard firstPage == 0 else { return pages }
        let boxes = markup.boxes(containing: query, limit: PDFTextSearch.maximumMatches)
        guard !boxes.isEmpty else { return pages }
        let all = (boxes + pages.matches).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
        return (Array(all.prefix(PDFTextSearch.maximumMatches)), pages.nextPage)
    }
}
