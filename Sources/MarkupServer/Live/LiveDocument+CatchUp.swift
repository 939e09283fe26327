import Foundation
import MarkupEditor
import MarkupModel
import MarkupStore

/// Several writers on one library (other servers, the command line, a copy of the document closing
/// here as this one opened): each keeps its own controller for the document, and the journal's
/// order is the truth. When another writer appended first (this server's append came back
/// `conflict`, or the library said so), the document catches up: it takes back its own changes not
/// yet saved, applies the other writer's entries and tells its pages, then makes its own again on
/// top and saves them in their places, so every server's pages end with the same elements in the
/// same order. A change the library could not take at all (a full disk, a database locked too
/// long) is made again the same way after a wait, and saved once it can be: none is lost, none kept
/// twice. Everything here runs on the document's queue.
extension LiveDocument {
    /// How long to wait before trying again when the library could not be read.
    static let catchUpRetrySeconds = 0.5
    /// What the pages are told when the library begins to refuse the document's changes.
    static let libraryRefusedNotice = "The library cannot be written just now: your edits are kept and are saved as soon as it can be."

    /// Keeps changes until they are saved and asks to catch up when another writer appends; and
    /// catches up once now, for what was appended while the document was being read.
    func shareWithOtherServers() {
        controller.tracksUnconfirmedChanges = true
        session?.haltsAfterFailure = true
        publisher.startCatchingUp { [weak self] in
            guard let self else { return }
            queue.async { self.catchUp() }
        }
        publisher.heardOfAppend(through: .max)
    }

    /// Brings the document up to the journal's head, with this server's parked changes on top.
    func catchUp() {
        flushEvents()
        if publisher.takeUntoldFailure() {
            // Straight to the pages: what the document says otherwise waits behind the changes parked.
            let text = ServerMessage.notice(Self.libraryRefusedNotice).json
            for client in pages.keys { client.send(text) }
        }
        guard let parked = publisher.beginCatchUp() else { return }
        let newer: Newer
        do {
            newer = try entries(after: savedSequence)
        } catch StoreError.documentNotFound {
            // Deleted from elsewhere (the command line): its pages are told, as of a deletion here.
            log(.info, "document \(id) was deleted meanwhile")
            return deleted()
        } catch {
            log(.error, "document \(id): could not catch up with the library: \(error)")
            return publisher.retryCatchUp(parked, after: Self.catchUpRetrySeconds)
        }
        controller.confirm(publisher.takeCompleted())
        let ownChanges = controller.takeBackUnconfirmed()
        if ownChanges.count != parked.count {
            log(.error, "document \(id): \(ownChanges.count) changes were not saved, but \(parked.count) were parked")
            // Whatever waits behind a place with no change left for it must not wait for ever.
            for entry in parked.dropFirst(ownChanges.count) { publisher.resubmit(entry, as: nil, current: { controller.markup }, announce: { _ in }) }
        }
        let applied = newer.operations
        var foreign = Set<ElementID>()
        for entry in newer.changes(from: controller.markup) {
            controller.applyExternal(entry.change)
            foreign.formUnion(entry.change.added.map(\.id) + entry.change.updated.map(\.id))
            let announce = announcement(of: entry.change), sequence = entry.sequence
            publisher.deliverAhead { announce(sequence) }
        }
        session?.adoptEntries(through: newer.head)
        publisher.noteApplied(Array(applied))
        var renumbered = [ElementID: (from: Int64, to: Int64)]()
        for (entry, change) in zip(parked, ownChanges) {
            // An edit the other server applied already (a page resent it there) is not made twice; a
            // page sent its elements meanwhile (it joined, or looked there) is told they are not there.
            if let operation = entry.operation, applied.contains(operation) {
                let undone = MarkupChange(updated: change.updated.compactMap { controller.markup.element(withID: $0.id) },
                                          removed: change.added.map(\.id).filter { controller.markup.element(withID: $0) == nil })
                publisher.resubmit(entry, as: nil, current: { controller.markup }, announce: announcement(of: undone))
                continue
            }
            let made = controller.reapply(change, over: foreign, renumbered: &renumbered)
            publisher.resubmit(entry, as: made, current: { controller.markup }, announce: announcement(of: made))
        }
        var selectionChanged = false, touched = Set<ElementID>()
        for event in controller.takeEvents() {
            switch event {
            case .didChangeSelection: selectionChanged = true
            case .didChangeMarkup(let change): noteChange(change, touching: &touched)
            default: break
            }
        }
        tellSelections(ownerChanged: selectionChanged, touched: touched)
    }

    /// What another server appended: its journal entries, or the document read again whole.
    enum Newer {
        case entries([(sequence: Int64, change: MarkupChange, operation: String?)], head: Int64)
        case whole(StoredDocument)

        /// The ids of the edits applied, as far as they are known: every entry's, or the document's
        /// recent ones.
        var operations: Set<String> {
            switch self {
            case .entries(let entries, _): Set(entries.compactMap(\.operation))
            case .whole(let stored): stored.operations
            }
        }

        /// The changes to apply to `markup`, the document as this server last saved it.
        func changes(from markup: Markup) -> [(sequence: Int64, change: MarkupChange, operation: String?)] {
            switch self {
            case .entries(let entries, _): entries
            case .whole(let stored): [(stored.sequence, MarkupChange(from: markup, to: stored.markup), nil)]
            }
        }

        var head: Int64 {
            switch self {
            case .entries(_, let head): head
            case .whole(let stored): stored.sequence
            }
        }
    }

    /// The journal's entries after `sequence`, as changes; when the journal no longer holds them all
    /// (a snapshot covers some), or holds one this server cannot replay, the document read again whole.
    private func entries(after sequence: Int64) throws -> Newer {
        if let entries = try store.journal(of: id, after: sequence),
           let changes = try? entries.map({ entry in
               guard entry.entry.kind == JournalEntry.changeKind else { throw StoreError.document(.malformedData(reason: "unknown kind")) }
               return (entry.sequence, try ChangeCodec.decode(entry.entry.payload), entry.entry.operation)
           }) {
            return .entries(changes, head: entries.last?.sequence ?? sequence)
        }
        let stored = try store.open(id)
        return stored.sequence > sequence ? .whole(stored) : .entries([], head: sequence)
    }
}
