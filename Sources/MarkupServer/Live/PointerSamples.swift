import Foundation
import MarkupEditor
import MarkupInk

/// Browser pointer samples in PencilKit's terms.
enum PointerSamples {
    /// A browser's pressure of 0.5 (its default for a pressed button) is a normal touch: force 1.
    static let forcePerPressure = 2.0

    /// Pressure 0…1 becomes force; tilt in degrees around the x and y axes becomes azimuth and altitude.
    /// Mice report no force, so the ink simulates it; NaN and infinities are kept, for the ink
    /// pipeline to refuse with a typed error.
    static func sample(_ sample: ClientMessage.Sample, kind: PointerKind) -> PointerEvent.Sample {
        let force = kind == .mouse ? nil : sample.p.map { $0 * forcePerPressure }
        var azimuth: Double?, altitude: Double?
        if kind == .pen, let tiltX = sample.tx, let tiltY = sample.ty {
            let tanX = tan(tiltX * .pi / 180), tanY = tan(tiltY * .pi / 180)
            azimuth = tanX == 0 && tanY == 0 ? 0 : atan2(tanY, tanX)
            if let value = azimuth, value < 0 { azimuth = value + 2 * .pi }
            altitude = .pi / 2 - atan((tanX * tanX + tanY * tanY).squareRoot())
        }
        return PointerEvent.Sample(location: .init(x: sample.x, y: sample.y), time: sample.t / 1000, force: force,
                                   azimuth: azimuth, altitude: altitude)
    }
}
