import Foundation

/// The identity of a blob (image bytes): the SHA-256 of its contents, so each is stored once.
public struct BlobID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// The id of `data`'s contents.
    public init(of data: Data) {
        bytes = SHA256.digest(data)
    }

    /// An id from its 32 digest bytes; nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// An id from 64 hex digits; nil when malformed.
    public init?(hex: String) {
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else { return nil }
        var digits = hex.makeIterator()
        var bytes = [UInt8]()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String([high, low]), radix: 16)!)
        }
        self.init(bytes: bytes)
    }

    /// The digest as 64 lower-case hex digits.
    public var description: String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    public static func < (lhs: BlobID, rhs: BlobID) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    public init(from decoder: any Decoder) throws {
        let string = try decoder.singleValueContainer().decode(String.self)
        guard let id = BlobID(hex: string) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad blob id \(string)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
