import MarkupModel

extension BodyReader {
    /// What one core does while the body inflates: the records of the first chunk, or another chunk.
    private enum Task {
        case records(Result<Records, MarkupError>)
        case chunk(Result<[UInt8], MarkupError>)
    }

    /// Inflates the body's `chunks` stored in `bytes` and reads it. The first chunk, which holds the
    /// records, is inflated first; then one core reads and prepares the records while the others
    /// inflate the point streams, so that opening a document waits for the longer of the two, not
    /// for both. A body whose records do not lie in its first chunk is read as `decode(_:prepare:)`
    /// reads it, once every chunk is inflated.
    static func decode(inflating chunks: [BodyCompression.StoredChunk], of bytes: [UInt8],
                       prepare: Prepare) throws(MarkupError) -> Markup {
        guard let first = chunks.first, chunks.count > 1 else {
            return try decode(chunks.map { chunk throws(MarkupError) in try BodyCompression.inflate(chunk, of: bytes) }, prepare: prepare)
        }
        let firstBytes = try BodyCompression.inflate(first, of: bytes)
        let bodyCount = chunks.reduce(0) { $0 + $1.inflatedCount }
        var tasks = withoutActuallyEscaping(prepare) { prepare in
            let prepare = Unchecked(prepare)
            return Concurrently.map(Array(chunks.indices)) { index in
                index == 0
                    ? Task.records(Result { () throws(MarkupError) in try readRecords(firstBytes, bodyCount: bodyCount, prepare: prepare.value) })
                    : Task.chunk(Result { () throws(MarkupError) in try BodyCompression.inflate(chunks[index], of: bytes) })
            }
        }
        var inflated = [firstBytes]
        var records: Records?
        for task in tasks {
            switch task {
            case .records(let result): records = try? result.get()
            case .chunk(let result): inflated.append(try result.get())
            }
        }
        // The records' only holder from here, so that their elements are filled without a copy.
        tasks.removeAll()
        if var found = records.take(), let markup = try? found.withPoints(from: BodyChunks(inflated)) { return markup }
        return try decode(inflated, prepare: prepare)
    }
}
