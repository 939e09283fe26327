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
    }

    private let lock = NSLock()
    private var cache: [Key: Data] = [:]
    private var order: [Key] = []
    /// Rendered pages kept, most recent first.
    static let capacity = 96

    /// The PNG of background page `page` (from 1); `markup` is asked only when it is not cached.
    func png(of document: DocumentID, page: Int, scale: Double, markup: () throws -> Markup) throws -> Data {
        let scale = min(max((scale * 4).rounded() / 4, 0.25), 4)
        let key = Key(document: document, page: page, scale: scale)
        if let hit = lock.withLock({ cache[key] }) { return hit }
        let png = try MarkupRenderer(markup: try markup()).backgroundPNG(page: page, scale: scale)
        lock.withLock {
            cache[key] = png
            order.insert(key, at: 0)
            if order.count > Self.capacity { cache[order.removeLast()] = nil }
        }
        return png
    }
}
