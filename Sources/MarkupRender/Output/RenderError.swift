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

extension RenderError: CustomStringConvertible {
    /// What went wrong in words, the case's name after it for scripts and logs.
    public var description: String {
        switch self {
        case .invalidSize(let reason): "\(reason) [invalidSize]"
        case .invalidArea(let reason): "\(reason) [invalidArea]"
        case .cairo(let reason): "Cairo could not draw it: \(reason) [cairo]"
        case .invalidPDF(let reason): "not a PDF that can be read: \(reason) [invalidPDF]"
        case .invalidQuery(let maximumLength): "the text to find must be 1 to \(maximumLength) characters [invalidQuery]"
        }
    }
}
