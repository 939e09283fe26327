import Foundation
import MarkupModel

/// One WebSocket message from a page: a `ClientMessage` and, for an edit, the id the page gave it,
/// so its acknowledgement can name it and a resend is recognised. Decoded and encoded only here,
/// as the flat JSON objects docs/SERVER.md describes.
public struct ClientEnvelope: Equatable, Sendable {
    public var op: String?
    public var message: ClientMessage

    public init(_ message: ClientMessage, op: String? = nil) {
        self.message = message
        self.op = op
    }

    static let maximumOperationBytes = 64

    /// Whether `identifier` is one a page may give an edit or itself: 1–64 printable ASCII characters.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        (1...maximumOperationBytes).contains(identifier.utf8.count) && identifier.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The message `text` holds.
    ///
    /// - Throws: `DecodingError` for anything that is not a message, nested too deep included.
    static func decode(_ text: String) throws -> ClientEnvelope {
        try ClientJSON.decode(ClientEnvelope.self, from: Data(text.utf8))
    }

    /// The message as the JSON text a page sends.
    public var json: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "{}"
    }
}

extension ClientEnvelope: Codable {
    private enum Keys: String, CodingKey {
        case type, op, view, editable, penOnly, kind, color, text, emoji, image, url, action, ids, dx, dy, rect, keepAspect, angle
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        op = try container.decodeIfPresent(String.self, forKey: .op)
        switch try container.decode(ClientMessage.Kind.self, forKey: .type) {
        case .view: message = .view(try container.decode(ClientMessage.View.self, forKey: .view))
        case .tool: message = .tool(try ClientMessage.ToolSettings(from: decoder))
        case .mode:
            message = .mode(editable: try container.decodeIfPresent(Bool.self, forKey: .editable) ?? true,
                            penOnly: try container.decodeIfPresent(Bool.self, forKey: .penOnly))
        case .pointer: message = .pointer(try ClientMessage.PointerInput(from: decoder))
        case .stroke: message = .stroke(try ClientMessage.StrokeInput(from: decoder))
        case .undo: message = .undo
        case .redo: message = .redo
        case .clear: message = .clear
        case .insert:
            message = .insert(try Self.insertable(from: container), color: try container.decodeIfPresent(String.self, forKey: .color),
                              view: try container.decodeIfPresent(ClientMessage.View.self, forKey: .view))
        case .selection:
            message = .selection(try Self.selectionAction(from: container), ids: try container.decodeIfPresent([String].self, forKey: .ids))
        }
    }

    private static func insertable(from container: KeyedDecodingContainer<Keys>) throws -> ClientMessage.Insertable {
        let kind = try container.decode(String.self, forKey: .kind)
        if let plain = ClientMessage.Insertable.withoutValues.first(where: { $0.name == kind }) { return plain }
        switch kind {
        case "text": return .text(try container.decodeIfPresent(String.self, forKey: .text) ?? "")
        case "sticker": return .sticker(emoji: try container.decodeIfPresent(String.self, forKey: .emoji) ?? "")
        case "image": return .image(try container.decode(String.self, forKey: .image))
        case "link": return .link(url: try container.decodeIfPresent(String.self, forKey: .url) ?? "")
        default: throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown insertion '\(kind)'")
        }
    }

    private static func selectionAction(from container: KeyedDecodingContainer<Keys>) throws -> ClientMessage.SelectionAction {
        let action = try container.decode(String.self, forKey: .action)
        switch action {
        case "set": return .set
        case "move":
            return .move(dx: try container.decodeIfPresent(Double.self, forKey: .dx) ?? 0, dy: try container.decodeIfPresent(Double.self, forKey: .dy) ?? 0)
        case "resize":
            return .resize(to: try container.decode(Rect.self, forKey: .rect),
                           keepingAspectRatio: try container.decodeIfPresent(Bool.self, forKey: .keepAspect) ?? false)
        case "rotate": return .rotate(try container.decode(Double.self, forKey: .angle))
        case "delete": return .delete
        case "duplicate": return .duplicate
        case "front": return .front
        case "back": return .back
        case "recolor": return .recolor(try container.decode(String.self, forKey: .color))
        default: throw DecodingError.dataCorruptedError(forKey: .action, in: container, debugDescription: "unknown selection action '\(action)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(message.kind, forKey: .type)
        try container.encodeIfPresent(op, forKey: .op)
        switch message {
        case .view(let view): try container.encode(view, forKey: .view)
        case .tool(let settings): try settings.encode(to: encoder)
        case .mode(let editable, let penOnly):
            try container.encode(editable, forKey: .editable)
            try container.encodeIfPresent(penOnly, forKey: .penOnly)
        case .pointer(let input): try input.encode(to: encoder)
        case .stroke(let input): try input.encode(to: encoder)
        case .undo, .redo, .clear: break
        case .insert(let item, let color, let view):
            try container.encode(item.name, forKey: .kind)
            try container.encodeIfPresent(color, forKey: .color)
            try container.encodeIfPresent(view, forKey: .view)
            switch item {
            case .text(let text): try container.encode(text, forKey: .text)
            case .sticker(let emoji): try container.encode(emoji, forKey: .emoji)
            case .image(let base64): try container.encode(base64, forKey: .image)
            case .link(let url): try container.encode(url, forKey: .url)
            default: break
            }
        case .selection(let action, let ids):
            try container.encode(action.name, forKey: .action)
            try container.encodeIfPresent(ids, forKey: .ids)
            switch action {
            case .move(let dx, let dy):
                try container.encode(dx, forKey: .dx)
                try container.encode(dy, forKey: .dy)
            case .resize(let rect, let keepAspect):
                try container.encode(rect, forKey: .rect)
                try container.encode(keepAspect, forKey: .keepAspect)
            case .rotate(let angle): try container.encode(angle, forKey: .angle)
            case .recolor(let color): try container.encode(color, forKey: .color)
            default: break
            }
        }
    }
}
