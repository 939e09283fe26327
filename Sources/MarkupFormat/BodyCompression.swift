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
        compress(pieces: pieces(of: body, cutAt: cuts), level: level).flatMap { $0 }
    }

    /// `body` cut at those of `cuts` that lie inside it, for `compress(pieces:level:)`.
    static func pieces(of body: [UInt8], cutAt cuts: [Int]) -> [[UInt8]] {
        let starts = [0] + cuts.filter { $0 > 0 && $0 < body.count }
        return zip(starts, starts.dropFirst() + [body.count]).map { Array(body[$0..<$1]) }
    }

    /// The payload of a body given as the pieces it was written in (the records, then each point
    /// stream): each piece a chunk of its own, merged with the next where a chunk would be smaller
    /// than `minimumChunkBytes`, as `compress(_:cuts:level:)` cuts. Returned in parts, the chunks
    /// as compressed, so that the body is never joined: a large document's would be a hundred
    /// megabytes of memory the process has never touched, which this machine is slow to hand out.
    static func compress(pieces: [[UInt8]], level: Int32) -> [[UInt8]] {
        let total = pieces.reduce(0) { $0 + $1.count }
        var chunks = [[Int]](), offset = 0, chunkStart = 0
        for (index, piece) in pieces.enumerated() {
            if chunks.isEmpty || (offset - chunkStart >= minimumChunkBytes && total - offset >= minimumChunkBytes) {
                chunks.append([index])
                chunkStart = offset
            } else {
                chunks[chunks.count - 1].append(index)
            }
            offset += piece.count
        }
        if chunks.isEmpty { chunks = [[]] }
        let compressed = Concurrently.map(chunks) { members in
            // A chunk of one piece is that piece itself, not a copy.
            let joined = members.count == 1 ? pieces[members[0]] : members.flatMap { pieces[$0] }
            return (joined.count, joined.withUnsafeBufferPointer { Deflate.compress($0, level: level) })
        }
        var writer = ByteWriter(capacity: 32 + 20 * compressed.count)
        writer.write(zlibMethod)
        writer.writeVarint(UInt64(compressed.count))
        for (inflated, chunk) in compressed {
            writer.writeVarint(UInt64(inflated))
            writer.writeVarint(UInt64(chunk.count))
        }
        return [writer.bytes] + compressed.map(\.1)
    }

    /// One compressed chunk of a body: where it lies in the file and how long it inflates.
    struct StoredChunk: Sendable {
        let range: Range<Int>
        let inflatedCount: Int
    }

    /// Inflates the BODY payload at `payload` of `bytes` back into the body's chunks, refusing one
    /// that claims more than `limits` allow.
    static func decompress(_ bytes: [UInt8], payload: Range<Int>, limits: DecodingLimits) throws(MarkupError) -> [[UInt8]] {
        let results = Concurrently.map(try storedChunks(bytes, payload: payload, limits: limits)) { chunk in
            Result { () throws(MarkupError) -> [UInt8] in try inflate(chunk, of: bytes) }
        }
        var chunks = [[UInt8]]()
        for result in results { chunks.append(try result.get()) }
        return chunks
    }

    /// One chunk inflated, which must fill exactly the length it claims.
    static func inflate(_ chunk: StoredChunk, of bytes: [UInt8]) throws(MarkupError) -> [UInt8] {
        try Deflate.decompress(bytes[chunk.range], expectedLength: chunk.inflatedCount)
    }

    /// The chunks the BODY payload at `payload` of `bytes` holds, checked against `limits` and the
    /// payload's length before anything is inflated.
    static func storedChunks(_ bytes: [UInt8], payload: Range<Int>, limits: DecodingLimits) throws(MarkupError) -> [StoredChunk] {
        var reader = ByteReader(bytes, from: payload.lowerBound, to: payload.upperBound)
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
        return zip(ranges, lengths).map { StoredChunk(range: $0, inflatedCount: $1.inflated) }
    }
}
