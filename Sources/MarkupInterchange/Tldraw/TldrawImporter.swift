import Foundation
import MarkupModel

/// Reads tldraw files (`.tldr`, from tldraw 2 on): freehand and highlighter strokes, shapes with
/// their labels, text, sticky notes, arrows (attached ends and bends too), lines, images, frames and
/// groups, with their colours, sizes, opacity, angle and locks. tldraw's canvas has no edge; the
/// document's page is drawn around the content, and tldraw's pages come one below another.
/// docs/FORMATS.md has the mapping.
public enum TldrawImporter {
    /// The margin left around the content for the document's page, and the gap between tldraw's
    /// pages, in points.
    static let margin = 40.0, pageGap = 80.0

    public static func decode(_ data: Data, title: String = "") throws(InterchangeError) -> ImportedDocument {
        if let copied = try TldrawClipboard.json(in: data) { return try TldrawClipboard.decode(copied, title: title) }
        return try JSONReader.parse(data, format: .tldraw) { (root) throws(InterchangeError) -> ImportedDocument in
            if root["type"]?.string == TldrawClipboard.type { return try TldrawClipboard.read(root, title: title) }
            guard root.isObject, let version = root["tldrawFileFormatVersion"]?.number else {
                throw .notThisFormat(.tldraw, reason: "the JSON has no \"tldrawFileFormatVersion\"")
            }
            guard version <= 1 else { throw .malformed(.tldraw, reason: "file format version \(version) is newer than MarkupKit reads") }
            guard let records = root["records"], records.isArray else { throw .malformed(.tldraw, reason: "the file has no records array") }
            return try document(of: TldrawRecords(records.children), title: title)
        }
    }

    /// The document `store`'s pages make, one below another.
    static func document(of store: TldrawRecords, title: String) throws(InterchangeError) -> ImportedDocument {
        var markup = Markup(bounds: .zero, title: title)
        var report = ConversionReport()
        var bottom: Double?, read = 0
        for page in store.pages {
            var reader = TldrawPageReader(store: store, report: report)
            try reader.read(page: page)
            report = reader.report
            read += reader.count
            var drawn = reader.markup
            let content = drawn.contentsRenderFrame
            guard content.width > 0 || content.height > 0 else { continue }
            if let bottom {
                drawn.transformContent(Transform2D(translationX: 0, y: bottom + pageGap - content.minY))
            }
            bottom = drawn.contentsRenderFrame.maxY
            for element in drawn.elements {
                var placed = element
                placed.zIndex = markup.nextZIndex
                markup.insert(placed)
            }
            for (id, blob) in drawn.blobs { markup.addBlob(blob, id: id) }
        }
        for _ in read..<max(store.shapeCount, read) { report.note("shape outside any page", "left out") }
        if store.pages.count > 1 { report.note("page", "tldraw's pages placed one below another") }
        let content = markup.contentsRenderFrame
        markup.bounds = content.width > 0 || content.height > 0
            ? content.expanded(by: margin) : Rect(x: 0, y: 0, width: 768, height: 1024)
        do { try markup.validate() } catch { throw .malformed(.tldraw, reason: "\(error)") }
        return ImportedDocument(markup: markup, report: report)
    }
}

/// A tldraw file's records sorted out: its pages in order, each shape's children in order, the
/// arrows' attachments and the pictures.
struct TldrawRecords {
    /// tldraw's z-order and page order: its fractional indices, compared as strings.
    private(set) var pages: [String] = []
    private(set) var children: [String: [JSONNode]] = [:]
    /// Each arrow's attached ends (tldraw 2.2 on keeps them as records of their own), by arrow id.
    private(set) var bindings: [String: [JSONNode]] = [:]
    private(set) var assets: [String: JSONNode] = [:]
    private(set) var shapeCount = 0

    /// The page a clipboard's shapes stand on: its root shapes are its children.
    static let clipboardPage = "page:clipboard"

    /// `records` sorted out; with `roots` (a clipboard's, which has no pages), those shapes make one page.
    init(_ records: [JSONNode], roots: [String]? = nil) throws(InterchangeError) {
        guard records.count <= InterchangeLimits.maximumElements else {
            throw .tooLarge(.tldraw, reason: "more than \(InterchangeLimits.maximumElements) records")
        }
        var pageIndices: [(id: String, index: String)] = []
        for record in records where record.isObject {
            guard let id = record["id"]?.string else { continue }
            switch record["typeName"]?.string {
            case "page": pageIndices.append((id, record["index"]?.string ?? ""))
            case "shape":
                shapeCount += 1
                guard let parent = record["parentId"]?.string else { continue }
                children[parent, default: []].append(record)
            case "binding":
                guard record["type"]?.string == "arrow", let arrow = record["fromId"]?.string else { continue }
                bindings[arrow, default: []].append(record)
            case "asset": assets[id] = record
            default: break
            }
        }
        pages = pageIndices.sorted { $0.index < $1.index }.map(\.id)
        if let roots {
            let rootSet = Set(roots)
            pages = [Self.clipboardPage]
            children[Self.clipboardPage] = records.filter { $0["typeName"]?.string == "shape" && $0["id"]?.string.map(rootSet.contains) == true }
        }
        for parent in children.keys {
            children[parent]!.sort { ($0["index"]?.string ?? "") < ($1["index"]?.string ?? "") }
        }
    }
}
