import Foundation
import MarkupInk

/// The channels of an InkML trace, in order, and how to turn each value into MarkupKit's units.
struct InkMLTraceFormat {
    struct Channel {
        var name: String
        /// Multiplies a value into MarkupKit's unit: points for X, Y and W, seconds for T, radians
        /// for angles; for F, the factor that makes the channel's range 0…1.
        var scale = 1.0
        var minimum = 0.0
        var isIntermittent = false
    }

    var channels: [Channel]

    /// X and Y, as InkML assumes when a document declares no format.
    static let standard = InkMLTraceFormat(channels: [Channel(name: "X"), Channel(name: "Y")])

    func index(of name: String) -> Int? { channels.firstIndex { $0.name == name } }

    /// Points per unit of length.
    static func lengthScale(_ units: String?) -> Double? {
        switch units?.lowercased() {
        case nil, "", "pt", "dev": 1
        case "in": 72
        case "cm": 72 / 2.54
        case "mm": 72 / 25.4
        case "m": 7200 / 2.54
        case "px": 0.75
        case "himetric": 72 / 2540
        default: nil
        }
    }

    /// Seconds per unit of time; InkML's time is in milliseconds unless it says otherwise.
    static func timeScale(_ units: String?) -> Double {
        switch units?.lowercased() {
        case "s": 1
        case "us", "µs": 1e-6
        default: 1e-3
        }
    }

    static func angleScale(_ units: String?) -> Double {
        units?.lowercased() == "rad" ? 1 : .pi / 180
    }
}
