import Foundation
import MarkupModel

/// Reading and writing the other apps' formats through one door, for the command line and the
/// server: pick the format, then decode or encode.
public enum Interchange {
    /// `data` in `format` as a document. `companion` finds the files a Xournal++ document refers to
    /// (its background PDF or images); the other formats hold everything themselves.
    public static func decode(_ data: Data, format: InterchangeFormat, title: String = "",
                              companion: @escaping (XournalImporter.Companion) -> Data? = { _ in nil }) throws(InterchangeError) -> ImportedDocument {
        switch format {
        case .xournal: try XournalImporter.decode(data, title: title, companion: companion)
        case .excalidraw: try ExcalidrawImporter.decode(data, title: title)
        case .inkML: try InkMLImporter.decode(data, title: title)
        case .tldraw: try TldrawImporter.decode(data, title: title)
        }
    }

    /// `markup` written in `format`, which must be writable (`InterchangeFormat.isWritable`).
    public static func encode(_ markup: Markup, format: InterchangeFormat) -> ExportedDocument {
        var exported = switch format {
        case .xournal: XournalExporter.encode(markup)
        case .excalidraw: ExcalidrawExporter.encode(markup)
        case .inkML: InkMLExporter.encode(markup)
        case .tldraw: preconditionFailure("MarkupKit does not write tldraw files")
        }
        // Written whole, but said: text this large is more than any reader takes back, MarkupKit's included.
        if exported.textBytes > InterchangeLimits.maximumTextBytes {
            exported.report.note("file of more than \(InterchangeLimits.maximumTextBytes >> 20) MB",
                                 "MarkupKit (and most apps) cannot read it back; keep the document as .markup")
        }
        return exported
    }
}
