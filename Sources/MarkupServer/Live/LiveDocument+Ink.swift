import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel

/// Pointer input: ink from every page is drawn at once, each page's stroke its own `InkGesture`;
/// erasers, lasso and selection go through the controller's tool machine, one page at a time.
extension LiveDocument {
    /// The stream of a live stroke the controller's own tool machine draws.
    static let engineStream = "engine"

    func pointer(_ input: ClientMessage.PointerInput, from client: WebSocketConnection) throws {
        let kind = input.pointerType
        let samples = input.samples.prefix(10_000)
        guard let page = pages[client].map({ (tool: $0.tool, penOnly: $0.penOnly, stream: $0.stream, drawsUnwatched: $0.drawsUnwatched,
                                               isInking: $0.ink != nil) }) else { return }
        if input.phase == .began, case .ink(let ink) = page.tool, !(page.penOnly && kind == .touch) {
            // Nobody else to show it to (a page that draws its own ink sends the whole stroke at pen-up).
            let unwatched = watchers(of: page.stream).isEmpty
            pages[client]?.drawsUnwatched = unwatched
            if unwatched { return }
            return try beginInk(ink, samples, kind: kind, view: input.view, from: client)
        }
        if input.phase != .began, page.drawsUnwatched {
            if input.phase == .ended || input.phase == .cancelled { pages[client]?.drawsUnwatched = false }
            return
        }
        if input.phase != .began, page.isInking {
            return continueInk(samples, kind: kind, phase: input.phase, from: client)
        }
        let event = PointerEvent(phase: input.phase, pointerKind: kind, samples: samples.map { PointerSamples.sample($0, kind: kind) })
        switch input.phase {
        case .began:
            // Samples of a refused gesture are dropped below: only the owner's reach the controller.
            if let owner = gestureOwner, owner != client {
                throw EditorError.busy("someone else is erasing or selecting")
            }
            try show(input.view)
            gestureOwner = client
            controller.tool = page.tool
            controller.drawingPolicy = page.penOnly ? .pencilOnly : .anyInput
            handlePointer(event, from: client)
        default:
            if gestureOwner == client { handlePointer(event, from: client) }
        }
    }

    /// A whole stroke in one message, as a page sends it at pen-up (and again from its outbox until
    /// it is acknowledged): built from its samples exactly as the live path builds it. The live
    /// stroke the page may have been streaming ends once the stroke's change is out.
    func commitStroke(_ input: ClientMessage.StrokeInput, from client: WebSocketConnection) throws {
        let wasLive = pages[client]?.ink != nil
        pages[client]?.ink = nil
        pages[client]?.drawsUnwatched = false
        defer {
            if wasLive, let stream = pages[client]?.stream {
                flushEvents()
                endLive(of: stream)
            }
        }
        guard case .ink(let ink) = try ToolChoice.tool(from: input.ink) else { throw EditorError.invalidGeometry("a stroke needs an ink") }
        let samples = input.samples.prefix(InkGesture.maximumPoints)
        guard !samples.isEmpty else { throw EditorError.invalidGeometry("a stroke needs samples") }
        let frame = try controller.visibleFrame(clamping: input.view.frame, viewSize: input.view.size)
        var gesture = try InkGesture(ink: ink, samples: PointerSamples.inkSamples(samples, kind: input.pointerType, frame: frame, viewSize: input.view.size),
                                     pressureSensitivity: input.ink.pressure ?? 1)
        _ = try gesture.append([], ending: true)
        try keep(gesture, scratchingOut: input.ink.scratchOut)
    }

    /// Adds a finished gesture's stroke, its outline kept for the change's SVG (not a stroke cut at its
    /// limit: that outline lacks the end cap); or, `scratchingOut` and a scribble over ink, erases
    /// that ink instead.
    private func keep(_ gesture: InkGesture, scratchingOut: Bool) throws {
        if scratchingOut, try controller.scratchOut(with: gesture.stroke) != nil { return }
        drawnOutlines[try controller.addStroke(gesture.stroke)] = gesture.isFinished ? gesture.geometry : nil
    }

    private func beginInk(_ ink: Ink, _ samples: ArraySlice<ClientMessage.Sample>, kind: PointerKind, view: ClientMessage.View?,
                          from client: WebSocketConnection) throws {
        try show(view)
        let frame = controller.contentVisibleFrame, size = controller.viewSize
        var gesture = try InkGesture(ink: ink, samples: PointerSamples.inkSamples(samples, kind: kind, frame: frame, viewSize: size),
                                     pressureSensitivity: pages[client]?.pressureSensitivity ?? 1)
        guard let stream = pages[client]?.stream else { return }
        pages[client]?.ink = gesture
        pages[client]?.inkView = (frame, size)
        sendLive(stream: stream) { _ in .liveBegin(stream: stream) }
        broadcastLive(gesture.takeUpdate(), ink: ink, stream: stream)
    }

    private func continueInk(_ samples: ArraySlice<ClientMessage.Sample>, kind: PointerKind, phase: PointerEvent.Phase, from client: WebSocketConnection) {
        // Read field by field, not as a copy of the whole session kept meanwhile: that would share the
        // gesture's points and the session's sets, which the work below then copies to change them.
        guard let stream = pages[client]?.stream, let view = pages[client]?.inkView, var gesture = pages[client]?.ink else { return }
        pages[client]?.ink = nil
        guard phase != .cancelled else { return endLive(of: stream) }
        do {
            let samples = PointerSamples.inkSamples(samples, kind: kind, frame: view.frame, viewSize: view.size)
            var notice: String?
            do {
                let update = try gesture.append(samples, ending: phase == .ended)
                guard phase == .ended else {
                    pages[client]?.ink = gesture
                    return broadcastLive(update, ink: gesture.ink, stream: stream)
                }
            } catch .tooManyPoints(let limit) {
                // The stroke ends at its limit, kept as drawn; the rest of this pen's gesture draws nothing.
                notice = "the stroke ended at \(limit) points, the most one stroke may hold"
            }
            // A stroke cut at its limit was not finished: its outline lacks the end cap.
            try keep(gesture, scratchingOut: pages[client]?.scratchesOut == true)
            flushEvents()
            if let notice { tell(client, .error(notice)) }
        } catch {
            tell(client, .error("refused: \(error)"))
        }
        endLive(of: stream)
    }

    /// The pages that are shown live stroke `stream`: every page but the one drawing it, when that
    /// page draws its own ink.
    private func watchers(of stream: String) -> [WebSocketConnection] {
        pages.compactMap { client, page in page.drawsOwnInk && page.stream == stream ? nil : client }
    }

    /// Tells the watchers of `stream`, after whatever the document said before; `message` (given
    /// whether it is for pages in the dark appearance) is made only when some page is to hear it.
    func sendLive(stream: String, _ message: (_ dark: Bool) -> ServerMessage) {
        let targets = watchers(of: stream)
        guard !targets.isEmpty else { return }
        for group in pagesByAppearance(targets) {
            let text = message(group.dark).json
            publisher.deliver { for client in group.clients { client.send(text) } }
        }
    }

    /// The SVG of a live stroke's update, rendered only when some page is to see it.
    func broadcastLive(_ update: LiveStrokeOutline.Update, ink: Ink, stream: String) {
        sendLive(stream: stream) { dark in
            .live(stream: stream, layers: renderer(dark: dark).liveStrokeSVG(ink: ink, update: update)
                .map { .init(finished: $0.finished, provisional: $0.provisional) })
        }
    }

    func endLive(of stream: String) {
        sendLive(stream: stream) { _ in .liveEnd(stream: stream) }
    }

    func handlePointer(_ event: PointerEvent, from client: WebSocketConnection) {
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
}
