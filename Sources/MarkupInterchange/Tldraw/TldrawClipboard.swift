import Foundation

/// What tldraw puts on the clipboard when shapes are copied: HTML, `<div data-tldraw>` around
/// `{"type": "application/tldraw", "kind": "content", "version": 3, "data": {"assets": [...],
/// "otherCompressed": "…"}}`, the shapes, their bindings and the ids of the outermost ones in
/// lz-string's base64 (version 2 holds all of it as plain JSON; before it, the whole JSON was
/// compressed). The shapes become one page.
enum TldrawClipboard {
    static let type = "application/tldraw"
    /// The most UTF-16 code units compressed JSON may make.
    static let maximumUnits = 32 << 20

    /// The JSON inside tldraw's clipboard HTML; nil when `data` is no such HTML.
    static func json(in data: Data) throws(InterchangeError) -> Data? {
        guard isClipboardHTML(data) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let open = text.range(of: "<div data-tldraw"), let tagEnd = text[open.upperBound...].firstIndex(of: ">"),
              let close = text.range(of: "</div>", options: .backwards), close.lowerBound > tagEnd else {
            throw .malformed(.tldraw, reason: "tldraw's clipboard HTML is not whole")
        }
        let inner = text[text.index(after: tagEnd)..<close.lowerBound]
        if inner.hasPrefix("{") { return Data(inner.utf8) }
        return Data(try decompressed(String(inner)).utf8)
    }

    /// Whether `data` starts as tldraw's clipboard HTML does: markup (not a JSON file that mentions
    /// it), its `<div data-tldraw>` within the first 4 KB (after any `<meta>` a browser adds).
    static func isClipboardHTML(_ data: Data) -> Bool {
        let start = String(decoding: data.prefix(4096), as: UTF8.self)
        return start.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "<" && start.contains("<div data-tldraw")
    }

    static func decode(_ json: Data, title: String) throws(InterchangeError) -> ImportedDocument {
        try JSONReader.parse(json, format: .tldraw) { (root) throws(InterchangeError) -> ImportedDocument in
            guard root["type"]?.string == type else { throw .notThisFormat(.tldraw, reason: "the clipboard's JSON is not tldraw's") }
            return try read(root, title: title)
        }
    }

    /// The document the clipboard JSON `root` holds.
    static func read(_ root: JSONNode, title: String) throws(InterchangeError) -> ImportedDocument {
        guard let data = root["data"], data.isObject else { throw .malformed(.tldraw, reason: "the clipboard holds no data") }
        let assets = data["assets"]?.children ?? []
        guard root["version"]?.number == 3 else { return try content(data, assets: assets, title: title) }
        guard let compressed = data["otherCompressed"]?.string else { throw .malformed(.tldraw, reason: "the clipboard's shapes are missing") }
        return try JSONReader.parse(Data(try decompressed(compressed).utf8), format: .tldraw) { (rest) throws(InterchangeError) in
            try content(rest, assets: assets, title: title)
        }
    }

    private static func content(_ rest: JSONNode, assets: [JSONNode], title: String) throws(InterchangeError) -> ImportedDocument {
        let shapes = rest["shapes"]?.children ?? []
        guard !shapes.isEmpty else { throw .malformed(.tldraw, reason: "the clipboard holds no shapes") }
        let roots = (rest["rootShapeIds"]?.children ?? []).compactMap(\.string)
        let records = try TldrawRecords(shapes + (rest["bindings"]?.children ?? []) + assets, roots: roots)
        return try TldrawImporter.document(of: records, title: title)
    }

    private static func decompressed(_ text: String) throws(InterchangeError) -> String {
        switch LZString.decompressFromBase64(text, limit: maximumUnits) {
        case .text(let json): return json
        case .invalid: throw .malformed(.tldraw, reason: "the clipboard's compressed data is damaged")
        case .tooLarge: throw .tooLarge(.tldraw, reason: "the clipboard's compressed data makes more than \(maximumUnits >> 20) M characters")
        }
    }
}
