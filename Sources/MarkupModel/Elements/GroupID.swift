import Foundation

/// The identity of a group (Ctrl/⌘+G): elements that share one are selected, moved and copied
/// together. A random UUID, as element ids are.
public struct GroupID: Hashable, Sendable, CustomStringConvertible {
    public let uuid: UUID

    public init(_ uuid: UUID) {
        self.uuid = uuid
    }

    /// A new random (version 4) id.
    public init() {
        uuid = ElementID().uuid
    }

    /// An id from its UUID string; nil when malformed.
    public init?(_ string: String) {
        guard let id = ElementID(string) else { return nil }
        uuid = id.uuid
    }

    public var description: String { uuid.lowercaseText }
}

extension GroupID: Codable {
    public init(from decoder: any Decoder) throws {
        let string = try decoder.singleValueContainer().decode(String.self)
        guard let id = GroupID(string) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad group id \(string)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
