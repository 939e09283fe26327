import MarkupModel

/// The `BGND` section (docs/FORMAT.md §2.4): a document's page background. Critical, because a
/// reader that dropped it would show annotations floating over nothing.
enum BackgroundSection {
    static let tag = SectionTag("BGND")
    /// The page number written for a blank page (content version 6): past any page a reader of an
    /// older content version takes, which it refuses rather than misreads.
    static let blankPage = UInt64(UInt32.max)

    static func encode(_ background: PageBackground) -> [UInt8] {
        var writer = ByteWriter()
        switch background.source {
        case .image(let blob):
            writer.write(0)
            writer.write(blob.bytes)
        case .pdf(let blob):
            writer.write(1)
            writer.write(blob.bytes)
        }
        writer.writeVarint(UInt64(background.pages.count))
        for page in background.pages {
            writer.writeVarint(page.isBlank ? blankPage : UInt64(page.index))
            for value in [page.frame.minX, page.frame.minY, page.frame.width, page.frame.height] { writer.writeDouble(value) }
        }
        return writer.bytes
    }

    static func decode(_ payload: ArraySlice<UInt8>) throws(MarkupError) -> PageBackground {
        var reader = ByteReader(Array(payload))
        let kind = try reader.readByte()
        guard let blob = BlobID(bytes: try reader.readBytes(32)) else { throw .malformedData(reason: "background blob id") }
        let source: PageBackground.Source
        switch kind {
        case 0: source = .image(blob)
        case 1: source = .pdf(blob)
        default: throw .malformedData(reason: "unknown background kind \(kind)")
        }
        let count = try reader.readCount("background page", minimumBytesEach: 33)
        var pages = [PageBackground.Page]()
        pages.reserveCapacity(count)
        for _ in 0..<count {
            let index = try reader.readVarint()
            guard index <= UInt64(Int32.max) || index == blankPage else { throw .malformedData(reason: "background page number out of range") }
            let frame = Rect(x: try reader.readFiniteDouble("page x"), y: try reader.readFiniteDouble("page y"),
                             width: try reader.readFiniteDouble("page width"), height: try reader.readFiniteDouble("page height"))
            pages.append(PageBackground.Page(index: index == blankPage ? PageBackground.Page.blankIndex : Int(index), frame: frame))
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the background") }
        let background = PageBackground(source: source, pages: pages)
        if let problem = background.problem { throw .malformedData(reason: problem) }
        return background
    }
}
