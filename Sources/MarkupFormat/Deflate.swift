import CDeflate
import Foundation
import MarkupModel

/// The body's zlib streams (RFC 1950), written and read with libdeflate: whole buffers at a time,
/// about twice as fast as zlib was on point streams, at about the same size, and readable by any inflater.
enum Deflate {
    /// Above this ratio of stated inflated length to compressed length, a chunk is inflated by
    /// zlib's streaming reader, which grows its output only as data really inflates; at or below
    /// it, libdeflate writes into a buffer of the stated length, at most this many times the bytes
    /// the file really holds. Point streams compress 2–6:1; a run of one value can do better.
    static let wholeBufferRatio = 32

    /// A zlib stream of `bytes` at `level`, 1 (fastest) to 12 (smallest).
    static func compress(_ bytes: UnsafeBufferPointer<UInt8>, level: Int32) -> [UInt8] {
        let pool = compressors[Int(min(max(level, 0), 12))]
        let compressor = pool.take()
        defer { pool.give(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            count = libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, output.baseAddress, bound)
            precondition(count > 0, "libdeflate found no room in a buffer of its own bound")
        }
    }

    /// Inflates a zlib stream that must fill exactly `expectedLength` bytes and use all of `bytes`.
    static func decompress(_ bytes: ArraySlice<UInt8>, expectedLength: Int) throws(MarkupError) -> [UInt8] {
        guard expectedLength <= bytes.count * wholeBufferRatio else {
            return try Zlib.decompress(bytes, expectedLength: expectedLength)
        }
        let decompressor = decompressors.take()
        defer { decompressors.give(decompressor) }
        var consumed = 0
        var result = LIBDEFLATE_SUCCESS
        let output = bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: expectedLength) { output, count in
                result = libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count,
                                                       output.baseAddress, expectedLength, &consumed, nil)
                count = result == LIBDEFLATE_SUCCESS ? expectedLength : 0
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS:
            guard consumed == bytes.count else {
                throw .malformedData(reason: "compressed body chunk has \(bytes.count - consumed) stray bytes after its stream")
            }
            return output
        case LIBDEFLATE_SHORT_OUTPUT, LIBDEFLATE_INSUFFICIENT_SPACE:
            throw .malformedData(reason: "a compressed body chunk does not inflate to the \(expectedLength) bytes its header says")
        default:
            throw .malformedData(reason: "compressed body is corrupt")
        }
    }

    /// The CRC-32 (ISO-HDLC, as zlib and PNG) of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
    }

    /// Compressors (one pool per level) and decompressors kept for reuse: making one clears
    /// tables of a few hundred kilobytes, more than compressing a journal entry costs.
    private static let compressors = (0...12).map { level in Pool { libdeflate_alloc_compressor(Int32(level)) } }
    private static let decompressors = Pool { libdeflate_alloc_decompressor() }

    private final class Pool: @unchecked Sendable {
        private var idle: [OpaquePointer] = []
        private let lock = NSLock()
        private let make: () -> OpaquePointer?

        init(make: @escaping () -> OpaquePointer?) { self.make = make }

        func take() -> OpaquePointer {
            if let kept = lock.withLock({ idle.popLast() }) { return kept }
            guard let made = make() else { fatalError("libdeflate could not allocate its state") }
            return made
        }

        func give(_ state: OpaquePointer) {
            lock.withLock { idle.append(state) }
        }
    }
}
