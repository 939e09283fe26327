import MarkupModel

/// Text found in a document's PDF background, a stretch of pages at a time: what Ctrl+F shows.
public enum PDFTextSearch {
    /// The longest text looked for, in characters.
    public static let maximumQueryLength = 200
    /// Pages read by one search, so that a long PDF answers in steps rather than holding the
    /// document for seconds.
    public static let pagesPerSearch = 40
    /// Matches one search returns at most.
    public static let maximumMatches = 500

    /// Where `query` occurs (case and accents aside) on the background's pages from `firstPage`
    /// (from 0) on, in document points, page after page, and the page the next search starts from
    /// (nil when every page was read). Nothing for a document not over a PDF.
    ///
    /// - Throws: `invalidQuery` for an empty query or one past `maximumQueryLength`.
    public static func matches(of query: String, in markup: Markup, from firstPage: Int) throws(RenderError) -> (matches: [Rect], nextPage: Int?) {
        guard !query.isEmpty, query.count <= maximumQueryLength else { throw .invalidQuery(maximumLength: maximumQueryLength) }
        guard let (pages, file) = try PDFPagePlacement.background(of: markup), firstPage >= 0, firstPage < pages.count else { return ([], nil) }
        var matches = [Rect]()
        let last = min(firstPage + pagesPerSearch, pages.count)
        for number in firstPage..<last {
            guard let placement = PDFPagePlacement(pages[number], in: file) else { continue }
            matches += file.find(query, page: pages[number].index, limit: maximumMatches - matches.count).map(placement.documentRect)
            if matches.count >= maximumMatches { return (matches, number + 1 < pages.count ? number + 1 : nil) }
        }
        return (matches, last < pages.count ? last : nil)
    }
}
