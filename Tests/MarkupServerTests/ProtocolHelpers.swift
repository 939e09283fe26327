import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupServer

/// Shorthands for the tests' messages, in the protocol's own types.
extension ClientMessage.View {
    /// A 768 × 1024 view of the document's first 768 × 1024 points.
    static let letter = ClientMessage.View(frame: Rect(x: 0, y: 0, width: 768, height: 1024), size: Size(width: 768, height: 1024))
}

extension ClientMessage {
    /// Pointer input from a pen (or `pointerType`).
    static func pen(_ phase: PointerEvent.Phase, _ samples: [Sample], view: View? = nil, pointerType: PointerKind = .pen) -> ClientMessage {
        .pointer(PointerInput(phase: phase, pointerType: pointerType, samples: samples, view: view))
    }

    /// A whole stroke in `ink` (the pen by default).
    static func stroke(_ samples: [Sample], ink: ToolSettings = ToolSettings(tool: .ink(.pen)), view: View = .letter) -> ClientMessage {
        .stroke(StrokeInput(ink: ink, pointerType: .pen, samples: samples, view: view))
    }

    /// The tool `tool` with default settings.
    static func tool(_ tool: ToolName) -> ClientMessage { .tool(ToolSettings(tool: tool)) }
}

extension ServerMessage {
    var hello: Hello? { if case .hello(let hello) = self { hello } else { nil } }
    var change: Change? { if case .change(let change) = self { change } else { nil } }
    var elementList: [ElementSVG]? { if case .elements(let elements) = self { elements } else { nil } }
    /// The text of an `error`, `refused` or `notice`.
    var text: String? {
        switch self {
        case .error(let text), .notice(let text), .refused(_, let text): text
        default: nil
        }
    }
    /// The edit an `ack` or `refused` names.
    var op: String? {
        switch self {
        case .ack(let op, _): op
        case .refused(let op, _): op
        default: nil
        }
    }
    var sequence: Int64? {
        switch self {
        case .ack(_, let sequence): sequence
        case .change(let change): change.sequence
        case .hello(let hello): hello.sequence
        default: nil
        }
    }
    var canUndo: Bool? {
        switch self {
        case .history(let canUndo, _): canUndo
        case .hello(let hello): hello.canUndo
        default: nil
        }
    }
    var canRedo: Bool? {
        switch self {
        case .history(_, let canRedo): canRedo
        case .hello(let hello): hello.canRedo
        default: nil
        }
    }
    var selectedIDs: [String]? { if case .selection(let ids, _, _) = self { ids } else { nil } }
    var selectionBounds: Rect? { if case .selection(_, let bounds, _) = self { bounds } else { nil } }
    var layers: [LiveLayer]? { if case .live(_, let layers) = self { layers } else { nil } }
    var stream: String? {
        switch self {
        case .liveBegin(let stream), .liveEnd(let stream), .live(let stream, _): stream
        default: nil
        }
    }
}
