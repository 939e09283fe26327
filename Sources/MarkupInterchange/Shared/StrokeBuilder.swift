import MarkupInk
import MarkupModel

/// Builds a stroke from another app's samples, point by point, as the file gives them: no
/// smoothing or resampling, so a round trip keeps every point. A sample without its own width gets
/// the one the ink's pressure response gives its force, as a pen would have drawn it.
struct StrokeBuilder {
    let ink: Ink
    private(set) var points: [StrokePoint] = []
    private let format: InterchangeFormat

    init(ink: Ink, format: InterchangeFormat) {
        self.ink = ink
        self.format = format
    }

    /// The width a sample of `force` is drawn at with no other information.
    static func width(forForce force: Double, ink: Ink) -> Double {
        let response = InkOptions.for(ink.type).pressureResponse
        let pressure = min(max(force / InkOptions.fullForce, 0), 1)
        return ink.width * (response.lowerBound + (response.upperBound - response.lowerBound) * pressure)
    }

    /// Adds a sample; every value must be finite (the readers check before calling).
    mutating func add(x: Double, y: Double, time: Double = 0, force: Double = 1, width: Double? = nil,
                      opacity: Double = 1, azimuth: Double = 0, altitude: Double = .pi / 2) throws(InterchangeError) {
        guard points.count < InkGesture.maximumPoints else {
            throw .tooLarge(format, reason: "a stroke has more than \(InkGesture.maximumPoints) points")
        }
        guard x.isFinite, y.isFinite, time.isFinite, force.isFinite, opacity.isFinite, azimuth.isFinite, altitude.isFinite,
              width?.isFinite ?? true else {
            throw .malformed(format, reason: "a stroke point holds a value that is not a finite number")
        }
        let size = width ?? Self.width(forForce: force, ink: ink)
        points.append(StrokePoint(location: Point(x: x, y: y), timeOffset: time, size: Size(width: size, height: size),
                                  opacity: opacity, force: force, azimuth: azimuth, altitude: altitude))
    }

    /// The stroke, or nil when no point was added.
    func stroke(randomSeed: UInt32) -> Stroke? {
        points.isEmpty ? nil : Stroke(ink: ink, points: points, randomSeed: randomSeed)
    }
}
