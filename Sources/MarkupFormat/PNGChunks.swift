/// The chunks of a PNG file, read one after another from their heads, as the embedded drawings of
/// MarkupKit's and other apps' PNGs are found.
public enum PNGChunks {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: its type, its data, and where it ends (past its checksum).
    public struct Chunk {
        public var type: ArraySlice<UInt8>
        public var data: ArraySlice<UInt8>
        public var end: Int
    }

    /// The chunks of `bytes` in turn, after the signature, as long as each lies whole within them;
    /// none when `bytes` does not start with the PNG signature.
    public static func chunks(of bytes: [UInt8]) -> AnySequence<Chunk> {
        AnySequence { () -> AnyIterator<Chunk> in
            var offset = bytes.starts(with: signature) ? signature.count : bytes.count
            return AnyIterator {
                guard bytes.count - offset >= 12 else { return nil }
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                guard length <= bytes.count - offset - 12 else { return nil }
                let chunk = Chunk(type: bytes[offset + 4..<offset + 8], data: bytes[offset + 8..<offset + 8 + length], end: offset + 12 + length)
                offset = chunk.end
                return chunk
            }
        }
    }

    /// Whether `chunk`'s stored checksum (of its type and data) holds.
    public static func checksumHolds(_ chunk: Chunk, in bytes: [UInt8]) -> Bool {
        let stored = bytes[chunk.end - 4..<chunk.end].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Deflate.crc32(bytes[chunk.data.startIndex - 4..<chunk.data.endIndex]) == stored
    }
}
