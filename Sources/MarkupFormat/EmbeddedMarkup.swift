import Foundation

/// A `.markup` file carried inside a PNG, as Excalidraw keeps its scene in the PNGs it exports: the
/// picture shows in any app, and MarkupKit opens it as the drawing again. The file is the data of a
/// private ancillary chunk, `mkDc`, right after the header: readers that do not know the chunk skip
/// it, and keep it when they copy the picture unchanged (its last letter is lower case).
public enum EmbeddedMarkup {
    /// The chunk's type, four ASCII letters.
    public static let chunkType: [UInt8] = Array("mkDc".utf8)
    /// The largest file a PNG carries here.
    public static let maximumBytes = 64 << 20

    private static let headerType: [UInt8] = Array("IHDR".utf8)
    private static let endType: [UInt8] = Array("IEND".utf8)

    /// `png` with `file` (a `.markup` file's bytes) in it, after its header; nil when `png` does not
    /// start as a PNG does or `file` is larger than `maximumBytes`.
    public static func embedding(_ file: Data, in png: Data) -> Data? {
        let bytes = [UInt8](png)
        var chunks = PNGChunks.chunks(of: bytes).makeIterator()
        guard file.count <= maximumBytes, let header = chunks.next(), header.type == headerType[...] else { return nil }
        var chunk = [UInt8]()
        chunk.reserveCapacity(file.count + 12)
        let length = UInt32(file.count)
        chunk += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        chunk += chunkType
        chunk += file
        let crc = Deflate.crc32(chunk[4...])
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Data(bytes[..<header.end] + chunk + bytes[header.end...])
    }

    /// The `.markup` file `png` carries, when it is a PNG with an `mkDc` chunk whose checksum holds;
    /// nil otherwise. Reads only the chunks' heads up to it, never more than `png` holds.
    public static func file(in png: Data) -> Data? {
        guard png.starts(with: PNGChunks.signature) else { return nil }
        let bytes = [UInt8](png)
        for chunk in PNGChunks.chunks(of: bytes) {
            if chunk.type == endType[...] { return nil }
            guard chunk.type == chunkType[...], chunk.data.count <= maximumBytes else { continue }
            guard PNGChunks.checksumHolds(chunk, in: bytes) else { return nil }
            return Data(chunk.data)
        }
        return nil
    }
}
