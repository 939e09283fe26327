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

    /// `value` in whole steps of `1/stepsPerUnit`, clamped to `limit`; NaN becomes 0. Rounded to the
    /// nearest step, a value halfway between two going to the even one (IEEE 754's own rounding, the
    /// same in every build), exactly for every Double while `limit · stepsPerUnit` stays below 2^63.
    ///
    /// Every attribute a point stores has fewer than 2^51 steps: there, adding 1.5 × 2^52 leaves the
    /// sum no fraction bits, so the addition itself rounds, and the sum's significand bits are the
    /// whole number plus a constant. A point makes nine of these: no C library call (x86-64 before
    /// SSE4.1 has no rounding instruction), no branch on the value and no checked conversion.
    /// Larger ranges take the standard library's rounding.
    @inlinable @inline(__always)
    public static func steps(_ value: Double, stepsPerUnit: Double, limit: Double) -> Int64 {
        let clamped = value.isNaN ? 0 : Swift.min(Swift.max(value, -limit), limit)
        let scaled = clamped * stepsPerUnit
        guard limit * stepsPerUnit <= 0x1p51 else { return Int64(scaled.rounded(.toNearestOrEven)) }
        return roundedSteps(scaled)
    }

    /// `scaled` rounded to the nearest whole number, ties to even, for `|scaled| ≤ 2^51`: adding
    /// 1.5 × 2^52 leaves no fraction bits, so the addition rounds, and the sum's bits are the whole
    /// number plus a constant. Outside that range (NaN included) the result is meaningless but
    /// nothing traps.
    @inlinable @inline(__always)
    public static func roundedSteps(_ scaled: Double) -> Int64 {
        Int64(bitPattern: (scaled + 0x1.8p52).bitPattern) &- Int64(bitPattern: (0x1.8p52 as Double).bitPattern)
    }

    /// `steps` for a value that cannot be negative: below zero, and NaN, it is 0. The one comparison
    /// with zero clamps and catches NaN at once.
    @inlinable @inline(__always)
    public static func nonNegativeSteps(_ value: Double, stepsPerUnit: Double, limit: Double) -> Int64 {
        guard limit * stepsPerUnit <= 0x1p51 else { return steps(value > 0 ? value : 0, stepsPerUnit: stepsPerUnit, limit: limit) }
        return roundedSteps((value > 0 ? Swift.min(value, limit) : 0) * stepsPerUnit)
    }

    /// Azimuth in whole steps, normalized into `0..<azimuthPeriodSteps`.
    @inlinable @inline(__always)
    public static func azimuthSteps(_ radians: Double) -> Int64 {
        let raw = steps(radians, stepsPerUnit: angleStepsPerRadian, limit: 1_048_576)
        if raw >= 0 && raw < azimuthPeriodSteps { return raw }
        let wrapped = raw % azimuthPeriodSteps
        return wrapped < 0 ? wrapped + azimuthPeriodSteps : wrapped
    }
}
