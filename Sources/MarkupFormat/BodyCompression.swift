import Dispatch
import MarkupModel

/// The BODY section's payload: the body cut into chunks that are zlib-compressed independently, so
/// both cores work on them at once and each point stream gets Huffman codes of its own.
///
/// Layout: method (1 = zlib), chunk count (varint), then per chunk its inflated and compressed
/// lengths (varints), then the compressed chunks one after another.
enum BodyCompression {
    static let zlibMethod: UInt8 = 1

    /// No zlib stream inflates by more than about 1032:1, so a chunk claiming more is rejected unread.
    static let maximumCompressionRatio = 1100

    /// Chunks smaller than this are merged with their neighbour: zlib's fixed cost outweighs the gain.
    static let minimumChunkBytes = 4096

    /// Compresses `body`, cutting it at those of `cuts` that leave chunks of a useful size.
    static func compress(_ body: [UInt8], cuts: [Int], level: Int32) -> [UInt8] {
        var boundaries = [0]
        for cut in cuts where cut - boundaries.last! >= minimumChunkBytes && body.count - cut >= minimumChunkBytes {
            boundaries.append(cut)
        }
        boundaries.append(body.count)
        let ranges = zip(boundaries, boundaries.dropFirst()).map { $0..<$1 }
        let compressed = concurrentMap(ranges) { Zlib.compress(Array(body[$0]), level: level) }
        var writer = ByteWriter(capacity: compressed.reduce(32) { $0 + $1.count + 12 })
        writer.write(zlibMethod)
        writer.writeVarint(UInt64(ranges.count))
        for (range, chunk) in zip(ranges, compressed) {
            writer.writeVarint(UInt64(range.count))
            writer.writeVarint(UInt64(chunk.count))
        }
        for chunk in compressed { writer.write(chunk) }
        return writer.bytes
    }

    /// Inflates a BODY payload back into the body, refusing one that claims more than `limits` allow.
    static func decompress(_ payload: ArraySlice<UInt8>, limits: DecodingLimits) throws(MarkupError) -> [UInt8] {
        var reader = ByteReader(Array(payload))
        let method = try reader.readByte()
        guard method == zlibMethod else { throw .malformedData(reason: "unknown body compression \(method)") }
        let count = try reader.readCount("body chunk", minimumBytesEach: 3)
        var lengths = [(inflated: Int, compressed: Int)]()
        var claimed: UInt64 = 0
        for _ in 0..<count {
            let inflated = try reader.readVarint(), compressed = try reader.readVarint()
            guard compressed <= UInt64(reader.remaining), inflated <= compressed * UInt64(maximumCompressionRatio) + 64 else {
                throw .malformedData(reason: "body chunk claims \(inflated) bytes from \(compressed) compressed")
            }
            claimed += inflated
            guard claimed <= UInt64(limits.maximumBodyBytes) else {
                throw .malformedData(reason: "the body claims more than the decoding budget of \(limits.maximumBodyBytes) bytes")
            }
            lengths.append((Int(inflated), Int(compressed)))
        }
        var start = reader.offset
        var ranges = [Range<Int>]()
        for length in lengths {
            guard length.compressed <= reader.end - start else { throw .malformedData(reason: "body chunks run past the section") }
            ranges.append(start..<start + length.compressed)
            start += length.compressed
        }
        guard start == reader.end else { throw .malformedData(reason: "stray bytes after the body chunks") }
        let bytes = Array(payload)
        let results = concurrentMap(Array(zip(ranges, lengths))) { range, length in
            Result { () throws(MarkupError) -> [UInt8] in try Zlib.decompress(bytes[range], expectedLength: length.inflated) }
        }
        var chunks = [[UInt8]]()
        for result in results { chunks.append(try result.get()) }
        guard chunks.count > 1 else { return chunks.first ?? [] }
        var body = [UInt8]()
        body.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { body.append(contentsOf: chunk) }
        return body
    }

    /// `transform` applied to every item, on as many threads as there are cores.
    private static func concurrentMap<T: Sendable, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = UncheckedSendable(buffer)
            withoutActuallyEscaping(transform) { transform in
                let work = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: items.count) { index in
                    slots.value[index] = work.value(items[index])
                }
            }
        }
        return results.map { $0! }
    }
}

/// Hands a value to concurrent work that touches disjoint parts of it.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
