import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupRender
import MarkupStore

/// One open document: the controller that is the authority over it, its autosave session, and the
/// pages showing it. Everything runs on the document's serial queue, so the order in which the
/// server applies input is the order every page sees, which is how concurrent edits resolve.
final class LiveDocument: @unchecked Sendable {
    let id: DocumentID
    let queue: DispatchQueue
    private(set) var title: String
    let controller: MarkupController
    private let session: AutosaveSession?
    private let store: any DocumentStore
    let readOnlyReason: String?
    private let log: ServerLog
    /// The tone curve's range, fixed at opening: pages only add SDR colors.
    private let exposure: Double
    private var clients: [WebSocketConnection: ClientState] = [:]
    /// The page whose eraser, lasso or selection gesture is in progress: one at a time per document.
    private var gestureOwner: WebSocketConnection?
    /// Changes published while handling the current message.
    private var published = 0
    /// Journals changes, then tells the pages, in order.
    private let publisher: ChangePublisher
    /// The id of the edit being handled, until its first change is journaled with it.
    private var unjournaledOperation: String?

    /// What the server remembers about one page.
    struct ClientState {
        var tool: Tool = .ink(Ink(.pen))
        var editable = true
        var penOnly = false
        /// The elements the page has been sent: a page gets what its view shows, not the whole document.
        var sent = Set<ElementID>()
        /// The page's stroke being drawn, and the view its samples are mapped through.
        var ink: InkGesture?
        var inkView: (frame: Rect, size: Size)?
    }

    /// Elements go to a page in messages of at most this many.
    static let elementsPerMessage = 2000

    init(stored: StoredDocument, store: any DocumentStore, log: ServerLog, committer: GroupCommitter?,
         thumbnailer: @escaping @Sendable (Markup) -> [UInt8]?) {
        id = stored.summary.id
        title = stored.summary.title
        queue = DispatchQueue(label: "markupkit.document.\(stored.summary.id)")
        controller = MarkupController(markup: stored.markup)
        readOnlyReason = stored.summary.readOnlyReason
        controller.isEditable = readOnlyReason == nil
        let session = readOnlyReason == nil
            ? try? AutosaveSession(store: store, document: stored, thumbnailer: thumbnailer, committer: committer) : nil
        self.session = session
        publisher = ChangePublisher(session: session, queue: queue, log: log, documentID: stored.summary.id, operations: stored.operations)
        self.store = store
        for signature in (try? store.signatures()) ?? [] { controller.saveSignature(signature) }
        exposure = stored.markup.maximumLinearExposure
        self.log = log
    }

    var clientCount: Int { clients.count }
    var savedSequence: Int64 { publisher.savedSequence }

    private var renderer: MarkupRenderer {
        MarkupRenderer(markup: controller.markup, options: RenderOptions(maximumExposure: exposure))
    }

    private func svg(_ elements: [Element]) -> [ElementSVG] {
        let renderer = renderer
        return elements.map { ElementSVG(id: $0.id.description, z: $0.zIndex, svg: renderer.svgFragment(for: $0)) }
    }

    // MARK: - Pages

    /// The undo scope of `client`: the page id it names (so a reloaded tab keeps undoing its own
    /// steps), or else its connection.
    static func undoScope(of client: WebSocketConnection) -> String {
        if let page = client.request.query["page"], ClientMessage.isValidIdentifier(page) { return "page:" + page }
        return "connection:" + client.id.uuidString
    }

    func join(_ client: WebSocketConnection) {
        clients[client] = ClientState()
        controller.undoScope = Self.undoScope(of: client)
        var hello = ServerMessage(type: "hello")
        hello.protocolVersion = ServerMessage.protocolVersion
        hello.document = .init(id: id.description, title: title, bounds: controller.markup.bounds)
        hello.elements = []
        hello.sequence = savedSequence
        hello.canUndo = controller.canUndo
        hello.canRedo = controller.canRedo
        hello.readOnly = readOnlyReason
        hello.zoomRange = [controller.zoomRange.lowerBound, controller.zoomRange.upperBound]
        hello.pages = controller.markup.background?.pages.map(\.frame)
        client.send(hello.json)
        sendSelection(to: [client])
    }

    func leave(_ client: WebSocketConnection) {
        if clients[client]?.ink != nil { endLive(of: client) }
        clients[client] = nil
        if gestureOwner == client {
            controller.undoScope = Self.undoScope(of: client)
            handlePointer(PointerEvent(phase: .cancelled, samples: []), from: client)
            flushEvents()
        }
    }

    func renamed(_ newTitle: String) {
        title = newTitle
        var message = ServerMessage(type: "title")
        message.title = newTitle
        broadcast(message)
    }

    /// Tells every page the document is gone and drops them.
    func deleted() {
        broadcast(.error("this document was deleted"))
        for client in clients.keys { client.close() }
        clients.removeAll()
    }

    /// Writes the last snapshot. Called when the last page leaves and at shutdown.
    func close() {
        do {
            publisher.waitUntilSaved()
            try session?.close(controller.markup)
        } catch {
            log(.error, "document \(id): the closing snapshot failed: \(error)")
        }
    }

    /// Makes the document a saved version again, as one step every page can undo.
    func restore(_ version: Markup) throws {
        guard readOnlyReason == nil else { throw EditorError.notEditable }
        // No page made it, so every page showing the document may undo it.
        let scopes = clients.keys.map(Self.undoScope(of:))
        controller.undoScope = scopes.first ?? "library"
        try controller.restore(version)
        controller.shareLastStep(with: scopes)
        flushEvents()
        for client in clients.keys {
            controller.undoScope = Self.undoScope(of: client)
            sendHistory(to: client)
        }
    }

    // MARK: - Messages

    func receive(_ text: String, from client: WebSocketConnection) {
        guard let message = try? ClientMessage.decode(text) else {
            tell(client, .error("not a message this server understands"))
            return
        }
        if let operation = message.op {
            guard ClientMessage.isValidIdentifier(operation) else {
                tell(client, .error("an op is 1–\(ClientMessage.maximumOperationBytes) printable ASCII characters"))
                return
            }
            // A resend of an edit already applied (the page did not hear its ack, or two tabs share an
            // outbox): acknowledged once it is saved, not applied again.
            if publisher.hasApplied(operation) { return publisher.acknowledge(operation, to: client) }
            publisher.begin(operation)
        }
        (published, unjournaledOperation) = (0, message.op)
        controller.undoScope = Self.undoScope(of: client)
        let history = (controller.canUndo, controller.canRedo)
        defer {
            // Each page undoes its own steps, so only the sender's buttons can have changed.
            if history != (controller.canUndo, controller.canRedo) { sendHistory(to: client) }
        }
        var refusal: String?
        do {
            try handle(message, from: client)
        } catch let error as EditorError {
            refusal = "refused: \(error)"
        } catch {
            refusal = "\(error)"
        }
        flushEvents()
        if let operation = message.op {
            if let refusal {
                publisher.forget(operation)
                tell(client, .refusing(operation, refusal))
            } else {
                publisher.acknowledge(operation, to: client)
            }
            return
        }
        if let refusal { tell(client, .error(refusal)) }
        // An edit that changed nothing (an eraser that touched no ink) still ends the page's "Saving…".
        let isPenMove = message.type == "pointer" && message.phase != "ended" && message.phase != "cancelled"
        if published == 0, refusal == nil, message.type != "view", !isPenMove {
            tell(client, ServerMessage(type: "ack"))
        }
    }

    private func requireEditing(_ client: WebSocketConnection) throws(EditorError) {
        guard readOnlyReason == nil, clients[client]?.editable == true else { throw .notEditable }
    }

    private func handle(_ message: ClientMessage, from client: WebSocketConnection) throws {
        switch message.type {
        case "pointer":
            try pointer(message, from: client)
        case "stroke":
            try requireEditing(client)
            try commitStroke(message, from: client)
        case "view":
            guard let view = message.view else { throw EditorError.invalidGeometry("a view message needs a view") }
            // A page gets what a real view of it shows: no more than the zoom range lets it see at once.
            sendElements(in: try controller.visibleFrame(clamping: view.frame, viewSize: view.size), to: client)
        case "tool":
            clients[client]?.tool = try ToolChoice.tool(from: message)
        case "mode":
            guard var state = clients[client] else { return }
            state.editable = message.editable ?? true
            state.penOnly = message.penOnly ?? state.penOnly
            clients[client] = state
        case "undo":
            try requireEditing(client)
            _ = try controller.undo()
        case "redo":
            try requireEditing(client)
            _ = try controller.redo()
        case "clear":
            try requireEditing(client)
            try controller.clear()
        case "insert" where message.kind == "signature":
            try requireEditing(client)
            try show(message.view)
            let note = try Insertion.signature(on: controller) { strokes in try store.addSignature(strokes) }
            if let note {
                var reply = ServerMessage(type: "notice")
                reply.message = note
                client.send(reply.json)
            }
        case "insert":
            try requireEditing(client)
            try show(message.view)
            try Insertion.perform(message, on: controller)
        case "selection":
            if message.action != "set" { try requireEditing(client) }
            try SelectionCommand.perform(message, on: controller)
        default:
            tell(client, .error("unknown message type '\(message.type)'"))
        }
    }

    // MARK: - Pointer input

    /// Ink from every page is drawn at once, each page's stroke its own `InkGesture`; erasers, lasso
    /// and selection go through the controller's tool machine, one page at a time.
    private func pointer(_ message: ClientMessage, from client: WebSocketConnection) throws {
        guard let phaseName = message.phase, let phase = PointerEvent.Phase(rawValue: phaseName) else {
            throw EditorError.invalidGeometry("a pointer message needs a phase")
        }
        let kind = PointerKind(rawValue: message.pointerType ?? "mouse") ?? .mouse
        let event = PointerEvent(phase: phase, pointerKind: kind, samples: (message.samples ?? []).prefix(10_000).map { sample in
            PointerSamples.sample(sample, kind: kind)
        })
        guard let state = clients[client] else { return }
        switch phase {
        case .began:
            try requireEditing(client)
            if case .ink(let ink) = state.tool, !(state.penOnly && kind == .touch) {
                try beginInk(ink, event, view: message.view, from: client)
                return
            }
            // Samples of a refused gesture are dropped below: only the owner's reach the controller.
            if let owner = gestureOwner, owner != client {
                throw EditorError.invalidGeometry("someone else is erasing or selecting; try again in a moment")
            }
            try show(message.view)
            gestureOwner = client
            controller.tool = state.tool
            controller.drawingPolicy = state.penOnly ? .pencilOnly : .anyInput
            handlePointer(event, from: client)
        default:
            if state.ink != nil {
                continueInk(event, from: client)
            } else if gestureOwner == client {
                handlePointer(event, from: client)
            }
        }
    }

    /// A whole stroke in one message, as a page sends it at pen-up (and again from its outbox until
    /// it is acknowledged): built from its samples exactly as the live path builds it. The live
    /// stroke the page may have been streaming ends once the stroke's change is out.
    private func commitStroke(_ message: ClientMessage, from client: WebSocketConnection) throws {
        let wasLive = clients[client]?.ink != nil
        clients[client]?.ink = nil
        defer {
            if wasLive {
                flushEvents()
                endLive(of: client)
            }
        }
        guard case .ink(let ink) = try ToolChoice.tool(from: message) else { throw EditorError.invalidGeometry("a stroke needs an ink") }
        let samples = (message.samples ?? []).prefix(InkGesture.maximumPoints)
        guard !samples.isEmpty, let view = message.view else { throw EditorError.invalidGeometry("a stroke needs samples and a view") }
        let kind = PointerKind(rawValue: message.pointerType ?? "pen") ?? .pen
        let frame = try controller.visibleFrame(clamping: view.frame, viewSize: view.size)
        let event = PointerEvent(phase: .ended, pointerKind: kind, samples: samples.map { PointerSamples.sample($0, kind: kind) })
        var gesture = try InkGesture(ink: ink, samples: InkGesture.inputSamples(Self.inDocument(event, frame: frame, viewSize: view.size)))
        _ = try gesture.append([], ending: true)
        try controller.addStroke(gesture.stroke)
    }

    private func stream(of client: WebSocketConnection) -> String { String(client.id.uuidString.prefix(8)).lowercased() }

    private func beginInk(_ ink: Ink, _ event: PointerEvent, view: ClientMessage.View?, from client: WebSocketConnection) throws {
        try show(view)
        let frame = controller.contentVisibleFrame, size = controller.viewSize
        var gesture = try InkGesture(ink: ink, samples: InkGesture.inputSamples(Self.inDocument(event, frame: frame, viewSize: size)))
        clients[client]?.ink = gesture
        clients[client]?.inkView = (frame, size)
        var begin = ServerMessage(type: "liveBegin")
        begin.stream = stream(of: client)
        broadcast(begin)
        broadcastLive(gesture.takeUpdate(), ink: ink, from: client)
    }

    private func continueInk(_ event: PointerEvent, from client: WebSocketConnection) {
        guard var gesture = clients[client]?.ink, let view = clients[client]?.inkView else { return }
        clients[client]?.ink = nil
        guard event.phase != .cancelled else { return endLive(of: client) }
        do {
            let samples = InkGesture.inputSamples(Self.inDocument(event, frame: view.frame, viewSize: view.size))
            var notice: String?
            do {
                let update = try gesture.append(samples, ending: event.phase == .ended)
                guard event.phase == .ended else {
                    clients[client]?.ink = gesture
                    return broadcastLive(update, ink: gesture.ink, from: client)
                }
            } catch .tooManyPoints(let limit) {
                // The stroke ends at its limit, kept as drawn; the rest of this pen's gesture draws nothing.
                notice = "the stroke ended at \(limit) points, the most one stroke may hold"
            }
            try controller.addStroke(gesture.stroke)
            flushEvents()
            if let notice { tell(client, .error(notice)) }
        } catch {
            tell(client, .error("refused: \(error)"))
        }
        endLive(of: client)
    }

    private static func inDocument(_ event: PointerEvent, frame: Rect, viewSize: Size) -> PointerEvent {
        var mapped = event
        mapped.samples = event.samples.map { sample in
            var copy = sample
            copy.location = MarkupController.documentPoint(fromView: sample.location, frame: frame, viewSize: viewSize)
            return copy
        }
        return mapped
    }

    private func broadcastLive(_ update: LiveStrokeOutline.Update, ink: Ink, from client: WebSocketConnection?) {
        var live = ServerMessage(type: "live")
        live.stream = client.map(stream(of:)) ?? "engine"
        live.layers = renderer.liveStrokeSVG(ink: ink, update: update).map { .init(finished: $0.finished, provisional: $0.provisional) }
        broadcast(live)
    }

    private func endLive(of client: WebSocketConnection?) {
        var end = ServerMessage(type: "liveEnd")
        end.stream = client.map(stream(of:)) ?? "engine"
        broadcast(end)
    }

    /// Maps the controller's view to the page's, so its samples and insertions land where it sees.
    private func show(_ view: ClientMessage.View?) throws(EditorError) {
        guard let view else { return }
        try controller.setContentVisibleFrame(view.frame, viewSize: view.size)
    }

    private func handlePointer(_ event: PointerEvent, from client: WebSocketConnection) {
        if event.phase == .ended || event.phase == .cancelled { gestureOwner = nil }
        do {
            try controller.handle(event)
        } catch {
            if event.phase != .ended, event.phase != .cancelled {
                // Bad samples end the gesture: what was drawn so far is dropped, nothing half-done stays.
                gestureOwner = nil
                try? controller.handle(PointerEvent(phase: .cancelled, pointerKind: event.pointerKind, samples: []))
            }
            tell(client, .error("refused: \(error)"))
        }
    }

    // MARK: - Events to pages and to the library

    private func flushEvents() {
        var selectionChanged = false
        for event in controller.takeEvents() {
            switch event {
            case .didBeginDrawing:
                var begin = ServerMessage(type: "liveBegin")
                begin.stream = "engine"
                broadcast(begin)
            case .didUpdateLiveStroke(let ink, let update):
                broadcastLive(update, ink: ink, from: nil)
            case .didCancelLiveStroke:
                endLive(of: nil)
            case .didChangeMarkup(let change):
                publish(change)
                selectionChanged = selectionChanged || !controller.selection.isEmpty
            case .didChangeSelection:
                selectionChanged = true
            case .didChangeContentVisibleFrame:
                break
            }
        }
        if selectionChanged { sendSelection(to: Array(clients.keys)) }
    }

    /// Journals a change, then tells every page: a page that hears of a change knows it is saved.
    private func publish(_ change: MarkupChange) {
        published += 1
        var message = ServerMessage(type: "change")
        message.added = svg(change.added.compactMap { controller.markup.element(withID: $0.id) })
        message.updated = svg(change.updated.compactMap { controller.markup.element(withID: $0.id) })
        message.removed = change.removed.map(\.description)
        let shown = Set(change.added.map(\.id) + change.updated.map(\.id))
        for client in Array(clients.keys) {
            clients[client]?.sent.formUnion(shown)
            clients[client]?.sent.subtract(change.removed)
        }
        let operation = unjournaledOperation
        unjournaledOperation = nil
        publisher.publish(change, operation: operation, current: { controller.markup }) { [self] sequence in
            message.sequence = sequence ?? savedSequence
            if sequence == nil {
                // The change stays on screen but is not called saved: pages show the failure instead.
                message.saved = false
                sendToAll(.error("NOT SAVED: the library could not be written. Reload the page to get the saved state back."))
            }
            sendToAll(message)
        }
    }

    /// Sends the elements a view of `area` shows (with half a view's margin around it) that the page
    /// does not have yet, back to front.
    private func sendElements(in area: Rect, to client: WebSocketConnection) {
        guard area.isFinite, area.width > 0, area.height > 0, var state = clients[client] else { return }
        let reach = area.expanded(by: max(area.width, area.height) / 2)
        let missing = controller.elements(in: reach).filter { !state.sent.contains($0) }
        let elements = missing.compactMap { controller.markup.element(withID: $0) }.sorted { $0.zIndex < $1.zIndex }
        state.sent.formUnion(missing)
        clients[client] = state
        for start in stride(from: 0, to: elements.count, by: Self.elementsPerMessage) {
            var message = ServerMessage(type: "elements")
            message.elements = svg(Array(elements[start..<min(start + Self.elementsPerMessage, elements.count)]))
            client.send(message.json)
        }
        if elements.isEmpty { client.send(ServerMessage(type: "elements").json) }
    }

    private func sendHistory(to client: WebSocketConnection) {
        var message = ServerMessage(type: "history")
        message.canUndo = controller.canUndo
        message.canRedo = controller.canRedo
        publisher.deliver { client.send(message.json) }
    }

    private func sendSelection(to targets: [WebSocketConnection]) {
        var message = ServerMessage(type: "selection")
        let selected = controller.selectedElements
        message.ids = selected.map(\.id.description)
        message.bounds = selected.dropFirst().reduce(selected.first?.renderFrame) { $0?.union($1.renderFrame) }
        let text = message.json
        publisher.deliver { for client in targets { client.send(text) } }
    }

    /// Sends `message` to every page, after whatever the document said before it.
    private func broadcast(_ message: ServerMessage) {
        publisher.deliver { [self] in sendToAll(message) }
    }

    /// Sends `message` to `client`, after whatever the document said before it.
    private func tell(_ client: WebSocketConnection, _ message: ServerMessage) {
        publisher.deliver { client.send(message.json) }
    }

    private func sendToAll(_ message: ServerMessage) {
        let text = message.json
        for client in clients.keys { client.send(text) }
    }
}
