/// A change of the page's size, part of a `MarkupChange`: a sheet added at the bottom or taken off.
public struct PageChange: Hashable, Sendable {
    /// The page's bounds from now on.
    public var bounds: Rect
    /// How tall each of its sheets is from now on (`Markup.sheetHeight`).
    public var sheetHeight: Double?

    public init(bounds: Rect, sheetHeight: Double?) { (self.bounds, self.sheetHeight) = (bounds, sheetHeight) }

    /// The page `markup` has now.
    public init(of markup: Markup) { self.init(bounds: markup.bounds, sheetHeight: markup.sheetHeight) }
}
