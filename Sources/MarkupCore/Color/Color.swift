#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An RGBA color in extended linear sRGB.
///
/// Components may exceed 1 for HDR content (up to a FeatureSet's `colorMaximumLinearExposure`)
/// or go below 0 for colors outside the sRGB gamut. Alpha is straight, not premultiplied.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Whether every component is a finite number.
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// The brightest color component: above 1 means the color needs HDR to show as stored.
    public var linearExposure: Double { Swift.max(red, green, blue) }

    /// This color with each color component clamped to `0...maximum` and alpha to `0...1`.
    public func clamped(toMaximumLinearExposure maximum: Double) -> Color {
        let limit = Swift.max(maximum, 0)
        return Color(
            red: Swift.min(Swift.max(red, 0), limit),
            green: Swift.min(Swift.max(green, 0), limit),
            blue: Swift.min(Swift.max(blue, 0), limit),
            alpha: Swift.min(Swift.max(alpha, 0), 1)
        )
    }
}

// MARK: - 8-bit sRGB hex

extension Color {
    /// A color from `#rrggbb` or `#rrggbbaa` in 8-bit gamma-encoded sRGB; nil when malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy({ $0.isHexDigit }),
              let value = UInt32(digits, radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let rgb = hasAlpha ? value >> 8 : value
        func channel(_ shift: UInt32) -> Double { Double((rgb >> shift) & 0xFF) / 255 }
        self.init(
            red: Color.linearFromSRGB(channel(16)),
            green: Color.linearFromSRGB(channel(8)),
            blue: Color.linearFromSRGB(channel(0)),
            alpha: hasAlpha ? Double(value & 0xFF) / 255 : 1
        )
    }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque) in 8-bit sRGB, clamped to the SDR range.
    public var hex: String {
        let sdr = clamped(toMaximumLinearExposure: 1)
        func byte(_ value: Double) -> String {
            let scaled = Int((value * 255).rounded())
            return String(scaled, radix: 16).leftPadded(to: 2)
        }
        let rgb = byte(Color.sRGBFromLinear(sdr.red)) + byte(Color.sRGBFromLinear(sdr.green))
            + byte(Color.sRGBFromLinear(sdr.blue))
        return "#" + rgb + (sdr.alpha < 1 ? byte(sdr.alpha) : "")
    }

    /// The sRGB transfer function, extended to negative values by mirroring.
    public static func sRGBFromLinear(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// The inverse sRGB transfer function, extended to negative values by mirroring.
    public static func linearFromSRGB(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }
}

#if !hasFeature(Embedded)
extension Color: Codable {
    /// Encoded as `[red, green, blue, alpha]`, linear.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            red: try container.decode(Double.self), green: try container.decode(Double.self),
            blue: try container.decode(Double.self), alpha: try container.decode(Double.self)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: [red, green, blue, alpha])
    }
}
#endif

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
