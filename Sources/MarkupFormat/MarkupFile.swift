import Foundation
import MarkupModel

/// A `.markup` file: a document and, optionally, a PNG thumbnail that any reader can show, even one
/// too old for the document itself. See docs/FORMAT.md for the byte layout.
public struct MarkupFile: Hashable, Sendable {
    public var markup: Markup
    /// PNG bytes; nil when the file has no thumbnail section.
    public var thumbnail: [UInt8]?

    public init(markup: Markup, thumbnail: [UInt8]? = nil) {
        self.markup = markup
        self.thumbnail = thumbnail
    }

    /// The level bodies are compressed at, on libdeflate's scale (1–12). Measured on the generated
    /// 100,000-stroke document, level 1 writes the smallest file of levels 1–3 (point streams gain
    /// from Huffman codes, hardly from matches), 1 % smaller than zlib's level 5 did, and the fastest.
    public static let defaultCompressionLevel: Int32 = 1

    // MARK: - Writing

    /// The file's bytes. Blobs are written sorted by id, so the same document always gives the same bytes.
    ///
    /// - Throws: `malformedData` when the document breaks an invariant that a reader would reject.
    public func encoded(compressionLevel: Int32 = defaultCompressionLevel) throws(MarkupError) -> Data {
        Data(try encodedBytes(compressionLevel: compressionLevel))
    }

    /// The bytes of a part of a document: elements whose blobs may be kept elsewhere (a journal entry
    /// moving an image carries the element, not the image again). Checked as `encoded()` is otherwise.
    public func encodedPart(compressionLevel: Int32 = defaultCompressionLevel) throws(MarkupError) -> Data {
        Data(try encodedBytes(compressionLevel: compressionLevel, requiringBlobs: false))
    }

    func encodedBytes(compressionLevel: Int32 = defaultCompressionLevel, formatVersion: Int = FormatVersion.current,
                      requiringBlobs: Bool = true) throws(MarkupError) -> [UInt8] {
        try markup.validate(requiringBlobs: requiringBlobs)
        return Self.assemble(
            compressedBody: BodyCompression.compress(pieces: BodyWriter.pieces(markup), level: compressionLevel),
            formatVersion: formatVersion, contentVersion: markup.contentVersion,
            blobs: markup.blobs, thumbnail: thumbnail, background: markup.background,
            optionalSections: [(PaperSection.tag, markup.paper.map(PaperSection.encode)), (GroupSection.tag, GroupSection.encode(markup)),
                               (LockSection.tag, LockSection.encode(markup)), (DashSection.tag, DashSection.encode(markup)),
                               (ConnectionSection.tag, ConnectionSection.encode(markup)), (CurveSection.tag, CurveSection.encode(markup)),
                               (ElbowSection.tag, ElbowSection.encode(markup)), (SketchSection.tag, SketchSection.encode(markup)),
                               (HatchSection.tag, HatchSection.encode(markup)), (CropSection.tag, CropSection.encode(markup)),
                               (SheetSection.tag, markup.sheetHeight.map(SheetSection.encode))])
    }

    /// Frames an uncompressed body with its thumbnail and blobs.
    static func assemble(
        body: [UInt8], cuts: [Int] = [], formatVersion: Int, contentVersion: ContentVersion, blobs: [BlobID: Data],
        thumbnail: [UInt8]?, background: PageBackground? = nil, compressionLevel: Int32 = defaultCompressionLevel
    ) -> [UInt8] {
        let compressed = BodyCompression.compress(pieces: BodyCompression.pieces(of: body, cutAt: cuts), level: compressionLevel)
        return assemble(compressedBody: compressed, formatVersion: formatVersion, contentVersion: contentVersion, blobs: blobs,
                        thumbnail: thumbnail, background: background)
    }

    /// Frames a BODY payload, given in pieces, with the thumbnail, the background, the sections a
    /// document may have (paper, groups, locks: those whose payload is nil are left out) and blobs.
    private static func assemble(
        compressedBody: [[UInt8]], formatVersion: Int, contentVersion: ContentVersion, blobs: [BlobID: Data],
        thumbnail: [UInt8]?, background: PageBackground?, optionalSections: [(SectionTag, [UInt8]?)] = []
    ) -> [UInt8] {
        var sections = [(SectionTag, [[UInt8]])]()
        if let thumbnail { sections.append((.thumbnail, [thumbnail])) }
        sections.append((.body, compressedBody))
        if let background { sections.append((BackgroundSection.tag, [BackgroundSection.encode(background)])) }
        for case let (tag, payload?) in optionalSections { sections.append((tag, [payload])) }
        for id in blobs.keys.sorted() {
            sections.append((.blob, [id.bytes + blobs[id]!]))
        }
        return MarkupContainer.write(formatVersion: formatVersion, contentVersion: contentVersion, pieces: sections)
    }

    // MARK: - Reading

    /// Reads a `.markup` file, upgrading older format versions.
    ///
    /// - Throws: `incorrectFormat` for data that is not a `.markup` file, `incompatibleFormatTooNew`
    ///   (with the thumbnail) for one from a newer MarkupKit, `malformedData` for a damaged one or one
    ///   whose body would inflate past `limits`.
    public static func decode(_ data: Data, limits: DecodingLimits = .standard) throws(MarkupError) -> MarkupFile {
        try decode([UInt8](data), migrations: FormatMigration.all, currentVersion: FormatVersion.current, limits: limits)
    }

    /// `decode(_:limits:)` of bytes already in an array, which a reader of a large file can fill
    /// without copying them once more.
    public static func decode(bytes: [UInt8], limits: DecodingLimits = .standard) throws(MarkupError) -> MarkupFile {
        try decode(bytes, migrations: FormatMigration.all, currentVersion: FormatVersion.current, limits: limits)
    }

    /// Reads what `encodedPart()` wrote: elements may refer to blobs that are not inside.
    public static func decodePart(_ data: Data, limits: DecodingLimits = .standard) throws(MarkupError) -> MarkupFile {
        try decode([UInt8](data), migrations: FormatMigration.all, currentVersion: FormatVersion.current, requiringBlobs: false,
                   limits: limits)
    }

    static func decode(_ bytes: [UInt8], migrations: [FormatMigration], currentVersion: Int,
                       requiringBlobs: Bool = true, limits: DecodingLimits = .standard) throws(MarkupError) -> MarkupFile {
        let header = try MarkupContainer.readHeader(bytes)
        if header.formatVersion > currentVersion || header.contentVersion > .latest {
            throw .incompatibleFormatTooNew(.init(
                foundFormatVersion: header.formatVersion, supportedFormatVersion: currentVersion,
                foundContentVersion: header.contentVersion, supportedContentVersion: .latest,
                thumbnail: try? thumbnail(in: bytes)))
        }
        let container = try MarkupContainer.read(bytes)
        // Every section but a blob comes at most once.
        var single = [SectionTag: Range<Int>]()
        var blobs = [(BlobID, Data)]()
        for section in container.sections {
            switch section.tag {
            case .blob:
                blobs.append(try readBlob(bytes[section.payload]))
            case .thumbnail, .body, BackgroundSection.tag, PaperSection.tag, GroupSection.tag, LockSection.tag, DashSection.tag, SheetSection.tag,
                 ConnectionSection.tag, CurveSection.tag, ElbowSection.tag, SketchSection.tag, HatchSection.tag, CropSection.tag:
                guard single.updateValue(section.payload, forKey: section.tag) == nil else {
                    throw .malformedData(reason: "two \(section.tag) sections")
                }
            default:
                guard !section.tag.isCritical else { throw .malformedData(reason: "unknown critical section \(section.tag)") }
            }
        }
        let thumbnail = single[.thumbnail].map { Array(bytes[$0]) }
        let background = try single[BackgroundSection.tag].map { range throws(MarkupError) in try BackgroundSection.decode(bytes[range]) }
        let paper = try single[PaperSection.tag].map { range throws(MarkupError) in try PaperSection.decode(bytes[range]) }
        let sheetHeight = try single[SheetSection.tag].map { range throws(MarkupError) in try SheetSection.decode(bytes[range]) }
        guard let bodyRange = single[.body] else { throw .malformedData(reason: "no body section") }
        let prepare: BodyReader.Prepare = { (markup: inout Markup) throws(MarkupError) in
            markup.background = background
            markup.paper = paper
            markup.sheetHeight = sheetHeight
            var previous: BlobID?
            for (id, data) in blobs {
                if let previous, !(previous < id) { throw .malformedData(reason: "blobs out of order or repeated") }
                previous = id
                markup.addBlob(data, id: id)
            }
            try markup.validate(requiringBlobs: requiringBlobs)
        }
        var markup: Markup
        if container.formatVersion < currentVersion {
            let chunks = try BodyCompression.decompress(bytes, payload: bodyRange, limits: limits)
            let upgraded = try FormatMigration.upgrade(BodyChunks(chunks).joined(), from: container.formatVersion, to: currentVersion, using: migrations)
            markup = try BodyReader.decode([upgraded], prepare: prepare)
        } else {
            let chunks = try BodyCompression.storedChunks(bytes, payload: bodyRange, limits: limits)
            markup = try BodyReader.decode(inflating: chunks, of: bytes, prepare: prepare)
        }
        if let groups = single[GroupSection.tag] { try GroupSection.apply(bytes[groups], to: &markup) }
        if let locks = single[LockSection.tag] { try LockSection.apply(bytes[locks], to: &markup) }
        if let dashes = single[DashSection.tag] { try DashSection.apply(bytes[dashes], to: &markup) }
        if let connections = single[ConnectionSection.tag] { try ConnectionSection.apply(bytes[connections], to: &markup) }
        if let curves = single[CurveSection.tag] { try CurveSection.apply(bytes[curves], to: &markup) }
        if let elbows = single[ElbowSection.tag] { try ElbowSection.apply(bytes[elbows], to: &markup) }
        if let sketches = single[SketchSection.tag] { try SketchSection.apply(bytes[sketches], to: &markup) }
        if let hatches = single[HatchSection.tag] { try HatchSection.apply(bytes[hatches], to: &markup) }
        if let crops = single[CropSection.tag] { try CropSection.apply(bytes[crops], to: &markup) }
        guard markup.contentVersion <= container.contentVersion else {
            throw .malformedData(reason: "content needs version \(markup.contentVersion.rawValue); header says \(container.contentVersion.rawValue)")
        }
        return MarkupFile(markup: markup, thumbnail: thumbnail)
    }

    /// The thumbnail of a `.markup` file without decoding its body: works on files of any version.
    public static func thumbnail(in data: Data) throws(MarkupError) -> [UInt8]? {
        try thumbnail(in: [UInt8](data))
    }

    static func thumbnail(in bytes: [UInt8]) throws(MarkupError) -> [UInt8]? {
        let container = try MarkupContainer.read(bytes)
        return container.sections.first { $0.tag == .thumbnail }.map { Array(bytes[$0.payload]) }
    }

    /// The format and content versions a `.markup` file declares, read from its header alone.
    public static func versions(of data: Data) throws(MarkupError) -> (formatVersion: Int, contentVersion: ContentVersion) {
        try MarkupContainer.readHeader([UInt8](data.prefix(MarkupContainer.headerSize)))
    }

    private static func readBlob(_ payload: ArraySlice<UInt8>) throws(MarkupError) -> (BlobID, Data) {
        guard payload.count >= 32 else { throw .malformedData(reason: "blob section shorter than its id") }
        let id = BlobID(bytes: Array(payload.prefix(32)))!
        let data = Data(payload.dropFirst(32))
        guard BlobID(of: data) == id else { throw .malformedData(reason: "blob \(id) does not match its contents") }
        return (id, data)
    }
}
