import Foundation

/// The document as JSON: the body of the `.markup.json` interchange form.
///
/// Times are whole milliseconds since 1970; blobs are base64 under their SHA-256 hex id. Decoding
/// does not validate: call `validate()`, as the format's readers do.
extension Markup: Codable {
    private enum CodingKeys: String, CodingKey {
        case bounds, title, createdAt, modifiedAt, backgroundColor, background, paper, sheetHeight, elements, blobs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(bounds: try container.decode(Rect.self, forKey: .bounds))
        title = try container.decode(String.self, forKey: .title)
        createdAt = Date(millisecondsSince1970: try container.decode(Int64.self, forKey: .createdAt))
        modifiedAt = Date(millisecondsSince1970: try container.decode(Int64.self, forKey: .modifiedAt))
        backgroundColor = try container.decodeIfPresent(Color.self, forKey: .backgroundColor)
        background = try container.decodeIfPresent(PageBackground.self, forKey: .background)
        paper = try container.decodeIfPresent(Paper.self, forKey: .paper)
        sheetHeight = try container.decodeIfPresent(Double.self, forKey: .sheetHeight)
        replaceElements(try container.decode([Element].self, forKey: .elements))
        let encodedBlobs = try container.decode([String: Data].self, forKey: .blobs)
        for (key, data) in encodedBlobs {
            guard let id = BlobID(hex: key), id == BlobID(of: data) else {
                throw DecodingError.dataCorruptedError(forKey: .blobs, in: container, debugDescription: "blob \(key) does not match its contents")
            }
            blobs[id] = data
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds, forKey: .bounds)
        try container.encode(title, forKey: .title)
        try container.encode(createdAt.millisecondsSince1970, forKey: .createdAt)
        try container.encode(modifiedAt.millisecondsSince1970, forKey: .modifiedAt)
        try container.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        try container.encodeIfPresent(background, forKey: .background)
        try container.encodeIfPresent(paper, forKey: .paper)
        try container.encodeIfPresent(sheetHeight, forKey: .sheetHeight)
        try container.encode(elements, forKey: .elements)
        try container.encode(Dictionary(uniqueKeysWithValues: blobs.map { ($0.key.description, $0.value) }), forKey: .blobs)
    }
}
