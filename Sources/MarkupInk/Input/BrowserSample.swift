import MarkupCore

/// One sample of a browser's PointerEvent: position in the view's CSS pixels, time in milliseconds,
/// pressure 0…1 and tilt in degrees. The server and the page's WebAssembly ink both turn it into an
/// `InputSample` here, so the stroke under the pen and the one saved are computed alike.
public struct BrowserSample: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var milliseconds: Double
    public var pressure: Double?
    public var tiltX: Double?
    public var tiltY: Double?

    public init(x: Double, y: Double, milliseconds: Double, pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil) {
        (self.x, self.y, self.milliseconds, self.pressure, self.tiltX, self.tiltY) = (x, y, milliseconds, pressure, tiltX, tiltY)
    }

    /// A browser's pressure of 0.5 (its default for a pressed button) is a normal touch: force 1.
    public static let forcePerPressure = 2.0

    /// The point of a view of `viewSize` that shows `frame` at view point `point`, in document coordinates.
    public static func documentPoint(fromView point: Point, frame: Rect, viewSize: Size) -> Point {
        let scale = frame.width / Swift.max(viewSize.width, 1e-9)
        return Point(x: frame.minX + point.x * scale, y: frame.minY + point.y * scale)
    }

    /// Pressure becomes force and tilt around the x and y axes becomes azimuth and altitude. Mice
    /// report no force, so the ink simulates it; NaN and infinities are kept, for the ink pipeline to
    /// refuse with a typed error.
    public func penState(kind: PointerKind) -> (time: Double, force: Double?, azimuth: Double?, altitude: Double?) {
        let force = kind == .mouse ? nil : pressure.map { $0 * Self.forcePerPressure }
        var azimuth: Double?, altitude: Double?
        if kind == .pen, let tiltX, let tiltY {
            let tanX = PortableMath.tan(tiltX * .pi / 180), tanY = PortableMath.tan(tiltY * .pi / 180)
            azimuth = tanX == 0 && tanY == 0 ? 0 : PortableMath.atan2(tanY, tanX)
            if let value = azimuth, value < 0 { azimuth = value + 2 * .pi }
            altitude = .pi / 2 - PortableMath.atan((tanX * tanX + tanY * tanY).squareRoot())
        }
        return (milliseconds / 1000, force, azimuth, altitude)
    }

    /// The sample as the ink pipeline takes it, from a view of `viewSize` showing `frame`.
    public func inputSample(kind: PointerKind, frame: Rect, viewSize: Size) -> InputSample {
        let state = penState(kind: kind)
        return InputSample(location: Self.documentPoint(fromView: Point(x: x, y: y), frame: frame, viewSize: viewSize), time: state.time,
                           force: state.force, azimuth: state.azimuth, altitude: state.altitude, pointerKind: kind)
    }
}
