import Foundation
import MarkupModel
import MarkupTestSupport
import Testing

/// The trigonometry both builds share stays within four ulps of the C library's, and its rounding is
/// the standard library's exactly.
struct PortableMathTests {
    static func ulps(_ a: Double, _ b: Double) -> Double {
        guard a != b else { return 0 }
        return Swift.abs(a - b) / max(a.ulp, b.ulp, Double.leastNormalMagnitude)
    }

    @Test func itAgreesWithTheCLibrary() {
        var random = SeededRandom(seed: 5)
        var worst = (sin: 0.0, cos: 0.0, tan: 0.0, atan: 0.0, atan2: 0.0)
        for index in 0..<200_000 {
            let angle = index < 100 ? Double(index) * .pi / 16 : random.uniform(-100...100)
            worst.sin = max(worst.sin, Self.ulps(PortableMath.sin(angle), sin(angle)))
            worst.cos = max(worst.cos, Self.ulps(PortableMath.cos(angle), cos(angle)))
            let tilt = random.uniform(-1.5...1.5)
            worst.tan = max(worst.tan, Self.ulps(PortableMath.tan(tilt), tan(tilt)))
            let value = random.uniform(-1...1) * pow(10, random.uniform(-3...3))
            worst.atan = max(worst.atan, Self.ulps(PortableMath.atan(value), atan(value)))
            let x = random.uniform(-10...10), y = random.uniform(-10...10)
            worst.atan2 = max(worst.atan2, Self.ulps(PortableMath.atan2(y, x), atan2(y, x)))
        }
        // Near a zero of sine or cosine an absolute error of an ulp of the argument is many ulps of
        // the result, so those compare by absolute error below.
        #expect(worst.tan <= 4 && worst.atan <= 4 && worst.atan2 <= 4, "\(worst)")
        for index in 0..<100_000 {
            let angle = random.uniform(-100...100) + Double(index % 2)
            #expect(Swift.abs(PortableMath.sin(angle) - sin(angle)) < 4e-16)
            #expect(Swift.abs(PortableMath.cos(angle) - cos(angle)) < 4e-16)
        }
        #expect(PortableMath.sin(0) == 0 && PortableMath.cos(0) == 1 && PortableMath.atan2(0, 1) == 0)
        #expect(PortableMath.atan2(0, -1) == .pi && PortableMath.atan(.infinity) == .pi / 2 && PortableMath.sin(.nan).isNaN)
        #expect(PortableMath.sin(1e300).isFinite && Swift.abs(PortableMath.cos(-1e300)) <= 1)
        #expect(PortableMath.sin(-0.0).sign == .minus && PortableMath.atan(-0.0).sign == .minus && PortableMath.atan2(-0.0, 1).sign == .minus)
        #expect(PortableMath.atan2(.infinity, .infinity) == .pi / 4 && PortableMath.atan2(-.infinity, -.infinity) == -3 * .pi / 4)
        #expect(PortableMath.atan2(-1, .infinity).sign == .minus)
    }

    @Test func roundingIsExactlyTheStandardLibrarys() {
        let edges: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4503599627370495.5,
                               -4503599627370495.5, 4503599627370496, 9007199254740993, 1e300, -1e300, .leastNonzeroMagnitude,
                               .greatestFiniteMagnitude, .infinity, -.infinity]
        var random = SeededRandom(seed: 9)
        let values = edges + (0..<200_000).map { _ in random.uniform(-1...1) * pow(2, random.uniform(-4...60)) }
        for value in values {
            let ours = PortableMath.rounded(value), theirs = value.rounded()
            #expect(ours == theirs && ours.sign == theirs.sign, "\(value): \(ours) instead of \(theirs)")
            if ours != theirs || ours.sign != theirs.sign { return }
        }
        #expect(PortableMath.rounded(.nan).isNaN)
    }

    @Test func quantizationStepsRoundAsTheStandardLibrary() {
        let edges: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4503599627370495.5,
                               -4503599627370495.5, 4503599627370496, 9007199254740993, 1e300, -1e300, .infinity, -.infinity, .nan]
        var random = SeededRandom(seed: 10)
        let values = edges + (0..<200_000).map { _ in random.uniform(-1...1) * pow(2, random.uniform(-4...56)) }
        for value in values {
            let limit = 1e18
            let expected = value.isNaN ? 0 : Int64(Swift.min(Swift.max(value, -limit), limit).rounded(.toNearestOrEven))
            let steps = PointQuantization.steps(value, stepsPerUnit: 1, limit: limit)
            #expect(steps == expected, "\(value): \(steps) instead of \(expected)")
            if steps != expected { return }
        }
    }
}
