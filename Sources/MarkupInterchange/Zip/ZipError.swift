/// Why a zip archive could not be read or written. Nothing is imported from an archive that cannot
/// be read at all; an entry that cannot be read is skipped and named.
public enum ZipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a zip archive, or its directory is damaged.
    case malformed(String)
    /// More entries or bytes than MarkupKit reads from an archive.
    case tooLarge(String)
    /// The archive could not be written.
    case unwritable(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "not a readable zip archive: \(reason)"
        case .tooLarge(let reason): "zip archive too large: \(reason)"
        case .unwritable(let reason): "the zip archive could not be written: \(reason)"
        }
    }
}
