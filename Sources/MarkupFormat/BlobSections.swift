import Foundation
import MarkupModel

/// A `.markup` file's blobs apart from the rest of it, and back again: how a library keeps each
/// blob (a PDF, an image) once, however many documents and versions hold it.
public enum BlobSections {
    /// The file without its `BLOB` sections, and those blobs by id, in the file's order; nil when it
    /// has none, or when the two would not give back the very same bytes (`join`): a file from a
    /// newer MarkupKit with sections in another order is then kept whole.
    public static func separate(_ encoded: [UInt8]) -> (rest: [UInt8], blobs: [(id: BlobID, data: [UInt8])])? {
        guard hasBlobs(encoded), let container = try? MarkupContainer.read(encoded), container.sections.contains(where: { $0.tag == .blob }) else { return nil }
        var blobs = [(id: BlobID, data: [UInt8])]()
        var rest = [(SectionTag, [UInt8])]()
        for section in container.sections {
            let payload = encoded[section.payload]
            guard section.tag == .blob else {
                rest.append((section.tag, Array(payload)))
                continue
            }
            guard payload.count >= 32, let id = BlobID(bytes: Array(payload.prefix(32))) else { return nil }
            blobs.append((id, Array(payload.dropFirst(32))))
        }
        let separated = MarkupContainer.write(formatVersion: container.formatVersion, contentVersion: container.contentVersion, sections: rest)
        guard (try? join(separated, blobs: blobs)) == encoded else { return nil }
        return (separated, blobs)
    }

    /// Whether the framing names a `BLOB` section, found from the sections' tags and lengths alone
    /// (no checksum: a large file without blobs costs next to nothing).
    static func hasBlobs(_ encoded: [UInt8]) -> Bool {
        var reader = ByteReader(encoded, from: MarkupContainer.headerSize)
        while let tag = try? reader.readUInt32(), let length = try? reader.readUInt32() {
            if tag == SectionTag.blob.rawValue { return true }
            if tag == SectionTag.end.rawValue { return false }
            guard (try? reader.skip(Int(length) + 4)) != nil else { return false }
        }
        return false
    }

    /// The file `separate` took apart: `rest` with `blobs` as its last sections before the end, in
    /// the order given.
    ///
    /// - Throws: what reading `rest`'s framing finds wrong.
    public static func join(_ rest: [UInt8], blobs: [(id: BlobID, data: [UInt8])]) throws(MarkupError) -> [UInt8] {
        let container = try MarkupContainer.read(rest)
        let sections = container.sections.map { ($0.tag, Array(rest[$0.payload])) } + blobs.map { (SectionTag.blob, $0.id.bytes + $0.data) }
        return MarkupContainer.write(formatVersion: container.formatVersion, contentVersion: container.contentVersion, sections: sections)
    }
}
