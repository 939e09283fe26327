import Foundation
import MarkupInk
import MarkupModel

/// Shared fixtures and assertions for the ink tests.
enum InkFixtures {
    /// Samples along `path` at 240 Hz with the given force.
    static func samples(_ path: [Point], force: Double? = 1, kind: PointerKind = .pen, altitude: Double? = .pi / 2) -> [InputSample] {
        path.enumerated().map { index, point in
            InputSample(location: point, time: Double(index) / 240, force: force, azimuth: 0.5, altitude: altitude, pointerKind: kind)
        }
    }

    static func line(from start: Point, to end: Point, count: Int) -> [Point] {
        (0..<count).map { index in
            let t = Double(index) / Double(max(count - 1, 1))
            return start + (end - start) * t
        }
    }

    static func circle(center: Point, radius: Double, count: Int) -> [Point] {
        (0...count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    static func zigzag(count: Int, width: Double, height: Double) -> [Point] {
        var path = [Point]()
        for index in 0..<count {
            let low = Double(index) * width, high = Double(index + 1) * width
            let rising = index % 2 == 0
            let start = Point(x: low, y: rising ? 0 : height), end = Point(x: high, y: rising ? height : 0)
            path.append(contentsOf: line(from: start, to: end, count: 12).dropLast())
        }
        return path
    }

    /// Points for a stroke straight from raw locations, each with the given width.
    static func points(_ path: [Point], width: Double = 4) -> [StrokePoint] {
        path.enumerated().map { index, point in
            StrokePoint(location: point, timeOffset: Double(index) / 240, size: Size(width: width, height: width), force: 1)
        }
    }

    static func stroke(_ type: InkType, _ path: [Point], width: Double = 4, seed: UInt32 = 1) -> Stroke {
        Stroke(ink: Ink(type, width: width), points: points(path, width: width), randomSeed: seed)
    }

    /// The non-zero winding number of all contours around `point`.
    static func winding(_ contours: [[Point]], around point: Point) -> Int {
        var winding = 0
        for contour in contours {
            var previous = contour[contour.count - 1]
            for current in contour {
                let cross = (current.x - previous.x) * (point.y - previous.y) - (point.x - previous.x) * (current.y - previous.y)
                if previous.y <= point.y {
                    if current.y > point.y, cross > 0 { winding += 1 }
                } else if current.y <= point.y, cross < 0 {
                    winding -= 1
                }
                previous = current
            }
        }
        return winding
    }

    static func allFinite(_ geometry: StrokeGeometry) -> Bool {
        geometry.layers.allSatisfy { $0.contours.allSatisfy { $0.allSatisfy(\.isFinite) } } && geometry.bounds.isFinite
    }
}
