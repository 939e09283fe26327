import Foundation
import MarkupFormat

/// The other apps' file formats MarkupKit reads, and writes all but tldraw's.
public enum InterchangeFormat: String, CaseIterable, Hashable, Sendable {
    /// Xournal++ (`.xopp`, gzip-compressed XML; also Xournal's older `.xoj`).
    case xournal
    /// Excalidraw (`.excalidraw`, JSON).
    case excalidraw
    /// W3C InkML (`.inkml`, XML).
    case inkML
    /// tldraw (`.tldr`, JSON): read only.
    case tldraw

    /// The name people know the format by.
    public var displayName: String {
        switch self {
        case .xournal: "Xournal++"
        case .excalidraw: "Excalidraw"
        case .inkML: "InkML"
        case .tldraw: "tldraw"
        }
    }

    /// "a" or "an", as the name is said ("an Excalidraw file", "a tldraw file").
    public var article: String {
        switch self {
        case .xournal, .excalidraw, .inkML: "an"
        case .tldraw: "a"
        }
    }

    /// The extension files of this format are written with.
    public var fileExtension: String {
        switch self {
        case .xournal: "xopp"
        case .excalidraw: "excalidraw"
        case .inkML: "inkml"
        case .tldraw: "tldr"
        }
    }

    /// The media type a download of this format is sent as.
    public var mediaType: String {
        switch self {
        case .xournal: "application/x-xopp"
        case .excalidraw: "application/vnd.excalidraw+json"
        case .inkML: "application/inkml+xml"
        case .tldraw: "application/vnd.tldraw+json"
        }
    }

    /// Whether MarkupKit writes this format too (it reads them all).
    public var isWritable: Bool { self != .tldraw }

    /// The format a path names by its extension; nil for any other file.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "xopp", "xoj": self = .xournal
        case "excalidraw": self = .excalidraw
        case "inkml": self = .inkML
        case "tldr": self = .tldraw
        default: return nil
        }
    }

    /// The format `data` is in, told by its content: gzip or a `<xournal>` root, an `<ink>` root,
    /// a JSON object whose `"type"` is `"excalidraw"` (or a PNG carrying one), or one with a
    /// `"tldrawFileFormatVersion"` (or tldraw's clipboard, as HTML or JSON). Nil when it is none of them.
    public static func detect(_ data: Data) -> InterchangeFormat? {
        if data.starts(with: PNGChunks.signature) { return ExcalidrawPNG.carriesScene(data) ? .excalidraw : nil }
        if TldrawClipboard.isClipboardHTML(data) { return .tldraw }
        if data.starts(with: [0x1F, 0x8B]) { return .xournal }
        var head = Substring(String(decoding: data.prefix(4096), as: UTF8.self))
        head = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if head.hasPrefix("<") {
            while head.hasPrefix("<?") || head.hasPrefix("<!--") {
                guard let end = head.range(of: head.hasPrefix("<?") ? "?>" : "-->") else { return nil }
                head = head[end.upperBound...].drop { $0.isWhitespace }
            }
            let name = head.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            switch name {
            case "xournal", "MrWriter": return .xournal
            case "ink", "inkml:ink": return .inkML
            default: return nil
            }
        }
        guard head.hasPrefix("{") else { return nil }
        if head.contains("\"tldrawFileFormatVersion\"") || head.contains("\"application/tldraw\"") { return .tldraw }
        guard let key = head.range(of: "\"type\"") else { return nil }
        let value = head[key.upperBound...].drop { $0.isWhitespace || $0 == ":" }
        return value.hasPrefix("\"excalidraw") ? .excalidraw : nil
    }
}
