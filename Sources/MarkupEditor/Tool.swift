import MarkupModel

/// The tool the controller applies pointer input with: PencilKit's set.
public enum Tool: Hashable, Sendable {
    /// Draws strokes with an ink.
    case ink(Ink)
    /// Erases with `width` points of reach.
    case eraser(EraserType, width: Double)
    /// Selects strokes and elements inside a free-form loop.
    case lasso
    /// Taps select an element; a drag draws a marquee that selects what it encloses.
    case selection
}

/// How an eraser removes ink.
public enum EraserType: String, CaseIterable, Hashable, Sendable, Codable {
    /// Removes every stroke it touches, whole.
    case vector
    /// Removes only the swept area, splitting strokes; its width is in screen points, so it follows zoom.
    case bitmap
    /// Like bitmap, with a width in document points that does not change with zoom.
    case fixedWidthBitmap
}
