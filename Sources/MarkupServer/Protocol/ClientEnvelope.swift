import Foundation
import MarkupModel

/// One WebSocket message from a page: a `ClientMessage` and, for an edit, the id the page gave it,
/// so its acknowledgement can name it and a resend is recognised. Read only in
/// `ClientEnvelope+Reading` and written only here, as the flat JSON objects docs/SERVER.md describes.
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

    /// The message as the JSON text a page sends.
    public var json: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "{}"
    }
}

extension ClientEnvelope: Encodable {
    private enum Keys: String, CodingKey {
        case type, op, view, editable, penOnly, kind, color, text, emoji, image, url, action, ids, dx, dy, rect, keepAspect, flipX, flipY, angle
        case frame, from, to, at, name, x, y, drawing, font, size, bold, italic, align, width, opacity, dark, rotation, laser, select
        case fill, edge, axis, labelFor, paper, spacing, dash, startMarker, endMarker, elbow, sketchy, by, query, fromPage, connect, end, through, sheet, peer
        case signature, page, magnification
    }

    private static func encode(_ style: ClientMessage.TextStyle, into container: inout KeyedEncodingContainer<Keys>) throws {
        try container.encodeIfPresent(style.family, forKey: .font)
        try container.encodeIfPresent(style.size, forKey: .size)
        if style.bold { try container.encode(true, forKey: .bold) }
        if style.italic { try container.encode(true, forKey: .italic) }
        try container.encodeIfPresent(style.alignment?.rawValue, forKey: .align)
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
        case .undo, .redo, .ping, .clear(page: nil): break
        case .clear(let page?): try container.encode(page, forKey: .page)
        case .insert(let item, let color, let view, let placement, let style, let selects, let labelFor):
            try container.encode(item.name, forKey: .kind)
            if !selects { try container.encode(selects, forKey: .select) }
            try container.encodeIfPresent(labelFor, forKey: .labelFor)
            try container.encodeIfPresent(style.lineWidth, forKey: .width)
            try container.encodeIfPresent(style.opacity, forKey: .opacity)
            try container.encodeIfPresent(style.fill?.rawValue, forKey: .fill)
            try container.encodeIfPresent(style.dash?.rawValue, forKey: .dash)
            try container.encodeIfPresent(style.startMarker?.rawValue, forKey: .startMarker)
            try container.encodeIfPresent(style.endMarker?.rawValue, forKey: .endMarker)
            if style.elbow { try container.encode(true, forKey: .elbow) }
            if style.sketchy { try container.encode(true, forKey: .sketchy) }
            if style.connects { try container.encode(true, forKey: .connect) }
            if style.rotation != 0 { try container.encode(style.rotation, forKey: .rotation) }
            try container.encodeIfPresent(color, forKey: .color)
            try container.encodeIfPresent(view, forKey: .view)
            switch placement {
            case .frame(let rect): try container.encode(rect, forKey: .frame)
            case .line(let from, let to):
                try container.encode(from, forKey: .from)
                try container.encode(to, forKey: .to)
            case .center(let point): try container.encode(point, forKey: .at)
            case nil: break
            }
            switch item {
            case .text(let text, let style):
                try container.encode(text, forKey: .text)
                try Self.encode(style, into: &container)
            case .sticker(let emoji): try container.encode(emoji, forKey: .emoji)
            case .image(let base64): try container.encode(base64, forKey: .image)
            case .drawing(let base64, let name):
                try container.encode(base64, forKey: .drawing)
                try container.encode(name, forKey: .name)
            case .link(let url): try container.encode(url, forKey: .url)
            case .signature(let id): try container.encodeIfPresent(id, forKey: .signature)
            default: break
            }
        case .presence(let name): try container.encode(name, forKey: .name)
        case .follow(let peer): try container.encodeIfPresent(peer, forKey: .peer)
        case .appearance(let dark): try container.encode(dark, forKey: .dark)
        case .paper(let paper):
            try container.encode(paper?.ruling.rawValue ?? "plain", forKey: .paper)
            try container.encodeIfPresent(paper?.spacing, forKey: .spacing)
        case .sheet(let action):
            try container.encode(action.name, forKey: .action)
            switch action {
            case .insert(let index), .delete(let index), .duplicate(let index), .moveUp(let index), .moveDown(let index):
                try container.encode(index, forKey: .sheet)
            case .add, .remove: break
            }
        case .selectText(let from, let to), .highlight(let from, let to, _):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            if case .highlight(_, _, let color) = message { try container.encodeIfPresent(color, forKey: .color) }
        case .space(let y, let distance):
            try container.encode(y, forKey: .at)
            try container.encode(distance, forKey: .by)
        case .findText(let query, let page):
            try container.encode(query, forKey: .query)
            try container.encode(page, forKey: .fromPage)
        case .cursor(let point, let drawing, let laser):
            try container.encodeIfPresent(point?.x, forKey: .x)
            try container.encodeIfPresent(point?.y, forKey: .y)
            try container.encode(drawing, forKey: .drawing)
            if laser { try container.encode(laser, forKey: .laser) }
        case .selection(let action, let ids):
            try container.encode(action.name, forKey: .action)
            try container.encodeIfPresent(ids, forKey: .ids)
            switch action {
            case .move(let dx, let dy):
                try container.encode(dx, forKey: .dx)
                try container.encode(dy, forKey: .dy)
            case .resize(let rect, let keepAspect, let flipping):
                try container.encode(rect, forKey: .rect)
                try container.encode(keepAspect, forKey: .keepAspect)
                if flipping.contains(.horizontal) { try container.encode(true, forKey: .flipX) }
                if flipping.contains(.vertical) { try container.encode(true, forKey: .flipY) }
            case .rotate(let angle): try container.encode(angle, forKey: .angle)
            case .recolor(let color): try container.encode(color, forKey: .color)
            case .restyle(let width, let opacity, let fill, let dash, let startMarker, let endMarker, let elbow, let sketchy, let color):
                try container.encodeIfPresent(color, forKey: .color)
                try container.encodeIfPresent(width, forKey: .width)
                try container.encodeIfPresent(opacity, forKey: .opacity)
                try container.encodeIfPresent(fill?.rawValue, forKey: .fill)
                try container.encodeIfPresent(dash?.rawValue, forKey: .dash)
                try container.encodeIfPresent(startMarker?.rawValue, forKey: .startMarker)
                try container.encodeIfPresent(endMarker?.rawValue, forKey: .endMarker)
                try container.encodeIfPresent(elbow, forKey: .elbow)
                try container.encodeIfPresent(sketchy, forKey: .sketchy)
            case .align(let alignment): try container.encode(alignment.rawValue, forKey: .edge)
            case .distribute(let axis), .flip(let axis): try container.encode(axis.rawValue, forKey: .axis)
            case .editText(let text, let style):
                try container.encode(text, forKey: .text)
                try Self.encode(style, into: &container)
            case .restyleText(let family, let size, let bold, let italic, let alignment):
                try container.encodeIfPresent(family, forKey: .font)
                try container.encodeIfPresent(size, forKey: .size)
                try container.encodeIfPresent(bold, forKey: .bold)
                try container.encodeIfPresent(italic, forKey: .italic)
                try container.encodeIfPresent(alignment?.rawValue, forKey: .align)
            case .duplicate(let offset?):
                try container.encode(offset.x, forKey: .dx)
                try container.encode(offset.y, forKey: .dy)
            case .paste(let view, let source, let point):
                try container.encodeIfPresent(view, forKey: .view)
                try container.encodeIfPresent(source, forKey: .from)
                try container.encodeIfPresent(point, forKey: .at)
            case .pick(let point): try container.encode(point, forKey: .at)
            case .moveEnd(let end, let point, let connects):
                try container.encode(end.rawValue, forKey: .end)
                try container.encode(point, forKey: .to)
                if connects { try container.encode(true, forKey: .connect) }
            case .bend(let point): try container.encodeIfPresent(point, forKey: .through)
            case .crop(let rect): try container.encodeIfPresent(rect, forKey: .rect)
            case .describe(let text): try container.encode(text, forKey: .text)
            case .magnify(let magnification): try container.encode(magnification, forKey: .magnification)
            default: break
            }
        }
    }
}
