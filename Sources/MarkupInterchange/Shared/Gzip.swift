import CZlib
import Foundation

/// gzip streams, as Xournal++ stores its files (and raw deflate, as zip archives hold it): inflated
/// into memory no larger than a limit, and deflated at the default level.
enum Gzip {
    /// Why a stream could not be inflated.
    enum InflateFailure: Error {
        case tooLarge, damaged
    }

    /// The CRC-32 of `data`, as gzip and zip archives check their contents.
    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: Bytef.self)
            var crc: uLong = 0
            for start in stride(from: 0, to: bytes.count, by: 1 << 30) {
                crc = CZlib.crc32(crc, bytes.baseAddress! + start, uInt(min(bytes.count - start, 1 << 30)))
            }
            return UInt32(crc)
        }
    }

    /// The bytes of the gzip (or zlib) stream `data`; throws once more than `limit` bytes come out.
    static func decompress(_ data: Data, limit: Int, format: InterchangeFormat) throws(InterchangeError) -> [UInt8] {
        do throws(InflateFailure) {
            return try inflate(data, windowBits: 15 + 32, limit: limit)
        } catch .tooLarge {
            throw .tooLarge(format, reason: "more than \(limit >> 20) MB once uncompressed")
        } catch {
            throw .malformed(format, reason: "the compressed stream is damaged or cut short")
        }
    }

    /// The bytes `data` inflates to, read as zlib's `windowBits` says (15 + 32: gzip or zlib; −15: raw
    /// deflate); fails once more than `limit` bytes come out, or when the stream is damaged or cut short.
    static func inflate(_ data: Data, windowBits: Int32, limit: Int) throws(InflateFailure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .damaged }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        output.reserveCapacity(min(limit, max(data.count * 4, 1 << 16)))
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        var status: Int32 = Z_OK
        var tooLarge = false
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while status == Z_OK {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                guard output.count + produced <= limit else { tooLarge = true; return }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_BUF_ERROR && stream.avail_in == 0 { break }
            }
        }
        if tooLarge { throw .tooLarge }
        guard status == Z_STREAM_END else { throw .damaged }
        return output
    }

    /// `bytes` as a gzip stream, fed to zlib a gigabyte at most at a time (its counts are 32 bits).
    static func compress(_ bytes: [UInt8]) -> Data {
        var stream = z_stream()
        let status = deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2 failed with \(status)")
        defer { deflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        bytes.withUnsafeBufferPointer { input in
            var offset = 0
            var result = Z_OK
            repeat {
                let piece = min(input.count - offset, 1 << 30)
                stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0 + offset) }
                stream.avail_in = uInt(piece)
                offset += piece
                let flush = offset == input.count ? Z_FINISH : Z_NO_FLUSH
                repeat {
                    chunk.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        result = deflate(&stream, flush)
                        output.append(out.baseAddress!, count: out.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0
            } while offset < input.count
            precondition(result == Z_STREAM_END, "zlib deflate ended with \(result)")
        }
        return output
    }
}
