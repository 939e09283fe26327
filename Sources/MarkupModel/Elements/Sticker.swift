/// A sticker element: an emoji or an image, scaled to fill its frame.
public enum Sticker: Hashable, Sendable {
    case emoji(String)
    case image(BlobID)

    /// The most bytes an emoji sticker's text may take in the editor: an emoji with skin tones and
    /// joiners (a family, a flag with tags) takes under 40, but one character can hold any number of
    /// combining marks.
    public static let maximumEmojiBytes = 64
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
