import MarkupModel

/// The pages of a PDF (or a picture) a document annotates, rearranged as Xournal++ rearranges
/// them: a blank page put in between two for notes, a page duplicated to mark it up twice, moved
/// up or down, or taken out. Each is one step that undo reverses; what lies on a page (by the
/// middle of its box) goes with it, and the pages stay stacked `PageBackground.pageGap` apart.
extension MarkupController {
    /// Puts a blank page in before the page at `index` (from 0; the page count puts it last), as
    /// large as that page (or the last one).
    ///
    /// - Throws: `pagesOfBackground` for a document without a background, `invalidGeometry` for an
    ///   index past the pages, `tooLarge` past `PageBackground.maximumPages`.
    public func insertBlankPage(before index: Int) throws(EditorError) {
        let pages = try backgroundPages()
        guard (0...pages.count).contains(index) else { throw .invalidGeometry("the document has \(pages.count) pages") }
        let size = pages[min(index, pages.count - 1)].frame.size
        var slots = pages.indices.map(PageSlot.kept)
        slots.insert(.blank(size), at: index)
        try rearrangePages(slots)
    }

    /// Puts a copy of the page at `index` (from 0) in after it, with copies of what lies on it
    /// (locked ones locked).
    public func duplicatePage(at index: Int) throws(EditorError) {
        let pages = try backgroundPages()
        guard pages.indices.contains(index) else { throw .invalidGeometry("the document has \(pages.count) pages") }
        var slots = pages.indices.map(PageSlot.kept)
        slots.insert(.copied(index), at: index + 1)
        try rearrangePages(slots)
    }

    /// Moves the page at `index` (from 0) one place up (`down` false) or down, trading places with
    /// its neighbour.
    public func movePage(at index: Int, down: Bool) throws(EditorError) {
        let pages = try backgroundPages()
        guard pages.indices.contains(index) else { throw .invalidGeometry("the document has \(pages.count) pages") }
        let other = down ? index + 1 : index - 1
        guard pages.indices.contains(other) else { throw .invalidGeometry(down ? "the last page cannot go further down" : "the first page cannot go further up") }
        var slots = pages.indices.map(PageSlot.kept)
        slots.swapAt(index, other)
        try rearrangePages(slots)
    }

    /// Takes the page at `index` (from 0) out, with what lies on it.
    ///
    /// - Throws: `sheetCannotGo` for the only page or one with something locked on it.
    public func removePage(at index: Int) throws(EditorError) {
        let pages = try backgroundPages()
        guard pages.count >= 2 else { throw .sheetCannotGo("the document has only this page") }
        guard pages.indices.contains(index) else { throw .invalidGeometry("the document has \(pages.count) pages") }
        var slots = pages.indices.map(PageSlot.kept)
        slots.remove(at: index)
        try rearrangePages(slots)
    }

    /// Takes the last page out when it is a blank one with nothing on it.
    ///
    /// - Throws: `sheetCannotGo` when it is a page of the PDF (or picture), or something lies on it.
    public func removeLastBlankPage() throws(EditorError) {
        let pages = try backgroundPages()
        guard pages.count >= 2, pages[pages.count - 1].isBlank else { throw .sheetCannotGo("the last page is not a blank page put in") }
        guard elementsByPage(pages)[pages.count - 1].isEmpty else { throw .sheetCannotGo("something is on the last page: move or erase it first") }
        try removePage(at: pages.count - 1)
    }

    /// What takes a place among the pages rearranged: a page as it was, a copy of one, or a blank one.
    private enum PageSlot {
        case kept(Int)
        case copied(Int)
        case blank(Size)
    }

    private func backgroundPages() throws(EditorError) -> [PageBackground.Page] {
        guard isEditable else { throw .notEditable }
        guard let pages = markup.background?.pages, !pages.isEmpty else { throw .pagesOfBackground }
        return pages
    }

    /// Lays `slots` out top to bottom from where the first page was, each page keeping its left edge
    /// (a blank one taking its neighbour's), and moves, copies or removes what lies on each page.
    private func rearrangePages(_ slots: [PageSlot]) throws(EditorError) {
        guard var background = markup.background else { throw .pagesOfBackground }
        let old = background.pages
        guard slots.count <= PageBackground.maximumPages else { throw .tooLarge(what: "pages", limit: PageBackground.maximumPages) }
        let onPage = elementsByPage(old)
        var top = old[0].frame.minY, pages = [PageBackground.Page](), change = MarkupChange()
        var zIndex = markup.nextZIndex, kept = Set<Int>()
        for (position, slot) in slots.enumerated() {
            let page: PageBackground.Page
            switch slot {
            case .kept(let index), .copied(let index):
                page = old[index]
            case .blank(let size):
                let neighbour = pages.last?.frame.minX ?? old[0].frame.minX
                page = .blank(Rect(x: neighbour, y: top, width: size.width, height: size.height))
            }
            let placed = PageBackground.Page(index: page.index, frame: Rect(x: page.frame.minX, y: top, width: page.frame.width, height: page.frame.height))
            let offset = Point(x: 0, y: top - page.frame.minY)
            switch slot {
            case .kept(let index):
                kept.insert(index)
                if offset.y != 0 { change.updated += onPage[index].map { Self.moved($0, by: offset) } }
            case .copied(let index):
                let copies = Self.copies(of: onPage[index], above: zIndex, offset: offset, keepingLocks: true)
                zIndex = copies.map(\.zIndex).max().map { $0 + Markup.zIndexStep } ?? zIndex
                change.added += copies
            case .blank:
                break
            }
            pages.append(placed)
            top += placed.frame.height + (position == slots.count - 1 ? 0 : PageBackground.pageGap)
            guard top <= Self.coordinateLimit else { throw .invalidGeometry("the pages would reach past the canvas") }
        }
        for index in old.indices where !kept.contains(index) {
            guard !onPage[index].contains(where: \.isLocked) else { throw .sheetCannotGo("something locked is on the page: unlock it first") }
            change.removed += onPage[index].map(\.id)
        }
        background.pages = pages
        change.background = background
        if background.bounds != markup.bounds { change.page = PageChange(bounds: background.bounds, sheetHeight: markup.sheetHeight) }
        try commit(change)
    }

    /// The elements on each of `pages`, by the middle of their boxes: a page holds what lies over it
    /// and over the half of each gap beside it, the first page what lies above it and the last what
    /// lies below.
    private func elementsByPage(_ pages: [PageBackground.Page]) -> [[Element]] {
        var onPage = Array(repeating: [Element](), count: pages.count)
        let borders = zip(pages, pages.dropFirst()).map { ($0.frame.maxY + $1.frame.minY) / 2 }
        for element in markup.elements {
            let middle = element.renderFrame.center.y
            // The first page whose lower border lies below the middle: by halving.
            var low = 0, high = borders.count
            while low < high {
                let mid = (low + high) / 2
                if borders[mid] <= middle { low = mid + 1 } else { high = mid }
            }
            onPage[low].append(element)
        }
        return onPage
    }
}
