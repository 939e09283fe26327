@testable import MarkupFormat
import MarkupModel
import Testing

/// Reading a run of zigzag varints eight one-byte values at a time gives what reading them one by one
/// gives, wherever the longer ones fall, and fails where the bytes end as one by one does.
struct SignedVarintRunTests {
    /// Values of every length a point stream holds: mostly one byte, with longer ones at every place
    /// within an eight-byte word, the extremes among them.
    static func values(count: Int, seed: UInt64) -> [Int64] {
        var state = seed
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let draw = state >> 33
            switch draw % 16 {
            case 0: return Int64(truncatingIfNeeded: draw) &* 977
            case 1: return [Int64.min, Int64.max, -64, 64, -65, 63][index % 6]
            default: return Int64(draw % 127) - 63
            }
        }
    }

    static func encoded(_ values: [Int64]) -> [UInt8] {
        var writer = ByteWriter(capacity: values.count)
        for value in values { writer.writeSignedVarint(value) }
        return writer.bytes
    }

    @Test(arguments: [0, 1, 7, 8, 9, 63, 64, 1_000, 4_099])
    func aRunReadsWhatSingleReadsRead(count: Int) throws {
        let values = Self.values(count: count, seed: UInt64(count) + 1)
        let bytes = Self.encoded(values) + [0x55, 0x02]
        var reader = ByteReader(bytes)
        let output = UnsafeMutablePointer<Int64>.allocate(capacity: max(count, 1))
        defer { output.deallocate() }
        try reader.readSignedVarints(count, into: output)
        #expect(Array(UnsafeBufferPointer(start: output, count: count)) == values)
        #expect(reader.offset == bytes.count - 2)
        #expect(try reader.readSignedVarint() == -43)
    }

    @Test func onlyOneByteValuesAreReadInWholeWords() throws {
        let values = (0..<1_001).map { Int64($0 % 127) - 63 }
        var reader = ByteReader(Self.encoded(values))
        let output = UnsafeMutablePointer<Int64>.allocate(capacity: values.count)
        defer { output.deallocate() }
        try reader.readSignedVarints(values.count, into: output)
        #expect(Array(UnsafeBufferPointer(start: output, count: values.count)) == values)
        #expect(reader.isAtEnd)
    }

    @Test(arguments: [1, 5, 8, 17, 200])
    func bytesEndingEarlyFailAsSingleReadsFail(missing: Int) {
        let values = Self.values(count: 300, seed: 7)
        let bytes = Array(Self.encoded(values).dropLast(missing))
        let output = UnsafeMutablePointer<Int64>.allocate(capacity: values.count)
        defer { output.deallocate() }
        var run = ByteReader(bytes), single = ByteReader(bytes)
        var runError: MarkupError?, singleError: MarkupError?
        do { try run.readSignedVarints(values.count, into: output) } catch { runError = error }
        do { for _ in values { _ = try single.readSignedVarint() } } catch { singleError = error }
        #expect(runError != nil)
        #expect(runError == singleError)
    }

    /// A reader limited to part of its bytes never reads a word past its end.
    @Test func aSubreaderStopsAtItsOwnEnd() {
        let bytes = Self.encoded((0..<64).map { _ in 1 })
        var reader = ByteReader(bytes, from: 0, to: 20)
        let output = UnsafeMutablePointer<Int64>.allocate(capacity: 64)
        defer { output.deallocate() }
        #expect(throws: MarkupError.self) { try reader.readSignedVarints(21, into: output) }
        var exact = ByteReader(bytes, from: 0, to: 20)
        #expect(throws: Never.self) { try exact.readSignedVarints(20, into: output) }
        #expect(exact.isAtEnd)
    }
}
