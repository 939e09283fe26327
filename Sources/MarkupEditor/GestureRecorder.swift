import MarkupModel

/// Collects what one gesture changed, so the whole gesture is one undo step however many changes
/// it made along the way.
struct GestureRecorder: Sendable {
    /// Each touched element's value before the gesture; nil for elements the gesture created.
    private var originals: [ElementID: Element?] = [:]
    private var order: [ElementID] = []
    private var blobs: [BlobID: [UInt8]] = [:]
    /// The paper, the page and the background before the gesture first changed them.
    private var paperBefore: PaperChange?, pageBefore: PageChange?, backgroundBefore: PageBackground?

    /// Notes the state before `change` is applied to `markup`.
    mutating func willApply(_ change: MarkupChange, to markup: Markup) {
        for id in change.removed + change.updated.map(\.id) + change.added.map(\.id) where originals[id] == nil {
            originals[id] = .some(markup.element(withID: id))
            order.append(id)
        }
        blobs.merge(change.addedBlobs) { first, _ in first }
        if change.paper != nil, paperBefore == nil { paperBefore = PaperChange(to: markup.paper) }
        if change.page != nil, pageBefore == nil { pageBefore = PageChange(of: markup) }
        if change.background != nil, backgroundBefore == nil { backgroundBefore = markup.background }
    }

    /// The gesture's net change and its inverse, given the document after it.
    func finish(with markup: Markup) -> RecordedChange? {
        var forward = MarkupChange(addedBlobs: blobs), backward = MarkupChange()
        for id in order {
            let before = originals[id] ?? nil, after = markup.element(withID: id)
            switch (before, after) {
            case (nil, nil): continue
            case (nil, let after?):
                forward.added.append(after)
                backward.removed.append(id)
            case (let before?, nil):
                forward.removed.append(id)
                backward.added.append(before)
            case (let before?, let after?):
                guard before != after else { continue }
                forward.updated.append(after)
                backward.updated.append(before)
            }
        }
        if let paperBefore, paperBefore.paper != markup.paper { (forward.paper, backward.paper) = (PaperChange(to: markup.paper), paperBefore) }
        if let pageBefore, pageBefore != PageChange(of: markup) { (forward.page, backward.page) = (PageChange(of: markup), pageBefore) }
        if let backgroundBefore, backgroundBefore != markup.background { (forward.background, backward.background) = (markup.background, backgroundBefore) }
        return forward.isEmpty ? nil : RecordedChange(forward: forward, backward: backward)
    }
}
