import MarkupModel

/// The contents of a document's PDF background, as a reader lists them (Xournal++'s and GoodNotes'
/// outline): each entry's title, the document's page it goes to, and how deep it lies.
public enum PDFOutline {
    /// At most this many entries are read.
    public static let maximumEntries = 2_000

    public struct Entry: Equatable, Sendable {
        public var title: String
        /// The document's page (from 1) the entry goes to; nil for one that goes nowhere in it.
        public var page: Int?
        /// 0 at the top, 1 under an entry of the top, and so on.
        public var depth: Int

        public init(title: String, page: Int?, depth: Int) { (self.title, self.page, self.depth) = (title, page, depth) }
    }

    /// The outline of `markup`'s PDF background, depth first; none for a document not over a PDF or
    /// a PDF without one. A PDF page shown more than once goes to the first of them.
    public static func entries(in markup: Markup) throws(RenderError) -> [Entry] {
        guard let (pages, file) = try PDFPagePlacement.background(of: markup) else { return [] }
        var documentPage = [Int: Int]()
        for (number, page) in pages.enumerated() where documentPage[page.index] == nil { documentPage[page.index] = number + 1 }
        return file.outline(limit: maximumEntries).map { entry in
            Entry(title: String(entry.title.prefix(500)), page: entry.page.flatMap { documentPage[$0] }, depth: entry.depth)
        }
    }
}
