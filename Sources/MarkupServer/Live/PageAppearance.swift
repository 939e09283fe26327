import Foundation

/// Whether a page shows the dark appearance, shared with the deliveries the committer's thread
/// makes: a change drawn for one appearance is queued for the page only while the page still shows
/// it, decided under the lock that switches it, so nothing drawn in the old appearance can follow
/// the elements the page is sent in the new one.
final class PageAppearance: @unchecked Sendable {
    private let lock = NSLock()
    private var dark = false

    var isDark: Bool { lock.withLock { dark } }

    /// Switches the appearance; false when the page showed it already.
    func set(dark newValue: Bool) -> Bool {
        lock.withLock {
            defer { dark = newValue }
            return dark != newValue
        }
    }

    /// Queues `text` for `client` if the page still shows the appearance it was drawn in.
    func send(_ text: String, drawnDark: Bool, to client: WebSocketConnection) {
        lock.withLock { if dark == drawnDark { client.send(text) } }
    }
}
