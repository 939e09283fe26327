import Foundation
import MarkupInk
import MarkupModel
import MarkupRender

/// Reads Xournal++ `.xopp` files (and Xournal's `.xoj`, the same XML): pages stacked as MarkupKit
/// lays out PDF pages, every layer's strokes, text and images, and the pages' backgrounds. A PDF
/// background is looked up with `companion`; when every page is a page of it, the document
/// annotates that very PDF. Other backgrounds (ruled paper, colours, images, or a mix) are drawn
/// into a new background PDF, so each page looks as it did. docs/FORMATS.md has the mapping.
public enum XournalImporter {
    /// A file a `.xopp` refers to: its background PDF or image, by the name it gives and whether
    /// Xournal++ keeps it beside the `.xopp` (`domain="attach"`: the file is `<xopp path>.<name>`).
    public struct Companion: Hashable, Sendable {
        public var filename: String
        public var isAttached: Bool
    }

    public static func decode(_ data: Data, title fallbackTitle: String = "",
                              companion: @escaping (Companion) -> Data? = { _ in nil }) throws(InterchangeError) -> ImportedDocument {
        let xml: [UInt8]
        if data.starts(with: [0x1F, 0x8B]) {
            xml = try Gzip.decompress(data, limit: InterchangeLimits.maximumTextBytes, format: .xournal)
        } else {
            guard data.count <= InterchangeLimits.maximumTextBytes else {
                throw .tooLarge(.xournal, reason: "more than \(InterchangeLimits.maximumTextBytes >> 20) MB of XML")
            }
            xml = [UInt8](data)
        }
        var parser = XournalParser()
        try XMLReader.read(xml, format: .xournal) { (reader) throws(InterchangeError) in try parser.read(reader) }
        return try XournalLayout(parsed: parser, title: fallbackTitle, companion: companion).document()
    }
}
