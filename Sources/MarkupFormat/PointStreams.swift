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

    /// The last point's values, carried from stroke to stroke. (Only a stroke's first point is
    /// predicted from the stroke before, and only from its last values.)
    private var before = StrokePoint.Steps(x: 0, y: 0, time: 0, width: 0, height: 0, opacity: 0, force: 0, azimuth: 0, altitude: 0)

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
        if let steps = earlier.last(where: { !$0.isEmpty })?.last?.steps { before = steps }
    }

    /// The most bytes one value's zigzag varint takes.
    private static let largestVarint = 10

    /// Appends one stroke's points to the streams. The predictors above are spelled out for a
    /// stroke's first point, its second (a linear stream's is predicted by the first) and the rest,
    /// with the last values in locals, and each stream's varints go into a scratch buffer of its
    /// own, appended once.
    mutating func write(_ points: [StrokePoint], to writers: inout [ByteWriter]) {
        guard !points.isEmpty else { return }
        let room = points.count * Self.largestVarint
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room * Self.count)
        defer { scratch.deallocate() }
        var out = StreamCursors(scratch, room: room)
        // The last point's values, and the linear streams' values before them.
        var last = before, (earlierX, earlierY, earlierTime) = (Int64(0), Int64(0), Int64(0))
        for index in points.indices {
            let point = points[index].steps
            switch index {
            case 0: out.put(point.x &- last.x, point.y &- last.y, point.time)
            case 1: out.put(point.x &- last.x, point.y &- last.y, point.time &- last.time)
            default:
                out.put(point.x &- (last.x &* 2 &- earlierX), point.y &- (last.y &* 2 &- earlierY), point.time &- (last.time &* 2 &- earlierTime))
            }
            out.put(width: point.width &- last.width, height: point.height &- point.width, opacity: point.opacity &- last.opacity,
                    force: point.force &- last.force, azimuth: point.azimuth &- last.azimuth, altitude: point.altitude &- last.altitude)
            (earlierX, earlierY, earlierTime) = (last.x, last.y, last.time)
            last = point
        }
        out.append(to: &writers)
        before = last
    }

    /// Where each of the nine streams' next varint goes in a scratch buffer of `room` bytes a stream.
    private struct StreamCursors {
        private let start: UnsafeMutablePointer<UInt8>
        private let room: Int
        private var x, y, time, width, height, opacity, force, azimuth, altitude: UnsafeMutablePointer<UInt8>

        init(_ start: UnsafeMutablePointer<UInt8>, room: Int) {
            (self.start, self.room) = (start, room)
            (x, y, time, width, height) = (start, start + room, start + 2 * room, start + 3 * room, start + 4 * room)
            (opacity, force, azimuth, altitude) = (start + 5 * room, start + 6 * room, start + 7 * room, start + 8 * room)
        }

        /// Appends what each stream's buffer holds to its writer.
        func append(to writers: inout [ByteWriter]) {
            func append(_ stream: Int, upTo cursor: UnsafeMutablePointer<UInt8>) {
                let first = start + stream * room
                writers[stream].write(UnsafeBufferPointer(start: first, count: cursor - first))
            }
            append(0, upTo: x)
            append(1, upTo: y)
            append(2, upTo: time)
            append(3, upTo: width)
            append(4, upTo: height)
            append(5, upTo: opacity)
            append(6, upTo: force)
            append(7, upTo: azimuth)
            append(8, upTo: altitude)
        }

        @inline(__always)
        mutating func put(_ x: Int64, _ y: Int64, _ time: Int64) {
            Self.put(x, at: &self.x)
            Self.put(y, at: &self.y)
            Self.put(time, at: &self.time)
        }

        @inline(__always)
        mutating func put(width: Int64, height: Int64, opacity: Int64, force: Int64, azimuth: Int64, altitude: Int64) {
            Self.put(width, at: &self.width)
            Self.put(height, at: &self.height)
            Self.put(opacity, at: &self.opacity)
            Self.put(force, at: &self.force)
            Self.put(azimuth, at: &self.azimuth)
            Self.put(altitude, at: &self.altitude)
        }

        /// Writes `residual` as a zigzag varint at `cursor` and moves it past.
        @inline(__always)
        private static func put(_ residual: Int64, at cursor: inout UnsafeMutablePointer<UInt8>) {
            var zigzag = ByteWriter.zigzag(residual)
            while zigzag >= 0x80 {
                cursor.pointee = UInt8(truncatingIfNeeded: zigzag) | 0x80
                cursor += 1
                zigzag >>= 7
            }
            cursor.pointee = UInt8(zigzag)
            cursor += 1
        }
    }
}
