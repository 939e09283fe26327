import MarkupEditor
import MarkupInk
import MarkupModel

/// What a document remembers about one page showing it: its tool and mode, the elements it has
/// been sent and those still to send, and the stroke it is drawing.
struct PageSession {
    /// The history `undo` and `redo` walk for this page: the page id it names (so a reloaded tab
    /// keeps undoing its own steps), or else its connection.
    let undoScope: String
    /// The name its live stroke goes by on other pages.
    let stream: String
    /// Whether the page draws the stroke under its pen itself (with the WebAssembly ink, `ink=local`
    /// in its URL), so it is not sent its own live stroke.
    let drawsOwnInk: Bool
    /// The name and color the person is shown by on other pages (`LiveDocument+Presence`).
    var name = "Someone"
    let color: String
    /// When its cursor was last relayed (uptime nanoseconds).
    var lastCursorRelay: UInt64 = 0
    /// What the page shows (document points), as its last view said; the page it follows (by its
    /// stream), if any.
    var view: Rect?
    var following: String?
    var tool: Tool = .ink(Ink(.pen))
    /// Whether the page's pen scratches ink out with a scribble (its tool message says).
    var scratchesOut = false
    /// How strongly pressure sets its ink's width (its tool message says; 1 as the ink does).
    var pressureSensitivity = 1.0
    var editable = true
    var penOnly = false
    /// Whether its elements and live strokes are drawn in the dark appearance.
    let appearance = PageAppearance()
    var darkAppearance: Bool { appearance.isDark }
    /// What the page has selected, as last it handed the controller back (`LiveDocument.useSelection`):
    /// each page selects its own, as each person does.
    var selection = Set<ElementID>()
    /// `LiveDocument.changeCount` when `selection` was last known to hold only unlocked elements of
    /// the document: while it has not changed since, the selection is given back unchecked.
    var selectionCheckedAt = -1
    /// The elements the page has been sent: a page gets what its view shows, not the whole document.
    var sent = Set<ElementID>()
    /// Elements of its view not sent yet, back to front: they go out as fast as the page reads.
    var unsent: [ElementID] = []
    /// The page's stroke being drawn, and the view its samples are mapped through.
    var ink: InkGesture?
    /// Whether the page is drawing a stroke nobody else was there to watch when it began: its
    /// samples are not inked here (the page draws its own, and sends the whole stroke at pen-up).
    var drawsUnwatched = false
    var inkView: (frame: Rect, size: Size)?

    init(connection: WebSocketConnection, color: String) {
        self.color = color
        if let page = connection.request.query["page"], ClientEnvelope.isValidIdentifier(page) {
            undoScope = Self.undoScope(ofPage: page)
        } else {
            undoScope = "connection:" + connection.id.uuidString
        }
        stream = String(connection.id.uuidString.prefix(8)).lowercased()
        drawsOwnInk = connection.request.query["ink"] == "local"
    }

    /// The undo scope of the page (a browser tab) that gives itself the id `page`.
    static func undoScope(ofPage page: String) -> String { "page:" + page }

    /// Whether `scope` is a page's, one a later page can name again (not a connection's own).
    static func isPageScope(_ scope: String) -> Bool { scope.hasPrefix("page:") }

    /// Takes `elements` as sent; they are queued behind any still waiting.
    mutating func queue(_ elements: [ElementID]) {
        sent.formUnion(elements)
        unsent += elements
    }

    /// The page has been told of a change: what it adds or updates it now has, what it removes is gone.
    mutating func heard(of change: MarkupChange) {
        sent.formUnion(change.added.map(\.id))
        sent.formUnion(change.updated.map(\.id))
        sent.subtract(change.removed)
    }
}
