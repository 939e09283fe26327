import MarkupModel

/// Reads the nine point streams (docs/FORMAT.md §3.3) into every stroke's points, on every core.
///
/// Strokes are taken in batches of about `batchPoints` points. Each stream of a batch is decoded on
/// its own into a column of whole steps: its residuals first, eight one-byte ones in a load, then its
/// predictor (those `PointStreams` writes with) in a loop of its own over the column; the columns are
/// then packed into the strokes' points by `StrokePoint.points(from:start:count:)`, which checks every
/// value's range. The next batch's columns are decoded while this batch's are packed, so the
/// cores share both kinds of work.
struct PointColumns {
    /// About how many points a batch holds; a longer stroke is a batch of its own.
    static let batchPoints = 1 << 16

    /// The streams each decoding task reads: height goes with width, which predicts it.
    private static let streamTasks: [[Int]] = [[0], [1], [2], [3, 4], [5], [6], [7], [8]]

    /// Packing a batch is cut into this many pieces, so a core that finishes its streams helps.
    private static let packingPieces = 4

    /// Where a stream is read, and its last value, carried from one batch to the next.
    private struct Cursor {
        var reader: ByteReader
        var last: Int64 = 0
    }

    private let counts: [Int]
    /// Where each stroke's points start among all points.
    private let offsets: [Int]
    private let batches: [Range<Int>]
    private let cursors: UnsafeMutablePointer<Cursor>
    /// Two sets of nine columns, one for the batch being packed and one for the batch being decoded.
    private let columns: UnsafeMutablePointer<Int64>
    private let columnLength: Int

    /// Reads stroke `i`'s `counts[i]` points from the nine streams, which must hold exactly those
    /// points, and hands them to `take`, which is called on several threads at once, once per stroke.
    static func read(counts: [Int], streams: [ByteReader], into take: (Int, [StrokePoint]) -> Void) throws(MarkupError) {
        guard streams.count == PointStreams.count else { throw .malformedData(reason: "point streams are missing") }
        let reading = PointColumns(counts: counts, streams: streams)
        defer { reading.deallocate() }
        if let failure = withoutActuallyEscaping(take, do: { reading.run(Unchecked($0)) }) { throw failure }
    }

    private init(counts: [Int], streams: [ByteReader]) {
        var batches = [Range<Int>]()
        var offsets = [0], start = 0, points = 0, largest = 1
        for (index, count) in counts.enumerated() {
            offsets.append(offsets[index] + count)
            points += count
            if points >= Self.batchPoints || index == counts.count - 1 {
                batches.append(start..<index + 1)
                largest = max(largest, points)
                (start, points) = (index + 1, 0)
            }
        }
        (self.counts, self.offsets, self.batches, columnLength) = (counts, offsets, batches, largest)
        cursors = .allocate(capacity: streams.count)
        cursors.initialize(from: streams.map { Cursor(reader: $0) }, count: streams.count)
        columns = .allocate(capacity: 2 * PointStreams.count * largest)
    }

    private func deallocate() {
        cursors.deinitialize(count: PointStreams.count)
        cursors.deallocate()
        columns.deallocate()
    }

    /// Column `stream` of the set that batch `batch` uses.
    private func column(_ stream: Int, batch: Int) -> UnsafeMutablePointer<Int64> {
        columns + ((batch % 2) * PointStreams.count + stream) * columnLength
    }

    /// Decodes batch 0, then each batch's successor while packing it; the first failure (packing
    /// before decoding, streams in order) ends the read.
    private func run(_ take: Unchecked<(Int, [StrokePoint]) -> Void>) -> MarkupError? {
        for task in Self.streamTasks { if let failure = decode(task, batch: 0) { return failure } }
        for batch in batches.indices {
            let decodesNext = batch + 1 < batches.count
            let tasks = Array(0..<(Self.packingPieces + (decodesNext ? Self.streamTasks.count : 0)))
            let failures = Concurrently.map(tasks) { task in
                task < Self.packingPieces
                    ? pack(batch: batch, piece: task, into: take.value)
                    : decode(Self.streamTasks[task - Self.packingPieces], batch: batch + 1)
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { return failure }
        }
        for stream in 0..<PointStreams.count where !cursors[stream].reader.isAtEnd {
            return .malformedData(reason: "point streams hold stray bytes")
        }
        return nil
    }

    private func decode(_ streams: [Int], batch: Int) -> MarkupError? {
        guard batch < batches.count else { return nil }
        let strokes = batches[batch]
        let total = offsets[strokes.upperBound] - offsets[strokes.lowerBound]
        do throws(MarkupError) {
            for stream in streams {
                let output = column(stream, batch: batch)
                switch PointStreams.predictors[stream] {
                case .previous:
                    try decodePrevious(&cursors[stream], count: total, into: output)
                case .width:
                    try decodeAdding(column(3, batch: batch), &cursors[stream], count: total, into: output)
                case .zero:
                    try decodeAdding(nil, &cursors[stream], count: total, into: output)
                case .linear:
                    try decodeLinear(&cursors[stream], strokes: strokes, startsAtZero: PointStreams.firstPointPredictors[stream] == .zero,
                                     into: output)
                }
            }
        } catch {
            return error
        }
        return nil
    }

    /// Each value the last plus its residual.
    private func decodePrevious(_ cursor: inout Cursor, count: Int, into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
        try cursor.reader.readSignedVarints(count, into: output)
        var last = cursor.last
        for index in 0..<count {
            last = last &+ output[index]
            output[index] = last
        }
        cursor.last = last
    }

    /// Each value the residual plus `base`'s value at the same point (or 0).
    private func decodeAdding(_ base: UnsafePointer<Int64>?, _ cursor: inout Cursor, count: Int,
                              into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
        try cursor.reader.readSignedVarints(count, into: output)
        guard let base else { return }
        for index in 0..<count { output[index] = base[index] &+ output[index] }
    }

    /// Each value its residual plus the line through the stroke's two values before (its first the
    /// previous stroke's last, or 0; its second the first).
    private func decodeLinear(_ cursor: inout Cursor, strokes: Range<Int>, startsAtZero: Bool,
                              into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
        let total = offsets[strokes.upperBound] - offsets[strokes.lowerBound]
        try cursor.reader.readSignedVarints(total, into: output)
        var last = cursor.last, lastButOne: Int64 = 0
        var index = 0
        for stroke in strokes {
            let count = counts[stroke]
            guard count > 0 else { continue }
            last = (startsAtZero ? 0 : last) &+ output[index]
            output[index] = last
            if count > 1 {
                (lastButOne, last) = (last, last &+ output[index + 1])
                output[index + 1] = last
            }
            for at in index + 2 ..< index + max(count, 2) {
                (lastButOne, last) = (last, last &* 2 &- lastButOne &+ output[at])
                output[at] = last
            }
            index += count
        }
        cursor.last = last
    }

    /// Packs piece `piece` of batch `batch`'s strokes into points and hands each stroke's to `take`.
    private func pack(batch: Int, piece: Int, into take: (Int, [StrokePoint]) -> Void) -> MarkupError? {
        let strokes = batches[batch]
        let first = strokes.lowerBound + strokes.count * piece / Self.packingPieces
        let end = strokes.lowerBound + strokes.count * (piece + 1) / Self.packingPieces
        let base = offsets[strokes.lowerBound]
        let columns = StrokePoint.StepColumns(
            x: column(0, batch: batch), y: column(1, batch: batch), time: column(2, batch: batch),
            width: column(3, batch: batch), height: column(4, batch: batch), opacity: column(5, batch: batch),
            force: column(6, batch: batch), azimuth: column(7, batch: batch), altitude: column(8, batch: batch))
        for stroke in first..<end {
            do {
                take(stroke, try StrokePoint.points(from: columns, start: offsets[stroke] - base, count: counts[stroke]))
            } catch {
                return .malformedData(reason: "stroke point \(error.index) has a value out of range")
            }
        }
        return nil
    }
}
