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
        guard let background = markup.background, case .pdf(let blob) = background.source, let data = markup.blobs[blob],
              firstPage >= 0, firstPage < background.pages.count else { return ([], nil) }
        let file = try PDFCache.shared.file(blob, data: data)
        var matches = [Rect]()
        let last = min(firstPage + pagesPerSearch, background.pages.count)
        for number in firstPage..<last {
            let page = background.pages[number]
            guard let size = file.pageSize(page.index) else { continue }
            let scale = Point(x: page.frame.width / size.width, y: page.frame.height / size.height)
            for box in file.find(query, page: page.index, limit: maximumMatches - matches.count) {
                matches.append(Rect(x: page.frame.minX + box.minX * scale.x, y: page.frame.minY + box.minY * scale.y,
                                    width: box.width * scale.x, height: box.height * scale.y))
            }
            if matches.count >= maximumMatches { return (matches, number + 1 < background.pages.count ? number + 1 : nil) }
        }
        return (matches, last < background.pages.count ? last : nil)
    }
}
