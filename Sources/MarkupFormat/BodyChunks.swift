/// An inflated body as the chunks it was compressed in, read without joining them where each part
/// lies inside one chunk: joining a large document's chunks would copy its whole body once more.
struct BodyChunks {
    let chunks: [[UInt8]]
    /// Where each chunk starts in the body.
    private let starts: [Int]
    /// The body's length.
    let count: Int

    init(_ chunks: [[UInt8]]) {
        self.chunks = chunks
        var starts = [Int](), offset = 0
        for chunk in chunks {
            starts.append(offset)
            offset += chunk.count
        }
        (self.starts, count) = (starts, offset)
    }

    /// A reader of `range` of the body, sharing its chunk's bytes; nil when no one chunk holds it.
    func reader(_ range: Range<Int>) -> ByteReader? {
        guard !range.isEmpty else { return ByteReader([]) }
        let index = chunkIndex(containing: range.lowerBound)
        guard index < chunks.count, range.upperBound <= starts[index] + chunks[index].count else { return nil }
        return ByteReader(chunks[index], from: range.lowerBound - starts[index], to: range.upperBound - starts[index])
    }

    /// A reader from `offset` to the end of the chunk holding it; nil past the body's end.
    func reader(from offset: Int) -> ByteReader? {
        let index = chunkIndex(containing: offset)
        guard index < chunks.count else { return nil }
        return ByteReader(chunks[index], from: offset - starts[index])
    }

    /// The whole body in one array.
    func joined() -> [UInt8] {
        guard chunks.count > 1 else { return chunks.first ?? [] }
        var body = [UInt8]()
        body.reserveCapacity(count)
        for chunk in chunks { body += chunk }
        return body
    }

    /// The last chunk starting at or before `offset` (skipping empty ones), or `chunks.count` past the end.
    private func chunkIndex(containing offset: Int) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] + chunks[middle].count <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
