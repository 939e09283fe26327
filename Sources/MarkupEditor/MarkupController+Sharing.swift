import MarkupModel

/// A document several writers change at once (several servers on one library): each keeps its
/// own controller, and the journal's order is the truth. Changes made here stay unconfirmed until
/// saved; when another writer saved first, they are taken back, the other's applied, and they are
/// made again on top, in the order the journal will hold them, so every writer converges.
extension MarkupController {
    /// Whether changes made here are kept until `confirm` says they are saved. Off by default.
    public var tracksUnconfirmedChanges: Bool {
        get { unconfirmed != nil }
        set { unconfirmed = newValue ? (unconfirmed ?? []) : nil }
    }

    /// How many changes made here are not yet confirmed.
    public var unconfirmedCount: Int { unconfirmed?.count ?? 0 }

    /// The oldest `count` unconfirmed changes are saved.
    public func confirm(_ count: Int) {
        guard count > 0, unconfirmed != nil else { return }
        unconfirmed!.removeFirst(min(count, unconfirmed!.count))
    }

    /// Takes back every unconfirmed change, newest first, and returns them oldest first: the
    /// document is then as its journal last had it here. Reported as `didChangeMarkup` events.
    public func takeBackUnconfirmed() -> [MarkupChange] {
        let taken = unconfirmed ?? []
        unconfirmed = unconfirmed.map { _ in [] }
        externally { for step in taken.reversed() { perform(step.backward) } }
        return taken.map(\.change)
    }

    /// Applies a change made elsewhere (another writer's, read from the journal): no undo step,
    /// nothing to confirm; reported as a `didChangeMarkup` event.
    public func applyExternal(_ change: MarkupChange) {
        externally { perform(change) }
    }

    /// Makes `change` (taken back by `takeBackUnconfirmed`) again, unconfirmed, and returns it as
    /// made. Elements it adds that now share a z-index with another element go on top instead,
    /// together and in their order, so two writers' new elements never tie.
    public func reapply(_ change: MarkupChange) -> MarkupChange {
        var change = change
        if let lowest = change.added.map(\.zIndex).min(),
           change.added.contains(where: { markup.zIndex(above: $0.zIndex &- 1) == $0.zIndex }) {
            let shift = markup.nextZIndex &- lowest
            let original = change
            for index in change.added.indices { change.added[index].zIndex &+= shift }
            for scope in histories.keys where histories[scope]!.replaceForward(original, with: change) { break }
        }
        perform(change)
        return change
    }

    private func externally(_ body: () -> Void) {
        isApplyingExternally = true
        defer { isApplyingExternally = false }
        body()
    }
}
