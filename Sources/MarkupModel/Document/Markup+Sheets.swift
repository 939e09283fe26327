/// A page made longer a sheet at a time, as a notebook gains pages: each sheet as tall as the page
/// was made.
extension Markup {
    /// The longest a page may grow: this many sheets.
    public static let maximumSheets = 200

    /// The page cut into its sheets, top first, each `sheetHeight` tall; the page whole when no
    /// sheet was added, or when its height is not a whole number of sheets (up to `maximumSheets`);
    /// none for a page without area.
    public var sheets: [Rect] {
        guard bounds.width > 0, bounds.height > 0, bounds.isFinite else { return [] }
        guard let sheet = sheetHeight, sheet.isFinite, sheet > 0 else { return [bounds] }
        let count = (bounds.height / sheet).rounded()
        guard count >= 2, count <= Double(Self.maximumSheets), abs(count * sheet - bounds.height) <= sheet * 1e-6 else { return [bounds] }
        return (0..<Int(count)).map { Rect(x: bounds.minX, y: bounds.minY + Double($0) * sheet, width: bounds.width, height: sheet) }
    }

    /// The document's pages, top first: its background's, or its page's sheets.
    public var pageFrames: [Rect] { background.map { $0.pages.map(\.frame) } ?? sheets }

    /// The page as it was made, before sheets were added below: what a thumbnail shows.
    public var firstSheet: Rect { sheets.first ?? bounds }
}
