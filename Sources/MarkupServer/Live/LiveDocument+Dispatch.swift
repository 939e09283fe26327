import Foundation
import MarkupEditor
import MarkupModel
import MarkupRender

/// The dispatcher: a page's message decoded once, recognised when it is a resend, handed to what
/// handles its kind, and answered: `ack` or `refused` for an edit with an id, `error` otherwise.
extension LiveDocument {
    /// Handles a page's message on the document's queue, then calls `handled`. A small message with
    /// no other ahead of it runs there and then on the caller's thread, one of the few Dispatch
    /// shares among every page's events (no thread is woken for it); any other waits its turn on the
    /// queue, on the document's own thread, so neither pages waiting for a busy document nor a huge
    /// stroke being drawn holds a thread other documents' pages need.
    func take(_ text: String, from client: WebSocketConnection, then handled: @escaping @Sendable () -> Void) {
        let isFirst = takeMessage()
        let work: @Sendable () -> Void = { [self] in
            receive(text, from: client)
            finishMessage()
            handled()
        }
        if isFirst, text.utf8.count <= Self.inlineMessageBytes { queue.sync(execute: work) } else { queue.async(execute: work) }
    }

    /// The largest message handled on the thread that delivered it: a stroke of about a thousand samples.
    static let inlineMessageBytes = 64 << 10

    func receive(_ text: String, from client: WebSocketConnection) {
        let envelope: ClientEnvelope
        do {
            envelope = try ClientEnvelope.decode(text)
        } catch {
            let reason = "not a message this server understands: \(error)"
            if let operation = ClientEnvelope.operation(in: text) { return tell(client, .refused(op: operation, reason: reason)) }
            return tell(client, .error(reason))
        }
        // The scope alone: a copy of the session kept while the message is handled would make every
        // change to it (the elements it has heard of) copy its sets.
        guard let undoScope = pages[client]?.undoScope else { return }
        switch envelope.message {
        case .presence(let name): return rename(client, to: name)
        case .appearance(let dark): return setAppearance(of: client, dark: dark)
        case .cursor(let point, let drawing, let laser): return relayCursor(of: client, at: point, drawing: drawing, laser: laser)
        case .follow(let peer): return follow(peer, by: client)
        case .ping: return tell(client, .pong)
        default: break
        }
        if let operation = envelope.op {
            guard ClientEnvelope.isValidIdentifier(operation) else {
                return tell(client, .error("an op is 1–\(ClientEnvelope.maximumOperationBytes) printable ASCII characters"))
            }
            // A resend of an edit already applied (the page did not hear its ack, or two tabs share an
            // outbox): acknowledged once it is saved, not applied again.
            if publisher.hasApplied(operation) { return publisher.acknowledge(operation, to: client) }
            publisher.begin(operation)
        }
        (published, unjournaledOperation) = (0, envelope.op)
        controller.undoScope = undoScope
        useSelection(of: client)
        let history = (controller.canUndo, controller.canRedo)
        var refusal: String?
        do {
            try handle(envelope.message, from: client, undoScope: undoScope)
        } catch let error as EditorError {
            refusal = error.explanation
        } catch {
            refusal = "\(error)"
        }
        flushEvents()
        // Each page undoes its own steps, so only the sender's buttons can have changed.
        if history != (controller.canUndo, controller.canRedo) { sendHistory(to: client) }
        if let operation = envelope.op {
            if let refusal {
                publisher.forget(operation)
                tell(client, .refused(op: operation, reason: refusal))
            } else {
                publisher.acknowledge(operation, to: client)
            }
        } else if let refusal {
            tell(client, .error(refusal))
        } else if published == 0, envelope.message.isAnswered {
            // A message that changed nothing (an eraser that touched no ink) still ends the page's "Saving…".
            tell(client, .ack(op: nil, sequence: nil))
        }
    }

    private func handle(_ message: ClientMessage, from client: WebSocketConnection, undoScope: String) throws {
        if message.edits {
            guard readOnlyReason == nil, pages[client]?.editable == true else { throw EditorError.notEditable }
        }
        switch message {
        case .pointer(let input):
            try pointer(input, from: client)
        case .stroke(let input):
            try commitStroke(input, from: client)
        case .view(let view):
            // A page gets what a real view of it shows: no more than the zoom range lets it see at once.
            let frame = try controller.visibleFrame(clamping: view.frame, viewSize: view.size)
            sendElements(in: frame, to: client)
            relayView(of: client, frame)
        case .tool(let settings):
            pages[client]?.tool = try ToolChoice.tool(from: settings)
            pages[client]?.scratchesOut = settings.scratchOut
            pages[client]?.pressureSensitivity = settings.pressure ?? 1
        case .mode(let editable, let penOnly):
            pages[client]?.editable = editable
            if let penOnly { pages[client]?.penOnly = penOnly }
        case .undo, .redo:
            let undoing = message == .undo
            guard try undoing ? controller.undo() : controller.redo(), controller.lastStepWasOverridden else { break }
            tell(client, .notice("Nothing to \(undoing ? "undo" : "redo") there: someone else has since changed or deleted what that step changed."))
        case .clear(let page):
            try controller.clear(page: page)
        case .paper(let paper):
            try controller.setPaper(paper)
        case .sheet(let action) where controller.markup.background != nil:
            try arrangePages(action)
        case .sheet(.add):
            try controller.addSheet()
        case .sheet(.remove):
            try controller.removeLastSheet()
        case .sheet(.insert(let index)):
            try controller.insertSheet(before: index)
        case .sheet(.delete(let index)):
            try controller.removeSheet(at: index)
        case .sheet(.duplicate(let index)):
            try controller.duplicateSheet(at: index)
        case .sheet(.moveUp(let index)):
            try controller.moveSheet(at: index, down: false)
        case .sheet(.moveDown(let index)):
            try controller.moveSheet(at: index, down: true)
        case .selectText(let from, let to):
            tell(client, .textBoxes(try PDFTextSelection.boxes(in: controller.markup, from: from, to: to)))
        case .highlight(let from, let to, let color):
            try TextHighlighter.highlight(from: from, to: to, color: color, on: controller)
        case .space(let y, let distance):
            try controller.insertSpace(at: y, by: distance)
        case .findText(let query, let page):
            let found = try TextFinder.matches(of: query, in: controller.markup, from: page)
            tell(client, .foundText(query: query, matches: found.matches, nextPage: found.nextPage))
        case .insert(.signature(let saved), _, let view, let placement, _, _, _):
            try show(view)
            if let note = try Insertion.at(placement, on: controller, { () throws in
                try Insertion.signature(saved, on: controller, in: store)
            }) {
                tell(client, .notice(note))
            }
        case .insert(let item, let color, let view, let placement, let style, let selects, let labelFor):
            try show(view)
            if let labelFor {
                try Insertion.label(item, color: color, placement: placement, for: labelFor, on: controller)
            } else if let note = try Insertion.perform(item, color: color, placement: placement, style: style, on: controller) {
                tell(client, .notice(note))
            }
            if !selects { controller.select([]) }
        case .selection(let action, let ids):
            let before = controller.selection
            try SelectionCommand.perform(action, ids: ids, on: controller, clipboards: clipboards, page: undoScope)
            // A pick is answered with the selection even when it stays as it was.
            if case .pick = action, controller.selection == before { sendSelection(to: [client]) }
        case .presence, .cursor, .appearance, .follow, .ping:
            break // answered before any edit machinery, in `receive`
        }
    }

    /// Maps the controller's view to the page's, so its samples and insertions land where it sees.
    /// A sheet action on a document over a PDF's (or a picture's) pages: the same done to its pages,
    /// a blank page standing for a blank sheet.
    private func arrangePages(_ action: ClientMessage.SheetAction) throws(EditorError) {
        switch action {
        case .add: try controller.insertBlankPage(before: controller.markup.background?.pages.count ?? 0)
        case .remove: try controller.removeLastBlankPage()
        case .insert(let index): try controller.insertBlankPage(before: index)
        case .delete(let index): try controller.removePage(at: index)
        case .duplicate(let index): try controller.duplicatePage(at: index)
        case .moveUp(let index): try controller.movePage(at: index, down: false)
        case .moveDown(let index): try controller.movePage(at: index, down: true)
        }
    }

    func show(_ view: ClientMessage.View?) throws(EditorError) {
        guard let view else { return }
        try controller.setContentVisibleFrame(view.frame, viewSize: view.size)
    }
}

extension ClientMessage {
    /// Whether a message without an id is answered when it changed nothing: all but a view and
    /// the samples of a gesture before its end.
    var isAnswered: Bool {
        switch self {
        case .view, .presence, .cursor, .appearance, .selectText, .findText: false
        case .pointer(let input): input.phase == .ended || input.phase == .cancelled
        default: true
        }
    }
}
