/// Why another app's file could not be read, or a document not written in its format. Nothing is
/// changed when one is thrown.
public enum InterchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a file of this format at all.
    case notThisFormat(InterchangeFormat, reason: String)
    /// The file is of this format but damaged, or holds values out of range.
    case malformed(InterchangeFormat, reason: String)
    /// The file is beyond what MarkupKit reads: too big, too deep, too many elements or points.
    case tooLarge(InterchangeFormat, reason: String)

    public var format: InterchangeFormat {
        switch self {
        case .notThisFormat(let format, _), .malformed(let format, _), .tooLarge(let format, _): format
        }
    }

    public var description: String {
        switch self {
        case .notThisFormat(let format, let reason): "not \(format.article) \(format.displayName) file: \(reason)"
        case .malformed(let format, let reason): "damaged \(format.displayName) file: \(reason)"
        case .tooLarge(let format, let reason): "\(format.displayName) file too large: \(reason)"
        }
    }
}
