import MarkupModel

/// The compact encoding of every stroke point in a document (written here, read by `PointColumns`):
/// quantized steps, one stream per attribute running through all strokes, each value a zigzag
/// varint of its difference from a prediction.
///
/// Keeping each attribute in its own stream lets zlib fit its codes to that attribute's residuals.
/// Location and time move smoothly, so inside a stroke they are predicted by linear extrapolation
/// from the two values before (the residual is the change in velocity); width, opacity, force and
/// tilt change slowly and are predicted by the value before; height is predicted by the point's
/// width, since most nibs are round. A stroke's first point is predicted by the previous stroke's
/// last one, since the next stroke usually starts near where the last ended (time starts at 0).
struct PointStreams {
    /// How a stream predicts each value.
    enum Predictor {
        /// The stream's value before, across strokes too.
        case previous
        /// Linear extrapolation from the stream's two values before.
        case linear
        /// The same point's width (the height stream).
        case width
        case zero
    }

    /// Streams in the order they are stored: x, y, time, width, height, opacity, force, azimuth, altitude.
    static let count = 9

    /// What each stream predicts a stroke's values from, after its first.
    static let predictors: [Predictor] = [
        .linear, .linear, .linear, .previous, .width, .previous, .previous, .previous, .previous,
    ]
    /// ...and its first value, which comes after the previous stroke's last. (A linear stream's
    /// second value is predicted by the first.)
    static let firstPointPredictors: [Predictor] = [
        .previous, .previous, .zero, .previous, .width, .previous, .previous, .previous, .previous,
    ]

    /// Each stream's last value, carried from stroke to stroke. (Only a stroke's first point is
    /// predicted from the stroke before, and only from its last value.)
    private var before = [Int64](repeating: 0, count: count)

    /// What stream `stream` predicts for point `index` of a stroke, from the stream's last two
    /// values and the point's width.
    @inline(__always)
    private static func prediction(_ predictor: Predictor, _ stream: Int, at index: Int, width: Int64,
                                   last: UnsafeMutablePointer<Int64>, lastButOne: UnsafeMutablePointer<Int64>) -> Int64 {
        switch predictor {
        case .zero: 0
        case .width: width
        case .previous: last[stream]
        case .linear: index == 1 ? last[stream] : last[stream] &* 2 &- lastButOne[stream]
        }
    }

    // MARK: - Writing

    /// Stretches of strokes are written on every core at once: up to eight (a few per core, so
    /// that no core waits long for the last one), of at least this many points each, so a small
    /// document or a journal entry is written on the calling thread.
    static let pointsPerPart = 1 << 16
    static let maximumParts = 8

    /// The nine streams of `strokes`' points, each in pieces to be joined in order: the strokes are
    /// cut into `parts` stretches of about equal point counts (by default as many as the points make
    /// worth it), each carrying in the values of the point before it, as writing them in one pass does.
    static func write(_ strokes: [[StrokePoint]], parts: Int? = nil) -> [[ByteWriter]] {
        let total = strokes.reduce(0) { $0 + $1.count }
        let parts = parts ?? min(maximumParts, 1 + total / pointsPerPart)
        var starts = [0], counted = 0
        for (index, points) in strokes.enumerated() {
            if index > 0, counted < total, counted * parts >= total * starts.count { starts.append(index) }
            counted += points.count
        }
        let stretches = zip(starts, starts.dropFirst() + [strokes.count]).map { $0..<$1 }
        let written = Concurrently.map(stretches) { stretch in
            let points = strokes[stretch].reduce(0) { $0 + $1.count }
            var writers = [ByteWriter](repeating: ByteWriter(capacity: points + 16), count: count)
            var streams = PointStreams(carryingOn: strokes[..<stretch.lowerBound])
            for stroke in strokes[stretch] { streams.write(stroke, to: &writers) }
            return writers
        }
        return (0..<count).map { stream in written.map { $0[stream] } }
    }

    /// Streams that go on from the last point of `earlier` strokes (zero where there is none).
    private init(carryingOn earlier: ArraySlice<[StrokePoint]>) {
        guard let steps = earlier.last(where: { !$0.isEmpty })?.last?.steps else { return }
        before = [steps.x, steps.y, steps.time, steps.width, steps.height, steps.opacity, steps.force, steps.azimuth, steps.altitude]
    }

    /// The most bytes one value's zigzag varint takes.
    private static let largestVarint = 10

    /// Appends one stroke's points to the streams. Each stream's varints are written into a scratch
    /// buffer of its own and appended once, rather than byte by byte.
    mutating func write(_ points: [StrokePoint], to writers: inout [ByteWriter]) {
        guard !points.isEmpty else { return }
        let room = points.count * Self.largestVarint
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room * Self.count)
        // Each stream's value, last two values and bytes written so far.
        let state = UnsafeMutablePointer<Int64>.allocate(capacity: 4 * Self.count)
        defer {
            scratch.deallocate()
            state.deallocate()
        }
        let values = state, last = state + Self.count, lastButOne = state + 2 * Self.count, filled = state + 3 * Self.count
        for stream in 0..<Self.count { (last[stream], lastButOne[stream], filled[stream]) = (before[stream], 0, 0) }
        let (firstPredictors, laterPredictors) = (Self.firstPointPredictors, Self.predictors)
        for (index, point) in points.enumerated() {
            let steps = point.steps
            (values[0], values[1], values[2], values[3], values[4]) = (steps.x, steps.y, steps.time, steps.width, steps.height)
            (values[5], values[6], values[7], values[8]) = (steps.opacity, steps.force, steps.azimuth, steps.altitude)
            let predictors = index == 0 ? firstPredictors : laterPredictors
            for stream in 0..<Self.count {
                let residual = values[stream] &- Self.prediction(predictors[stream], stream, at: index, width: steps.width,
                                                                 last: last, lastButOne: lastButOne)
                var zigzag = ByteWriter.zigzag(residual)
                let out = scratch + stream * room
                var at = Int(filled[stream])
                while zigzag >= 0x80 {
                    out[at] = UInt8(truncatingIfNeeded: zigzag) | 0x80
                    zigzag >>= 7
                    at += 1
                }
                out[at] = UInt8(zigzag)
                filled[stream] = Int64(at + 1)
                lastButOne[stream] = last[stream]
                last[stream] = values[stream]
            }
        }
        for stream in 0..<Self.count {
            writers[stream].write(UnsafeBufferPointer(start: scratch + stream * room, count: Int(filled[stream])))
            before[stream] = last[stream]
        }
    }
}
