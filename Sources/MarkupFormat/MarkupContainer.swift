import MarkupModel

/// The framing of a `.markup` file: a header, then CRC-checked sections up to an END section.
///
/// This framing never changes between format versions, so any reader can find the thumbnail of a
/// file too new for it. See docs/FORMAT.md.
struct MarkupContainer {
    struct Section {
        var tag: SectionTag
        /// Where the payload lies in the file's bytes.
        var payload: Range<Int>
    }

    var formatVersion: Int
    var contentVersion: ContentVersion
    var sections: [Section]

    /// The header's size: magic, two version numbers and the header CRC.
    static let headerSize = 16
    /// Each section's tag, length and CRC around its payload.
    static let sectionOverhead = 12

    /// Writes the header and `sections` (in order), then the END section.
    static func write(formatVersion: Int, contentVersion: ContentVersion, sections: [(SectionTag, [UInt8])]) -> [UInt8] {
        write(formatVersion: formatVersion, contentVersion: contentVersion, pieces: sections.map { ($0, [$1]) })
    }

    /// As `write(formatVersion:contentVersion:sections:)`, each section's payload given in pieces
    /// that are written one after another, never joined first.
    static func write(formatVersion: Int, contentVersion: ContentVersion, pieces sections: [(SectionTag, [[UInt8]])]) -> [UInt8] {
        let payloadBytes = sections.reduce(0) { total, section in total + section.1.reduce(0) { $0 + $1.count } + sectionOverhead }
        var writer = ByteWriter(capacity: headerSize + sectionOverhead + payloadBytes)
        writer.write(FormatVersion.magic)
        writer.writeUInt16(UInt16(formatVersion))
        writer.writeUInt16(UInt16(contentVersion.rawValue))
        writer.writeUInt32(Deflate.crc32(writer.bytes[...]))
        for (tag, payload) in sections + [(SectionTag.end, [])] {
            let start = writer.bytes.count
            writer.writeUInt32(tag.rawValue)
            writer.writeUInt32(UInt32(payload.reduce(0) { $0 + $1.count }))
            for piece in payload { writer.write(piece) }
            var crc = Deflate.crc32(writer.bytes[start..<start + 4])
            crc = Deflate.crc32(writer.bytes[(start + 8)...], continuing: crc)
            writer.writeUInt32(crc)
        }
        return writer.bytes
    }

    /// Reads the header and the section table, checking every length and CRC.
    ///
    /// - Throws: `incorrectFormat` when the magic is wrong; `malformedData` for anything damaged.
    static func read(_ bytes: [UInt8]) throws(MarkupError) -> MarkupContainer {
        let (formatVersion, contentVersion) = try readHeader(bytes)
        guard formatVersion > 0, contentVersion.rawValue > 0 else { throw .malformedData(reason: "version 0 in header") }
        var reader = ByteReader(bytes, from: headerSize)

        var sections = [Section]()
        while true {
            let start = reader.offset
            let tag = SectionTag(rawValue: try reader.readUInt32())
            let length = Int(try reader.readUInt32())
            guard length <= reader.remaining else {
                throw .malformedData(reason: "section \(tag) at byte \(start) claims \(length) bytes; \(reader.remaining) remain")
            }
            let payload = try reader.skip(length)
            let storedCRC = try reader.readUInt32()
            let crc = Deflate.crc32(bytes[payload], continuing: Deflate.crc32(bytes[start..<start + 4]))
            guard storedCRC == crc else { throw .malformedData(reason: "section \(tag) at byte \(start) fails its checksum") }
            if tag == .end {
                guard length == 0 else { throw .malformedData(reason: "END section is not empty") }
                guard reader.isAtEnd else { throw .malformedData(reason: "\(reader.remaining) bytes follow the END section") }
                return MarkupContainer(formatVersion: formatVersion, contentVersion: contentVersion, sections: sections)
            }
            sections.append(Section(tag: tag, payload: payload))
        }
    }

    /// The header's versions only, without reading any section.
    static func readHeader(_ bytes: [UInt8]) throws(MarkupError) -> (formatVersion: Int, contentVersion: ContentVersion) {
        guard bytes.count >= FormatVersion.magic.count, Array(bytes[0..<FormatVersion.magic.count]) == FormatVersion.magic else {
            throw .incorrectFormat
        }
        var reader = ByteReader(bytes, from: FormatVersion.magic.count)
        let formatVersion = Int(try reader.readUInt16())
        let contentVersion = ContentVersion(rawValue: Int(try reader.readUInt16()))
        guard try reader.readUInt32() == Deflate.crc32(bytes[0..<12]) else { throw .malformedData(reason: "header checksum mismatch") }
        return (formatVersion, contentVersion)
    }
}
