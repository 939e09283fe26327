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
    /// A background or inserted picture that is no whole PNG or JPEG: why.
    case invalidPicture(String)
    /// Text to find that is empty or longer than it may be.
    case invalidQuery(maximumLength: Int)
}

extension RenderError: CustomStringConvertible {
    /// What went wrong in words, for a person.
    public var explanation: String {
        switch self {
        case .invalidSize(let reason), .invalidArea(let reason): reason
        case .cairo(let reason): "Cairo could not draw it: \(reason)"
        case .invalidPDF(let reason): "not a PDF that can be read: \(reason)"
        case .invalidPicture(let reason): "not a picture that can be read: \(reason)"
        case .invalidQuery(let maximumLength): "the text to find must be 1 to \(maximumLength) characters"
        }
    }

    /// The explanation, the case's name after it for scripts and logs.
    public var description: String {
        let name = switch self {
        case .invalidSize: "invalidSize"
        case .invalidArea: "invalidArea"
        case .cairo: "cairo"
        case .invalidPDF: "invalidPDF"
        case .invalidPicture: "invalidPicture"
        case .invalidQuery: "invalidQuery"
        }
        return "\(explanation) [\(name)]"
    }
}
