import MarkupModel
import MarkupRender

/// One server message's JSON object, written field by field: `type` first, absent optionals left
/// out, as `ServerMessage.json` sends every message but the rare nested ones (no `Encoder` on the
/// path of a stroke's change and ack).
struct MessageText {
    private var text = TextBuffer(capacity: 128)

    init(type: ServerMessage.Kind) {
        text.append("{\"type\":\"")
        text.append(type.rawValue)
        text.append("\"")
    }

    private mutating func key(_ name: String) {
        text.append(",\"")
        text.append(name)
        text.append("\":")
    }

    mutating func string(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        text.append(jsonString: value)
    }

    mutating func integer(_ name: String, _ value: Int64?) {
        guard let value else { return }
        key(name)
        text.append(String(value))
    }

    /// A number in its shortest form that reads back the same; one that is not finite is 0.
    mutating func number(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        append(value)
    }

    mutating func bool(_ name: String, _ value: Bool?) {
        guard let value else { return }
        key(name)
        text.append(value ? "true" : "false")
    }

    mutating func strings(_ name: String, _ values: [String]) {
        key(name)
        list(values) { $0.text.append(jsonString: $1) }
    }

    mutating func elements(_ name: String, _ elements: [ElementSVG]) {
        key(name)
        list(elements) { text, element in
            text.text.append("{\"id\":")
            text.text.append(jsonString: element.id)
            text.text.append(",\"z\":")
            text.text.append(String(element.z))
            text.text.append(",\"svg\":")
            text.text.append(jsonString: element.svg)
            text.text.append("}")
        }
    }

    mutating func layers(_ name: String, _ layers: [ServerMessage.LiveLayer]) {
        key(name)
        list(layers) { text, layer in
            text.text.append("{\"finished\":")
            text.text.append(jsonString: layer.finished)
            text.text.append(",\"provisional\":")
            text.text.append(jsonString: layer.provisional)
            text.text.append("}")
        }
    }

    mutating func rect(_ name: String, _ rect: Rect?) {
        guard let rect else { return }
        key(name)
        append(rect)
    }

    mutating func integers(_ name: String, _ values: [Int]) {
        key(name)
        list(values) { $0.text.append(String($1)) }
    }

    mutating func rects(_ name: String, _ rects: [Rect]) {
        key(name)
        list(rects) { $0.append($1) }
    }

    private mutating func append(_ rect: Rect) {
        text.append("{\"x\":")
        append(rect.origin.x)
        text.append(",\"y\":")
        append(rect.origin.y)
        text.append(",\"width\":")
        append(rect.size.width)
        text.append(",\"height\":")
        append(rect.size.height)
        text.append("}")
    }

    mutating func paper(_ name: String, _ paper: ServerMessage.PaperSetting?) {
        guard let paper else { return }
        key(name)
        text.append("{\"ruling\":")
        text.append(jsonString: paper.ruling)
        if let spacing = paper.spacing {
            text.append(",\"spacing\":")
            append(spacing)
        }
        text.append("}")
    }

    mutating func peer(_ name: String, _ peer: ServerMessage.Peer) {
        key(name)
        text.append("{\"id\":")
        text.append(jsonString: peer.id)
        text.append(",\"name\":")
        text.append(jsonString: peer.name)
        text.append(",\"color\":")
        text.append(jsonString: peer.color)
        text.append("}")
    }

    private mutating func list<Item>(_ items: [Item], _ write: (inout MessageText, Item) -> Void) {
        text.append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { text.append(",") }
            write(&self, item)
        }
        text.append("]")
    }

    private mutating func append(_ value: Double) {
        text.append(value.isFinite ? value.description : "0")
    }

    /// The finished object.
    consuming func finished() -> String {
        text.append("}")
        return String(decoding: text.bytes, as: UTF8.self)
    }
}
