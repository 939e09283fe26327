import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupRender
import MarkupStore

/// One open document: the controller that is the authority over it, the pages showing it (a
/// `PageSession` each), and the `ChangePublisher` that journals its changes before any page hears
/// of them. Messages are dispatched in `LiveDocument+Dispatch`, ink in `LiveDocument+Ink`.
/// Everything runs on the document's serial queue, so the order in which the server applies input
/// is the order every page sees, which is how concurrent edits resolve.
final class LiveDocument: @unchecked Sendable {
    let id: DocumentID
    let queue: DispatchQueue
    private(set) var title: String
    let controller: MarkupController
    let store: any DocumentStore
    let readOnlyReason: String?
    let log: ServerLog
    let session: AutosaveSession?
    /// What pages copied or cut, shared with every open document.
    let clipboards: ClipboardStore
    /// The tone curve's range, fixed at opening: pages only add SDR colors.
    private let exposure: Double
    var pages: [WebSocketConnection: PageSession] = [:]
    /// How many pages have joined: the next one's color.
    var arrivals = 0
    /// The page whose eraser, lasso or selection gesture is in progress: one at a time per document.
    var gestureOwner: WebSocketConnection?
    /// The page whose selection the controller holds now; every other page's waits in its session.
    var selectionOwner: WebSocketConnection?
    /// How many changes the document has had while open: whether a page's selection was checked since.
    var changeCount = 0
    /// Changes published while handling the current message.
    var published = 0
    /// Journals changes, then tells the pages, in order.
    let publisher: ChangePublisher
    /// The id of the edit being handled, until its first change is journaled with it.
    var unjournaledOperation: String?
    /// Pages' messages taken and not yet handled (`take`), under its own lock: read off the queue.
    private let takenLock = NSLock()
    private var taken = 0
    /// The outlines of strokes just drawn, by element, until their change is out: the SVG of the
    /// change that adds them is drawn from these instead of outlining each stroke again.
    var drawnOutlines: [ElementID: StrokeGeometry] = [:]
    /// The library's thumbnail of the document as it was at a journal position, under its own lock:
    /// asked for off the queue, and drawn again only once the document has changed.
    private let thumbnailLock = NSLock()
    private var thumbnailDrawn: (sequence: Int64, png: Data)?

    /// Elements go to a page in messages of at most this many, or about this many bytes of SVG.
    static let elementsPerMessage = 2000
    static let elementBytesPerMessage = 256 << 10
    /// A page is sent more of its view's elements only while less than this waits for it unread.
    static let elementPaceBytes = 1 << 20
    /// The undo scope a version is restored in before every page is given the step: no page's.
    static let versionScope = "version"

    init(stored: StoredDocument, store: any DocumentStore, log: ServerLog, committer: GroupCommitter?, clipboards: ClipboardStore,
         thumbnailer: @escaping @Sendable (Markup) -> [UInt8]?) {
        self.clipboards = clipboards
        id = stored.summary.id
        title = stored.summary.title
        queue = DispatchQueue(label: "markupkit.document.\(stored.summary.id)")
        controller = MarkupController(markup: stored.markup)
        readOnlyReason = stored.summary.readOnlyReason
        controller.isEditable = readOnlyReason == nil
        let session = readOnlyReason == nil
            ? try? AutosaveSession(store: store, document: stored, thumbnailer: thumbnailer, previewer: Self.previewer(of: stored.summary.id, in: store),
                                   committer: committer) : nil
        publisher = ChangePublisher(session: session, log: log, documentID: stored.summary.id, operations: stored.operations)
        self.store = store
        exposure = stored.markup.maximumLinearExposure
        self.log = log
        self.session = session
        buildStrokeHits()
        // Another writer may append too: another server on the library, the command line, or this
        // document's previous copy here still saving as this one was read.
        if session != nil { shareWithOtherServers() }
    }

    /// What draws the first view each snapshot keeps, under the title the document has then.
    private static func previewer(of id: DocumentID, in store: any DocumentStore) -> @Sendable (Markup, Int64) -> DocumentPreview? {
        { markup, sequence in DocumentPreviewer.preview(of: markup, id: id, title: (try? store.summary(of: id).title) ?? "", sequence: sequence) }
    }

    /// Builds the eraser's store of every stroke's centre line beside the first pages' views, not
    /// before them.
    private func buildStrokeHits() {
        let build = controller.strokeHitStoreBuilder()
        DispatchQueue.global(qos: .utility).async { [weak self] in
            let store = build()
            guard let self else { return }
            queue.async { self.controller.adoptStrokeHits(store) }
        }
    }

    /// The library's thumbnail of the document as it is now, drawn outside the queue.
    func currentThumbnail() -> Data? {
        let (markup, sequence) = queue.sync { (controller.markup, savedSequence) }
        if let drawn = thumbnailLock.withLock({ thumbnailDrawn }), drawn.sequence == sequence { return drawn.png }
        guard let png = DocumentHub.thumbnailer(markup).map({ Data($0) }) else { return nil }
        thumbnailLock.withLock { thumbnailDrawn = (sequence, png) }
        return png
    }

    /// Counts a page's message taken; true when none was waiting or being handled before it.
    func takeMessage() -> Bool { takenLock.withLock { defer { taken += 1 }; return taken == 0 } }

    func finishMessage() { takenLock.withLock { taken -= 1 } }

    /// Runs `body` on the document's queue and waits for it, counted as a message meanwhile: pages'
    /// messages arriving during a long one (a version restored, its snapshot written) wait their turn
    /// on the queue rather than each hold one of the threads every page's events share.
    func runAsMessage<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = takeMessage()
        defer { finishMessage() }
        return try queue.sync(execute: body)
    }

    var clientCount: Int { pages.count }
    var savedSequence: Int64 { publisher.savedSequence }

    /// What draws the document for pages in the light or the dark appearance.
    func renderer(dark: Bool) -> MarkupRenderer {
        MarkupRenderer(markup: controller.markup, options: RenderOptions(darkAppearance: dark, maximumExposure: exposure))
    }

    /// `outlines`: strokes' outlines already built, by element.
    private func svg(_ elements: [Element], dark: Bool, outlines: [ElementID: StrokeGeometry] = [:]) -> [ElementSVG] {
        let drawing = renderer(dark: dark)
        return elements.map { ElementSVG(id: $0.id.description, z: $0.zIndex, svg: drawing.svgFragment(for: $0, geometry: outlines[$0.id])) }
    }

    /// The appearances the pages show, each with the pages showing it.
    func pagesByAppearance(_ clients: [WebSocketConnection]? = nil) -> [(dark: Bool, clients: [WebSocketConnection])] {
        let grouped = Dictionary(grouping: clients ?? Array(pages.keys)) { pages[$0]?.darkAppearance ?? false }
        return grouped.keys.sorted { !$0 && $1 }.map { ($0, grouped[$0]!) }
    }

    /// A page that turns to the other appearance gets its elements again, drawn that way, once it
    /// sends its view.
    func setAppearance(of client: WebSocketConnection, dark: Bool) {
        guard var page = pages[client], page.appearance.set(dark: dark) else { return }
        page.sent.removeAll()
        page.unsent.removeAll()
        pages[client] = page
    }

    // MARK: - Pages

    func join(_ client: WebSocketConnection) {
        let page = PageSession(connection: client, color: Self.presenceColors[arrivals % Self.presenceColors.count])
        arrivals += 1
        pages[client] = page
        controller.undoScope = page.undoScope
        client.send(ServerMessage.hello(.init(
            protocolVersion: ServerMessage.protocolVersion, document: .init(id: id.description, title: title, bounds: controller.markup.bounds,
                                                                            paper: controller.markup.paper, sheetHeight: controller.markup.sheetHeight,
                                                                            pdf: controller.markup.background?.isPDF == true ? true : nil),
            sequence: savedSequence, canUndo: controller.canUndo, canRedo: controller.canRedo, readOnly: readOnlyReason,
            zoomRange: [controller.zoomRange.lowerBound, controller.zoomRange.upperBound],
            background: controller.markup.background)).json)
        sendSelection(to: [client])
        announceArrival(of: client)
    }

    func leave(_ client: WebSocketConnection) {
        guard pages[client] != nil else { return }
        // A gesture it leaves under way is called off over its own selection.
        if gestureOwner == client { useSelection(of: client) }
        guard let page = pages.removeValue(forKey: client) else { return }
        announceDeparture(of: page, from: client)
        if page.ink != nil { endLive(of: page.stream) }
        if gestureOwner == client {
            controller.undoScope = page.undoScope
            handlePointer(PointerEvent(phase: .cancelled, samples: []), from: client)
            flushEvents()
        }
        if selectionOwner === client { selectionOwner = nil }
    }

    func renamed(_ newTitle: String) {
        title = newTitle
        broadcast(.title(newTitle))
    }

    /// Tells every page the document is gone and drops them.
    func deleted() {
        broadcast(.error("this document was deleted: the library keeps it 30 days in Recently deleted, to restore it"))
        for client in pages.keys { client.close() }
        pages.removeAll()
    }

    /// Writes the last snapshot. Called at shutdown, on the document's queue.
    func close() {
        publisher.stopCatchingUp()
        publisher.waitUntilSaved()
        writeClosingSnapshot(savedMarkup())
    }

    /// Writes the last snapshot, of `markup`, the document as its last page left it; waits for it, so
    /// it is called from a thread of its own, not the document's queue or any other Dispatch thread.
    func close(_ markup: Markup) {
        publisher.stopCatchingUp()
        publisher.waitUntilSaved()
        writeClosingSnapshot(controller.tracksUnconfirmedChanges ? queue.sync { savedMarkup() } : (markup, nil))
    }

    /// The document as the journal holds it through its last change saved here, with that position,
    /// for a closing snapshot: nil while a change made here is not saved (one parked after another
    /// server's append, or being made again), since no snapshot may hold what the journal does not.
    /// On the document's queue, once catching up has stopped and what was submitted is saved.
    private func savedMarkup() -> (markup: Markup, sequence: Int64?)? {
        guard controller.tracksUnconfirmedChanges else { return (controller.markup, nil) }
        controller.confirm(publisher.takeCompleted())
        return controller.unconfirmedCount == 0 ? (controller.markup, savedSequence) : nil
    }

    private func writeClosingSnapshot(_ saved: (markup: Markup, sequence: Int64?)?) {
        guard let saved else { return log(.info, "document \(id): no closing snapshot, a change made here is not saved yet") }
        do {
            try session?.close(saved.markup, through: saved.sequence)
        } catch {
            log(.error, "document \(id): the closing snapshot failed: \(error)")
        }
    }

    /// Takes on the undo histories of an earlier copy of this document (one that closed here, or
    /// that a stopping server kept in the library), and tells each page whether it can undo now.
    func adopt(_ histories: UndoHistories) {
        controller.adoptUndoHistories(histories)
        for (client, page) in pages {
            controller.undoScope = page.undoScope
            sendHistory(to: client)
        }
    }

    /// Makes the document a saved version again, as one step every page can undo.
    func restore(_ version: Markup) throws {
        guard readOnlyReason == nil else { throw EditorError.notEditable }
        // The state it replaces is kept as a version first, as when no page has the document open, so
        // it can be restored again once the pages' undo histories are gone: only what the journal
        // holds (with several servers, a change made here may still be waiting for another's).
        if controller.tracksUnconfirmedChanges {
            publisher.waitUntilSaved()
            controller.confirm(publisher.takeCompleted())
            guard controller.unconfirmedCount == 0 else { throw EditorError.busy("a change made here is still being saved") }
        }
        try session?.keepAsVersion(controller.markup, through: controller.tracksUnconfirmedChanges ? savedSequence : nil)
        // No page made it, so every page showing the document may undo it; made in a scope no page
        // has, it is not part of a gesture a page has under way.
        let scopes = pages.values.map(\.undoScope)
        controller.undoScope = Self.versionScope
        try controller.restore(version)
        controller.shareLastStep(with: scopes)
        controller.forgetSteps(of: Self.versionScope)
        flushEvents()
        for (client, page) in pages {
            controller.undoScope = page.undoScope
            sendHistory(to: client)
        }
    }

    // MARK: - Events to pages and to the library

    func flushEvents() {
        var selectionChanged = false, touched = Set<ElementID>()
        for event in controller.takeEvents() {
            switch event {
            case .didBeginDrawing:
                sendLive(stream: Self.engineStream) { _ in .liveBegin(stream: Self.engineStream) }
            case .didUpdateLiveStroke(let ink, let update):
                broadcastLive(update, ink: ink, stream: Self.engineStream)
            case .didCancelLiveStroke:
                endLive(of: Self.engineStream)
            case .didChangeMarkup(let change):
                publish(change)
                noteChange(change, touching: &touched)
            case .didChangeSelection:
                selectionChanged = true
            case .didChangeContentVisibleFrame:
                break
            }
        }
        tellSelections(ownerChanged: selectionChanged, touched: touched)
        drawnOutlines.removeAll()
    }

    /// Counts `change` and adds the elements it moved, restyled, locked or removed to `touched`.
    func noteChange(_ change: MarkupChange, touching touched: inout Set<ElementID>) {
        changeCount += 1
        touched.formUnion(change.updated.lazy.map(\.id))
        touched.formUnion(change.removed)
    }

    /// Tells each page of its own selection where it may have changed: the page whose selection the
    /// controller holds, when that changed (`ownerChanged`), and any page that selected an element
    /// `touched` names.
    func tellSelections(ownerChanged: Bool, touched: Set<ElementID>) {
        guard ownerChanged || !touched.isEmpty else { return }
        let told = pages.keys.filter { client in
            (ownerChanged && client === selectionOwner) || !selection(of: client).isDisjoint(with: touched)
        }
        if !told.isEmpty { sendSelection(to: told) }
    }

    /// What `client` has selected: the controller's selection while it holds that page's.
    func selection(of client: WebSocketConnection) -> Set<ElementID> {
        client === selectionOwner ? controller.selection : pages[client]?.selection ?? []
    }

    /// Gives the controller `client`'s selection, keeping the one it held in its page's session:
    /// before the controller acts for a page, as it selects, moves or deletes what that page selected.
    func useSelection(of client: WebSocketConnection) {
        guard client !== selectionOwner else { return }
        if let owner = selectionOwner, pages[owner] != nil {
            pages[owner]?.selection = controller.selection
            pages[owner]?.selectionCheckedAt = changeCount
        }
        let page = pages[client]
        controller.restoreSelection(page?.selection ?? [], checked: page?.selectionCheckedAt == changeCount)
        selectionOwner = client
    }

    /// Journals a change, then tells every page: a page that hears of a change knows it is saved.
    private func publish(_ change: MarkupChange) {
        published += 1
        if controller.tracksUnconfirmedChanges { controller.confirm(publisher.takeCompleted()) }
        let operation = unjournaledOperation
        unjournaledOperation = nil
        publisher.publish(change, operation: operation, current: { controller.markup }, announce: announcement(of: change))
    }

    /// What tells every page of `change`, as the document has it now, given the change's journal
    /// position once it is saved, or nil when it could not be.
    func announcement(of change: MarkupChange) -> @Sendable (Int64?) -> Void {
        let added = change.added.compactMap { controller.markup.element(withID: $0.id) }
        let updated = change.updated.compactMap { controller.markup.element(withID: $0.id) }
        let removed = change.removed.map(\.description)
        let paper = change.paper.map { ServerMessage.PaperSetting($0.paper) }, page = change.page, background = change.background
        let drawn = pagesByAppearance().map { group in
            (dark: group.dark, pages: group.clients.compactMap { client in pages[client].map { (client, $0.appearance) } },
             added: svg(added, dark: group.dark, outlines: drawnOutlines), updated: svg(updated, dark: group.dark))
        }
        let everyone = Array(pages.keys)
        for client in everyone { pages[client]?.heard(of: change) }
        // Runs on the committer's thread once the change is durable: it reads only what it captured.
        return { [publisher] sequence in
            if sequence == nil {
                // The change stays on screen but is not called saved: pages show the failure instead.
                let text = ServerMessage.error("NOT SAVED: the library could not be written. Reload the page to get the saved state back.").json
                for client in everyone { client.send(text) }
            }
            // A page that joined since, or turned to the other appearance, is sent the element as it is
            // by its view instead.
            for group in drawn {
                let text = ServerMessage.change(.init(added: group.added, updated: group.updated, removed: removed,
                                                      sequence: sequence ?? publisher.savedSequence, saved: sequence == nil ? false : nil,
                                                      paper: paper, bounds: page?.bounds, sheetHeight: page?.sheetHeight,
                                                      background: background)).json
                for (client, appearance) in group.pages { appearance.send(text, drawnDark: group.dark, to: client) }
            }
        }
    }

    /// Queues for the page the elements a view of `area` shows (with half a view's margin around
    /// it) that it does not have yet, back to front, and starts sending them.
    func sendElements(in area: Rect, to client: WebSocketConnection) {
        guard area.isFinite, area.width > 0, area.height > 0 else { return }
        let reach = area.expanded(by: max(area.width, area.height) / 2)
        // The session is read and then changed where it is kept: a copy held meanwhile would make
        // adding to its set of sent elements copy the whole set.
        guard let missing = pages[client].map({ page in controller.elements(in: reach).filter { !page.sent.contains($0) } }) else { return }
        guard !missing.isEmpty else {
            client.send(ServerMessage.elements([]).json)
            return
        }
        let ordered = missing.compactMap { controller.markup.element(withID: $0) }.sorted { $0.zIndex < $1.zIndex }.map(\.id)
        pages[client]?.queue(ordered)
        sendUnsent(to: client)
    }

    /// Sends the page its next unsent elements while it keeps up, and the rest as it reads, so a view
    /// of a huge document never fills the page's queue.
    private func sendUnsent(to client: WebSocketConnection) {
        // Taken out while its queue is worked through, so taking from the queue copies nothing.
        guard pages[client]?.unsent.isEmpty == false, var page = pages.removeValue(forKey: client) else { return }
        let drawing = renderer(dark: page.darkAppearance)
        while !page.unsent.isEmpty, client.queuedByteCount < Self.elementPaceBytes {
            var batch = [ElementSVG](), bytes = 0, taken = 0
            for id in page.unsent {
                taken += 1
                // An element removed since it was queued is skipped; one changed goes as it is now.
                guard let element = controller.markup.element(withID: id) else { continue }
                let svg = drawing.svgFragment(for: element)
                batch.append(ElementSVG(id: id.description, z: element.zIndex, svg: svg))
                bytes += svg.utf8.count
                if batch.count == Self.elementsPerMessage || bytes >= Self.elementBytesPerMessage { break }
            }
            page.unsent.removeFirst(taken)
            guard client.send(ServerMessage.elements(batch).json) else { break }
        }
        let isDone = page.unsent.isEmpty
        pages[client] = page
        guard !isDone else { return }
        client.whenQueued(below: Self.elementPaceBytes) { [weak self] in
            guard let self else { return }
            queue.async { self.sendUnsent(to: client) }
        }
    }

    func sendHistory(to client: WebSocketConnection) {
        let text = ServerMessage.history(canUndo: controller.canUndo, canRedo: controller.canRedo).json
        publisher.deliver { client.send(text) }
    }

    /// Tells each of `targets` what it has selected (of it, what is still there and unlocked, which a
    /// page not acting now keeps as its selection), its bounds and style.
    func sendSelection(to targets: [WebSocketConnection]) {
        let messages = targets.map { client in
            let selected = selection(of: client).compactMap { controller.markup.element(withID: $0) }.filter { !$0.isLocked }
                .sorted { $0.zIndex < $1.zIndex }
            if client !== selectionOwner, pages[client] != nil {
                pages[client]?.selection = Set(selected.lazy.map(\.id))
                pages[client]?.selectionCheckedAt = changeCount
            }
            let bounds = selected.dropFirst().reduce(selected.first?.renderFrame) { $0?.union($1.renderFrame) }
            return (client, ServerMessage.selection(ids: selected.map(\.id.description), bounds: bounds, style: SharedStyle(SelectionStyle(of: selected))).json)
        }
        publisher.deliver { for (client, text) in messages { client.send(text) } }
    }

    /// Sends `message` to every page, after whatever the document said before it.
    func broadcast(_ message: ServerMessage) {
        let text = message.json, targets = Array(pages.keys)
        publisher.deliver { for client in targets { client.send(text) } }
    }

    /// Sends `message` to `client`, after whatever the document said before it. The text is written
    /// here, not where it is sent (under the publisher's lock, maybe on the committer's thread).
    func tell(_ client: WebSocketConnection, _ message: ServerMessage) {
        let text = message.json
        publisher.deliver { client.send(text) }
    }
}
