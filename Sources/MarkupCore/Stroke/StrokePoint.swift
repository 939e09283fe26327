/// One sample of a stroke, as PKStrokePoint: where the pen was, when, and how it was held.
///
/// Values are snapped to `PointQuantization`'s grids on creation and clamped to their valid ranges;
/// NaN becomes 0. (The ink pipeline rejects non-finite samples with a typed error before they get here.)
/// A point keeps its whole steps, in 40 bytes rather than nine Doubles' 72: a large document's
/// points are most of its memory, and the time to open it is mostly the time to fill that memory.
public struct StrokePoint: Hashable, Sendable {
    @usableFromInline let x, y, time: Int64
    @usableFromInline let width, height: UInt32
    @usableFromInline let opacitySteps, forceSteps, azimuthSteps, altitudeSteps: UInt16

    private typealias Q = PointQuantization
    private static let locationStep = 1 / Q.locationStepsPerPoint
    private static let angleStep = 1 / Q.angleStepsPerRadian

    /// Location in the stroke's own coordinates (before the stroke's transform).
    public var location: Point { Point(x: Double(x) * Self.locationStep, y: Double(y) * Self.locationStep) }
    /// Seconds since the stroke began.
    public var timeOffset: Double { Double(time) * (1 / Q.timeStepsPerSecond) }
    /// The size of the ink mark at this point, in points.
    public var size: Size { Size(width: Double(width) * Self.locationStep, height: Double(height) * Self.locationStep) }
    /// The larger of the mark's width and height, in points: the radius a round nib sweeps, doubled.
    @inlinable
    public var largestSize: Double { Double(Swift.max(width, height)) * (1 / PointQuantization.locationStepsPerPoint) }
    /// 0 (transparent) to 1 (as opaque as the ink).
    public var opacity: Double { Double(opacitySteps) * (1 / Q.opacitySteps) }
    /// The pen's force, 0 to `PointQuantization.maximumForce`; 1 is a normal touch.
    public var force: Double { Double(forceSteps) * (1 / Q.forceSteps) }
    /// The pen's direction around the screen's normal, in radians, `0..<2π`.
    public var azimuth: Double { Double(azimuthSteps) * Self.angleStep }
    /// The pen's angle to the screen, in radians: 0 flat, π/2 upright.
    public var altitude: Double { Double(altitudeSteps) * Self.angleStep }

    /// A point from its values, each snapped to its grid and clamped to its range. Inlinable: the ink
    /// pipeline makes one per pen sample, and a call with a copy of the result costs a third as much
    /// as the rounding.
    @inlinable
    public init(
        location: Point, timeOffset: Double, size: Size, opacity: Double = 1,
        force: Double = 1, azimuth: Double = 0, altitude: Double = .pi / 2
    ) {
        typealias Q = PointQuantization
        // Every value is clamped into its range on the way, so the steps need no further check. The
        // values most points share (a round nib, full opacity, a pen that reports no tilt) skip the
        // rounding.
        let width = Q.nonNegativeSteps(size.width, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumSize)
        x = Q.steps(location.x, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumCoordinate)
        y = Q.steps(location.y, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumCoordinate)
        time = Q.nonNegativeSteps(timeOffset, stepsPerUnit: Q.timeStepsPerSecond, limit: Q.maximumTimeOffset)
        self.width = UInt32(truncatingIfNeeded: width)
        height = size.height == size.width ? UInt32(truncatingIfNeeded: width) : UInt32(truncatingIfNeeded:
            Q.nonNegativeSteps(size.height, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumSize))
        opacitySteps = opacity == 1 ? UInt16(Q.opacitySteps) : UInt16(truncatingIfNeeded:
            Q.nonNegativeSteps(opacity, stepsPerUnit: Q.opacitySteps, limit: 1))
        forceSteps = UInt16(truncatingIfNeeded: Q.nonNegativeSteps(force, stepsPerUnit: Q.forceSteps, limit: Q.maximumForce))
        azimuthSteps = azimuth == 0 ? 0 : UInt16(truncatingIfNeeded: Q.azimuthSteps(azimuth))
        // Clamped to π/2 before rounding: the same steps as rounding first and clamping to 402 after.
        altitudeSteps = altitude == .pi / 2 ? UInt16(Q.maximumAltitudeSteps)
            : UInt16(truncatingIfNeeded: Q.nonNegativeSteps(altitude, stepsPerUnit: Q.angleStepsPerRadian, limit: .pi / 2))
    }

    /// The point `init(location:timeOffset:size:…)` makes from values that already lie in their
    /// ranges, without its clamping: the ink pipeline makes one per pen sample, and the clamps were a
    /// fifth of its work. The caller makes sure that `|x|` and `|y|` ≤ `maximumCoordinate`,
    /// 0 ≤ `timeOffset` ≤ `maximumTimeOffset`, 0 ≤ `width` ≤ `maximumSize`, 0 ≤ `opacity` ≤ 1,
    /// 0 ≤ `force` ≤ `maximumForce`, 0 ≤ `azimuth` ≤ 2π and 0 ≤ `altitude` ≤ π/2; outside them the
    /// point is wrong, though nothing traps. The mark is round: its height is its width.
    @inlinable
    public init(inRange location: Point, timeOffset: Double, width: Double, opacity: Double, force: Double, azimuth: Double,
                altitude: Double) {
        typealias Q = PointQuantization
        x = Q.roundedSteps(location.x * Q.locationStepsPerPoint)
        y = Q.roundedSteps(location.y * Q.locationStepsPerPoint)
        time = Q.roundedSteps(timeOffset * Q.timeStepsPerSecond)
        let widthSteps = UInt32(truncatingIfNeeded: Q.roundedSteps(width * Q.locationStepsPerPoint))
        (self.width, height) = (widthSteps, widthSteps)
        opacitySteps = UInt16(truncatingIfNeeded: Q.roundedSteps(opacity * Q.opacitySteps))
        forceSteps = UInt16(truncatingIfNeeded: Q.roundedSteps(force * Q.forceSteps))
        // 2π rounds to a whole turn's 1608 steps, which is 0.
        let turn = Q.roundedSteps(azimuth * Q.angleStepsPerRadian)
        azimuthSteps = UInt16(truncatingIfNeeded: turn == Q.azimuthPeriodSteps ? 0 : turn)
        altitudeSteps = UInt16(truncatingIfNeeded: Q.roundedSteps(altitude * Q.angleStepsPerRadian))
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

    /// A point from steps known to be in range.
    init(validSteps steps: Steps) {
        (x, y, time) = (steps.x, steps.y, steps.time)
        (width, height) = (UInt32(truncatingIfNeeded: steps.width), UInt32(truncatingIfNeeded: steps.height))
        (opacitySteps, forceSteps) = (UInt16(truncatingIfNeeded: steps.opacity), UInt16(truncatingIfNeeded: steps.force))
        (azimuthSteps, altitudeSteps) = (UInt16(truncatingIfNeeded: steps.azimuth), UInt16(truncatingIfNeeded: steps.altitude))
    }

    /// The corners of the box around `points`' locations, and the largest width or height among
    /// them, read from what the points store in one pass; nil for no points.
    static func extent(of points: [StrokePoint]) -> (min: Point, max: Point, largestSize: Double)? {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY, largest) = (first.x, first.y, first.x, first.y, UInt32(0))
        for point in points {
            (minX, maxX) = (Swift.min(minX, point.x), Swift.max(maxX, point.x))
            (minY, maxY) = (Swift.min(minY, point.y), Swift.max(maxY, point.y))
            largest = Swift.max(largest, point.width, point.height)
        }
        return (Point(x: Double(minX) * locationStep, y: Double(minY) * locationStep),
                Point(x: Double(maxX) * locationStep, y: Double(maxY) * locationStep), Double(largest) * locationStep)
    }

    /// The attributes as whole quantization steps.
    public var steps: Steps {
        Steps(x: x, y: y, time: time, width: Int64(width), height: Int64(height), opacity: Int64(opacitySteps),
              force: Int64(forceSteps), azimuth: Int64(azimuthSteps), altitude: Int64(altitudeSteps))
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
