import Foundation
import MarkupEditor
import MarkupModel

/// What the server sends a page, each kind its own case. Encoded and decoded only here, as the
/// flat JSON objects docs/SERVER.md describes: the server encodes them, `EditorClient` decodes them.
public enum ServerMessage: Equatable, Sendable {
    /// The first message on every connection: the page starts over from it.
    case hello(Hello)
    /// What the document's first view shows, as saved with its latest snapshot: sent before
    /// `hello` to a page opening a document that takes a while to read, so the page can draw it at
    /// once. `hello` follows; until then the page cannot edit.
    case preview(Preview)
    /// Elements for the page's view, back to front.
    case elements([ElementSVG])
    /// A change, already journaled (unless `saved` is false).
    case change(Change)
    /// Edit `op` is saved through `sequence` (or was already); without an op, an edit sent without
    /// an id changed nothing.
    case ack(op: String?, sequence: Int64?)
    /// Edit `op` was refused and changed nothing: sending it again would not help.
    case refused(op: String, reason: String)
    /// This page's own undo state.
    case history(canUndo: Bool, canRedo: Bool)
    /// The document's selection, its bounds, and the style its elements share.
    case selection(ids: [String], bounds: Rect?, style: SharedStyle = .init())
    /// Something to tell the person.
    case notice(String)
    /// The document was renamed.
    case title(String)
    /// A refused message that carried no id; nothing changed.
    case error(String)
    /// A stroke being drawn, one stream per pen: it starts, grows by layers, and ends after its change.
    case liveBegin(stream: String)
    case live(stream: String, layers: [LiveLayer])
    case liveEnd(stream: String)
    /// Who else is on the document when the page arrives (at most `PresenceList.maximumListed`
    /// of them; `total` counts them all).
    case presence(peers: [Peer], total: Int)
    /// Someone arrived, or changed their name.
    case peer(Peer)
    /// Someone left.
    case peerLeft(id: String)
    /// Where someone's pointer is (nil: off the canvas), and whether they are drawing, or pointing
    /// with the laser (whose fading trail the pages draw).
    case cursor(id: String, at: Point?, drawing: Bool, laser: Bool = false)
    /// What someone's page shows (document points), to a page that follows them.
    case peerView(id: String, view: Rect)
    /// The boxes (document points) around the PDF text a drag selects, answering `selectText`: what
    /// the text highlighter shows before it is let go.
    case textBoxes([Rect])
    /// Where the text a page looks for occurs (document points), answering `findText`, and the page
    /// to look on from next (nil when the whole PDF was read).
    case foundText(query: String, matches: [Rect], nextPage: Int?)
    /// The answer to `ping`: the link and the server are alive.
    case pong

    /// 2: edits carry op ids, acknowledged (`ack`) or refused (`refused`) by id; whole strokes (`stroke`).
    public static let protocolVersion = 2

    /// The `type` each case has on the wire.
    public enum Kind: String, Codable, Sendable {
        case hello, preview, elements, change, ack, refused, history, selection, notice, title, error, liveBegin, live, liveEnd
        case presence, peer, peerLeft, cursor, textBoxes, foundText, peerView, pong
    }

    public var kind: Kind {
        switch self {
        case .hello: .hello
        case .preview: .preview
        case .elements: .elements
        case .change: .change
        case .ack: .ack
        case .refused: .refused
        case .history: .history
        case .selection: .selection
        case .notice: .notice
        case .title: .title
        case .error: .error
        case .liveBegin: .liveBegin
        case .live: .live
        case .liveEnd: .liveEnd
        case .presence: .presence
        case .peer: .peer
        case .peerLeft: .peerLeft
        case .cursor: .cursor
        case .peerView: .peerView
        case .pong: .pong
        case .textBoxes: .textBoxes
        case .foundText: .foundText
        }
    }

    /// Another page on the document: the id its cursor and live strokes go by, the name the person
    /// gave, and the color they are shown in.
    public struct Peer: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        public var color: String

        public init(id: String, name: String, color: String) { (self.id, self.name, self.color) = (id, name, color) }
    }

    public struct Hello: Codable, Equatable, Sendable {
        public var protocolVersion: Int
        public var document: DocumentInfo
        /// The journal position the document is saved through.
        public var sequence: Int64
        public var canUndo: Bool
        public var canRedo: Bool
        /// Why the document cannot be edited, when it cannot.
        public var readOnly: String?
        public var zoomRange: [Double]
        /// The background's pages, in document points, when the document has one.
        public var pages: [Rect]?
        /// Which page of the PDF (or picture) each of them shows, from 0; −1 for a blank page put in
        /// among them: white, with no image to fetch.
        public var pageSources: [Int]?

        public init(protocolVersion: Int, document: DocumentInfo, sequence: Int64, canUndo: Bool, canRedo: Bool, readOnly: String?,
                    zoomRange: [Double], background: PageBackground?) {
            (self.protocolVersion, self.document, self.sequence, self.canUndo, self.canRedo) = (protocolVersion, document, sequence, canUndo, canRedo)
            (self.readOnly, self.zoomRange) = (readOnly, zoomRange)
            (pages, pageSources) = ServerMessage.pages(of: background)
        }
    }

    public struct Preview: Codable, Equatable, Sendable {
        /// The journal position it shows the document at: the `hello` of the same position shows the same.
        public var sequence: Int64
        public var document: DocumentInfo
        public var zoomRange: [Double]
        public var pages: [Rect]?
        public var pageSources: [Int]?
        /// The elements in the top of the document (as much as a view at the page's width shows on a
        /// tall phone), back to front.
        public var elements: [ElementSVG]

        public init(sequence: Int64, document: DocumentInfo, zoomRange: [Double], background: PageBackground?, elements: [ElementSVG]) {
            (self.sequence, self.document, self.zoomRange, self.elements) = (sequence, document, zoomRange, elements)
            (pages, pageSources) = ServerMessage.pages(of: background)
        }
    }

    public struct DocumentInfo: Codable, Equatable, Sendable {
        public var id: String
        public var title: String
        public var bounds: Rect
        /// The ruled paper the page draws under the markup, if any: `{"ruling": "lined", "spacing": 24}`.
        public var paper: Paper?
        /// How tall each sheet of a page made longer is (`Markup.sheetHeight`).
        public var sheetHeight: Double?
        /// True when the document lies over a PDF's pages, whose text the highlighter marks.
        public var pdf: Bool?

        public init(id: String, title: String, bounds: Rect, paper: Paper? = nil, sheetHeight: Double? = nil, pdf: Bool? = nil) {
            (self.id, self.title, self.bounds, self.paper, self.sheetHeight, self.pdf) = (id, title, bounds, paper, sheetHeight, pdf)
        }
    }

    public struct Change: Codable, Equatable, Sendable {
        public var added: [ElementSVG]
        public var updated: [ElementSVG]
        public var removed: [String]
        public var sequence: Int64
        /// False when the change could not be journaled: it is on screen but not saved.
        public var saved: Bool?
        /// The paper the change puts the document on; nil when it leaves the paper as it was.
        public var paper: PaperSetting?
        /// The page's new bounds (a sheet longer or shorter) and how tall its sheets are; nil when
        /// the change leaves them.
        public var bounds: Rect?
        public var sheetHeight: Double?
        /// The background's pages from now on, and which page of its source each shows, when the
        /// change rearranged them.
        public var pages: [Rect]?
        public var pageSources: [Int]?

        public init(added: [ElementSVG], updated: [ElementSVG], removed: [String], sequence: Int64, saved: Bool?,
                    paper: PaperSetting? = nil, bounds: Rect? = nil, sheetHeight: Double? = nil, background: PageBackground? = nil) {
            (self.added, self.updated, self.removed, self.sequence, self.saved) = (added, updated, removed, sequence, saved)
            (self.paper, self.bounds, self.sheetHeight) = (paper, bounds, sheetHeight)
            (pages, pageSources) = ServerMessage.pages(of: background)
        }
    }

    /// A background's pages on the wire: their frames, and which page of the source each shows.
    static func pages(of background: PageBackground?) -> (frames: [Rect]?, sources: [Int]?) {
        guard let pages = background?.pages else { return (nil, nil) }
        return (pages.map(\.frame), pages.map(\.index))
    }

    /// Paper on the wire where plain must be said too: `{"ruling": "lined", "spacing": 24}`, or
    /// `{"ruling": "plain"}`.
    public struct PaperSetting: Codable, Equatable, Sendable {
        public var ruling: String
        public var spacing: Double?

        public init(_ paper: Paper?) { (ruling, spacing) = (paper?.ruling.rawValue ?? "plain", paper?.spacing) }

        /// The paper it names; nil for plain (or a ruling this build does not know).
        public var paper: Paper? { Paper.Ruling(rawValue: ruling).map { Paper(ruling: $0, spacing: spacing) } }
    }

    /// Live stroke SVG: `finished` paths are appended, `provisional` replaces the last.
    public struct LiveLayer: Codable, Equatable, Sendable {
        public var finished: String
        public var provisional: String

        public init(finished: String, provisional: String) { (self.finished, self.provisional) = (finished, provisional) }
    }

    /// The message as the JSON text a page receives; `hello`, `preview` and `presence`, sent once per page,
    /// through `Encodable`, the rest written directly (`MessageText`).
    public var json: String {
        var text = MessageText(type: kind)
        switch self {
        case .hello, .preview, .presence:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{\"type\":\"error\"}"
        case .elements(let elements): text.elements("elements", elements)
        case .change(let change):
            text.elements("added", change.added)
            text.elements("updated", change.updated)
            text.strings("removed", change.removed)
            text.integer("sequence", change.sequence)
            text.bool("saved", change.saved)
            text.paper("paper", change.paper)
            text.rect("bounds", change.bounds)
            text.number("sheetHeight", change.sheetHeight)
            if let pages = change.pages { text.rects("pages", pages) }
            if let sources = change.pageSources { text.integers("pageSources", sources) }
        case .ack(let op, let sequence):
            text.string("op", op)
            text.integer("sequence", sequence)
        case .refused(let op, let reason):
            text.string("op", op)
            text.string("message", reason)
        case .history(let canUndo, let canRedo):
            text.bool("canUndo", canUndo)
            text.bool("canRedo", canRedo)
        case .selection(let ids, let bounds, let style):
            text.strings("ids", ids)
            text.rect("bounds", bounds)
            text.string("color", style.color)
            text.number("width", style.width)
            text.number("opacity", style.opacity)
            text.string("fill", style.fill)
            text.string("dash", style.dash)
            text.string("startMarker", style.startMarker)
            text.string("endMarker", style.endMarker)
            if let elbow = style.elbow { text.bool("elbow", elbow) }
            if let sketchy = style.sketchy { text.bool("sketchy", sketchy) }
            text.string("font", style.font)
            text.number("fontSize", style.fontSize)
            if let bold = style.bold { text.bool("bold", bold) }
            if let italic = style.italic { text.bool("italic", italic) }
            text.string("align", style.align)
            if let texts = style.texts { text.bool("texts", texts) }
            text.number("magnification", style.magnification)
            if let loupes = style.loupes { text.bool("loupes", loupes) }
        case .notice(let message), .error(let message): text.string("message", message)
        case .title(let title): text.string("title", title)
        case .liveBegin(let stream), .liveEnd(let stream): text.string("stream", stream)
        case .live(let stream, let layers):
            text.string("stream", stream)
            text.layers("layers", layers)
        case .peer(let peer): text.peer("peer", peer)
        case .peerLeft(let id): text.string("id", id)
        case .cursor(let id, let point, let drawing, let laser):
            text.string("id", id)
            text.number("x", point?.x)
            text.number("y", point?.y)
            text.bool("drawing", drawing)
            if laser { text.bool("laser", laser) }
        case .peerView(let id, let view):
            text.string("id", id)
            text.rect("view", view)
        case .textBoxes(let boxes): text.rects("boxes", boxes)
        case .foundText(let query, let matches, let nextPage):
            text.string("query", query)
            text.rects("matches", matches)
            text.integer("nextPage", nextPage.map(Int64.init))
        case .pong: break
        }
        return text.finished()
    }

    /// The message `text` holds.
    public static func decode(_ text: String) throws -> ServerMessage {
        try JSONDecoder().decode(ServerMessage.self, from: Data(text.utf8))
    }
}

/// The style the selected elements share, as a page's toolbar shows it: a `#rrggbb` color, a line
/// width in points, an opacity (0…1), a fill (`none`, `tint`, `solid`), an outline (`solid`,
/// `dashed`, `dotted`), the lines' markers at their ends (`none`, `arrow`, `openArrow`, `circle`,
/// `square`, `bar`), whether they are elbow lines and whether shapes are drawn by hand, each only
/// when shared.
public struct SharedStyle: Equatable, Sendable {
    public var color: String?
    public var width: Double?
    public var opacity: Double?
    public var fill: String?
    public var dash: String?
    public var startMarker: String?
    public var endMarker: String?
    public var elbow: Bool?
    public var sketchy: Bool?
    /// The text boxes' shared font family, size, weight, slant and alignment, and whether any is
    /// selected (`texts`).
    public var font: String?
    public var fontSize: Double?
    public var bold: Bool?
    public var italic: Bool?
    public var align: String?
    public var texts: Bool?
    /// The selected loupes' magnification, when they agree; whether any is selected (`loupes`).
    public var magnification: Double?
    public var loupes: Bool?

    public init(color: String? = nil, width: Double? = nil, opacity: Double? = nil, fill: String? = nil, dash: String? = nil,
                startMarker: String? = nil, endMarker: String? = nil, elbow: Bool? = nil, sketchy: Bool? = nil) {
        (self.color, self.width, self.opacity, self.fill, self.dash) = (color, width, opacity, fill, dash)
        (self.startMarker, self.endMarker, self.elbow, self.sketchy) = (startMarker, endMarker, elbow, sketchy)
    }

    /// `style` on the wire.
    public init(_ style: SelectionStyle) {
        self.init(color: style.color?.hex, width: style.width, opacity: style.opacity, fill: style.fill?.rawValue, dash: style.dash?.rawValue,
                  startMarker: style.startMarker?.rawValue, endMarker: style.endMarker?.rawValue, elbow: style.elbow, sketchy: style.sketchy)
        (font, fontSize, bold, italic, align) = (style.fontFamily, style.fontSize, style.bold, style.italic, style.alignment?.rawValue)
        texts = style.hasText ? true : nil
        magnification = style.magnification
        loupes = style.hasLoupe ? true : nil
    }
}

/// An element as a page draws it: its id, z-index and SVG group.
public struct ElementSVG: Codable, Equatable, Sendable {
    public var id: String
    public var z: Int64
    public var svg: String

    public init(id: String, z: Int64, svg: String) { (self.id, self.z, self.svg) = (id, z, svg) }
}

extension ServerMessage: Codable {
    private enum Keys: String, CodingKey {
        case type, elements, op, sequence, message, canUndo, canRedo, ids, bounds, title, stream, layers
        case peers, total, peer, id, x, y, drawing, laser, boxes, query, matches, nextPage, view
        case color, width, opacity, fill, dash, startMarker, endMarker, elbow, sketchy, font, fontSize, bold, italic, align, texts, magnification, loupes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        func text(_ key: Keys) throws -> String { try container.decode(String.self, forKey: key) }
        switch try container.decode(Kind.self, forKey: .type) {
        case .hello: self = .hello(try Hello(from: decoder))
        case .preview: self = .preview(try Preview(from: decoder))
        case .elements: self = .elements(try container.decode([ElementSVG].self, forKey: .elements))
        case .change: self = .change(try Change(from: decoder))
        case .ack: self = .ack(op: try container.decodeIfPresent(String.self, forKey: .op), sequence: try container.decodeIfPresent(Int64.self, forKey: .sequence))
        case .refused: self = .refused(op: try text(.op), reason: try text(.message))
        case .history: self = .history(canUndo: try container.decode(Bool.self, forKey: .canUndo), canRedo: try container.decode(Bool.self, forKey: .canRedo))
        case .selection:
            var style = SharedStyle(color: try container.decodeIfPresent(String.self, forKey: .color),
                                    width: try container.decodeIfPresent(Double.self, forKey: .width),
                                    opacity: try container.decodeIfPresent(Double.self, forKey: .opacity),
                                    fill: try container.decodeIfPresent(String.self, forKey: .fill),
                                    dash: try container.decodeIfPresent(String.self, forKey: .dash),
                                    startMarker: try container.decodeIfPresent(String.self, forKey: .startMarker),
                                    endMarker: try container.decodeIfPresent(String.self, forKey: .endMarker),
                                    elbow: try container.decodeIfPresent(Bool.self, forKey: .elbow),
                                    sketchy: try container.decodeIfPresent(Bool.self, forKey: .sketchy))
            style.font = try container.decodeIfPresent(String.self, forKey: .font)
            style.fontSize = try container.decodeIfPresent(Double.self, forKey: .fontSize)
            style.bold = try container.decodeIfPresent(Bool.self, forKey: .bold)
            style.italic = try container.decodeIfPresent(Bool.self, forKey: .italic)
            style.align = try container.decodeIfPresent(String.self, forKey: .align)
            style.texts = try container.decodeIfPresent(Bool.self, forKey: .texts)
            style.magnification = try container.decodeIfPresent(Double.self, forKey: .magnification)
            style.loupes = try container.decodeIfPresent(Bool.self, forKey: .loupes)
            self = .selection(ids: try container.decode([String].self, forKey: .ids), bounds: try container.decodeIfPresent(Rect.self, forKey: .bounds),
                              style: style)
        case .notice: self = .notice(try text(.message))
        case .title: self = .title(try text(.title))
        case .error: self = .error(try text(.message))
        case .liveBegin: self = .liveBegin(stream: try text(.stream))
        case .live: self = .live(stream: try text(.stream), layers: try container.decode([LiveLayer].self, forKey: .layers))
        case .liveEnd: self = .liveEnd(stream: try text(.stream))
        case .presence: self = .presence(peers: try container.decode([Peer].self, forKey: .peers), total: try container.decode(Int.self, forKey: .total))
        case .peer: self = .peer(try container.decode(Peer.self, forKey: .peer))
        case .textBoxes: self = .textBoxes(try container.decode([Rect].self, forKey: .boxes))
        case .foundText:
            self = .foundText(query: try text(.query), matches: try container.decode([Rect].self, forKey: .matches),
                              nextPage: try container.decodeIfPresent(Int.self, forKey: .nextPage))
        case .peerLeft: self = .peerLeft(id: try text(.id))
        case .peerView: self = .peerView(id: try text(.id), view: try container.decode(Rect.self, forKey: .view))
        case .pong: self = .pong
        case .cursor:
            let x = try container.decodeIfPresent(Double.self, forKey: .x), y = try container.decodeIfPresent(Double.self, forKey: .y)
            self = .cursor(id: try text(.id), at: x.flatMap { x in y.map { Point(x: x, y: $0) } }, drawing: try container.decode(Bool.self, forKey: .drawing),
                           laser: try container.decodeIfPresent(Bool.self, forKey: .laser) ?? false)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(kind, forKey: .type)
        switch self {
        case .hello(let hello): try hello.encode(to: encoder)
        case .preview(let preview): try preview.encode(to: encoder)
        case .elements(let elements): try container.encode(elements, forKey: .elements)
        case .change(let change): try change.encode(to: encoder)
        case .ack(let op, let sequence):
            try container.encodeIfPresent(op, forKey: .op)
            try container.encodeIfPresent(sequence, forKey: .sequence)
        case .refused(let op, let reason):
            try container.encode(op, forKey: .op)
            try container.encode(reason, forKey: .message)
        case .history(let canUndo, let canRedo):
            try container.encode(canUndo, forKey: .canUndo)
            try container.encode(canRedo, forKey: .canRedo)
        case .selection(let ids, let bounds, let style):
            try container.encode(ids, forKey: .ids)
            try container.encodeIfPresent(bounds, forKey: .bounds)
            try container.encodeIfPresent(style.color, forKey: .color)
            try container.encodeIfPresent(style.width, forKey: .width)
            try container.encodeIfPresent(style.opacity, forKey: .opacity)
            try container.encodeIfPresent(style.fill, forKey: .fill)
            try container.encodeIfPresent(style.dash, forKey: .dash)
            try container.encodeIfPresent(style.startMarker, forKey: .startMarker)
            try container.encodeIfPresent(style.endMarker, forKey: .endMarker)
            try container.encodeIfPresent(style.elbow, forKey: .elbow)
            try container.encodeIfPresent(style.sketchy, forKey: .sketchy)
            try container.encodeIfPresent(style.font, forKey: .font)
            try container.encodeIfPresent(style.fontSize, forKey: .fontSize)
            try container.encodeIfPresent(style.bold, forKey: .bold)
            try container.encodeIfPresent(style.italic, forKey: .italic)
            try container.encodeIfPresent(style.align, forKey: .align)
            try container.encodeIfPresent(style.texts, forKey: .texts)
            try container.encodeIfPresent(style.magnification, forKey: .magnification)
            try container.encodeIfPresent(style.loupes, forKey: .loupes)
        case .notice(let message), .error(let message): try container.encode(message, forKey: .message)
        case .title(let title): try container.encode(title, forKey: .title)
        case .liveBegin(let stream), .liveEnd(let stream): try container.encode(stream, forKey: .stream)
        case .live(let stream, let layers):
            try container.encode(stream, forKey: .stream)
            try container.encode(layers, forKey: .layers)
        case .presence(let peers, let total):
            try container.encode(peers, forKey: .peers)
            try container.encode(total, forKey: .total)
        case .peer(let peer): try container.encode(peer, forKey: .peer)
        case .peerLeft(let id): try container.encode(id, forKey: .id)
        case .textBoxes(let boxes): try container.encode(boxes, forKey: .boxes)
        case .foundText(let query, let matches, let nextPage):
            try container.encode(query, forKey: .query)
            try container.encode(matches, forKey: .matches)
            try container.encodeIfPresent(nextPage, forKey: .nextPage)
        case .cursor(let id, let point, let drawing, let laser):
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(point?.x, forKey: .x)
            try container.encodeIfPresent(point?.y, forKey: .y)
            try container.encode(drawing, forKey: .drawing)
            if laser { try container.encode(laser, forKey: .laser) }
        case .peerView(let id, let view):
            try container.encode(id, forKey: .id)
            try container.encode(view, forKey: .view)
        case .pong: break
        }
    }
}
