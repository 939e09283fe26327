/// What lies under a document's markup, as PaperKit's content view does: an image, or the pages of a
/// PDF. Pages are laid out in the document's coordinates, one under another, and the markup on a
/// page is the elements over its frame: the page's own layer.
public struct PageBackground: Hashable, Sendable, Codable {
    /// The bytes drawn: a PNG or JPEG, or a PDF, stored once as a blob and never rewritten.
    public enum Source: Hashable, Sendable, Codable {
        case image(BlobID)
        case pdf(BlobID)

        private enum CodingKeys: String, CodingKey { case kind, blob }

        /// JSON: `{"kind": "pdf", "blob": "<sha-256 hex>"}`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let blob = try container.decode(BlobID.self, forKey: .blob)
            switch try container.decode(String.self, forKey: .kind) {
            case "image": self = .image(blob)
            case "pdf": self = .pdf(blob)
            case let kind: throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown background kind \(kind)")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .image: try container.encode("image", forKey: .kind)
            case .pdf: try container.encode("pdf", forKey: .kind)
            }
            try container.encode(blob, forKey: .blob)
        }

        public var blob: BlobID {
            switch self {
            case .image(let blob), .pdf(let blob): blob
            }
        }
    }

    /// One page: which page of the source (0 for an image; `blankIndex` for a blank page put in
    /// among them, as Xournal++ puts pages for notes between a PDF's) and where it sits in the document.
    public struct Page: Hashable, Sendable, Codable {
        public var index: Int
        public var frame: Rect

        /// The index of a blank page: white, of no page of the source (content version 6).
        public static let blankIndex = -1

        public init(index: Int, frame: Rect) {
            self.index = index
            self.frame = frame
        }

        /// A blank page at `frame`.
        public static func blank(_ frame: Rect) -> Page { Page(index: blankIndex, frame: frame) }

        public var isBlank: Bool { index == Self.blankIndex }
    }

    public var source: Source
    public var pages: [Page]

    /// A document has at most this many pages (far more than any real PDF).
    public static let maximumPages = 100_000
    /// The gap left between stacked pages, in points.
    public static let pageGap = 24.0

    public init(source: Source, pages: [Page]) {
        self.source = source
        self.pages = pages
    }

    /// Pages of the given sizes stacked top to bottom from the origin, `pageGap` apart.
    public init(source: Source, pageSizes: [Size]) {
        var top = 0.0
        var pages = [Page]()
        for (index, size) in pageSizes.enumerated() {
            pages.append(Page(index: index, frame: Rect(x: 0, y: top, width: size.width, height: size.height)))
            top += size.height + Self.pageGap
        }
        self.init(source: source, pages: pages)
    }

    /// Whether a blank page lies among the pages.
    public var hasBlankPages: Bool { pages.contains(where: \.isBlank) }

    /// Whether the pages are a PDF's (with text a reader may select and highlight), not a picture's.
    public var isPDF: Bool {
        if case .pdf = source { true } else { false }
    }

    /// The box around every page.
    public var bounds: Rect {
        pages.dropFirst().reduce(pages.first?.frame ?? .zero) { $0.union($1.frame) }
    }

    /// Why the background is unsound, or nil: frames must be finite and not empty, page numbers
    /// non-negative, and the count bounded.
    public var problem: String? {
        guard !pages.isEmpty, pages.count <= Self.maximumPages else { return "a background has 1 to \(Self.maximumPages) pages" }
        for page in pages {
            guard page.index >= Page.blankIndex, Markup.isWithinCanvas(page.frame), page.frame.width > 0, page.frame.height > 0 else {
                return "background page \(page.index) has an invalid frame"
            }
        }
        return nil
    }
}
