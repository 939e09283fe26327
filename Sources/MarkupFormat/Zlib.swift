import CZlib
import MarkupModel

/// zlib compression for the body section, and CRC-32 for every section.
enum Zlib {
    /// The CRC-32 (ISO-HDLC, as zlib and PNG) of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// A zlib stream of `bytes`; `level` runs from 1 (fastest) to 9 (smallest). The window and hash
    /// table are no larger than `bytes` needs, so a small input (a journal entry of one stroke) does
    /// not pay for setting up and clearing a quarter-megabyte state; any inflater reads the result.
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var stream = z_stream()
        let windowBits = Int32(min(max((bytes.count | 1).bitWidth - (bytes.count | 1).leadingZeroBitCount, 9), 15))
        let memoryLevel = max(min(windowBits - 6, 8), 1)
        var status = deflateInit2_(&stream, level, Z_DEFLATED, windowBits, memoryLevel, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2 failed with \(status)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let written = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                status = deflate(&stream, Z_FINISH)
                return out.count - Int(stream.avail_out)
            }
        }
        precondition(status == Z_STREAM_END, "zlib deflate failed with \(status) on a buffer sized by deflateBound")
        output.removeLast(output.count - written)
        return output
    }

    /// Inflates a zlib stream that must yield exactly `expectedLength` bytes.
    ///
    /// Output grows only as inflated data arrives, so a stream that lies about its length costs no more
    /// memory than what it really holds.
    static func decompress(_ bytes: ArraySlice<UInt8>, expectedLength: Int) throws(MarkupError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .malformedData(reason: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        output.reserveCapacity(min(expectedLength, max(bytes.count * 4, 1 << 16)))
        let chunkSize = 1 << 18
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var status: Int32 = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    status = inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunkSize - Int(stream.avail_out)
                if output.count + produced > expectedLength {
                    status = Z_DATA_ERROR
                    break
                }
                output.append(contentsOf: chunk[0..<produced])
                if produced == 0, status == Z_OK, stream.avail_in == 0 { status = Z_BUF_ERROR }
            }
        }
        guard status == Z_STREAM_END else {
            throw .malformedData(reason: "compressed body is corrupt (zlib status \(status))")
        }
        guard output.count == expectedLength, stream.avail_in == 0 else {
            throw .malformedData(reason: "compressed body holds \(output.count) bytes, its header says \(expectedLength)")
        }
        return output
    }
}
