import MarkupModel

/// The paper a document lies on, changed after it was made (Xournal++'s and GoodNotes' page
/// template), and the page made longer or shorter a sheet at a time, as a notebook gains pages:
/// each one step that undo reverses.
extension MarkupController {
    /// Puts the document on `paper` (nil: plain), as one step; the same paper changes nothing. Over
    /// an image's or a PDF's pages, it is the paper of the blank pages put in among them.
    ///
    /// - Throws: `invalidGeometry` for a spacing outside `Paper.spacingRange`.
    public func setPaper(_ paper: Paper?) throws(EditorError) {
        // View mode is said first, before what else is wrong with the edit.
        guard isEditable else { throw .notEditable }
        if let problem = paper?.problem { throw .invalidGeometry(problem) }
        guard paper != markup.paper else { return }
        try commit(MarkupChange(paper: PaperChange(to: paper)))
    }

    /// Makes the page a sheet longer at the bottom, as tall as the page was made, as one step: room
    /// to go on writing, as a notebook's next page.
    ///
    /// - Throws: `pagesOfBackground` for a document over an image or a PDF, `tooLarge` past
    ///   `Markup.maximumSheets`, `invalidGeometry` past `coordinateLimit`.
    public func addSheet() throws(EditorError) {
        try commit(MarkupChange(page: try grownPage().change))
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

    /// Puts a blank sheet in before the sheet at `index` (from 0; the sheet count adds one at the
    /// end), as one step: what lies on that sheet and below (by the middle of its box) moves down a
    /// sheet and the page grows by one, as a notebook's page inserted between two.
    ///
    /// - Throws: `invalidGeometry` for an index past the sheets, besides what `addSheet` throws.
    public func insertSheet(before index: Int) throws(EditorError) {
        let (page, sheet, grown) = try grownPage()
        let count = max(markup.sheets.count, 1)
        guard (0...count).contains(index) else { throw .invalidGeometry("the page has \(count) sheets") }
        let top = page.minY + Double(index) * sheet
        let moving = markup.elements.filter { $0.renderFrame.center.y >= top }
        try commit(MarkupChange(updated: moving.map { Self.moved($0, by: Point(x: 0, y: sheet)) }, page: grown))
    }

    /// Puts a copy of the sheet at `index` (from 0) in after it, as one step: copies of what lies on
    /// it (by the middle of its box; locked ones locked), what lies below moving down a sheet and
    /// the page growing by one, as a notebook's page duplicated.
    ///
    /// - Throws: `invalidGeometry` for an index past the sheets, besides what `addSheet` throws.
    public func duplicateSheet(at index: Int) throws(EditorError) {
        let (page, sheet, grown) = try grownPage()
        let count = max(markup.sheets.count, 1)
        guard (0..<count).contains(index) else { throw .invalidGeometry("the page has \(count) sheets") }
        let copied = Rect(x: page.minX, y: page.minY + Double(index) * sheet, width: page.width, height: sheet)
        var onSheet = [Element](), below = [Element]()
        for element in markup.elements {
            switch Self.place(of: element, against: copied, isLast: index == count - 1) {
            case .on: onSheet.append(element)
            case .below: below.append(element)
            case .above: break
            }
        }
        let copies = Self.copies(of: onSheet, above: markup.nextZIndex, offset: Point(x: 0, y: sheet), keepingLocks: true)
        try commit(MarkupChange(added: copies, updated: below.map { Self.moved($0, by: Point(x: 0, y: sheet)) }, page: grown))
    }

    /// Moves the sheet at `index` (from 0) one place up (`down` false) or down the page, as one step:
    /// what lies on it (by the middle of its box, locked or not) trades places with what lies on the
    /// sheet it passes, as a notebook's pages are reordered.
    ///
    /// - Throws: `invalidGeometry` for a sheet past the page's or one with no sheet that way,
    ///   `pagesOfBackground` for a document over an image or a PDF.
    public func moveSheet(at index: Int, down: Bool) throws(EditorError) {
        _ = try growablePage()
        let sheets = markup.sheets
        guard sheets.indices.contains(index) else { throw .invalidGeometry("the page has \(sheets.count) sheets") }
        let other = down ? index + 1 : index - 1
        guard sheets.indices.contains(other) else { throw .invalidGeometry(down ? "the last sheet cannot go further down" : "the first sheet cannot go further up") }
        let step = sheets[other].minY - sheets[index].minY
        func lies(_ element: Element, on sheet: Int) -> Bool {
            Self.place(of: element, against: sheets[sheet], isLast: sheet == sheets.count - 1) == .on
        }
        var moved = [Element]()
        for element in markup.elements {
            if lies(element, on: index) { moved.append(Self.moved(element, by: Point(x: 0, y: step))) }
            else if lies(element, on: other) { moved.append(Self.moved(element, by: Point(x: 0, y: -step))) }
        }
        guard !moved.isEmpty else { return }
        try commit(MarkupChange(updated: moved))
    }

    /// Takes the sheet at `index` (from 0) out of the page, as one step: what lies on it (by the
    /// middle of its box) goes, what lies below moves up a sheet, and the page shrinks by one.
    ///
    /// - Throws: `sheetCannotGo` when the page is no longer than a sheet or something locked lies on
    ///   that sheet, `invalidGeometry` for an index past the sheets, `pagesOfBackground` for a
    ///   document over an image or a PDF.
    public func removeSheet(at index: Int) throws(EditorError) {
        let page = try growablePage()
        let sheets = markup.sheets
        guard let sheet = markup.sheetHeight, sheets.count >= 2 else { throw .sheetCannotGo("the page is no longer than a sheet") }
        guard sheets.indices.contains(index) else { throw .invalidGeometry("the page has \(sheets.count) sheets") }
        let removed = sheets[index]
        var change = MarkupChange()
        for element in markup.elements {
            switch Self.place(of: element, against: removed, isLast: index == sheets.count - 1) {
            case .on:
                guard !element.isLocked else { throw .sheetCannotGo("something locked is on it: unlock it first") }
                change.removed.append(element.id)
            case .below: change.updated.append(Self.moved(element, by: Point(x: 0, y: -sheet)))
            case .above: break
            }
        }
        change.page = PageChange(bounds: Rect(x: page.minX, y: page.minY, width: page.width, height: page.height - sheet), sheetHeight: sheet)
        try commit(change)
    }

    /// Where an element lies against a sheet of the page, by the middle of its box.
    private enum SheetPlace { case above, on, below }

    /// Where `element` lies against `sheet`; the page's last sheet (`isLast`) holds what lies on its
    /// bottom edge.
    private static func place(of element: Element, against sheet: Rect, isLast: Bool) -> SheetPlace {
        let middle = element.renderFrame.center.y
        if middle < sheet.minY { return .above }
        return middle < sheet.maxY || (isLast && middle <= sheet.maxY) ? .on : .below
    }

    /// The page, how tall a sheet is, and the change that makes the page a sheet longer.
    ///
    /// - Throws: what `growablePage` throws, `tooLarge` past `Markup.maximumSheets`,
    ///   `invalidGeometry` past `coordinateLimit`.
    private func grownPage() throws(EditorError) -> (page: Rect, sheet: Double, change: PageChange) {
        let page = try growablePage()
        let sheet = markup.sheetHeight ?? page.height
        guard page.height + sheet <= sheet * (Double(Markup.maximumSheets) + 0.5) else {
            throw .tooLarge(what: "sheets in a page", limit: Markup.maximumSheets)
        }
        guard page.maxY + sheet <= Self.coordinateLimit else { throw .invalidGeometry("the page would reach past the canvas") }
        return (page, sheet, PageChange(bounds: Rect(x: page.minX, y: page.minY, width: page.width, height: page.height + sheet), sheetHeight: sheet))
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
