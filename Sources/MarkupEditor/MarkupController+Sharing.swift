import MarkupModel

/// A document several writers change at once (several servers on one library): each keeps its
/// own controller, and the journal's order is the truth. Changes made here stay unconfirmed until
/// saved, and the document as it was before them is kept beside; when another writer saved first,
/// the document goes back to that, the other's changes are applied, and the changes made here are
/// made again on top, in the order the journal will hold them, so every writer converges.
extension MarkupController {
    /// Whether changes made here are kept until `confirm` says they are saved. Off by default; on,
    /// it keeps a second copy of the document's element list (the strokes themselves are shared).
    public var tracksUnconfirmedChanges: Bool {
        get { unconfirmed != nil }
        set {
            unconfirmed = newValue ? (unconfirmed ?? []) : nil
            confirmedMarkup = newValue ? (confirmedMarkup ?? markup) : nil
        }
    }

    /// How many changes made here are not yet confirmed.
    public var unconfirmedCount: Int { unconfirmed?.count ?? 0 }

    /// The oldest `count` unconfirmed changes are saved.
    public func confirm(_ count: Int) {
        guard count > 0, unconfirmed != nil else { return }
        for change in unconfirmed!.prefix(count) { confirmedMarkup!.apply(change) }
        unconfirmed!.removeFirst(min(count, unconfirmed!.count))
    }

    /// Takes back every unconfirmed change and returns them, oldest first: the document is then
    /// exactly as its journal last had it here (whatever room the changes made by moving others up
    /// a step). Reported as one `didChangeMarkup` event with the elements they touched (and the
    /// paper and the page's size, when one of them changed them).
    public func takeBackUnconfirmed() -> [MarkupChange] {
        guard let taken = unconfirmed, !taken.isEmpty, let confirmedMarkup else { return [] }
        let touched = Set(taken.flatMap { change in change.added.map(\.id) + change.updated.map(\.id) + change.removed })
        let (paperBefore, pageBefore, backgroundBefore) = (markup.paper, PageChange(of: markup), markup.background)
        markup = confirmedMarkup
        unconfirmed = []
        keepIndexInStep(with: touched)
        pendingEvents.append(.didChangeMarkup(MarkupChange(updated: touched.compactMap { markup.element(withID: $0) },
                                                           removed: touched.filter { markup.element(withID: $0) == nil },
                                                           paper: markup.paper == paperBefore ? nil : PaperChange(to: markup.paper),
                                                           page: PageChange(of: markup) == pageBefore ? nil : PageChange(of: markup),
                                                           background: markup.background == backgroundBefore ? nil : markup.background)))
        keepSelectionInStep()
        return taken
    }

    /// Applies a change already saved elsewhere (another writer's, read from the journal): no undo
    /// step, nothing to confirm; reported as a `didChangeMarkup` event. Only while nothing made here
    /// is unconfirmed (after `takeBackUnconfirmed`).
    public func applyExternal(_ change: MarkupChange) {
        isApplyingExternally = true
        defer { isApplyingExternally = false }
        perform(change)
    }

    /// Makes `change` (taken back by `takeBackUnconfirmed`) again, unconfirmed, and returns it as
    /// made. Elements it adds that now share a z-index with one of `foreign` (the elements another
    /// writer's changes added or changed meanwhile), or with one moved so before, go on top instead,
    /// together and in their order, so two writers' new elements never tie; `renumbered` carries
    /// those moves on to the later changes taken back with it, which may change the same elements,
    /// and to their undo steps.
    public func reapply(_ change: MarkupChange, over foreign: Set<ElementID>,
                        renumbered: inout [ElementID: (from: Int64, to: Int64)]) -> MarkupChange {
        let original = change
        var change = change
        if let lowest = change.added.map(\.zIndex).min(),
           change.added.contains(where: { added in
               markup.element(atZIndex: added.zIndex).map { foreign.contains($0.id) || renumbered[$0.id] != nil } == true
           }) {
            let shift = markup.nextZIndex &- lowest
            for element in change.added { renumbered[element.id] = (element.zIndex, element.zIndex &+ shift) }
        }
        let moves = renumbered
        let renumber = { (element: Element) -> Element in
            guard let move = moves[element.id], element.zIndex == move.from else { return element }
            var moved = element
            moved.zIndex = move.to
            return moved
        }
        change.added = change.added.map(renumber)
        change.updated = change.updated.map(renumber)
        // Made over another writer's changes, the lines attached to what it changes follow where
        // those left them.
        change = routingConnectedLines(in: change, connectionsAsGiven: Set((change.added + change.updated).map(\.id)))
        // Undone, a change of the paper, the page or the background brings back what it is now made over.
        let undone = perform(change)
        if change != original || undone.paper != nil || undone.page != nil || undone.background != nil {
            for scope in histories.keys where histories[scope]!.replaceStep(original, with: change, renumber: renumber, undoing: undone) { break }
        }
        return change
    }
}
