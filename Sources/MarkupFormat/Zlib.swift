import CZlib
import MarkupModel

/// zlib's streaming inflater, for body chunks that claim to inflate far more than point streams do:
/// its output grows only as data really inflates.
enum Zlib {
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
