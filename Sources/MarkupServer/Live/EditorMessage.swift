import Foundation
import MarkupModel

/// What a browser sends over the WebSocket: input and commands. The server answers with
/// `ServerMessage`s. docs/SERVER.md describes every field.
struct ClientMessage: Decodable {
    var type: String
    /// The id the page gave an edit, so its acknowledgement can name it and a resend is recognised.
    var op: String?
    // pointer
    var phase: String?
    var pointerType: String?
    var samples: [Sample]?
    var view: View?
    // tool
    var tool: String?
    var color: String?
    var opacity: Double?
    var width: Double?
    var eraser: String?
    // insert
    var kind: String?
    var text: String?
    var emoji: String?
    var image: String?
    var url: String?
    // selection
    var action: String?
    var dx: Double?
    var dy: Double?
    var angle: Double?
    var ids: [String]?
    // mode and drawing policy
    var editable: Bool?
    var penOnly: Bool?
    var rect: Rect?
    var keepAspect: Bool?

    static let maximumOperationBytes = 64

    /// Whether `identifier` is one a page may give an edit or itself: 1–64 printable ASCII characters.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        (1...maximumOperationBytes).contains(identifier.utf8.count) && identifier.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The message `text` holds.
    ///
    /// - Throws: `DecodingError` for anything that is not a message, nested too deep included.
    static func decode(_ text: String) throws -> ClientMessage {
        try ClientJSON.decode(ClientMessage.self, from: Data(text.utf8))
    }

    /// One pointer sample in view coordinates: position, time in milliseconds, pressure 0…1, tilt in degrees.
    struct Sample: Decodable {
        var x: Double
        var y: Double
        var t: Double
        var p: Double?
        var tx: Double?
        var ty: Double?
    }

    /// The part of the document the page shows (`x`, `y`, `width`, `height` in document points) in a
    /// view of `viewWidth` × `viewHeight` CSS pixels.
    struct View: Decodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var viewWidth: Double
        var viewHeight: Double

        var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
        var size: Size { Size(width: viewWidth, height: viewHeight) }
    }
}

/// An element as a page draws it: its id, z-index and SVG group.
struct ElementSVG: Encodable {
    var id: String
    var z: Int64
    var svg: String
}

/// What the server sends a page.
struct ServerMessage: Encodable {
    var type: String
    /// The edit an `ack` or `refused` is about.
    var op: String?
    /// The protocol a `hello` speaks: a page made for another reloads.
    var protocolVersion: Int?
    var document: DocumentInfo?
    var elements: [ElementSVG]?
    var added: [ElementSVG]?
    var updated: [ElementSVG]?
    var removed: [String]?
    var sequence: Int64?
    /// False when a change could not be journaled: it is on screen but not saved.
    var saved: Bool?
    var canUndo: Bool?
    var canRedo: Bool?
    var layers: [LiveLayer]?
    /// Whose stroke a live message is about: several pages may draw at once.
    var stream: String?
    var ids: [String]?
    var bounds: Rect?
    var message: String?
    var readOnly: String?
    var title: String?
    var zoomRange: [Double]?
    /// The background's pages, in document points, when the document has one.
    var pages: [Rect]?

    init(type: String) { self.type = type }

    /// 2: edits carry op ids, acknowledged (`ack`) or refused (`refused`) by id; whole strokes (`stroke`).
    static let protocolVersion = 2

    struct DocumentInfo: Encodable {
        var id: String
        var title: String
        var bounds: Rect
    }

    struct LiveLayer: Encodable {
        var finished: String
        var provisional: String
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{\"type\":\"error\"}"
    }

    /// Edit `operation` is saved (journaled through `sequence`), or was already.
    static func acknowledging(_ operation: String, sequence: Int64) -> ServerMessage {
        var reply = ServerMessage(type: "ack")
        reply.op = operation
        reply.sequence = sequence
        return reply
    }

    /// Edit `operation` was refused and changed nothing: sending it again would not help.
    static func refusing(_ operation: String, _ reason: String) -> ServerMessage {
        var reply = ServerMessage(type: "refused")
        reply.op = operation
        reply.message = reason
        return reply
    }

    static func error(_ message: String) -> ServerMessage {
        var reply = ServerMessage(type: "error")
        reply.message = message
        return reply
    }
}
