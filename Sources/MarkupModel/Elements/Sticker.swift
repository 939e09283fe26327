/// A sticker element: an emoji or an image, scaled to fill its frame.
public enum Sticker: Hashable, Sendable {
    case emoji(String)
    case image(BlobID)
}

extension Sticker: Codable {
    private enum CodingKeys: String, CodingKey { case emoji, image }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let emoji = try container.decodeIfPresent(String.self, forKey: .emoji) {
            self = .emoji(emoji)
        } else {
            self = .image(try container.decode(BlobID.self, forKey: .image))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .emoji(let emoji): try container.encode(emoji, forKey: .emoji)
        case .image(let blob): try container.encode(blob, forKey: .image)
        }
    }
}
