import MarkupCore

/// Turns raw pointer samples into a stroke's points, incrementally: validates them, drops the jitter
/// of pen-down and duplicate samples, smooths the path, simulates pressure for devices without it,
/// and sets each point's size from the ink's response to force, tilt and speed (`SampleShaper`).
///
/// Deterministic: the same samples give the same points however they are split into batches.
public struct StrokeSampler: Sendable {
    public let ink: Ink
    /// The ink's options: its defaults unless others were given.
    public var options: InkOptions { customOptions ?? InkOptions.for(ink.type) }
    /// The points made so far; only ever appended to.
    public private(set) var points: [StrokePoint] = []

    private let customOptions: InkOptions?
    private var shaper: SampleShaper
    private var sampleCount = 0
    private var latestSample: InputSample?
    private var isFinished = false

    /// How many points `shape(_:with:after:)` makes on the stack before adding them to `points`, after
    /// a stroke's first batch.
    static let pointsPerRun = 24

    public init(ink: Ink, options: InkOptions? = nil) {
        self.ink = ink
        customOptions = options
        shaper = SampleShaper(ink: ink, response: options.map(SampleShaper.Response.init) ?? .defaults(for: ink.type))
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
        let verdict = shaper.widthsStayInRange
            ? shape(samples, with: &shaper, after: latestSample?.time, rounding: InRangeRounding.self)
            : shape(samples, with: &shaper, after: latestSample?.time, rounding: ClampingRounding.self)
        if verdict != .taken {
            points.removeSubrange(before...)
            if verdict == .unsound {
                // A bad sample, or finite values adding up past the largest Double: looked at sample
                // by sample, to name the first bad one.
                try Self.check(samples, after: latestSample?.time, firstIndex: sampleCount)
            }
            // Shaped again with every value clamped, without the check.
            shaper = self.shaper
            _ = shape(samples, with: &shaper, after: nil, rounding: ClampingRounding.self)
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
        points.append(shaper.point(for: latest, at: latest.location, rounding: ClampingRounding.self))
        return 1
    }

    /// Adds the points `samples` make to `points`, and checks them on the way (`BatchCheck.verdict`):
    /// every value finite (their sum is), no time earlier than the one before (`previousTime` for the
    /// batch's first), and, rounding without clamps, every value where that rounds as clamping would.
    /// A stroke's first batch is shaped straight into its array; later ones into runs on the stack
    /// (1 KB, which needs no check of the stack's room), each then added to `points` at once.
    /// (Shaping the first batch in runs too spares the array's run-time look-up of its storage's type,
    /// but the copy cost more: sampling alone ran 13 % slower, measured.)
    private mutating func shape<Rounding: PointRounding>(_ samples: [InputSample], with shaper: inout SampleShaper,
                                                         after previousTime: Double?, rounding: Rounding.Type) -> BatchVerdict {
        var check = BatchCheck(previousTime: previousTime ?? -.infinity)
        guard !points.isEmpty else {
            // Room for one more, which `finish()` may add.
            points = samples.withUnsafeBufferPointer { samples in
                Array(unsafeUninitializedCapacity: samples.count + 1) { buffer, made in
                    made = Self.shape(samples[...], into: buffer.baseAddress.unsafelyUnwrapped, with: &shaper, check: &check,
                                      rounding: rounding)
                }
            }
            return check.verdict(shaper, rounding: rounding)
        }
        samples.withUnsafeBufferPointer { samples in
            if points.capacity - points.count < samples.count + 1 {
                points.reserveCapacity(max(points.count + samples.count + 1, 2 * points.capacity))
            }
            var start = 0
            while start < samples.count {
                let end = min(start + Self.pointsPerRun, samples.count)
                withUnsafeTemporaryAllocation(of: StrokePoint.self, capacity: end - start) { run in
                    let made = Self.shape(samples[start..<end], into: run.baseAddress.unsafelyUnwrapped, with: &shaper, check: &check,
                                          rounding: rounding)
                    points.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<made]))
                }
                start = end
            }
        }
        return check.verdict(shaper, rounding: rounding)
    }

    /// What shaping a batch made of it.
    private enum BatchVerdict {
        /// Every value sound and, rounding without clamps, in its range: the points stand.
        case taken
        /// Sound, but a value lay outside the ranges rounding without clamps needs.
        case outOfRange
        /// A value not finite or a time running backwards (or finite values adding up past the
        /// largest Double).
        case unsound
    }

    /// What shaping a batch adds up of its samples, to refuse it if one is bad, and, rounding without
    /// clamps, to shape it again with them if a value lies outside the ranges that needs. A sample's
    /// six values are taken as three pairs, (x, y), (time, force) and (azimuth, altitude), two
    /// lanes at a time.
    private struct BatchCheck {
        var inOrder = true, previousTime: Double
        /// Sums of every value: finite when each was (or finite values added up past the largest
        /// Double, which the sample-by-sample check sorts out).
        var sums = SIMD2<Double>()
        /// The largest x² and y².
        var largestSquares = SIMD2<Double>()
        /// The smallest time and force (only force's lane counts), and azimuth and altitude: none of
        /// the three may be negative.
        var smallestTimeForce = SIMD2<Double>(), smallestAngles = SIMD2<Double>()
        /// The largest of force / 32, azimuth / 4 and altitude, in either lane: at most π/2 when
        /// force ≤ 16π, the azimuth ≤ 2π and the altitude ≤ π/2 (each scale a power of two, so exact).
        var largestScaled = SIMD2<Double>()

        /// The largest coordinate a sample may have, squared: smoothing moves a point towards a
        /// sample only by a part of the way, and within half the largest coordinate it cannot round
        /// past it.
        static let coordinateLimitSquared = PointQuantization.maximumCoordinate * PointQuantization.maximumCoordinate / 4

        @inline(__always)
        mutating func take(_ sample: InputSample, knowingRanges: Bool) {
            let location = SIMD2(sample.location.x, sample.location.y), timeForce = SIMD2(sample.time, sample.reportedForce)
            let angles = SIMD2(sample.reportedAzimuth, sample.reportedAltitude)
            sums += location + timeForce + angles
            inOrder = inOrder && sample.time >= previousTime
            previousTime = sample.time
            guard knowingRanges else { return }
            // `a > b ? a : b` lane by lane is one instruction, which leaves its result where `a` was:
            // the running value goes first, so it stays in its register from sample to sample. (A NaN
            // makes the running value NaN; the sum fails then anyway.)
            func larger(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { SIMD2(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y) }
            func smaller(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { SIMD2(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y) }
            largestSquares = larger(largestSquares, location * location)
            smallestTimeForce = smaller(smallestTimeForce, timeForce)
            smallestAngles = smaller(smallestAngles, angles)
            largestScaled = larger(largestScaled, larger(timeForce * SIMD2(0, 1 / 32), angles * SIMD2(1 / 4, 1)))
        }

        /// Whether the batch is taken: every value finite and in time order, and, rounding without
        /// clamps, every value within its range (the time offsets included, the last the largest).
        func verdict<Rounding: PointRounding>(_ shaper: SampleShaper, rounding: Rounding.Type) -> BatchVerdict {
            guard sums.x.isFinite && sums.y.isFinite && inOrder else { return .unsound }
            guard Rounding.knowsRanges else { return .taken }
            let inRange = largestSquares.max() <= Self.coordinateLimitSquared && smallestTimeForce.y >= 0 && smallestAngles.min() >= 0
                && largestScaled.max() <= .pi / 2 && shaper.holdsTimeOffset(at: previousTime)
            return inRange ? .taken : .outOfRange
        }
    }

    /// Writes the points `samples` make from `output` on (room for one a sample), and returns how many.
    @inline(__always)
    private static func shape<Rounding: PointRounding>(_ samples: Slice<UnsafeBufferPointer<InputSample>>,
                                                       into output: UnsafeMutablePointer<StrokePoint>, with shaper: inout SampleShaper,
                                                       check: inout BatchCheck, rounding: Rounding.Type) -> Int {
        // The check's values are kept in registers through the loop (in memory, each would wait on
        // its store from the sample before).
        var made = 0, batchCheck = check
        for sample in samples {
            batchCheck.take(sample, knowingRanges: Rounding.knowsRanges)
            if shaper.take(sample, into: output + made, rounding: rounding) { made &+= 1 }
        }
        check = batchCheck
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
