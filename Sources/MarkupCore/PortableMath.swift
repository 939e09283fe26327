/// Sine, cosine, tangent and arctangent from IEEE arithmetic alone, so that the native build and the
/// WebAssembly build (whose C libraries round some results differently in the last place) compute
/// exactly the same ink. Accurate to about an ulp for the angles ink uses; deterministic everywhere.
public enum PortableMath {
    /// π/2 in three parts of 33, 33 and 53 bits (Cody and Waite), so that quadrant × part is exact
    /// for every quadrant up to a million radians and reducing by them loses almost nothing.
    private static let halfPi1 = 1.5707963267341256
    private static let halfPi2 = 6.077100506303966e-11
    private static let halfPi3 = 2.0222662487111665e-21
    private static let halfPi = 1.5707963267948966

    /// `value.rounded()` (half away from zero), exactly, from truncation: WebAssembly has an
    /// instruction for that but none for rounding, which would cost a C library call per coordinate.
    @inline(__always)
    public static func rounded(_ value: Double) -> Double {
        let whole = value.rounded(.towardZero)
        guard Swift.abs(value - whole) >= 0.5 else { return whole }
        return value < 0 ? whole - 1 : whole + 1
    }

    /// `x` reduced to [-π/4, π/4] and its quadrant (0…3). Past a million radians the three-part
    /// reduction runs out of bits, so such angles are first taken modulo the double nearest 2π
    /// (exactly, as `fmod` does): no longer accurate, but finite and the same in every build.
    private static func reduced(_ x: Double) -> (Double, Int) {
        let x = Swift.abs(x) > 1e6 ? x.truncatingRemainder(dividingBy: 4 * halfPi) : x
        let quadrant = (x / halfPi).rounded(.toNearestOrEven)
        let r = ((x - quadrant * halfPi1) - quadrant * halfPi2) - quadrant * halfPi3
        let turns = quadrant.truncatingRemainder(dividingBy: 4)
        return (r, (Int(turns) + 4) % 4)
    }

    /// Taylor series on [-π/4, π/4], evaluated by Horner's rule in x².
    private static func sinKernel(_ x: Double) -> Double {
        let z = x * x
        var sum = -1.0 / 355_687_428_096_000  // 1/17!
        sum = sum * z + 1.0 / 1_307_674_368_000
        sum = sum * z - 1.0 / 6_227_020_800
        sum = sum * z + 1.0 / 39_916_800
        sum = sum * z - 1.0 / 362_880
        sum = sum * z + 1.0 / 5_040
        sum = sum * z - 1.0 / 120
        sum = sum * z + 1.0 / 6
        return x - x * z * sum
    }

    private static func cosKernel(_ x: Double) -> Double {
        let z = x * x
        var sum = 1.0 / 6_402_373_705_728_000
        sum = sum * z - 1.0 / 20_922_789_888_000
        sum = sum * z + 1.0 / 87_178_291_200
        sum = sum * z - 1.0 / 479_001_600
        sum = sum * z + 1.0 / 3_628_800
        sum = sum * z - 1.0 / 40_320
        sum = sum * z + 1.0 / 720
        sum = sum * z - 1.0 / 24
        return 1 - z / 2 - z * z * sum
    }

    /// The sine of the reduced angle `r` a quadrant turns further on: cosine is sine a quadrant on.
    private static func sine(_ r: Double, quadrant: Int) -> Double {
        switch quadrant % 4 {
        case 0: sinKernel(r)
        case 1: cosKernel(r)
        case 2: -sinKernel(r)
        default: -cosKernel(r)
        }
    }

    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        if x == 0 { return x }
        let (r, quadrant) = reduced(x)
        return sine(r, quadrant: quadrant)
    }

    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, quadrant) = reduced(x)
        return sine(r, quadrant: quadrant + 1)
    }

    public static func tan(_ x: Double) -> Double { sin(x) / cos(x) }

    public static func atan(_ x: Double) -> Double {
        if x.isNaN || x == 0 { return x }
        if x.isInfinite { return x > 0 ? halfPi : -halfPi }
        let magnitude = Swift.abs(x)
        // atan(x) = π/2 − atan(1/x) past 1, then two halvings of the angle bring it under tan(π/16).
        var t = magnitude > 1 ? 1 / magnitude : magnitude
        t = t / (1 + (1 + t * t).squareRoot())
        t = t / (1 + (1 + t * t).squareRoot())
        let z = t * t
        var sum = 0.0
        for n in stride(from: 31, through: 3, by: -2) { sum = sum * z + (n % 4 == 1 ? 1.0 : -1.0) / Double(n) }
        let small = 4 * (t + t * z * sum)
        let angle = magnitude > 1 ? halfPi - small : small
        return x < 0 ? -angle : angle
    }

    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 {
            if y == 0 { return x.sign == .minus ? (y.sign == .minus ? -2 * halfPi : 2 * halfPi) : y }
            return y > 0 ? halfPi : -halfPi
        }
        if x.isInfinite && y.isInfinite {
            let quarter = x > 0 ? halfPi / 2 : 3 * halfPi / 2
            return y > 0 ? quarter : -quarter
        }
        let angle = atan(y / x)
        if x > 0 { return angle }
        return y.sign == .minus ? angle - 2 * halfPi : angle + 2 * halfPi
    }
}
