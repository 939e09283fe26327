/// A page made longer a sheet at a time, as a notebook gains pages.
extension Markup {
    /// How much longer a sheet makes a page `width` points wide: a sheet of the 3:4 shape new
    /// documents have (768 × 1024 points).
    public static func sheetHeight(forPageWidth width: Double) -> Double { width * 4 / 3 }

    /// The longest a page may grow: this many sheets.
    public static let maximumSheets = 200

    /// The page cut into its sheets, top first: whole sheets from the bottom up (where they were
    /// added), and above them what is left, at least a third of a sheet: the page as it was made.
    /// One piece, the page, for a page no longer than that or longer than `maximumSheets` (a page
    /// no sheets made); none for a page without area.
    public var sheets: [Rect] {
        guard bounds.width > 0, bounds.height > 0, bounds.isFinite else { return [] }
        let sheet = Self.sheetHeight(forPageWidth: bounds.width)
        let whole = ((bounds.height - sheet / 3) / sheet).rounded(.down)
        guard whole < Double(Self.maximumSheets) else { return [bounds] }
        let added = Int(max(0, whole))
        let first = bounds.height - Double(added) * sheet
        return [Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: first)]
            + (0..<added).map { Rect(x: bounds.minX, y: bounds.minY + first + Double($0) * sheet, width: bounds.width, height: sheet) }
    }

    /// The page as it was made, before sheets were added below: what a thumbnail shows.
    public var firstSheet: Rect { sheets.first ?? bounds }
}
