/// Why a document could not be read.
public enum MarkupError: Error, Hashable, Sendable {
    /// The document was written by a newer MarkupKit; show `details.thumbnail` if there is one.
    case incompatibleFormatTooNew(TooNewDetails)
    /// The data is not a MarkupKit document at all.
    case incorrectFormat
    /// The data claims to be a MarkupKit document but is damaged or inconsistent.
    case malformedData(reason: String)

    /// What a too-new document declared, what this build supports, and its embedded thumbnail.
    public struct TooNewDetails: Hashable, Sendable {
        public var foundFormatVersion: Int
        public var supportedFormatVersion: Int
        public var foundContentVersion: ContentVersion
        public var supportedContentVersion: ContentVersion
        /// The PNG thumbnail stored in the document, if it has one.
        public var thumbnail: [UInt8]?

        public init(
            foundFormatVersion: Int, supportedFormatVersion: Int, foundContentVersion: ContentVersion,
            supportedContentVersion: ContentVersion, thumbnail: [UInt8]?
        ) {
            self.foundFormatVersion = foundFormatVersion
            self.supportedFormatVersion = supportedFormatVersion
            self.foundContentVersion = foundContentVersion
            self.supportedContentVersion = supportedContentVersion
            self.thumbnail = thumbnail
        }
    }
}

extension MarkupError {
    /// What is wrong, in words for the person who gave the file (the description names the case,
    /// for code and logs).
    public var explanation: String {
        switch self {
        case .incompatibleFormatTooNew(let details):
            "it was made by a newer MarkupKit (format \(details.foundFormatVersion), content version "
                + "\(details.foundContentVersion.rawValue)); this one reads up to format \(details.supportedFormatVersion), "
                + "content version \(details.supportedContentVersion.rawValue)"
        case .incorrectFormat: "it is not a MarkupKit document"
        case .malformedData(let reason): "it is damaged (\(reason))"
        }
    }

    /// The case's name, as code and scripts match it.
    public var name: String {
        switch self {
        case .incompatibleFormatTooNew: "incompatibleFormatTooNew"
        case .incorrectFormat: "incorrectFormat"
        case .malformedData: "malformedData"
        }
    }
}

extension MarkupError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .incompatibleFormatTooNew(let details):
            "incompatibleFormatTooNew: the document needs format \(details.foundFormatVersion), content version "
                + "\(details.foundContentVersion.rawValue); this MarkupKit reads format \(details.supportedFormatVersion), "
                + "content version \(details.supportedContentVersion.rawValue)"
                + (details.thumbnail.map { " (it has a \($0.count)-byte thumbnail)" } ?? "")
        case .incorrectFormat:
            "incorrectFormat: not a MarkupKit document"
        case .malformedData(let reason):
            "malformedData: \(reason)"
        }
    }
}
