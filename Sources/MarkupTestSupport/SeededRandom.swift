import Foundation

/// A fast deterministic random generator (xoshiro256**, seeded through SplitMix64): the same seed
/// gives the same sequence on every platform, so generated documents and tests are reproducible.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)
    /// Box–Muller makes normals in pairs; the second waits here for the next call.
    private var spareGaussian: Double?

    public init(seed: UInt64) {
        var mixer = seed
        func splitMix() -> UInt64 {
            mixer &+= 0x9E37_79B9_7F4A_7C15
            var z = mixer
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform Double in `0..<1`.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform Double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A normally distributed Double (Box–Muller).
    public mutating func gaussian(mean: Double = 0, deviation: Double = 1) -> Double {
        if let spare = spareGaussian {
            spareGaussian = nil
            return mean + deviation * spare
        }
        let radius = (-2 * log(Swift.max(unit(), 1e-300))).squareRoot(), angle = 2 * .pi * unit()
        spareGaussian = radius * sin(angle)
        return mean + deviation * radius * cos(angle)
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
