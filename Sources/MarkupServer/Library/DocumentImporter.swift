import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupStore

/// Turns files into library documents: `.markup` (kept byte for byte when from a newer MarkupKit),
/// `.markup.json`, and PNG or JPEG images, which become a page with the image on it.
public enum DocumentImporter {
    /// The longer side of thumbnails the library shows.
    public static let thumbnailSize = 256
    /// An imported image is placed at most this many points wide or high.
    static let largestImagePage = 1600.0

    public enum ImportError: Error, CustomStringConvertible {
        case unreadable(MarkupError)
        case unsupportedImage

        public var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .unsupportedImage: "not a .markup file, a .markup.json file, a PNG or a JPEG"
            }
        }
    }

    /// Adds `data` (named `name`, for the default title) to `store`.
    public static func importData(_ data: Data, name: String, title: String? = nil, into store: any DocumentStore) throws -> DocumentSummary {
        let fallback = ((name as NSString).lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(of: ".markup", with: "")
        if ImageFormat(sniffing: data.prefix(8)) != nil {
            return try store.create(title: title ?? fallback, encoded: try encodedWithThumbnail(MarkupFile(markup: try imagePage(data, title: title ?? fallback))))
        }
        let isJSON = data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
        if !isJSON, let versions = try? MarkupFile.versions(of: data), versions.formatVersion > FormatVersion.current || versions.contentVersion > .latest {
            return try store.create(title: title ?? fallback, encoded: data)
        }
        let file: MarkupFile
        do {
            file = isJSON ? try MarkupJSON.decode(data) : try MarkupFile.decode(data)
        } catch {
            throw ImportError.unreadable(error)
        }
        return try store.create(title: title ?? (file.markup.title.isEmpty ? fallback : file.markup.title), encoded: try encodedWithThumbnail(file))
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

    /// A page the size of the image (scaled down to fit `largestImagePage`), with the image on it.
    static func imagePage(_ data: Data, title: String) throws -> Markup {
        guard let size = MarkupRenderer.imagePixelSize(data), size.width > 0, size.height > 0 else { throw ImportError.unsupportedImage }
        let scale = min(1, largestImagePage / Double(max(size.width, size.height)))
        let bounds = Rect(x: 0, y: 0, width: Double(size.width) * scale, height: Double(size.height) * scale)
        var markup = Markup(bounds: bounds, title: title)
        let blob = markup.addBlob(data)
        markup.insert(.image(ImageElement(blob: blob, description: title)), frame: bounds)
        return markup
    }
}
