import Foundation
import MarkupModel

/// Turns a model color into what an SDR output shows: HDR components tone-mapped into range, the
/// dark appearance applied, then gamma-encoded sRGB components for Cairo and SVG.
///
/// The tone curve (see docs/RENDERING.md) depends on the brightest value the document uses, M. With
/// M ≤ 1 (SDR content) it is the identity. Otherwise it is the identity up to `toneMapKnee` k and
/// maps [k, M] onto [k, 1] by `k + (1 − k)·(1 − (1 − t)^p)`, t = (x − k)/(M − k), p = (M − k)/(1 − k):
/// continuous in value and slope at the knee, increasing, and reaching exactly 1 at M. No hard clip.
public struct ColorStyle: Sendable {
    public let darkAppearance: Bool
    /// The brightest linear component the document uses; above 1 means HDR content.
    public let maximumExposure: Double

    /// Linear values up to this are shown exactly; above it HDR content is compressed into the rest.
    public static let toneMapKnee = 0.8

    public init(darkAppearance: Bool, maximumExposure: Double = 1) {
        self.darkAppearance = darkAppearance
        self.maximumExposure = maximumExposure.isFinite ? max(maximumExposure, 1) : 1
    }

    /// The linear value an SDR display shows for `value`.
    public func toneMapped(_ value: Double) -> Double {
        guard value.isFinite else { return value > 0 ? 1 : 0 }
        let knee = Self.toneMapKnee, maximum = maximumExposure
        guard maximum > 1, value > knee else { return min(max(value, 0), 1) }
        guard value < maximum else { return 1 }
        let t = (value - knee) / (maximum - knee)
        let power = (maximum - knee) / (1 - knee)
        return knee + (1 - knee) * (1 - pow(1 - t, power))
    }

    /// Gamma-encoded sRGB red, green, blue and alpha in 0…1, ready for an SDR output.
    public func encoded(_ color: Color) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        var color = Color(red: toneMapped(color.red), green: toneMapped(color.green),
                          blue: toneMapped(color.blue), alpha: min(max(color.alpha, 0), 1))
        if darkAppearance { color = Self.darkened(color) }
        return (Color.sRGBFromLinear(color.red), Color.sRGBFromLinear(color.green), Color.sRGBFromLinear(color.blue), color.alpha)
    }

    /// `#rrggbb` and the alpha, for SVG attributes.
    public func svg(_ color: Color) -> (hex: String, alpha: Double) {
        let (red, green, blue, alpha) = encoded(color)
        func byte(_ value: Double) -> String {
            let scaled = Int((min(max(value, 0), 1) * 255).rounded())
            let digits = String(scaled, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return ("#" + byte(red) + byte(green) + byte(blue), alpha)
    }

    /// Dark appearance for one color: lightness inverted in gamma-encoded HSL, hue and saturation kept,
    /// so black ink turns white and mid-tones barely move.
    static func darkened(_ color: Color) -> Color {
        let red = Color.sRGBFromLinear(min(max(color.red, 0), 1))
        let green = Color.sRGBFromLinear(min(max(color.green, 0), 1))
        let blue = Color.sRGBFromLinear(min(max(color.blue, 0), 1))
        let maximum = max(red, green, blue), minimum = min(red, green, blue)
        let lightness = (maximum + minimum) / 2
        let inverted = 1 - lightness
        let chroma = maximum - minimum
        guard chroma > 1e-9 else {
            let value = Color.linearFromSRGB(inverted)
            return Color(red: value, green: value, blue: value, alpha: color.alpha)
        }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        let newChroma = (1 - abs(2 * inverted - 1)) * saturation
        func shifted(_ component: Double) -> Double {
            let relative = (component - minimum) / chroma
            return Color.linearFromSRGB(inverted - newChroma / 2 + relative * newChroma)
        }
        return Color(red: shifted(red), green: shifted(green), blue: shifted(blue), alpha: color.alpha)
    }
}
