/// One user-visible change as element-level diffs: the single source of truth for what changed, which
/// the store journals, the server broadcasts and undo reverses.
public struct MarkupChange: Hashable, Sendable {
    /// Elements that did not exist before, with their values.
    public var added: [Element]
    /// Elements that changed, with their new values.
    public var updated: [Element]
    /// Ids of elements that no longer exist.
    public var removed: [ElementID]
    /// Blobs the added or updated elements need, by id.
    public var addedBlobs: [BlobID: [UInt8]]
    /// The paper the document is put on; nil when the change leaves it as it was.
    public var paper: PaperChange?
    /// The page's new size (a notebook's page made a sheet longer or shorter); nil when the change
    /// leaves it as it was.
    public var page: PageChange?
    /// The background from now on (a blank page put in among its pages, a page duplicated, moved or
    /// taken out); nil when the change leaves it as it was.
    public var background: PageBackground?

    public init(added: [Element] = [], updated: [Element] = [], removed: [ElementID] = [], addedBlobs: [BlobID: [UInt8]] = [:],
                paper: PaperChange? = nil, page: PageChange? = nil, background: PageBackground? = nil) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.addedBlobs = addedBlobs
        self.paper = paper
        self.page = page
        self.background = background
    }

    public var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty && paper == nil && page == nil && background == nil }
}

extension Markup {
    /// Applies `change` and returns the change that undoes it exactly.
    @discardableResult
    public mutating func apply(_ change: MarkupChange) -> MarkupChange {
        var backward = MarkupChange()
        for (id, bytes) in change.addedBlobs { addBlob(.init(bytes), id: id) }
        backward.added = removeElements(withIDs: change.removed)
        for element in change.updated {
            if let old = self.element(withID: element.id) {
                backward.updated.append(old)
                replace(element)
            }
        }
        for element in change.added {
            if let old = self.element(withID: element.id) { backward.updated.append(old) } else { backward.removed.append(element.id) }
        }
        insertElements(change.added)
        if let paperChange = change.paper {
            backward.paper = PaperChange(to: paper)
            paper = paperChange.paper
        }
        if let pageChange = change.page {
            backward.page = PageChange(of: self)
            (bounds, sheetHeight) = (pageChange.bounds, pageChange.sheetHeight)
        }
        if let newBackground = change.background, let old = background {
            backward.background = old
            background = newBackground
        }
        return backward
    }
}

extension MarkupChange {
    /// The change that turns `old`'s elements, paper, page and background's pages into `new`'s: what restoring a
    /// version applies, so the restore is one step that undo reverses. Blobs `new` uses that `old`
    /// lacks come with it.
    ///
    /// - Complexity: O(n) in the elements of both.
    public init(from old: Markup, to new: Markup) {
        self.init()
        let oldByID = Dictionary(old.elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var kept = Set<ElementID>()
        for element in new.elements {
            if let previous = oldByID[element.id] {
                kept.insert(element.id)
                if previous != element { updated.append(element) }
            } else {
                added.append(element)
            }
        }
        removed = old.elements.map(\.id).filter { !kept.contains($0) }
        for (id, data) in new.blobs where old.blobs[id] == nil { addedBlobs[id] = [UInt8](data) }
        if new.paper != old.paper { paper = PaperChange(to: new.paper) }
        if PageChange(of: new) != PageChange(of: old) { page = PageChange(of: new) }
        if let pages = new.background, old.background != nil, pages != old.background { background = pages }
    }
}
