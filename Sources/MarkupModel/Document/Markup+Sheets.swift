/// A page made longer a sheet at a time, as a notebook gains pages.
extension Markup {
    /// How much longer a sheet makes a page `width` points wide: a sheet of the 3:4 shape new
    /// documents have (768 × 1024 points).
    public static func sheetHeight(forPageWidth width: Double) -> Double { width * 4 / 3 }

    /// The top of the page as far as a sheet goes, or the whole page when it is no longer than a
    /// sheet and a half: what a thumbnail shows of a page grown long.
    public var firstSheet: Rect {
        let sheet = Self.sheetHeight(forPageWidth: bounds.width)
        guard bounds.height > sheet * 1.5 else { return bounds }
        return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: sheet)
    }
}
