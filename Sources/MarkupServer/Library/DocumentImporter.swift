import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupStore

/// Turns files into library documents: `.markup` (kept byte for byte when from a newer MarkupKit),
/// `.markup.json`, and PDFs, PNGs and JPEGs, which become the background to annotate.
public enum DocumentImporter {
    /// The longer side of thumbnails the library shows.
    public static let thumbnailSize = 256

    public enum ImportError: Error, CustomStringConvertible {
        case unreadable(MarkupError)
        case unreadableBackground(RenderError)

        public var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .unreadableBackground(let error): "\(error)"
            }
        }
    }

    /// Adds `data` (named `name`, for the default title) to `store`.
    public static func importData(_ data: Data, name: String, title: String? = nil, into store: any DocumentStore) throws -> DocumentSummary {
        let base = ((name as NSString).lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(of: ".markup", with: "")
        let fallback = DocumentTitle.cleaned(base) ?? "Imported"
        let title = title.flatMap { DocumentTitle.cleaned($0) }
        if BackgroundDocuments.isBackground(data) {
            let markup: Markup
            do {
                markup = try BackgroundDocuments.markup(background: data, title: title ?? fallback)
            } catch {
                throw ImportError.unreadableBackground(error)
            }
            return try store.create(title: title ?? fallback, encoded: try encodedWithThumbnail(MarkupFile(markup: markup)))
        }
        let file: MarkupFile
        do throws(MarkupError) {
            file = try MarkupJSON.decodeEitherForm(data)
        } catch .incompatibleFormatTooNew where !MarkupJSON.isJSON(data) {
            return try store.create(title: title ?? fallback, encoded: data)
        } catch {
            throw ImportError.unreadable(error)
        }
        return try store.create(title: title ?? DocumentTitle.cleaned(file.markup.title) ?? fallback, encoded: try encodedWithThumbnail(file))
    }

    /// A blank document, thumbnail included.
    public static func blank(title: String, into store: any DocumentStore) throws -> DocumentSummary {
        try store.create(title: title, encoded: try encodedWithThumbnail(MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024), title: title))))
    }

    /// The binary form of `file`, with a thumbnail rendered if it has none.
    public static func encodedWithThumbnail(_ file: MarkupFile) throws(MarkupError) -> Data {
        var file = file
        if file.thumbnail == nil {
            file.thumbnail = try? [UInt8](MarkupRenderer(markup: file.markup).thumbnail(maximumPixelSize: thumbnailSize))
        }
        return try file.encoded()
    }

}
