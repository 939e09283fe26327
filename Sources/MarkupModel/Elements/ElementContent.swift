/// What an element is: one case per kind of markup.
public enum ElementContent: Hashable, Sendable {
    case stroke(Stroke)
    case shape(Shape)
    case textBox(TextBox)
    case image(ImageElement)
    case sticker(Sticker)
    case loupe(Loupe)
    case link(Link)

    public var kind: ElementKind {
        switch self {
        case .stroke: .stroke
        case .shape: .shape
        case .textBox: .textBox
        case .image: .image
        case .sticker: .sticker
        case .loupe: .loupe
        case .link: .link
        }
    }

    /// The blob this content draws, if any.
    public var blobReference: BlobID? {
        switch self {
        case .image(let image): image.blob
        case .sticker(.image(let blob)): blob
        default: nil
        }
    }
}

/// The kinds of element, without their contents.
public enum ElementKind: String, CaseIterable, Hashable, Sendable, Codable {
    case stroke, shape, textBox, image, sticker, loupe, link
}

extension ElementContent: Codable {
    private enum CodingKeys: String, CodingKey { case kind, stroke, shape, textBox, image, sticker, loupe, link }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(ElementKind.self, forKey: .kind) {
        case .stroke: self = .stroke(try container.decode(Stroke.self, forKey: .stroke))
        case .shape: self = .shape(try container.decode(Shape.self, forKey: .shape))
        case .textBox: self = .textBox(try container.decode(TextBox.self, forKey: .textBox))
        case .image: self = .image(try container.decode(ImageElement.self, forKey: .image))
        case .sticker: self = .sticker(try container.decode(Sticker.self, forKey: .sticker))
        case .loupe: self = .loupe(try container.decode(Loupe.self, forKey: .loupe))
        case .link: self = .link(try container.decode(Link.self, forKey: .link))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .stroke(let stroke): try container.encode(stroke, forKey: .stroke)
        case .shape(let shape): try container.encode(shape, forKey: .shape)
        case .textBox(let textBox): try container.encode(textBox, forKey: .textBox)
        case .image(let image): try container.encode(image, forKey: .image)
        case .sticker(let sticker): try container.encode(sticker, forKey: .sticker)
        case .loupe(let loupe): try container.encode(loupe, forKey: .loupe)
        case .link(let link): try container.encode(link, forKey: .link)
        }
    }
}
