import MarkupCore

/// The per-sample half of `StrokeSampler`: drops the jitter of pen-down and duplicate samples,
/// smooths the path, simulates pressure for devices without it, and sets each point's size from the
/// ink's response to force, tilt and speed, one sample at a time.
///
/// A value holding everything a sample needs, so that a batch is shaped from a copy, and a batch
/// that turns out to hold a bad sample leaves the sampler as it was.
struct SampleShaper {
    /// Whether the first point is made; the rest of the progress is meaningful only then.
    private(set) var hasStarted = false
    private(set) var leftStartZone = false
    private var startTime = 0.0
    private var startLocation = Point(x: 0, y: 0)
    private var previousTime = 0.0
    /// Where the last point was made (smoothed, before snapping to the grid).
    private(set) var smoothed = Point(x: 0, y: 0)
    private var lastEmittedRaw = Point(x: 0, y: 0)
    private var simulatedPressure = 0.25
    /// Points a second at the last point made; kept only for an ink that thins with speed.
    private var speed = 0.0

    /// The ink's options, worked out once per ink (`response`) and per stroke.
    private let response: Response
    private let startZoneRadiusSquared: Double
    private let inkWidth: Double
    private let fullSpeedDistance: Double
    /// Whether the ink's options keep every width this stroke makes within `0...maximumSize`, so
    /// that a batch may be rounded without clamping (`InRangeRounding`).
    let widthsStayInRange: Bool

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

    /// What an ink's options make of a sample: a few numbers with nothing to count references of,
    /// worked out once for each ink's defaults, so that a stroke in one copies no `InkOptions`.
    struct Response {
        let keep: Double, opacityFollowsForce: Bool, tiltWidening: Double, velocityThinning: Double
        let pressureFloor: Double, pressureSpan: Double
        /// The largest factor the width is multiplied by, when every factor lies in its range (the
        /// pressure's within its response, whose bounds are ordered; tilt's from 1 to 1 + widening;
        /// speed's from 1 − thinning to 1); infinity when the options let one stray outside.
        let largestWidthFactor: Double

        init(options: InkOptions) {
            keep = 1 - min(max(options.streamline, 0), 0.95)
            opacityFollowsForce = options.opacityFollowsForce
            (tiltWidening, velocityThinning) = (options.tiltWidening, options.velocityThinning)
            pressureFloor = options.pressureResponse.lowerBound
            pressureSpan = options.pressureResponse.upperBound - options.pressureResponse.lowerBound
            let bounded = pressureFloor >= 0 && tiltWidening >= 0 && velocityThinning >= 0 && velocityThinning <= 1
            largestWidthFactor = bounded ? options.pressureResponse.upperBound * (1 + tiltWidening) : .infinity
        }

        private static let defaults = InkType.allCases.map { Response(options: InkOptions.for($0)) }

        /// The response of `type`'s default options.
        static func defaults(for type: InkType) -> Response {
            defaults[InkType.allCases.firstIndex(of: type).unsafelyUnwrapped]
        }
    }

    init(ink: Ink, response: Response) {
        self.response = response
        let startZoneRadius = max(Self.startNoiseRadius, ink.width / 4)
        startZoneRadiusSquared = startZoneRadius * startZoneRadius
        inkWidth = ink.width
        fullSpeedDistance = Self.fullSpeedMovement * max(ink.width, 1)
        // Half the largest size leaves room for rounding; an unbounded factor (or a NaN width) fails.
        widthsStayInRange = ink.width >= 0 && ink.width * response.largestWidthFactor <= PointQuantization.maximumSize / 2
    }

    /// Whether a point at `time` lies within the longest time offset a point holds.
    func holdsTimeOffset(at time: Double) -> Bool {
        time - startTime <= PointQuantization.maximumTimeOffset
    }

    /// Writes the point a sample makes, if any, to `slot`, and returns whether it did. Distances are
    /// compared squared; the one square root is for the speed of a point that is made, which only an
    /// ink that thins with speed needs. One call of `point(for:at:rounding:)`, so that it is inlined
    /// here and the point is made where it is kept.
    @inline(__always)
    mutating func take<Rounding: PointRounding>(_ sample: InputSample, into slot: UnsafeMutablePointer<StrokePoint>,
                                                rounding: Rounding.Type) -> Bool {
        let location: Point
        if hasStarted {
            if !leftStartZone {
                guard sample.location.squaredDistance(to: startLocation) >= startZoneRadiusSquared else { return false }
                leftStartZone = true
            }
            let squaredDistance = sample.location.squaredDistance(to: lastEmittedRaw)
            guard squaredDistance >= Self.minimumSpacing * Self.minimumSpacing else { return false }
            let elapsed = sample.time - previousTime
            if response.velocityThinning != 0, elapsed > 0 { speed = squaredDistance.squareRoot() / elapsed }
            location = smoothed + (sample.location - smoothed) * response.keep
        } else {
            startTime = sample.time
            location = sample.location
        }
        slot.initialize(to: point(for: sample, at: location, rounding: rounding))
        if !hasStarted {
            hasStarted = true
            startLocation = slot.pointee.location
        }
        return true
    }

    /// The point `sample` makes at `location`, which becomes the last point made.
    @inline(__always)
    mutating func point<Rounding: PointRounding>(for sample: InputSample, at location: Point, rounding: Rounding.Type) -> StrokePoint {
        let force: Double
        if sample.pointerKind == .pen && sample.reports.contains(.force) {
            force = sample.reportedForce
        } else {
            force = simulatedForce(movedTo: location)
        }
        let altitude = sample.reportedAltitude
        let width = inkWidth * widthFactor(force: force, altitude: altitude)
        let opacity = response.opacityFollowsForce ? min(1, 0.45 + 0.4 * force) : 1
        smoothed = location
        lastEmittedRaw = sample.location
        previousTime = sample.time
        guard Rounding.knowsRanges else {
            return StrokePoint(
                location: location, timeOffset: sample.time - startTime, size: Size(width: width, height: width),
                opacity: opacity, force: force, azimuth: sample.reportedAzimuth, altitude: altitude)
        }
        return StrokePoint(inRange: location, timeOffset: sample.time - startTime, width: width, opacity: opacity, force: force,
                           azimuth: sample.reportedAzimuth, altitude: altitude)
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

    /// Most inks respond to either tilt or speed, not both: a factor that is exactly 1 is not
    /// multiplied by, which changes no bit of the product.
    private func widthFactor(force: Double, altitude: Double) -> Double {
        let pressure = min(max(force / InkOptions.fullForce, 0), 1)
        var factor = response.pressureFloor + response.pressureSpan * pressure
        if response.tiltWidening != 0 {
            let tilt = 1 - min(max(altitude * (2 / .pi), 0), 1)
            factor *= 1 + response.tiltWidening * tilt
        }
        if response.velocityThinning != 0 {
            factor *= 1 - response.velocityThinning * min(speed * (1 / Self.fullThinningSpeed), 1)
        }
        return factor
    }
}
