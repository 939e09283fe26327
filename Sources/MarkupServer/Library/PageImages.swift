import Foundation
import MarkupModel
import MarkupRender
import MarkupStore

/// Background pages rendered for pages in view, kept for the next viewer: a long PDF is only ever
/// rendered where someone looks.
final class PageImages: @unchecked Sendable {
    /// What a picture shows: a page of the document's PDF (or picture), −1 for a blank page, at a
    /// size and scale; not the page's number, which a page put in, moved or taken out gives another.
    private struct Key: Hashable {
        var document: DocumentID
        var source: Int
        var size: Size
        var scale: Double
    }

    private let lock = NSLock()
    private var cache: [Key: Data] = [:]
    private var order: [Key] = []
    private var bytes = 0
    /// Bytes of rendered pages kept, most recent first.
    static let capacity = 128 << 20
    /// A page image has at most this many pixels, whatever scale is asked for.
    static let largestImage = 16_000_000.0

    /// The PNG of background page `page` (from 1) of `markup`, the document as it is now.
    func png(of document: DocumentID, page: Int, scale: Double, markup: Markup) throws -> Data {
        let asked = scale.isFinite ? min(max((scale * 4).rounded() / 4, 0.25), 4) : 1
        guard let pages = markup.background?.pages, page >= 1, page <= pages.count else {
            throw RenderError.invalidArea("no background page \(page)")
        }
        let key = Key(document: document, source: pages[page - 1].index, size: pages[page - 1].frame.size, scale: asked)
        if let hit = lock.withLock({ cache[key] }) { return hit }
        let renderer = MarkupRenderer(markup: markup)
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
