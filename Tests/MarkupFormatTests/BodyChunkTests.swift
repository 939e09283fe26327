@testable import MarkupFormat
import MarkupModel
import Testing

/// One compressed body chunk: what libdeflate writes any inflater reads, what zlib wrote is read, and a
/// chunk that does not fill its stated length exactly, or leaves bytes over, is refused.
struct BodyChunkTests {
    /// `zlib.compress(b"MarkupKit reads the zlib streams older writers made. " * 8, 5)`, made by zlib itself.
    static let writtenByZlib: [UInt8] = [
        0x78, 0x5E, 0xF3, 0x4D, 0x2C, 0xCA, 0x2E, 0x2D, 0xF0, 0xCE, 0x2C, 0x51, 0x28, 0x4A, 0x4D, 0x4C, 0x29, 0x56, 0x28,
        0xC9, 0x48, 0x55, 0xA8, 0xCA, 0xC9, 0x4C, 0x52, 0x28, 0x2E, 0x01, 0x0A, 0xE4, 0x16, 0x2B, 0xE4, 0xE7, 0xA4, 0xA4,
        0x16, 0x29, 0x94, 0x17, 0x65, 0x96, 0xA4, 0x16, 0x15, 0x2B, 0xE4, 0x26, 0xA6, 0xA4, 0xEA, 0x29, 0xF8, 0x8E, 0x6A,
        0xA2, 0xB7, 0x26, 0x00, 0xE6, 0x3B, 0x9C, 0x19,
    ]
    static let sentence = [UInt8](String(repeating: "MarkupKit reads the zlib streams older writers made. ", count: 8).utf8)
    /// Mixed bytes that compress about 3:1, as point streams do, and a run that compresses far past
    /// `Deflate.wholeBufferRatio`, so both ways of inflating are taken.
    static let samples: [[UInt8]] = [
        (0..<50_000).map { UInt8(truncatingIfNeeded: ($0 * 7919) % 23 + ($0 >> 9)) },
        [UInt8](repeating: 0, count: 200_000),
        [],
    ]

    static func compressed(_ bytes: [UInt8], level: Int32 = MarkupFile.defaultCompressionLevel) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Deflate.compress($0, level: level) }
    }

    @Test func aStreamZlibWroteIsRead() throws {
        #expect(try Deflate.decompress(Self.writtenByZlib[...], expectedLength: Self.sentence.count) == Self.sentence)
    }

    @Test(arguments: [Int32(1), 3, 6, 12])
    func whatIsCompressedInflatesBack(level: Int32) throws {
        for sample in Self.samples {
            let chunk = Self.compressed(sample, level: level)
            #expect(chunk.first == 0x78, "a zlib header (RFC 1950)")
            #expect(try Deflate.decompress(chunk[...], expectedLength: sample.count) == sample)
            #expect(try Zlib.decompress(chunk[...], expectedLength: sample.count) == sample, "zlib reads it too")
        }
    }

    @Test func aChunkThatDoesNotFillItsLengthExactlyIsRefused() {
        for sample in Self.samples where !sample.isEmpty {
            let chunk = Self.compressed(sample)
            for stated in [sample.count - 1, sample.count + 1] {
                #expect(throws: MarkupError.self) { try Deflate.decompress(chunk[...], expectedLength: stated) }
            }
        }
    }

    @Test func strayBytesAfterTheStreamAreRefused() {
        for sample in Self.samples {
            let chunk = Self.compressed(sample) + [0x00]
            #expect(throws: MarkupError.self) { try Deflate.decompress(chunk[...], expectedLength: sample.count) }
        }
    }

    @Test func aDamagedChunkIsRefused() {
        for sample in Self.samples where !sample.isEmpty {
            var chunk = Self.compressed(sample)
            chunk[chunk.count / 2] ^= 0x5A
            chunk[chunk.count - 1] ^= 0x01
            #expect(throws: MarkupError.self) { try Deflate.decompress(chunk[...], expectedLength: sample.count) }
        }
    }

    @Test func theChecksumIsCRC32() {
        #expect(Deflate.crc32(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        let bytes = [UInt8](Self.sentence)
        #expect(Deflate.crc32(bytes[100...], continuing: Deflate.crc32(bytes[..<100])) == Deflate.crc32(bytes[...]))
    }
}
