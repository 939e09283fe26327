/// Why a render could not be made.
public enum RenderError: Error, Hashable, Sendable {
    /// The requested size is zero, negative, not finite, or beyond `MarkupRenderer.maximumPixels`.
    case invalidSize(String)
    /// The area to draw is empty or not finite.
    case invalidArea(String)
    /// Cairo reported an error.
    case cairo(String)
    /// A background PDF that poppler cannot read: its message.
    case invalidPDF(String)
    /// Text to find that is empty or longer than it may be.
    case invalidQuery(maximumLength: Int)
}
