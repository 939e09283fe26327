import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupRender

/// Reading a page's message: the one place JSON from a page becomes a `ClientMessage`. Fields the
/// protocol does not name are ignored; a missing or mistyped field, or an unknown name, is an error.
extension ClientEnvelope {
    /// The message `text` holds.
    ///
    /// - Throws: `ProtocolError` for anything that is not a message of the protocol.
    public static func decode(_ text: String) throws(ProtocolError) -> ClientEnvelope {
        try JSONTree.parse(text) { root throws(ProtocolError) in try ClientEnvelope(reading: root.object()) }
    }

    /// The id `text` gives its edit, read alone: a message that is not otherwise one of the protocol's
    /// is refused under it, so the page that sent it lets it go rather than send it again for ever.
    static func operation(in text: String) -> String? {
        let op = try? JSONTree.parse(text) { root throws(ProtocolError) in try root.object()["op"]?.string() }
        return op.flatMap { $0 }.flatMap { isValidIdentifier($0) ? $0 : nil }
    }

    init(reading json: JSONValue) throws(ProtocolError) {
        op = try json["op"]?.string()
        let type = try json.required("type").string()
        switch type {
        case "view": message = .view(try ClientMessage.View(reading: json.required("view")))
        case "tool": message = .tool(try ClientMessage.ToolSettings(reading: json))
        case "mode": message = .mode(editable: try json["editable"]?.bool() ?? true, penOnly: try json["penOnly"]?.bool())
        case "pointer": message = .pointer(try ClientMessage.PointerInput(reading: json))
        case "stroke": message = .stroke(try ClientMessage.StrokeInput(reading: json))
        case "undo": message = .undo
        case "ping": message = .ping
        case "redo": message = .redo
        case "clear": message = .clear(page: try json["page"].map { (page) throws(ProtocolError) in try Rect(reading: page) })
        case "insert":
            message = .insert(try ClientMessage.Insertable(reading: json), color: try json["color"]?.string(),
                              view: try json["view"].map { value throws(ProtocolError) in try ClientMessage.View(reading: value) },
                              placement: try ClientMessage.Placement(reading: json),
                              style: .init(lineWidth: try json["width"]?.number(), opacity: try json["opacity"]?.number(),
                                           fill: try json.choice("fill", of: ShapeFill.self),
                                           rotation: try json["rotation"]?.number() ?? 0, dash: try json.choice("dash", of: ShapeDash.self),
                                           startMarker: try json.choice("startMarker", of: LineMarker.self),
                                           endMarker: try json.choice("endMarker", of: LineMarker.self),
                                           elbow: try json["elbow"]?.bool() ?? false,
                                           sketchy: try json["sketchy"]?.bool() ?? false,
                                           connects: try json["connect"]?.bool() ?? false),
                              selects: try json["select"]?.bool() ?? true,
                              labelFor: try json["labelFor"]?.string())
        case "presence": message = .presence(name: try json.required("name").string())
        case "follow":
            let peer = try json["peer"]?.string()
            if let peer, !ClientEnvelope.isValidIdentifier(peer) { throw .wrongType("peer", expected: "a page id of printable ASCII characters") }
            message = .follow(peer: peer)
        case "appearance": message = .appearance(dark: try json.required("dark").bool())
        case "paper":
            let name = try json.required("paper").string()
            if name == "plain" {
                message = .paper(nil)
            } else {
                guard let ruling = Paper.Ruling(rawValue: name) else { throw .unknown("paper", value: name) }
                message = .paper(Paper(ruling: ruling, spacing: try json["spacing"]?.number()))
            }
        case "selectText":
            message = .selectText(from: try Point(reading: json.required("from")), to: try Point(reading: json.required("to")))
        case "highlight":
            message = .highlight(from: try Point(reading: json.required("from")), to: try Point(reading: json.required("to")),
                                 color: try json["color"]?.string())
        case "findText":
            let query = try json.required("query").string()
            guard !query.isEmpty, query.count <= PDFTextSearch.maximumQueryLength else {
                throw .wrongType("query", expected: "1 to \(PDFTextSearch.maximumQueryLength) characters")
            }
            let page = try json["fromPage"]?.number() ?? 0
            guard page >= 0, page < Double(PageBackground.maximumPages), page.rounded() == page else {
                throw .wrongType("fromPage", expected: "a page number from 0")
            }
            message = .findText(query: query, fromPage: Int(page))
        case "space": message = .space(at: try json.required("at").number(), by: try json.required("by").number())
        case "sheet":
            let name = try json.required("action").string()
            func sheet() throws(ProtocolError) -> Int {
                let index = try json.required("sheet").number()
                guard index >= 0, index <= Double(Markup.maximumSheets), index.rounded() == index else {
                    throw .wrongType("sheet", expected: "a sheet's number from 0")
                }
                return Int(index)
            }
            switch name {
            case "add": message = .sheet(.add)
            case "remove": message = .sheet(.remove)
            case "insert": message = .sheet(.insert(before: try sheet()))
            case "delete": message = .sheet(.delete(at: try sheet()))
            case "duplicate": message = .sheet(.duplicate(at: try sheet()))
            case "moveUp": message = .sheet(.moveUp(at: try sheet()))
            case "moveDown": message = .sheet(.moveDown(at: try sheet()))
            default: throw .unknown("sheet action", value: name)
            }
        case "cursor":
            let point: Point? = if let x = json["x"] { Point(x: try x.number(), y: try json.required("y").number()) } else { nil }
            message = .cursor(point, drawing: try json["drawing"]?.bool() ?? false, laser: try json["laser"]?.bool() ?? false)
        case "selection":
            let ids = try json["ids"]?.array { value throws(ProtocolError) in try value.string() }
            message = .selection(try ClientMessage.SelectionAction(reading: json), ids: ids)
        default: throw .unknown("message type", value: type)
        }
    }
}

extension ClientMessage.View {
    init(reading json: JSONValue) throws(ProtocolError) {
        let view = try json.object()
        self.init(frame: Rect(x: try view.required("x").number(), y: try view.required("y").number(),
                              width: try view.required("width").number(), height: try view.required("height").number()),
                  size: Size(width: try view.required("viewWidth").number(), height: try view.required("viewHeight").number()))
    }
}

extension ClientMessage.Placement {
    /// `frame`, `from` and `to`, or `at`; nil when the message has none of them.
    init?(reading json: JSONValue) throws(ProtocolError) {
        if let frame = json["frame"] {
            self = .frame(try Rect(reading: frame))
        } else if let from = json["from"] {
            self = .line(from: try Point(reading: from), to: try Point(reading: json.required("to")))
        } else if let at = json["at"] {
            self = .center(try Point(reading: at))
        } else {
            return nil
        }
    }
}

extension ClientMessage.TextStyle {
    init(reading json: JSONValue) throws(ProtocolError) {
        let alignment = try json.choice("align", of: TextAlignment.self)
        self.init(family: try json["font"]?.string(), size: try json["size"]?.number(), bold: try json["bold"]?.bool() ?? false,
                  italic: try json["italic"]?.bool() ?? false, alignment: alignment)
    }
}

extension Point {
    init(reading json: JSONValue) throws(ProtocolError) {
        let point = try json.object()
        self.init(x: try point.required("x").number(), y: try point.required("y").number())
    }
}

extension Rect {
    init(reading json: JSONValue) throws(ProtocolError) {
        let rect = try json.object()
        self.init(x: try rect.required("x").number(), y: try rect.required("y").number(),
                  width: try rect.required("width").number(), height: try rect.required("height").number())
    }
}

extension ClientMessage.Sample {
    /// `{x, y, t, p?, tx?, ty?}`, read in one pass over its members (the first of a repeated name counts).
    init(reading json: JSONValue) throws(ProtocolError) {
        var x, y, t, p, tx, ty: JSONValue?
        try json.object().forEachMember { name, value throws(ProtocolError) in
            switch (name.count, name.first ?? 0, name.count == 2 ? name[1] : 0) {
            case (1, UInt8(ascii: "x"), _): x = x ?? value
            case (1, UInt8(ascii: "y"), _): y = y ?? value
            case (1, UInt8(ascii: "t"), _): t = t ?? value
            case (1, UInt8(ascii: "p"), _): p = p ?? value
            case (2, UInt8(ascii: "t"), UInt8(ascii: "x")): tx = tx ?? value
            case (2, UInt8(ascii: "t"), UInt8(ascii: "y")): ty = ty ?? value
            default: break
            }
        }
        func required(_ value: JSONValue?, _ name: String) throws(ProtocolError) -> Double {
            guard let value else { throw .missing(json.field.isEmpty ? name : json.field + "." + name) }
            return try value.number()
        }
        self.init(x: try required(x, "x"), y: try required(y, "y"), t: try required(t, "t"),
                  p: try p?.number(), tx: try tx?.number(), ty: try ty?.number())
    }

    static func list(reading json: JSONValue) throws(ProtocolError) -> [Self] {
        try json.array { value throws(ProtocolError) in try Self(reading: value) }
    }
}

extension ClientMessage.ToolSettings {
    /// The settings from the message's own fields: `tool`, `color`, `opacity`, `width`, `eraser`,
    /// `scratchOut`, `pressure`.
    init(reading json: JSONValue) throws(ProtocolError) {
        let name = try json.required("tool").string()
        let tool: ClientMessage.ToolName
        switch name {
        case "eraser": tool = .eraser
        case "lasso": tool = .lasso
        case "select": tool = .select
        default:
            guard let ink = InkType(rawValue: name) else { throw .unknown("tool", value: name) }
            tool = .ink(ink)
        }
        let eraser = try json.choice("eraser", of: EraserType.self)
        let pressure = try json["pressure"]?.number()
        if let pressure, !InkOptions.pressureSensitivities.contains(pressure) { throw .wrongType("pressure", expected: "a number from 0 to 2") }
        self.init(tool: tool, color: try json["color"]?.string(), opacity: try json["opacity"]?.number(), width: try json["width"]?.number(),
                  eraser: eraser, scratchOut: try json["scratchOut"]?.bool() ?? false, pressure: pressure)
    }
}

extension PointerKind {
    /// A browser that cannot tell (an empty or new `pointerType`) is taken for `fallback`, as the page does.
    init(reading json: JSONValue?, fallback: PointerKind) throws(ProtocolError) {
        self = try json.flatMap { value throws(ProtocolError) in PointerKind(rawValue: try value.string()) } ?? fallback
    }
}

extension ClientMessage.PointerInput {
    init(reading json: JSONValue) throws(ProtocolError) {
        let phaseName = try json.required("phase").string()
        guard let phase = PointerEvent.Phase(rawValue: phaseName) else { throw .unknown("phase", value: phaseName) }
        self.init(phase: phase, pointerType: try PointerKind(reading: json["pointerType"], fallback: .mouse),
                  samples: try json["samples"].map { value throws(ProtocolError) in try ClientMessage.Sample.list(reading: value) } ?? [],
                  view: try json["view"].map { value throws(ProtocolError) in try ClientMessage.View(reading: value) })
    }
}

extension ClientMessage.StrokeInput {
    init(reading json: JSONValue) throws(ProtocolError) {
        self.init(ink: try ClientMessage.ToolSettings(reading: json), pointerType: try PointerKind(reading: json["pointerType"], fallback: .mouse),
                  samples: try ClientMessage.Sample.list(reading: json.required("samples")), view: try ClientMessage.View(reading: json.required("view")))
    }
}

extension ClientMessage.Insertable {
    init(reading json: JSONValue) throws(ProtocolError) {
        let kind = try json.required("kind").string()
        if let plain = Self.withoutValues.first(where: { $0.name == kind }) {
            self = plain
            return
        }
        switch kind {
        case "text": self = .text(try json["text"]?.string() ?? "", style: try ClientMessage.TextStyle(reading: json))
        case "sticker": self = .sticker(emoji: try json["emoji"]?.string() ?? "")
        case "image": self = .image(try json.required("image").string())
        case "drawing": self = .drawing(try json.required("drawing").string(), name: try json["name"]?.string() ?? "")
        case "link": self = .link(url: try json["url"]?.string() ?? "")
        case "signature":
            let id = try json["signature"]?.number()
            if let id, id.rounded() != id || !(1...Double(1 << 53)).contains(id) { throw .wrongType("signature", expected: "a saved signature's id") }
            self = .signature(id: id.map(Int64.init))
        default: throw .unknown("insertion", value: kind)
        }
    }
}

extension ClientMessage.SelectionAction {
    init(reading json: JSONValue) throws(ProtocolError) {
        let action = try json.required("action").string()
        switch action {
        case "set": self = .set
        case "all": self = .all
        case "pick": self = .pick(try Point(reading: json.required("at")))
        case "move": self = .move(dx: try json["dx"]?.number() ?? 0, dy: try json["dy"]?.number() ?? 0)
        case "resize":
            let flipping = Set([try json["flipX"]?.bool() == true ? SelectionAxis.horizontal : nil,
                                try json["flipY"]?.bool() == true ? SelectionAxis.vertical : nil].compactMap { $0 })
            self = .resize(to: try Rect(reading: json.required("rect")), keepingAspectRatio: try json["keepAspect"]?.bool() ?? false, flipping: flipping)
        case "rotate": self = .rotate(try json.required("angle").number())
        case "delete": self = .delete
        case "duplicate":
            let dx = try json["dx"]?.number(), dy = try json["dy"]?.number()
            self = .duplicate(offset: dx == nil && dy == nil ? nil : Point(x: dx ?? 0, y: dy ?? 0))
        case "front": self = .front
        case "back": self = .back
        case "forward": self = .forward
        case "backward": self = .backward
        case "recolor": self = .recolor(try json.required("color").string())
        case "restyle":
            self = .restyle(width: try json["width"]?.number(), opacity: try json["opacity"]?.number(),
                            fill: try json.choice("fill", of: ShapeFill.self), dash: try json.choice("dash", of: ShapeDash.self),
                            startMarker: try json.choice("startMarker", of: LineMarker.self), endMarker: try json.choice("endMarker", of: LineMarker.self),
                            elbow: try json["elbow"]?.bool(), sketchy: try json["sketchy"]?.bool(), color: try json["color"]?.string())
        case "align":
            guard let alignment = try json.choice("edge", of: SelectionAlignment.self) else { throw .missing("edge") }
            self = .align(alignment)
        case "distribute", "flip":
            guard let axis = try json.choice("axis", of: SelectionAxis.self) else { throw .missing("axis") }
            self = action == "flip" ? .flip(axis) : .distribute(axis)
        case "editText": self = .editText(try json.required("text").string(), style: try ClientMessage.TextStyle(reading: json))
        case "restyleText":
            self = .restyleText(family: try json["font"]?.string(), size: try json["size"]?.number(), bold: try json["bold"]?.bool(),
                                italic: try json["italic"]?.bool(), alignment: try json.choice("align", of: TextAlignment.self))
        case "group": self = .group
        case "ungroup": self = .ungroup
        case "lock": self = .lock
        case "unlock": self = .unlock
        case "unlockAll": self = .unlockAll
        case "straighten": self = .straighten
        case "moveEnd":
            guard let end = try json.choice("end", of: LineEnd.self) else { throw .missing("end") }
            self = .moveEnd(end, to: try Point(reading: json.required("to")), connects: try json["connect"]?.bool() ?? false)
        case "bend": self = .bend(through: try json["through"].map { value throws(ProtocolError) in try Point(reading: value) })
        case "crop": self = .crop(try json["rect"].map { value throws(ProtocolError) in try Rect(reading: value) })
        case "describe": self = .describe(try json.required("text").string())
        case "magnify": self = .magnify(try json.required("magnification").number())
        case "copy": self = .copy
        case "cut": self = .cut
        case "paste":
            let source = try json["from"]?.string()
            if let source, !ClientEnvelope.isValidIdentifier(source) { throw .wrongType("from", expected: "a page id of printable ASCII characters") }
            self = .paste(view: try json["view"].map { value throws(ProtocolError) in try ClientMessage.View(reading: value) }, from: source,
                          at: try json["at"].map { value throws(ProtocolError) in try Point(reading: value) })
        default: throw .unknown("selection action", value: action)
        }
    }
}
