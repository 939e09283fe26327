import Foundation
import MarkupModel
import MarkupRender
import MarkupStore

/// Background pages rendered for pages in view, kept for the next viewer: a long PDF is only ever
/// rendered where someone looks.
final class PageImages: @unchecked Sendable {
    private struct Key: Hashable {
        var document: DocumentID
        var page: Int
        var scale: Double
        /// The arrangement of pages the asker has (a page put in, moved or taken out changes it), so
        /// a page number never finds the picture another page had there.
        var arrangement: String
    }

    private let lock = NSLock()
    private var cache: [Key: Data] = [:]
    private var order: [Key] = []
    private var bytes = 0
    /// Bytes of rendered pages kept, most recent first.
    static let capacity = 128 << 20
    /// A page image has at most this many pixels, whatever scale is asked for.
    static let largestImage = 16_000_000.0

    /// The PNG of background page `page` (from 1) in the pages' `arrangement` (at most 32
    /// characters kept); `markup` is asked only when it is not cached.
    func png(of document: DocumentID, page: Int, scale: Double, arrangement: String, markup: () throws -> Markup) throws -> Data {
        let asked = scale.isFinite ? min(max((scale * 4).rounded() / 4, 0.25), 4) : 1
        let key = Key(document: document, page: page, scale: asked, arrangement: String(arrangement.prefix(32)))
        if let hit = lock.withLock({ cache[key] }) { return hit }
        let renderer = MarkupRenderer(markup: try markup())
        let area = try renderer.pageArea(page)
        let fitting = (Self.largestImage / max(area.width * area.height, 1)).squareRoot()
        let png = try renderer.backgroundPNG(page: page, scale: min(asked, fitting))
        lock.withLock {
            guard cache[key] == nil else { return }
            cache[key] = png
            order.insert(key, at: 0)
            bytes += png.count
            while bytes > Self.capacity, order.count > 1, let oldest = order.popLast() {
                bytes -= cache.removeValue(forKey: oldest)?.count ?? 0
            }
        }
        return png
    }
}
