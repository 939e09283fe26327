import Foundation
import MarkupEditor

/// What each page copied or cut, kept by the server for every document, so a page pastes into any
/// document what it copied, or what another tab copied when the clipboard's mark names that tab.
/// Kept in memory (a restart forgets it, as a computer's clipboard at a reboot) and bounded: the
/// newest `maximumClipboards`, and about `maximumBytes` in all (one clipboard larger than that is
/// still kept, alone).
final class ClipboardStore: @unchecked Sendable {
    private let lock = NSLock()
    /// Each page's clipboard and its size (`Clipboard.byteCount`, taken once).
    private var clipboards: [String: (clipboard: Clipboard, bytes: Int)] = [:]
    /// The keys, least recently put first.
    private var order: [String] = []
    private var bytes = 0

    static let maximumClipboards = 256
    static let maximumBytes = 128 << 20

    /// Keeps `clipboard` as what `page` (an undo scope) copied, in place of what it had.
    func put(_ clipboard: Clipboard, for page: String) {
        let size = clipboard.byteCount
        lock.withLock {
            remove(page)
            clipboards[page] = (clipboard, size)
            order.append(page)
            bytes += size
            while order.count > Self.maximumClipboards || (bytes > Self.maximumBytes && order.count > 1) { remove(order[0]) }
        }
    }

    func clipboard(for page: String) -> Clipboard? {
        lock.withLock { clipboards[page]?.clipboard }
    }

    private func remove(_ page: String) {
        guard let old = clipboards.removeValue(forKey: page) else { return }
        bytes -= old.bytes
        order.removeAll { $0 == page }
    }
}
