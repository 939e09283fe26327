import MarkupModel

extension BodyReader {
    /// What one core does while the body inflates: the first chunk and its records, or another chunk.
    private enum Task {
        case first(Result<[UInt8], MarkupError>, records: Records?)
        case chunk(Result<[UInt8], MarkupError>)
    }

    /// Inflates the body's `chunks` stored in `bytes` and reads it. One core inflates the first
    /// chunk, which holds the records, and reads and prepares them while the others inflate the
    /// point streams, so that opening a document waits for the longer of the two, not for both. A
    /// body whose records do not lie in its first chunk is read as `decode(_:prepare:)` reads it,
    /// once every chunk is inflated.
    static func decode(inflating chunks: [BodyCompression.StoredChunk], of bytes: [UInt8],
                       prepare: Prepare) throws(MarkupError) -> Markup {
        guard let first = chunks.first, chunks.count > 1 else {
            return try decode(chunks.map { chunk throws(MarkupError) in try BodyCompression.inflate(chunk, of: bytes) }, prepare: prepare)
        }
        let bodyCount = chunks.reduce(0) { $0 + $1.inflatedCount }
        var tasks = withoutActuallyEscaping(prepare) { prepare in
            let prepare = Unchecked(prepare)
            return Concurrently.map(Array(chunks.indices)) { index in
                guard index == 0 else { return Task.chunk(Result { () throws(MarkupError) in try BodyCompression.inflate(chunks[index], of: bytes) }) }
                let inflated = Result { () throws(MarkupError) in try BodyCompression.inflate(first, of: bytes) }
                let records = (try? inflated.get()).flatMap { try? readRecords($0, bodyCount: bodyCount, prepare: prepare.value) }
                return Task.first(inflated, records: records)
            }
        }
        var inflated = [[UInt8]]()
        var records: Records?
        for task in tasks {
            switch task {
            case .first(let result, let found):
                inflated.append(try result.get())
                records = found
            case .chunk(let result): inflated.append(try result.get())
            }
        }
        // The records' only holder from here, so that their elements are filled without a copy.
        tasks.removeAll()
        if var found = records.take(), let markup = try? found.withPoints(from: BodyChunks(inflated)) { return markup }
        return try decode(inflated, prepare: prepare)
    }
}
