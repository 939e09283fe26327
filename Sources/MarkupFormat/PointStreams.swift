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

    /// The last two values of each stream, carried from point to point and stroke to stroke.
    private var before = [Int64](repeating: 0, count: count)
    private var beforeThat = [Int64](repeating: 0, count: count)

    /// What stream `stream` predicts for point `index` of a stroke, from the stream's last two
    /// values and the point's width.
    @inline(__always)
    private static func prediction(_ stream: Int, at index: Int, width: Int64,
                                   last: UnsafeMutablePointer<Int64>, lastButOne: UnsafeMutablePointer<Int64>) -> Int64 {
        switch index == 0 ? firstPointPredictors[stream] : predictors[stream] {
        case .zero: 0
        case .width: width
        case .previous: last[stream]
        case .linear: index == 1 ? last[stream] : last[stream] &* 2 &- lastButOne[stream]
        }
    }

    // MARK: - Writing

    /// Appends one stroke's points to the streams, on raw buffers as `read` does.
    mutating func write(_ points: [StrokePoint], to writers: inout [ByteWriter]) {
        let state = UnsafeMutablePointer<Int64>.allocate(capacity: 3 * Self.count)
        defer { state.deallocate() }
        let values = state, last = state + Self.count, lastButOne = state + 2 * Self.count
        for stream in 0..<Self.count { (last[stream], lastButOne[stream]) = (before[stream], beforeThat[stream]) }
        writers.withUnsafeMutableBufferPointer { streams in
            for (index, point) in points.enumerated() {
                let steps = point.steps
                (values[0], values[1], values[2], values[3], values[4]) = (steps.x, steps.y, steps.time, steps.width, steps.height)
                (values[5], values[6], values[7], values[8]) = (steps.opacity, steps.force, steps.azimuth, steps.altitude)
                for stream in 0..<Self.count {
                    let prediction = Self.prediction(stream, at: index, width: steps.width, last: last, lastButOne: lastButOne)
                    streams[stream].writeSignedVarint(values[stream] &- prediction)
                    lastButOne[stream] = last[stream]
                    last[stream] = values[stream]
                }
            }
        }
        for stream in 0..<Self.count { (before[stream], beforeThat[stream]) = (last[stream], lastButOne[stream]) }
    }
}
