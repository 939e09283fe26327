import MarkupModel

/// A change together with what it replaced, so it can be undone exactly.
struct RecordedChange: Sendable {
    var forward: MarkupChange
    var backward: MarkupChange

    /// `backward`, kept to the elements (and the paper, the page's size and the background's pages)
    /// that are still as `forward` left them in `markup`: with several people on one document, an
    /// undo never overwrites or brings back what someone else has deleted since, and of an element
    /// someone else has changed since it takes back only what they left as the step left it
    /// (`ConcurrentEditMerge`). With one person it is `backward` whole.
    func reversal(in markup: Markup) -> MarkupChange {
        var leftBy = [ElementID: Element?]()
        for id in forward.removed { leftBy[id] = .some(nil) }
        for element in forward.added + forward.updated { leftBy[element.id] = .some(element) }
        func isAsLeft(_ id: ElementID) -> Bool {
            guard let expected = leftBy[id] else { return true }
            return markup.element(withID: id) == expected
        }
        // What the step added is taken away again unless someone changed more of it than its place
        // in the order (which an element put back by someone else's undo may have claimed).
        func isAsAdded(_ id: ElementID) -> Bool {
            guard var now = markup.element(withID: id) else { return false }
            guard let expected = leftBy[id] else { return true }
            guard let expected else { return false }
            now.zIndex = expected.zIndex
            return now == expected
        }
        var reversal = MarkupChange(
            added: backward.added.filter { markup.element(withID: $0.id) == nil && isAsLeft($0.id) },
            updated: ConcurrentEditMerge.keepingZOrderUnique(backward.updated.compactMap { before in
                guard let now = markup.element(withID: before.id) else { return nil }
                guard let left = leftBy[before.id] ?? nil, now != left else { return before }
                return ConcurrentEditMerge.merged(before: before, left: left, now: now)
            }, in: markup),
            removed: backward.removed.filter(isAsAdded))
        let drawn = Set((reversal.added + reversal.updated).compactMap { $0.content.blobReference })
        reversal.addedBlobs = backward.addedBlobs.filter { drawn.contains($0.key) }
        if let paper = forward.paper, markup.paper == paper.paper { reversal.paper = backward.paper }
        if let page = forward.page, PageChange(of: markup) == page { reversal.page = backward.page }
        if let background = forward.background, markup.background == background { reversal.background = backward.background }
        return reversal
    }
}
