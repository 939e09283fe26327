import MarkupCore

/// Turns raw pointer samples into a stroke's points, incrementally: validates them, drops the jitter
/// of pen-down and duplicate samples, smooths the path, simulates pressure for devices without it,
/// and sets each point's size from the ink's response to force, tilt and speed.
///
/// Deterministic: the same samples give the same points however they are split into batches.
public struct StrokeSampler: Sendable {
    public let ink: Ink
    public let options: InkOptions
    /// The points made so far; only ever appended to.
    public private(set) var points: [StrokePoint] = []

    /// The first sample's time, the first point's place, and the last point and the raw sample it
    /// came from; meaningful once the first point is made.
    private var hasStarted = false
    private var startTime = 0.0
    private var startLocation = Point(x: 0, y: 0)
    private var previousTime = 0.0
    private var smoothed = Point(x: 0, y: 0)
    private var lastEmittedRaw = Point(x: 0, y: 0)
    private var sampleCount = 0
    private var latestSample: InputSample?
    private var simulatedPressure = 0.25
    private var speed = 0.0
    private var leftStartZone = false
    private var isFinished = false
    /// The options' values each sample uses, worked out once per stroke.
    private let keep: Double
    private let startZoneRadiusSquared: Double
    private let inkWidth: Double
    private let opacityFollowsForce: Bool
    private let tiltWidening: Double
    private let velocityThinning: Double
    private let pressureFloor: Double
    private let pressureSpan: Double
    private let fullSpeedDistance: Double

    /// Points are made into a buffer on the stack (up to 1 KB, which needs no check of the stack's
    /// room), this many at a time, then added to `points` together.
    static let pointsPerRun = 24
    /// Samples closer than this to the last one taken are duplicates: they add no shape.
    static let minimumSpacing = 0.25
    /// Pen-down jitter: until the pen leaves this radius around its first sample, no new point is made.
    static let startNoiseRadius = 1.0
    /// How quickly simulated pressure follows speed: perfect-freehand's rate, tuned for 60–240 Hz input.
    static let rateOfPressureChange = 0.275
    /// Simulated pressure never falls below this: a fast flick still leaves ink.
    static let minimumSimulatedPressure = 0.15
    /// Movement per sample, in nib widths, at which simulated pressure bottoms out.
    static let fullSpeedMovement = 4.0
    /// Speed at which velocity thinning is complete, in points per second.
    static let fullThinningSpeed = 1000.0

    public init(ink: Ink, options: InkOptions? = nil) {
        self.ink = ink
        let options = options ?? InkOptions.for(ink.type)
        self.options = options
        keep = 1 - min(max(options.streamline, 0), 0.95)
        let startZoneRadius = max(Self.startNoiseRadius, ink.width / 4)
        startZoneRadiusSquared = startZoneRadius * startZoneRadius
        inkWidth = ink.width
        opacityFollowsForce = options.opacityFollowsForce
        tiltWidening = options.tiltWidening
        velocityThinning = options.velocityThinning
        pressureFloor = options.pressureResponse.lowerBound
        pressureSpan = options.pressureResponse.upperBound - options.pressureResponse.lowerBound
        fullSpeedDistance = Self.fullSpeedMovement * max(ink.width, 1)
    }

    /// Takes a batch of samples and returns how many points were added to `points`.
    ///
    /// - Throws: `InkError` for a non-finite value or time running backwards; then nothing of the
    ///   batch is taken.
    @discardableResult
    public mutating func append(_ samples: [InputSample]) throws(InkError) -> Int {
        guard !isFinished else { throw .strokeFinished }
        guard let last = samples.last else { return 0 }
        try Self.check(samples, after: latestSample?.time, firstIndex: sampleCount)
        let before = points.count
        if points.capacity - before < samples.count + 1 {
            points.reserveCapacity(max(before + samples.count + 1, 2 * points.capacity))
        }
        samples.withUnsafeBufferPointer { samples in
            var start = 0
            while start < samples.count {
                let end = min(start + Self.pointsPerRun, samples.count)
                withUnsafeTemporaryAllocation(of: StrokePoint.self, capacity: end - start) { run in
                    var made = 0
                    for sample in samples[start..<end] {
                        guard let point = take(sample) else { continue }
                        (run.baseAddress.unsafelyUnwrapped + made).initialize(to: point)
                        made += 1
                    }
                    points.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<made]))
                }
                start = end
            }
        }
        latestSample = last
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
        guard leftStartZone, let latest = latestSample,
              smoothed.distance(to: latest.location) >= Self.minimumSpacing else { return 0 }
        points.append(point(for: latest, at: latest.location))
        return 1
    }

    /// Checks a batch in one pass that sums every value and compares the times; only a batch that
    /// fails (or whose finite values add up past the largest Double) is looked at sample by sample,
    /// to name the first bad one.
    private static func check(_ samples: [InputSample], after previousTime: Double?, firstIndex: Int) throws(InkError) {
        var sum = 0.0, inOrder = true, previous = previousTime ?? -.infinity
        for sample in samples {
            sum += sample.location.x + sample.location.y + sample.time + (sample.force ?? 0) + (sample.azimuth ?? 0) + (sample.altitude ?? 0)
            inOrder = inOrder && sample.time >= previous
            previous = sample.time
        }
        guard !sum.isFinite || !inOrder else { return }
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

    /// The point a sample makes, if any. Distances are compared squared; the one square root is for
    /// the speed of a point that is made. One call of `point(for:at:)`, so that it is inlined here.
    @inline(__always)
    private mutating func take(_ sample: InputSample) -> StrokePoint? {
        let location: Point
        if hasStarted {
            if !leftStartZone {
                guard sample.location.squaredDistance(to: startLocation) >= startZoneRadiusSquared else { return nil }
                leftStartZone = true
            }
            let squaredDistance = sample.location.squaredDistance(to: lastEmittedRaw)
            guard squaredDistance >= Self.minimumSpacing * Self.minimumSpacing else { return nil }
            let elapsed = sample.time - previousTime
            if elapsed > 0 { speed = squaredDistance.squareRoot() / elapsed }
            location = smoothed + (sample.location - smoothed) * keep
        } else {
            startTime = sample.time
            location = sample.location
        }
        let point = point(for: sample, at: location)
        if !hasStarted {
            hasStarted = true
            startLocation = point.location
        }
        return point
    }

    /// The point `sample` makes at `location`, which becomes the last point made.
    @inline(__always)
    private mutating func point(for sample: InputSample, at location: Point) -> StrokePoint {
        let force: Double
        if sample.pointerKind == .pen, let real = sample.force {
            force = real
        } else {
            force = simulatedForce(movedTo: location)
        }
        let altitude = sample.altitude ?? .pi / 2
        let width = inkWidth * widthFactor(force: force, altitude: altitude)
        let opacity = opacityFollowsForce ? min(1, 0.45 + 0.4 * force) : 1
        smoothed = location
        lastEmittedRaw = sample.location
        previousTime = sample.time
        return StrokePoint(
            location: location, timeOffset: sample.time - startTime, size: Size(width: width, height: width),
            opacity: opacity, force: force, azimuth: sample.azimuth ?? 0, altitude: altitude)
    }

    /// Pressure for devices that report none: fast movement presses lightly, slow movement harder.
    private mutating func simulatedForce(movedTo location: Point) -> Double {
        if hasStarted {
            let movement = min(1, smoothed.distance(to: location) / fullSpeedDistance)
            let target = max(1 - movement, Self.minimumSimulatedPressure)
            simulatedPressure += (target - simulatedPressure) * max(movement, 0.1) * Self.rateOfPressureChange
        }
        return simulatedPressure * InkOptions.fullForce
    }

    private func widthFactor(force: Double, altitude: Double) -> Double {
        let pressure = min(max(force / InkOptions.fullForce, 0), 1)
        let fromPressure = pressureFloor + pressureSpan * pressure
        let tilt = 1 - min(max(altitude / (.pi / 2), 0), 1)
        let fromTilt = 1 + tiltWidening * tilt
        let fromSpeed = 1 - velocityThinning * min(speed / Self.fullThinningSpeed, 1)
        return fromPressure * fromTilt * fromSpeed
    }
}
