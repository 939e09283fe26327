import Dispatch
import MarkupModel

/// Reads the nine point streams (docs/FORMAT.md §3.3) into every stroke's points, on every core.
///
/// Strokes are taken in batches of about `batchPoints` points. Each stream of a batch is decoded on
/// its own into a column of whole steps, in a loop that knows its stream's predictor; the columns are
/// then packed into the strokes' points, which checks every value's range. The next batch's columns
/// are decoded while this batch's are packed, so the cores share both kinds of work.
struct PointColumns {
    /// About how many points a batch holds; a longer stroke is a batch of its own.
    static let batchPoints = 1 << 16

    /// What a stream predicts each value from (`PointStreams` writes with the same predictors).
    private enum Predictor {
        /// The stream's value before; across strokes too.
        case previous
        /// Linear extrapolation inside a stroke; a stroke's first value from the value before, or
        /// from 0 when `startsAtZero`.
        case linear(startsAtZero: Bool)
    }

    private static let predictors: [Predictor] = [
        .linear(startsAtZero: false), .linear(startsAtZero: false), .linear(startsAtZero: true),
        .previous, .previous /* height: the point's width, read with width */, .previous, .previous, .previous, .previous,
    ]

    /// Where a stream is read and what its predictor carries from one batch to the next.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// The stream's last value. (Only a linear stream's values inside a stroke use the one before it.)
        var last: Int64 = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The next zigzag varint; most residuals take one byte.
        @inline(__always)
        mutating func next() throws(MarkupError) -> Int64 {
            guard position < bytes.count else { throw .malformedData(reason: "a point stream ends early") }
            let byte = bytes[position]
            position += 1
            if byte < 0x80 { return Int64(byte >> 1) ^ -Int64(byte & 1) }
            var raw = UInt64(byte & 0x7F)
            var shift: UInt64 = 7
            while true {
                guard position < bytes.count else { throw .malformedData(reason: "a point stream ends early") }
                let byte = bytes[position]
                position += 1
                guard shift < 63 || (shift == 63 && byte <= 1) else { throw .malformedData(reason: "varint too long in a point stream") }
                raw |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }
    }

    /// Reads stroke `i`'s `counts[i]` points from the nine streams, which must hold exactly those
    /// points, and hands them to `take`, which is called on several threads at once, once per stroke.
    static func read(counts: [Int], streams: [ByteReader], into take: (Int, [StrokePoint]) -> Void) throws(MarkupError) {
        guard streams.count == PointStreams.count else { throw .malformedData(reason: "point streams are missing") }
        var batches = [Range<Int>]()
        var start = 0, points = 0, largest = 0
        for (index, count) in counts.enumerated() {
            points += count
            if points >= batchPoints || index == counts.count - 1 {
                batches.append(start..<index + 1)
                largest = max(largest, points)
                (start, points) = (index + 1, 0)
            }
        }
        var offsets = [Int](repeating: 0, count: counts.count + 1)
        for (index, count) in counts.enumerated() { offsets[index + 1] = offsets[index] + count }
        let failure: MarkupError? = withBuffers(streams[...], []) { buffers in
            withoutActuallyEscaping(take) { take in
                counts.withUnsafeBufferPointer { counts in
                    offsets.withUnsafeBufferPointer { offsets in
                        let columns = UnsafeMutablePointer<Int64>.allocate(capacity: 2 * PointStreams.count * max(largest, 1))
                        defer { columns.deallocate() }
                        let work = Work(cursors: buffers.map(Cursor.init), counts: counts, offsets: offsets, batches: batches,
                                        columns: columns, columnLength: max(largest, 1), take: Unchecked(take))
                        defer { work.cursors.deallocate() }
                        return work.run()
                    }
                }
            }
        }
        if let failure { throw failure }
    }

    /// The stream readers' bytes, as buffers that stay valid while `body` runs.
    private static func withBuffers<R>(_ readers: ArraySlice<ByteReader>, _ buffers: [UnsafeBufferPointer<UInt8>],
                                       _ body: ([UnsafeBufferPointer<UInt8>]) -> R) -> R {
        guard let first = readers.first else { return body(buffers) }
        return first.withUnsafeRemainingBytes { withBuffers(readers.dropFirst(), buffers + [$0], body) }
    }

    /// One read's shared state. Concurrent steps touch disjoint parts of it: a stream's cursor,
    /// a column, a stroke.
    private struct Work: @unchecked Sendable {
        let cursors: UnsafeMutablePointer<Cursor>
        let counts: UnsafeBufferPointer<Int>
        let offsets: UnsafeBufferPointer<Int>
        let batches: [Range<Int>]
        let columns: UnsafeMutablePointer<Int64>
        let columnLength: Int
        let take: Unchecked<(Int, [StrokePoint]) -> Void>

        /// Packing a batch is cut into this many pieces, so a core that finishes its streams helps.
        static let packingPieces = 4

        init(cursors: [Cursor], counts: UnsafeBufferPointer<Int>, offsets: UnsafeBufferPointer<Int>, batches: [Range<Int>],
             columns: UnsafeMutablePointer<Int64>, columnLength: Int, take: Unchecked<(Int, [StrokePoint]) -> Void>) {
            self.cursors = .allocate(capacity: cursors.count)
            self.cursors.initialize(from: cursors, count: cursors.count)
            (self.counts, self.offsets, self.batches, self.columns, self.columnLength, self.take) =
                (counts, offsets, batches, columns, columnLength, take)
        }

        /// Column `stream` of the buffer that batch `batch` uses.
        func column(_ stream: Int, batch: Int) -> UnsafeMutablePointer<Int64> {
            columns + ((batch % 2) * PointStreams.count + stream) * columnLength
        }

        /// Decodes batch 0, then each batch's successor while packing it; the first failure in
        /// stream order ends the read.
        func run() -> MarkupError? {
            if let failure = decodeStreams(batch: 0) { return failure }
            for batch in batches.indices {
                let decodesNext = batch + 1 < batches.count
                let tasks = (decodesNext ? Self.streamTasks.count : 0) + Self.packingPieces
                var failures = [MarkupError?](repeating: nil, count: tasks)
                failures.withUnsafeMutableBufferPointer { failures in
                    let slots = Unchecked(failures)
                    DispatchQueue.concurrentPerform(iterations: tasks) { task in
                        if task < Self.packingPieces {
                            slots.value[task] = pack(batch: batch, piece: task)
                        } else {
                            slots.value[task] = decode(Self.streamTasks[task - Self.packingPieces], batch: batch + 1)
                        }
                    }
                }
                if let failure = failures.lazy.compactMap({ $0 }).first { return failure }
            }
            for stream in 0..<PointStreams.count where cursors[stream].position != cursors[stream].bytes.count {
                return .malformedData(reason: "point streams hold stray bytes")
            }
            return nil
        }

        /// The streams each task decodes: height goes with width, which predicts it.
        static let streamTasks: [[Int]] = [[0], [1], [2], [3, 4], [5], [6], [7], [8]]

        private func decodeStreams(batch: Int) -> MarkupError? {
            for task in Self.streamTasks { if let failure = decode(task, batch: batch) { return failure } }
            return nil
        }

        private func decode(_ streams: [Int], batch: Int) -> MarkupError? {
            guard batch < batches.count else { return nil }
            let strokes = batches[batch]
            let total = offsets[strokes.upperBound] - offsets[strokes.lowerBound]
            do throws(MarkupError) {
                for stream in streams {
                    let output = column(stream, batch: batch)
                    if stream == 4 {
                        try decodeHeights(&cursors[4], count: total, widths: column(3, batch: batch), into: output)
                    } else {
                        switch PointColumns.predictors[stream] {
                        case .previous:
                            try decodePrevious(&cursors[stream], count: total, into: output)
                        case .linear(let startsAtZero):
                            try decodeLinear(&cursors[stream], counts: UnsafeBufferPointer(rebasing: counts[strokes]),
                                             startsAtZero: startsAtZero, into: output)
                        }
                    }
                }
            } catch {
                return error
            }
            return nil
        }

        private func decodePrevious(_ cursor: inout Cursor, count: Int, into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
            var last = cursor.last
            for index in 0..<count {
                last = last &+ (try cursor.next())
                output[index] = last
            }
            cursor.last = last
        }

        private func decodeHeights(_ cursor: inout Cursor, count: Int, widths: UnsafePointer<Int64>,
                                   into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
            for index in 0..<count { output[index] = widths[index] &+ (try cursor.next()) }
        }

        private func decodeLinear(_ cursor: inout Cursor, counts: UnsafeBufferPointer<Int>, startsAtZero: Bool,
                                  into output: UnsafeMutablePointer<Int64>) throws(MarkupError) {
            var last = cursor.last, lastButOne: Int64 = 0
            var index = 0
            for count in counts where count > 0 {
                var value = (startsAtZero ? 0 : last) &+ (try cursor.next())
                (lastButOne, last) = (last, value)
                output[index] = value
                index += 1
                guard count > 1 else { continue }
                value = last &+ (try cursor.next())
                (lastButOne, last) = (last, value)
                output[index] = value
                index += 1
                for _ in 2..<count {
                    value = last &* 2 &- lastButOne &+ (try cursor.next())
                    (lastButOne, last) = (last, value)
                    output[index] = value
                    index += 1
                }
            }
            cursor.last = last
        }

        /// Packs piece `piece` of batch `batch`'s strokes into points.
        private func pack(batch: Int, piece: Int) -> MarkupError? {
            let strokes = batches[batch]
            let first = strokes.lowerBound + strokes.count * piece / Self.packingPieces
            let end = strokes.lowerBound + strokes.count * (piece + 1) / Self.packingPieces
            let base = offsets[strokes.lowerBound]
            let x = column(0, batch: batch), y = column(1, batch: batch), time = column(2, batch: batch)
            let width = column(3, batch: batch), height = column(4, batch: batch), opacity = column(5, batch: batch)
            let force = column(6, batch: batch), azimuth = column(7, batch: batch), altitude = column(8, batch: batch)
            for stroke in first..<end {
                let start = offsets[stroke] - base, count = counts[stroke]
                var bad: Int?
                let points = [StrokePoint](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for index in 0..<count {
                        let at = start + index
                        let steps = StrokePoint.Steps(x: x[at], y: y[at], time: time[at], width: width[at], height: height[at],
                                                      opacity: opacity[at], force: force[at], azimuth: azimuth[at], altitude: altitude[at])
                        guard let point = StrokePoint(steps: steps) else {
                            bad = index
                            return
                        }
                        (buffer.baseAddress! + index).initialize(to: point)
                        initialized = index + 1
                    }
                }
                if let bad { return .malformedData(reason: "stroke point \(bad) has a value out of range") }
                take.value(stroke, points)
            }
            return nil
        }
    }
}
