import Foundation
import MarkupFormat

/// Whether a PNG or JPEG is whole, read from its structure without decoding its pixels: a PNG's
/// chunks with their checksums up to its end, a JPEG's segments and scans up to its end marker. A
/// picture that fails is refused where pictures come in, rather than kept and drawn as nothing.
enum PictureCheck {
    /// Why `bytes` is no whole PNG or JPEG, in words; nil when it is one.
    static func problem(in bytes: [UInt8]) -> String? {
        if bytes.starts(with: PNGChunks.signature) { return pngProblem(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpegProblem(bytes) }
        return "it is neither a PNG nor a JPEG"
    }

    private static func pngProblem(_ bytes: [UInt8]) -> String? {
        var chunks = 0, sawImageData = false
        for chunk in PNGChunks.chunks(of: bytes) {
            let type = String(decoding: chunk.type, as: UTF8.self)
            // A damaged chunk the picture needs (its type starts with a capital) spoils it; readers
            // leave out one it does not.
            let isCritical = chunk.type.first.map { (0x41...0x5A).contains($0) } ?? true
            guard !isCritical || PNGChunks.checksumHolds(chunk, in: bytes) else { return "a chunk of the PNG is damaged" }
            if chunks == 0 {
                guard type == "IHDR", chunk.data.count == 13 else { return "the PNG does not start with its header" }
            }
            chunks += 1
            if type == "IDAT" { sawImageData = true }
            if type == "IEND" { return sawImageData ? nil : "the PNG holds no picture" }
        }
        return chunks == 0 ? "the PNG has no header" : "the PNG is cut short"
    }

    private static func jpegProblem(_ bytes: [UInt8]) -> String? {
        var offset = 2, sawFrame = false
        while offset + 2 <= bytes.count {
            // Stray bytes between segments are passed over to the next marker, as readers do.
            guard bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1
                continue
            case 0xD9:
                return sawFrame ? nil : "the JPEG holds no picture"
            case 0x01, 0xD0...0xD7:
                offset += 2
                continue
            default:
                break
            }
            guard offset + 4 <= bytes.count else { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { sawFrame = true }
            offset += 2 + length
            if marker == 0xDA {
                guard sawFrame else { return "the JPEG's scan comes before its frame" }
                offset = endOfScan(bytes, from: offset)
            }
        }
        return "the JPEG is cut short"
    }

    /// Where the entropy-coded data from `start` ends: the next marker that is neither a stuffed
    /// zero nor a restart, or the end of `bytes`. Searched with `memchr`, as a scan is most of a JPEG.
    private static func endOfScan(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var index = start
            while index < buffer.count, let found = memchr(base + index, 0xFF, buffer.count - index) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard at + 1 < buffer.count else { return buffer.count }
                let next = buffer[at + 1]
                guard next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF else { return at }
                index = at + 1
            }
            return buffer.count
        }
    }
}
