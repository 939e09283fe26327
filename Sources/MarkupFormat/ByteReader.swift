import Foundation
import MarkupModel

/// Reads what ByteWriter wrote, checking every length against the bytes that remain, so hostile
/// input ends in `MarkupError.malformedData` and never in a crash or a huge allocation.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    /// The index just past the last byte this reader may read.
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.offset = start
        self.end = end ?? bytes.count
    }

    var remaining: Int { end - offset }

    /// A reader of `range` of the same bytes, sharing them without a copy.
    func subreader(_ range: Range<Int>) -> ByteReader {
        ByteReader(bytes, from: range.lowerBound, to: range.upperBound)
    }
    var isAtEnd: Bool { offset >= end }

    mutating func readByte() throws(MarkupError) -> UInt8 {
        guard offset < end else { throw .malformedData(reason: "data ends early at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readBytes(_ count: Int) throws(MarkupError) -> [UInt8] {
        try require(count)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Sixteen bytes as a UUID, without an array between.
    mutating func readUUID() throws(MarkupError) -> UUID {
        try require(16)
        defer { offset += 16 }
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(fromByteOffset: offset, as: uuid_t.self)) }
    }

    /// Skips `count` bytes and returns the range they occupy.
    mutating func skip(_ count: Int) throws(MarkupError) -> Range<Int> {
        try require(count)
        defer { offset += count }
        return offset..<offset + count
    }

    mutating func readUInt16() throws(MarkupError) -> UInt16 { UInt16(try readLittleEndian(byteCount: 2)) }

    mutating func readUInt32() throws(MarkupError) -> UInt32 { UInt32(try readLittleEndian(byteCount: 4)) }

    mutating func readUInt64() throws(MarkupError) -> UInt64 { try readLittleEndian(byteCount: 8) }

    mutating func readDouble() throws(MarkupError) -> Double { Double(bitPattern: try readUInt64()) }

    /// A double that must be finite.
    mutating func readFiniteDouble(_ what: @autoclosure () -> String) throws(MarkupError) -> Double {
        let value = try readDouble()
        guard value.isFinite else { throw .malformedData(reason: "\(what()) is not a finite number") }
        return value
    }

    mutating func readBool() throws(MarkupError) -> Bool {
        switch try readByte() {
        case 0: return false
        case 1: return true
        case let other: throw .malformedData(reason: "expected a flag (0 or 1), found \(other)")
        }
    }

    mutating func readVarint() throws(MarkupError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64, shift < 63 || byte <= 1 else { throw .malformedData(reason: "varint too long at byte \(offset)") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A zigzag varint. Most of a point stream's residuals take one byte, read here without a call.
    @inline(__always)
    mutating func readSignedVarint() throws(MarkupError) -> Int64 {
        if offset < end {
            let byte = bytes[offset]
            if byte < 0x80 {
                offset += 1
                return Int64(byte >> 1) ^ -Int64(byte & 1)
            }
        }
        let raw = try readVarint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// Reads `count` zigzag varints into `output`. Eight bytes none of which continues a varint are
    /// eight one-byte values, read in one load: nearly every residual of a point stream takes one byte.
    mutating func readSignedVarints(_ count: Int, into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
        var index = 0
        while index < count {
            let start = offset
            let wholeWords = min((count - index) / 8, (end - start) / 8)
            let words = bytes.withUnsafeBytes { raw in
                var words = 0
                while words < wholeWords {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + words * 8, as: UInt64.self))
                    guard word & 0x8080_8080_8080_8080 == 0 else { break }
                    let values = output + index + words * 8
                    for byte in 0..<8 {
                        let value = (word >> UInt64(byte * 8)) & 0xFF
                        values[byte] = Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
                    }
                    words += 1
                }
                return words
            }
            offset += words * 8
            index += words * 8
            // The word that held a longer varint, value by value.
            let wordEnd = offset + 8
            while index < count && offset < wordEnd {
                output[index] = try readSignedVarint()
                index += 1
            }
        }
    }

    /// A count of items each taking at least `minimumBytesEach` bytes, checked against what remains.
    /// `available` is how many bytes the items may take, when they lie elsewhere than in this reader.
    mutating func readCount(_ what: String, minimumBytesEach: Int = 1, available: Int? = nil) throws(MarkupError) -> Int {
        let count = try readVarint()
        guard count <= UInt64(max(available ?? remaining, 0) / max(minimumBytesEach, 1)) else {
            throw .malformedData(reason: "\(what) count \(count) is more than the data can hold")
        }
        return Int(count)
    }

    mutating func readString() throws(MarkupError) -> String {
        let length = try readCount("string byte")
        let range = try skip(length)
        guard let string = String(validating: bytes[range], as: UTF8.self) else {
            throw .malformedData(reason: "text at byte \(range.lowerBound) is not valid UTF-8")
        }
        return string
    }

    private func require(_ count: Int) throws(MarkupError) {
        guard count >= 0, count <= remaining else {
            throw .malformedData(reason: "data ends early: \(count) bytes needed at byte \(offset), \(remaining) left")
        }
    }

    private mutating func readLittleEndian(byteCount: Int) throws(MarkupError) -> UInt64 {
        try require(byteCount)
        var value: UInt64 = 0
        for index in 0..<byteCount {
            value |= UInt64(bytes[offset + index]) << UInt64(8 * index)
        }
        offset += byteCount
        return value
    }
}
