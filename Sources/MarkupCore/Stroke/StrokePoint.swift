/// One sample of a stroke, as PKStrokePoint: where the pen was, when, and how it was held.
///
/// Values are snapped to `PointQuantization`'s grids on creation and clamped to their valid ranges;
/// NaN becomes 0. (The ink pipeline rejects non-finite samples with a typed error before they get here.)
public struct StrokePoint: Hashable, Sendable {
    /// Location in the stroke's own coordinates (before the stroke's transform).
    public let location: Point
    /// Seconds since the stroke began.
    public let timeOffset: Double
    /// The size of the ink mark at this point, in points.
    public let size: Size
    /// 0 (transparent) to 1 (as opaque as the ink).
    public let opacity: Double
    /// The pen's force, 0 to `PointQuantization.maximumForce`; 1 is a normal touch.
    public let force: Double
    /// The pen's direction around the screen's normal, in radians, `0..<2π`.
    public let azimuth: Double
    /// The pen's angle to the screen, in radians: 0 flat, π/2 upright.
    public let altitude: Double

    public init(
        location: Point, timeOffset: Double, size: Size, opacity: Double = 1,
        force: Double = 1, azimuth: Double = 0, altitude: Double = .pi / 2
    ) {
        typealias Q = PointQuantization
        // Every value is clamped into its range on the way, so the steps need no further check.
        self.init(validSteps: Steps(
            x: Q.steps(location.x, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumCoordinate),
            y: Q.steps(location.y, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumCoordinate),
            time: Q.steps(Swift.max(timeOffset, 0), stepsPerUnit: Q.timeStepsPerSecond, limit: Q.maximumTimeOffset),
            width: Q.steps(Swift.max(size.width, 0), stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumSize),
            height: Q.steps(Swift.max(size.height, 0), stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumSize),
            opacity: Q.steps(Swift.min(Swift.max(opacity, 0), 1), stepsPerUnit: Q.opacitySteps, limit: 1),
            force: Q.steps(Swift.max(force, 0), stepsPerUnit: Q.forceSteps, limit: Q.maximumForce),
            azimuth: Q.azimuthSteps(azimuth),
            altitude: Swift.min(Swift.max(
                Q.steps(altitude, stepsPerUnit: Q.angleStepsPerRadian, limit: .pi), 0), Q.maximumAltitudeSteps)
        ))
    }

    /// The point's attributes as whole quantization steps: the form the `.markup` format stores.
    public struct Steps: Hashable, Sendable {
        public var x, y, time, width, height, opacity, force, azimuth, altitude: Int64

        public init(
            x: Int64, y: Int64, time: Int64, width: Int64, height: Int64,
            opacity: Int64, force: Int64, azimuth: Int64, altitude: Int64
        ) {
            (self.x, self.y, self.time, self.width, self.height) = (x, y, time, width, height)
            (self.opacity, self.force, self.azimuth, self.altitude) = (opacity, force, azimuth, altitude)
        }

        /// Whether every attribute lies in its valid range.
        public var isValid: Bool {
            typealias Q = PointQuantization
            let maxLocation = Int64(Q.maximumCoordinate * Q.locationStepsPerPoint)
            let maxSize = Int64(Q.maximumSize * Q.locationStepsPerPoint)
            return abs(x) <= maxLocation && abs(y) <= maxLocation
                && (0...Int64(Q.maximumTimeOffset * Q.timeStepsPerSecond)).contains(time)
                && (0...maxSize).contains(width) && (0...maxSize).contains(height)
                && (0...Int64(Q.opacitySteps)).contains(opacity)
                && (0...Int64(Q.maximumForce * Q.forceSteps)).contains(force)
                && (0..<Q.azimuthPeriodSteps).contains(azimuth)
                && (0...Q.maximumAltitudeSteps).contains(altitude)
        }
    }

    /// A point from whole quantization steps; nil when a value is out of its valid range.
    public init?(steps: Steps) {
        guard steps.isValid else { return nil }
        self.init(validSteps: steps)
    }

    /// A point from steps known to be in range. Each step is a power of two, so multiplying by its
    /// reciprocal is exact, and cheaper than dividing.
    private init(validSteps steps: Steps) {
        typealias Q = PointQuantization
        let location = 1 / Q.locationStepsPerPoint, angle = 1 / Q.angleStepsPerRadian
        self.location = Point(x: Double(steps.x) * location, y: Double(steps.y) * location)
        timeOffset = Double(steps.time) * (1 / Q.timeStepsPerSecond)
        size = Size(width: Double(steps.width) * location, height: Double(steps.height) * location)
        opacity = Double(steps.opacity) * (1 / Q.opacitySteps)
        force = Double(steps.force) * (1 / Q.forceSteps)
        azimuth = Double(steps.azimuth) * angle
        altitude = Double(steps.altitude) * angle
    }

    /// The attributes as whole quantization steps; exact, since they were snapped on creation.
    public var steps: Steps {
        typealias Q = PointQuantization
        return Steps(
            x: Int64(location.x * Q.locationStepsPerPoint), y: Int64(location.y * Q.locationStepsPerPoint),
            time: Int64(timeOffset * Q.timeStepsPerSecond),
            width: Int64(size.width * Q.locationStepsPerPoint), height: Int64(size.height * Q.locationStepsPerPoint),
            opacity: Int64(opacity * Q.opacitySteps), force: Int64(force * Q.forceSteps),
            azimuth: Int64(azimuth * Q.angleStepsPerRadian), altitude: Int64(altitude * Q.angleStepsPerRadian)
        )
    }
}

#if !hasFeature(Embedded)
extension StrokePoint: Codable {
    /// Encoded as `[x, y, timeOffset, width, height, opacity, force, azimuth, altitude]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let values = try (0..<9).map { _ in try container.decode(Double.self) }
        self.init(
            location: Point(x: values[0], y: values[1]), timeOffset: values[2],
            size: Size(width: values[3], height: values[4]), opacity: values[5],
            force: values[6], azimuth: values[7], altitude: values[8]
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: [
            location.x, location.y, timeOffset, size.width, size.height, opacity, force, azimuth, altitude,
        ])
    }
}
#endif
