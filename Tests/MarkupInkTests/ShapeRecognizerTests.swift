import Foundation
import MarkupCore
import MarkupInk
import Testing

/// Strokes drawn as a hand draws them (wobbling, corners rounded, the end overshooting the start,
/// the pen held still at the end) and what they are taken for.
struct ShapeRecognizerTests {
    /// A hand's wobble: a few points across, slowly varying, the same on every run.
    static func wobble(_ index: Int, _ amount: Double) -> Point {
        let t = Double(index)
        return Point(x: amount * sin(t * 0.37) * cos(t * 0.11), y: amount * cos(t * 0.29) * sin(t * 0.13 + 1))
    }

    /// `points` with a wobble, and the pen held still at the last one for a dozen samples.
    static func handDrawn(_ points: [Point], wobble amount: Double) -> [Point] {
        let moved = points.enumerated().map { index, point in point + wobble(index, amount) }
        return moved + Array(repeating: moved[moved.count - 1], count: 12)
    }

    /// The outline of a rectangle centred at `center`, turned by `angle`, with rounded corners,
    /// going round once and 6 % further.
    static func rectangle(center: Point, width: Double, height: Double, angle: Double = 0, corner: Double = 6) -> [Point] {
        var outline = [Point]()
        let (w, h) = (width / 2 - corner, height / 2 - corner)
        let corners = [(w, -h, -Double.pi / 2), (w, h, 0.0), (-w, h, Double.pi / 2), (-w, -h, Double.pi)]
        for (cx, cy, start) in corners {
            for step in 0...6 {
                let a = start + Double(step) / 6 * Double.pi / 2
                outline.append(Point(x: cx + corner * cos(a), y: cy + corner * sin(a)))
            }
        }
        // Dense along the sides, as a pen gives.
        var dense = [Point]()
        for (index, point) in (outline + [outline[0]]).enumerated().dropFirst() {
            let previous = index == 0 ? point : (outline + [outline[0]])[index - 1]
            let steps = max(1, Int(previous.distance(to: point) / 3))
            for step in 1...steps {
                let share = Double(step) / Double(steps)
                dense.append(Point(x: previous.x + (point.x - previous.x) * share, y: previous.y + (point.y - previous.y) * share))
            }
        }
        dense += dense.prefix(dense.count * 6 / 100)
        return dense.map { point in
            Point(x: center.x + point.x * cos(angle) - point.y * sin(angle), y: center.y + point.x * sin(angle) + point.y * cos(angle))
        }
    }

    static func ellipse(center: Point, width: Double, height: Double, angle: Double = 0, turns: Double = 1.05) -> [Point] {
        (0...Int(120 * turns)).map { step in
            let a = Double(step) / 120 * 2 * Double.pi - 2.2
            let x = width / 2 * cos(a), y = height / 2 * sin(a)
            return Point(x: center.x + x * cos(angle) - y * sin(angle), y: center.y + x * sin(angle) + y * cos(angle))
        }
    }

    static func isClose(_ a: Double, _ b: Double, within tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    @Test func aWobblyNearlyLevelLineIsALevelLine() throws {
        let drawn = Self.handDrawn((0...60).map { Point(x: 100 + Double($0) * 4, y: 200 + Double($0) * 0.15) }, wobble: 1.2)
        guard case .line(let from, let to)? = ShapeRecognizer.recognize(drawn) else { Issue.record("not a line"); return }
        #expect(Self.isClose(from.x, 100, within: 2) && Self.isClose(from.y, 200, within: 2))
        #expect(to.y == from.y, "snapped level")
        #expect(Self.isClose(to.x, 340, within: 3))
    }

    @Test func aSlantedLineKeepsItsAngle() throws {
        let angle = 30 * Double.pi / 180
        let drawn = Self.handDrawn((0...50).map { Point(x: 50 + Double($0) * 5 * cos(angle), y: 60 + Double($0) * 5 * sin(angle)) }, wobble: 1)
        guard case .line(let from, let to)? = ShapeRecognizer.recognize(drawn) else { Issue.record("not a line"); return }
        #expect(Self.isClose(atan2(to.y - from.y, to.x - from.x), angle, within: 0.03))
    }

    @Test func aHandDrawnRectangleIsARectangle() throws {
        let drawn = Self.handDrawn(Self.rectangle(center: Point(x: 300, y: 200), width: 240, height: 120), wobble: 2)
        guard case .rectangle(let frame, let rotation)? = ShapeRecognizer.recognize(drawn) else {
            Issue.record("not a rectangle: \(String(describing: ShapeRecognizer.recognize(drawn)))"); return
        }
        #expect(rotation == 0)
        #expect(Self.isClose(frame.center.x, 300, within: 3) && Self.isClose(frame.center.y, 200, within: 3))
        #expect(Self.isClose(frame.width, 240, within: 6) && Self.isClose(frame.height, 120, within: 6))
    }

    @Test func aTurnedRectangleKeepsItsTurn() throws {
        let angle = 25 * Double.pi / 180
        let drawn = Self.handDrawn(Self.rectangle(center: Point(x: 300, y: 300), width: 200, height: 90, angle: angle), wobble: 1.5)
        guard case .rectangle(let frame, let rotation)? = ShapeRecognizer.recognize(drawn) else { Issue.record("not a rectangle"); return }
        #expect(Self.isClose(rotation, angle, within: 0.03))
        #expect(Self.isClose(frame.width, 200, within: 6) && Self.isClose(frame.height, 90, within: 6))
    }

    @Test func aHandDrawnEllipseIsAnEllipseAndANearCircleACircle() throws {
        let drawn = Self.handDrawn(Self.ellipse(center: Point(x: 200, y: 150), width: 220, height: 110), wobble: 2)
        guard case .ellipse(let frame, let rotation)? = ShapeRecognizer.recognize(drawn) else {
            Issue.record("not an ellipse: \(String(describing: ShapeRecognizer.recognize(drawn)))"); return
        }
        #expect(rotation == 0 && Self.isClose(frame.width, 220, within: 6) && Self.isClose(frame.height, 110, within: 6))
        let round = Self.handDrawn(Self.ellipse(center: Point(x: 200, y: 150), width: 100, height: 94, angle: 0.6), wobble: 1.5)
        guard case .ellipse(let circle, let turn)? = ShapeRecognizer.recognize(round) else { Issue.record("not an ellipse"); return }
        #expect(circle.width == circle.height && turn == 0)
        let turned = Self.handDrawn(Self.ellipse(center: Point(x: 200, y: 150), width: 200, height: 80, angle: -0.5), wobble: 1.5)
        guard case .ellipse(_, let angle)? = ShapeRecognizer.recognize(turned) else { Issue.record("not an ellipse"); return }
        #expect(Self.isClose(angle, -0.5, within: 0.03))
    }

    @Test func scribblesOpenCurvesAndBadInputStayInk() {
        let zigzag = (0...60).map { Point(x: Double($0) * 5, y: $0 % 2 == 0 ? 0 : 40) }
        let arc = Self.ellipse(center: Point(x: 100, y: 100), width: 120, height: 120, turns: 0.6)
        let spiral = (0...200).map { step in
            let a = Double(step) / 20
            return Point(x: 200 + a * 8 * cos(a), y: 200 + a * 8 * sin(a))
        }
        let dot = (0...20).map { Point(x: 10 + Double($0 % 3), y: 10) }
        // A letter o and a dash as handwriting makes them, held a moment at their ends.
        let letter = Self.handDrawn(Self.ellipse(center: Point(x: 50, y: 50), width: 12, height: 14), wobble: 0.3)
        let dash = Self.handDrawn((0...12).map { Point(x: 50 + Double($0), y: 80) }, wobble: 0.2)
        for (name, points) in [("zigzag", zigzag), ("arc", arc), ("spiral", spiral), ("dot", dot), ("letter o", letter), ("dash", dash), ("too few", [Point(x: 0, y: 0), Point(x: 50, y: 0)]),
                               ("not finite", [Point(x: .nan, y: 0)] + (0...20).map { Point(x: Double($0) * 5, y: 0) })] {
            #expect(ShapeRecognizer.recognize(points) == nil, "\(name)")
        }
    }
}
