import MarkupModel

/// The paper a document lies on, changed after it was made (Xournal++'s and GoodNotes' page
/// template), and the page made longer or shorter a sheet at a time, as a notebook gains pages:
/// each one step that undo reverses.
extension MarkupController {
    /// Puts the document on `paper` (nil: plain), as one step; the same paper changes nothing.
    ///
    /// - Throws: `invalidGeometry` for a spacing outside `Paper.spacingRange`, `paperUnderBackground`
    ///   for a document over an image or a PDF.
    public func setPaper(_ paper: Paper?) throws(EditorError) {
        // View mode is said first, before what else is wrong with the edit.
        guard isEditable else { throw .notEditable }
        if let problem = paper?.problem { throw .invalidGeometry(problem) }
        guard markup.background == nil else { throw .paperUnderBackground }
        guard paper != markup.paper else { return }
        try commit(MarkupChange(paper: PaperChange(to: paper)))
    }

    /// Makes the page a sheet longer at the bottom, as tall as the page was made, as one step: room
    /// to go on writing, as a notebook's next page.
    ///
    /// - Throws: `pagesOfBackground` for a document over an image or a PDF, `tooLarge` past
    ///   `Markup.maximumSheets`, `invalidGeometry` past `coordinateLimit`.
    public func addSheet() throws(EditorError) {
        let page = try growablePage()
        let sheet = markup.sheetHeight ?? page.height
        guard page.height + sheet <= sheet * (Double(Markup.maximumSheets) + 0.5) else {
            throw .tooLarge(what: "sheets in a page", limit: Markup.maximumSheets)
        }
        guard page.maxY + sheet <= Self.coordinateLimit else { throw .invalidGeometry("the page would reach past the canvas") }
        try commit(MarkupChange(page: PageChange(bounds: Rect(x: page.minX, y: page.minY, width: page.width, height: page.height + sheet),
                                             sheetHeight: sheet)))
    }

    /// Takes the last sheet off the page, as one step, when nothing lies on it.
    ///
    /// - Throws: `sheetCannotGo` when the page is no longer than a sheet or something lies on its last
    ///   sheet, `pagesOfBackground` for a document over an image or a PDF.
    public func removeLastSheet() throws(EditorError) {
        let page = try growablePage()
        guard let sheet = markup.sheetHeight, page.height - sheet >= sheet * 0.999 else {
            throw .sheetCannotGo("the page is no longer than a sheet")
        }
        let lastSheet = Rect(x: page.minX, y: page.maxY - sheet, width: page.width, height: sheet)
        guard elements(in: lastSheet).isEmpty else { throw .sheetCannotGo("something is on the last sheet: move or erase it first") }
        try commit(MarkupChange(page: PageChange(bounds: Rect(x: page.minX, y: page.minY, width: page.width, height: page.height - sheet),
                                             sheetHeight: sheet)))
    }

    /// The page, when sheets may be added to it or taken from it.
    private func growablePage() throws(EditorError) -> Rect {
        guard isEditable else { throw .notEditable }
        guard markup.background == nil else { throw .pagesOfBackground }
        let page = markup.bounds
        guard page.width > 0, page.height > 0 else { throw .invalidGeometry("the document has no page") }
        return page
    }
}
