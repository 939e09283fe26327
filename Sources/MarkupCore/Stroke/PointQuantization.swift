/// The fixed resolution every stroke point attribute is stored at.
///
/// A StrokePoint snaps its values to these grids when it is made, so the model only ever holds values
/// the `.markup` format stores exactly: saving and loading never changes a stroke. Each step is a power
/// of two, so a snapped value is an exact Double.
public enum PointQuantization {
    /// Location, size and ink width: 1/64 pt, a quarter of a pixel at 4× zoom on a 2× display.
    public static let locationStepsPerPoint: Double = 64
    /// Time: 1/4096 s, about 1/17 of Apple Pencil's 240 Hz sample interval.
    public static let timeStepsPerSecond: Double = 4096
    /// Force: 1/256, finer than the 1/100 precision pressure sensors report.
    public static let forceSteps: Double = 256
    /// Azimuth and altitude: 1/256 radian, about 0.22°, finer than a hand holds a pen steady.
    public static let angleStepsPerRadian: Double = 256
    /// Opacity: 1/1024.
    public static let opacitySteps: Double = 1024

    /// The largest magnitude a location coordinate may have, in points; larger ones are clamped.
    public static let maximumCoordinate: Double = 1_099_511_627_776
    /// The longest a stroke may last, in seconds (about 12 days).
    public static let maximumTimeOffset: Double = 1_048_576
    /// The largest force a point may carry.
    public static let maximumForce: Double = 64
    /// The largest point size, in points.
    public static let maximumSize: Double = 1_048_576
    /// Azimuth is stored as whole steps modulo this many steps: one turn, rounded (2π × 256 is
    /// 1608.5). Written as a number, not worked out, so that using it costs no lazy initialization.
    public static let azimuthPeriodSteps: Int64 = 1608
    /// Altitude steps run from 0 (pen flat) to this value (pen upright, π/2 × 256 rounded).
    public static let maximumAltitudeSteps: Int64 = 402

    /// `value` in whole steps of `1/stepsPerUnit`, clamped to `limit`; NaN becomes 0. Rounded half
    /// away from zero, as `PortableMath.rounded`, exactly for every Double while
    /// `limit · stepsPerUnit` stays below 2^63.
    ///
    /// Every attribute a point stores has fewer than 2^51 steps, where the rounding is done in
    /// floating point with no conversion the language checks and no branch: a C library call per value
    /// on CPUs without SSE4.1's rounding, a comparison mispredicted half the time, or a checked
    /// conversion's range tests cost more than the rest of a point. Larger ranges take two conversions.
    @inline(__always)
    public static func steps(_ value: Double, stepsPerUnit: Double, limit: Double) -> Int64 {
        let clamped = value.isNaN ? 0 : Swift.min(Swift.max(value, -limit), limit)
        let scaled = clamped * stepsPerUnit
        guard limit * stepsPerUnit <= 0x1p51 else { return wideSteps(scaled) }
        // Adding 2^52 leaves no fraction bits: the sum is the nearest whole number, ties to even,
        // and the difference then shows a tie that went down, which rounding away from zero takes up.
        let magnitude = scaled.magnitude
        let nearest = (magnitude + 0x1p52) - 0x1p52
        let awayFromZero = magnitude - nearest == 0.5 ? nearest + 1 : nearest
        // In 2^52...2^53 a Double's significand bits are the whole number itself.
        let shifted = Double(signOf: scaled, magnitudeOf: awayFromZero) + 0x1.8p52
        return Int64(bitPattern: shifted.bitPattern) &- Int64(bitPattern: (0x1.8p52 as Double).bitPattern)
    }

    /// Rounds a scaled value of up to 2^63 in magnitude: the cut-off fraction, doubled (exactly),
    /// truncates to ±1 from one half on and to 0 below.
    @inline(__always)
    static func wideSteps(_ scaled: Double) -> Int64 {
        let whole = Int64(scaled)
        let fraction = scaled - Double(whole)
        return whole &+ Int64(fraction * 2)
    }

    /// Azimuth in whole steps, normalized into `0..<azimuthPeriodSteps`.
    @inline(__always)
    public static func azimuthSteps(_ radians: Double) -> Int64 {
        let raw = steps(radians, stepsPerUnit: angleStepsPerRadian, limit: 1_048_576)
        if raw >= 0 && raw < azimuthPeriodSteps { return raw }
        let wrapped = raw % azimuthPeriodSteps
        return wrapped < 0 ? wrapped + azimuthPeriodSteps : wrapped
    }
}
