import MarkupCore

/// Turns raw pointer samples into a stroke's points, incrementally: validates them, drops the jitter
/// of pen-down and duplicate samples, smooths the path, simulates pressure for devices without it,
/// and sets each point's size from the ink's response to force, tilt and speed (`SampleShaper`).
///
/// Deterministic: the same samples give the same points however they are split into batches.
public struct StrokeSampler: Sendable {
    public let ink: Ink
    public let options: InkOptions
    /// The points made so far; only ever appended to.
    public private(set) var points: [StrokePoint] = []

    private var shaper: SampleShaper
    private var sampleCount = 0
    private var latestSample: InputSample?
    private var isFinished = false

    /// How many points `shape(_:with:after:)` makes on the stack before adding them to `points`, after
    /// a stroke's first batch.
    static let pointsPerRun = 24

    public init(ink: Ink, options: InkOptions? = nil) {
        self.ink = ink
        let options = options ?? InkOptions.for(ink.type)
        self.options = options
        shaper = SampleShaper(ink: ink, options: options)
    }

    /// Takes a batch of samples and returns how many points were added to `points`.
    ///
    /// - Throws: `InkError` for a non-finite value or time running backwards; then nothing of the
    ///   batch is taken.
    @discardableResult
    public mutating func append(_ samples: [InputSample]) throws(InkError) -> Int {
        guard !isFinished else { throw .strokeFinished }
        guard !samples.isEmpty else { return 0 }
        let before = points.count
        var shaper = self.shaper
        if !shape(samples, with: &shaper, after: latestSample?.time) {
            // A bad sample, or finite values adding up past the largest Double: looked at sample by
            // sample, to name the first bad one; if there is none, shaped again without the check.
            points.removeSubrange(before...)
            try Self.check(samples, after: latestSample?.time, firstIndex: sampleCount)
            shaper = self.shaper
            _ = shape(samples, with: &shaper, after: nil)
        }
        self.shaper = shaper
        // Read once the batch is shaped: its end is then in the cache, not a miss ahead of its start.
        latestSample = samples[samples.count - 1]
        sampleCount += samples.count
        return points.count - before
    }

    /// Ends the stroke: the last sample is added where the pen lifted, if smoothing left it behind.
    /// A tap that never left the pen-down jitter stays a single point: a dot. Returns how many points
    /// were added.
    @discardableResult
    public mutating func finish() -> Int {
        guard !isFinished else { return 0 }
        isFinished = true
        guard shaper.leftStartZone, let latest = latestSample,
              shaper.smoothed.distance(to: latest.location) >= SampleShaper.minimumSpacing else { return 0 }
        points.append(shaper.point(for: latest, at: latest.location))
        return 1
    }

    /// Adds the points `samples` make to `points`, and checks them on the way: returns whether every
    /// value was finite (their sum is) and no time ran backwards from the one before (`previousTime`
    /// for the batch's first). A stroke's first batch is shaped straight into its array; later ones
    /// into runs on the stack (1 KB, which needs no check of the stack's room), each then added to
    /// `points` at once. (Shaping the first batch in runs too spares the array's run-time look-up of
    /// its storage's type, but the copy cost more: sampling alone ran 13 % slower, measured.)
    private mutating func shape(_ samples: [InputSample], with shaper: inout SampleShaper, after previousTime: Double?) -> Bool {
        var check = BatchCheck(previousTime: previousTime ?? -.infinity)
        guard !points.isEmpty else {
            // Room for one more, which `finish()` may add.
            points = samples.withUnsafeBufferPointer { samples in
                Array(unsafeUninitializedCapacity: samples.count + 1) { buffer, made in
                    made = Self.shape(samples[...], into: buffer.baseAddress.unsafelyUnwrapped, with: &shaper, check: &check)
                }
            }
            return check.sum.isFinite && check.inOrder
        }
        samples.withUnsafeBufferPointer { samples in
            if points.capacity - points.count < samples.count + 1 {
                points.reserveCapacity(max(points.count + samples.count + 1, 2 * points.capacity))
            }
            var start = 0
            while start < samples.count {
                let end = min(start + Self.pointsPerRun, samples.count)
                withUnsafeTemporaryAllocation(of: StrokePoint.self, capacity: end - start) { run in
                    let made = Self.shape(samples[start..<end], into: run.baseAddress.unsafelyUnwrapped, with: &shaper, check: &check)
                    points.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<made]))
                }
                start = end
            }
        }
        return check.sum.isFinite && check.inOrder
    }

    /// What shaping a batch adds up of its samples, to refuse it if one is bad.
    private struct BatchCheck {
        var sum = 0.0, inOrder = true, previousTime: Double
    }

    /// Writes the points `samples` make from `output` on (room for one a sample), and returns how many.
    @inline(__always)
    private static func shape(_ samples: Slice<UnsafeBufferPointer<InputSample>>, into output: UnsafeMutablePointer<StrokePoint>,
                              with shaper: inout SampleShaper, check: inout BatchCheck) -> Int {
        var made = 0
        for sample in samples {
            check.sum += sample.location.x + sample.location.y + sample.time + sample.reportedForce
                + sample.reportedAzimuth + sample.reportedAltitude
            check.inOrder = check.inOrder && sample.time >= check.previousTime
            check.previousTime = sample.time
            if shaper.take(sample, into: output + made) { made &+= 1 }
        }
        return made
    }

    /// Names the first bad sample of a batch the shaping's check refused.
    private static func check(_ samples: [InputSample], after previousTime: Double?, firstIndex: Int) throws(InkError) {
        var earlier = previousTime
        for (offset, sample) in samples.enumerated() {
            try check(sample, index: firstIndex + offset)
            if let earlier, sample.time < earlier {
                throw .timeWentBackwards(sampleIndex: firstIndex + offset, previous: earlier, time: sample.time)
            }
            earlier = sample.time
        }
    }

    private static func check(_ sample: InputSample, index: Int) throws(InkError) {
        for (name, value) in [("x", sample.location.x), ("y", sample.location.y), ("time", sample.time), ("force", sample.force),
                              ("azimuth", sample.azimuth), ("altitude", sample.altitude)] where value.map({ !$0.isFinite }) ?? false {
            throw .nonFiniteValue(sampleIndex: index, field: name)
        }
    }
}
