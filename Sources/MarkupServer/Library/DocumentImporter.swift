import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupStore

/// Turns files into library documents: `.markup` (kept byte for byte when from a newer MarkupKit),
/// `.markup.json`, the other apps' files (Xournal++, Excalidraw, InkML), PNGs that carry a drawing
/// (`EmbeddedMarkup`), and PDFs, PNGs and JPEGs, which become the background to annotate.
public enum DocumentImporter {
    /// The longer side of thumbnails the library shows, in pixels: sharp on a 2× display at the
    /// grid's card width (256 showed blurred there, scaled up almost twice).
    public static let thumbnailSize = 512

    public enum ImportError: Error, CustomStringConvertible {
        case unreadable(MarkupError)
        case unreadableBackground(RenderError)
        case unreadableInterchange(InterchangeError)
        /// The file holds nothing.
        case empty
        /// A file named as a picture or a PDF (by its extension) that is not one MarkupKit reads.
        case notAPicture(extension: String)

        public var description: String {
            switch self {
            case .empty: "the file is empty"
            case .notAPicture(let kind): "it is not a \(kind.uppercased()) file MarkupKit can read (PNG, JPEG and PDF are)"
            case .unreadable(let error): error.explanation
            case .unreadableBackground(let error): error.explanation
            case .unreadableInterchange(let error): "\(error)"
            }
        }
    }

    /// A document made from a file, and what of the file it could not carry over, one line per kind.
    public struct Outcome: Sendable {
        public var summary: DocumentSummary
        public var notes: [String]
    }

    /// Adds `data` (named `name`, for the default title) to `store`.
    public static func importData(_ data: Data, name: String, title: String? = nil, into store: any DocumentStore) throws -> DocumentSummary {
        try importReporting(data, name: name, title: title, into: store).summary
    }

    /// Adds `data` to `store` as `importData` does, saying what did not map. `companions` are files
    /// given with it by name: a Xournal++ document's background PDF (any PDF given stands for it)
    /// or images.
    public static func importReporting(_ data: Data, name: String, title: String? = nil, companions: [String: Data] = [:],
                                       into store: any DocumentStore) throws -> Outcome {
        let base = ((name as NSString).lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(of: ".markup", with: "")
        let fallback = DocumentTitle.cleaned(base) ?? "Imported"
        let title = title.flatMap { DocumentTitle.cleaned($0) }
        if let format = InterchangeFormat(path: name) ?? InterchangeFormat.detect(data) {
            let imported: ImportedDocument
            do {
                imported = try Interchange.decode(data, format: format, title: fallback) { companion in
                    let wanted = (companion.filename as NSString).lastPathComponent
                    if let exact = companions[wanted] { return exact }
                    guard wanted.lowercased().hasSuffix(".pdf") else { return nil }
                    return companions.first { $0.key.lowercased().hasSuffix(".pdf") }?.value
                }
            } catch {
                throw ImportError.unreadableInterchange(error)
            }
            var markup = imported.markup
            if let title { markup.title = title }
            let summary = try created(MarkupFile(markup: markup), title: title ?? DocumentTitle.cleaned(markup.title) ?? fallback, in: store)
            return Outcome(summary: summary, notes: imported.report.lines)
        }
        guard !data.isEmpty else { throw ImportError.empty }
        do {
            return Outcome(summary: try importFile(data, title: title, fallback: fallback, into: store), notes: [])
        } catch ImportError.unreadable(.incorrectFormat) {
            let kind = (name as NSString).pathExtension.lowercased()
            if ["png", "jpg", "jpeg", "pdf"].contains(kind) { throw ImportError.notAPicture(extension: kind) }
            throw ImportError.unreadable(.incorrectFormat)
        }
    }

    private static func importFile(_ data: Data, title: String?, fallback: String, into store: any DocumentStore) throws -> DocumentSummary {
        // A PNG MarkupKit exported with its drawing inside opens as that drawing; one whose drawing
        // cannot be read is the picture it shows.
        if let carried = EmbeddedMarkup.file(in: data), let file = try? MarkupFile.decode(carried) {
            return try created(file, title: title ?? DocumentTitle.cleaned(file.markup.title) ?? fallback, in: store)
        }
        if BackgroundDocuments.isBackground(data) {
            let markup: Markup
            do {
                markup = try BackgroundDocuments.markup(background: data, title: title ?? fallback)
            } catch {
                throw ImportError.unreadableBackground(error)
            }
            return try created(MarkupFile(markup: markup), title: title ?? fallback, in: store)
        }
        let file: MarkupFile
        do throws(MarkupError) {
            file = try MarkupJSON.decodeEitherForm(data)
        } catch .incompatibleFormatTooNew where !MarkupJSON.isJSON(data) {
            return try store.create(title: title ?? fallback, encoded: data)
        } catch {
            throw ImportError.unreadable(error)
        }
        return try created(file, title: title ?? DocumentTitle.cleaned(file.markup.title) ?? fallback, in: store)
    }

    /// A blank document, thumbnail included.
    public static func blank(title: String, paper: Paper? = nil, size: PageSize = .tablet, into store: any DocumentStore) throws -> DocumentSummary {
        var markup = Markup(bounds: Rect(origin: .zero, size: size.size), title: title)
        markup.paper = paper
        return try created(MarkupFile(markup: markup), title: title, in: store)
    }

    /// Adds `file` to the library with a thumbnail, and its first view for pages opening it.
    private static func created(_ file: MarkupFile, title: String, in store: any DocumentStore) throws -> DocumentSummary {
        let summary = try store.create(title: title, encoded: try encodedWithThumbnail(file))
        DocumentPreviewer.keep(file.markup, of: summary, in: store)
        return summary
    }

    /// The binary form of `file`, with a thumbnail rendered if it has none.
    public static func encodedWithThumbnail(_ file: MarkupFile) throws(MarkupError) -> Data {
        var file = file
        if file.thumbnail == nil { file.thumbnail = thumbnail(of: file.markup) }
        return try file.encoded()
    }

    /// The library's picture of `markup` (a PNG at most `thumbnailSize` pixels across); nil when it
    /// cannot be drawn.
    public static func thumbnail(of markup: Markup) -> [UInt8]? {
        (try? MarkupRenderer(markup: markup).thumbnail(maximumPixelSize: thumbnailSize)).map { [UInt8]($0) }
    }

}
