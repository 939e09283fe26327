import MarkupCore

/// A shape a hand-drawn stroke was taken for: what the pen drew and then held still on becomes
/// the shape itself, as in the markup of iPadOS and in Xournal++.
public enum RecognizedShape: Equatable, Sendable {
    /// A straight line, its angle snapped to a multiple of 45° when it was within a few degrees of one.
    case line(from: Point, to: Point)
    /// A rectangle filling `frame`, turned by `rotation` radians about the frame's centre.
    case rectangle(frame: Rect, rotation: Double)
    /// An ellipse filling `frame`, turned by `rotation` radians about the frame's centre.
    case ellipse(frame: Rect, rotation: Double)
}

/// Takes a stroke's points for a line, a rectangle or an ellipse when they follow one closely
/// enough, and for nothing otherwise (a scribble stays ink). Rectangles and ellipses are fitted to
/// the smallest rectangle around the points at any angle; one within a few degrees of upright is
/// made upright, and one nearly as wide as high is made a square or a circle.
public enum ShapeRecognizer {
    /// The fewest points of a stroke taken for a shape, the shortest line, and the smallest
    /// rectangle or ellipse (its longer side), in points: a handwritten dash or letter o held a
    /// moment stays ink.
    public static let minimumPoints = 6
    public static let minimumLine = 16.0, minimumClosedShape = 24.0

    public static func recognize(_ points: [Point]) -> RecognizedShape? {
        guard points.count >= minimumPoints, points.allSatisfy({ $0.isFinite }), let path = ArcPath(points), path.length >= minimumLine else {
            return nil
        }
        let samples = path.resampled(count: sampleCount)
        if let line = line(samples, length: path.length) { return line }
        guard let first = samples.first, let last = samples.last, first.distance(to: last) <= closingGap * path.length else { return nil }
        // Once round: a pen that went on past where it began would weigh that part twice.
        let back = (samples.count / 2..<samples.count).min { first.distance(to: samples[$0]) < first.distance(to: samples[$1]) }!
        return closedShape(Array(samples[..<back]))
    }

    static let sampleCount = 64
    /// A stroke is closed when its ends are nearer than this share of its length.
    static let closingGap = 0.2
    /// The most a stroke may stray from its chord, on average and at worst, as shares of the
    /// chord's length, and how much longer than its chord it may be, to be a line.
    static let lineMeanDeviation = 0.03, lineMaximumDeviation = 0.08, lineStretch = 1.12
    /// The largest mean distance from a fitted outline, as a share of the shape's mean half-size,
    /// and how much better than the other outline the chosen one must fit.
    static let fitTolerance = 0.09, fitMargin = 1.4
    static let snapAngle = 8 * Double.pi / 180, lineSnapAngle = 4 * Double.pi / 180
    static let circleAspect = 1.1, squareAspect = 1.06

    private static func line(_ samples: [Point], length: Double) -> RecognizedShape? {
        let start = samples[0], end = samples[samples.count - 1]
        let chord = start.distance(to: end)
        guard chord >= minimumLine, length <= lineStretch * chord else { return nil }
        let direction = Point(x: (end.x - start.x) / chord, y: (end.y - start.y) / chord)
        var total = 0.0, worst = 0.0
        for point in samples {
            let offset = point - start
            let deviation = abs(offset.x * direction.y - offset.y * direction.x)
            total += deviation
            worst = max(worst, deviation)
        }
        guard total / Double(samples.count) <= lineMeanDeviation * chord, worst <= lineMaximumDeviation * chord else { return nil }
        let angle = PortableMath.atan2(direction.y, direction.x)
        let snapped = PortableMath.rounded(angle / (Double.pi / 4)) * (Double.pi / 4)
        guard abs(angle - snapped) <= lineSnapAngle else { return .line(from: start, to: end) }
        return .line(from: start, to: Point(x: start.x + chord * PortableMath.cos(snapped), y: start.y + chord * PortableMath.sin(snapped)))
    }

    private static func closedShape(_ samples: [Point]) -> RecognizedShape? {
        // A rectangle's sides lie along the smallest box around it; an ellipse's axes are its
        // points' principal axes (the smallest box turns freely around a near-ellipse).
        let rectangle = OrientedBox.upright(OrientedBox.smallest(around: samples), around: samples)
        let ellipse = OrientedBox.upright(OrientedBox(around: samples, angle: principalAngle(of: samples)), around: samples)
        guard 2 * max(rectangle.halfWidth, rectangle.halfHeight) >= minimumClosedShape else { return nil }
        var rectangleError = 0.0, ellipseError = 0.0
        for point in rectangle.local(samples) {
            rectangleError += abs(min(rectangle.halfWidth - abs(point.x), rectangle.halfHeight - abs(point.y)))
        }
        for point in ellipse.local(samples) {
            let (x, y) = (point.x / ellipse.halfWidth, point.y / ellipse.halfHeight)
            ellipseError += abs((x * x + y * y).squareRoot() - 1)
        }
        rectangleError /= Double(samples.count) * (rectangle.halfWidth + rectangle.halfHeight) / 2
        ellipseError /= Double(samples.count)
        if ellipseError <= fitTolerance, ellipseError * fitMargin <= rectangleError {
            var box = ellipse
            // A circle looks the same at any angle.
            if box.aspect <= circleAspect { box.makeSquare(upright: true) }
            return .ellipse(frame: box.frame, rotation: box.angle)
        }
        if rectangleError <= fitTolerance, rectangleError * fitMargin <= ellipseError {
            var box = rectangle
            if box.aspect <= squareAspect { box.makeSquare(upright: false) }
            return .rectangle(frame: box.frame, rotation: box.angle)
        }
        return nil
    }

    /// The direction along which the points spread most (radians).
    private static func principalAngle(of points: [Point]) -> Double {
        let count = Double(points.count)
        let mean = points.reduce(Point(x: 0, y: 0), +)
        let (mx, my) = (mean.x / count, mean.y / count)
        var xx = 0.0, yy = 0.0, xy = 0.0
        for point in points {
            let (dx, dy) = (point.x - mx, point.y - my)
            (xx, yy, xy) = (xx + dx * dx, yy + dy * dy, xy + dx * dy)
        }
        return PortableMath.atan2(2 * xy, xx - yy) / 2
    }
}

/// A polyline measured along its length, to be sampled at even steps (a pen slowing down or held
/// still gives many points in one place, which would weigh too much in a fit).
private struct ArcPath {
    let points: [Point]
    /// The length of the path up to each point.
    let distances: [Double]
    var length: Double { distances[distances.count - 1] }

    init?(_ points: [Point]) {
        guard points.count >= 2 else { return nil }
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for index in 1..<points.count { distances.append(distances[index - 1] + points[index - 1].distance(to: points[index])) }
        (self.points, self.distances) = (points, distances)
    }

    func resampled(count: Int) -> [Point] {
        var result = [Point]()
        result.reserveCapacity(count)
        var segment = 1
        for step in 0..<count {
            let target = length * Double(step) / Double(count - 1)
            while segment < points.count - 1, distances[segment] < target { segment += 1 }
            let span = distances[segment] - distances[segment - 1]
            let share = span > 0 ? min(max((target - distances[segment - 1]) / span, 0), 1) : 0
            let from = points[segment - 1], to = points[segment]
            result.append(Point(x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share))
        }
        return result
    }
}

/// A rectangle around points at an angle (radians): its centre and half-sizes along the angle's axes.
private struct OrientedBox {
    var angle: Double
    var center: Point
    var halfWidth: Double, halfHeight: Double

    /// The box at `angle`, or a quarter turn from it, whichever is nearer upright (its width along
    /// the nearer axis).
    init(around points: [Point], angle: Double) {
        let quarter = Double.pi / 2
        let angle = angle - PortableMath.rounded(angle / quarter) * quarter
        let (cosine, sine) = (PortableMath.cos(angle), PortableMath.sin(angle))
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
        for point in points {
            let u = point.x * cosine + point.y * sine, v = -point.x * sine + point.y * cosine
            (minU, maxU, minV, maxV) = (min(minU, u), max(maxU, u), min(minV, v), max(maxV, v))
        }
        let (midU, midV) = ((minU + maxU) / 2, (minV + maxV) / 2)
        self.angle = angle
        center = Point(x: midU * cosine - midV * sine, y: midU * sine + midV * cosine)
        halfWidth = max((maxU - minU) / 2, 0.5)
        halfHeight = max((maxV - minV) / 2, 0.5)
    }

    /// The box of least area, by whole degrees and then tenths around the best.
    static func smallest(around points: [Point]) -> OrientedBox {
        func best(_ angles: [Double]) -> OrientedBox {
            angles.map { OrientedBox(around: points, angle: $0) }.min { $0.halfWidth * $0.halfHeight < $1.halfWidth * $1.halfHeight }!
        }
        let degree = Double.pi / 180
        let coarse = best((-45..<45).map { Double($0) * degree })
        return best((-10...10).map { coarse.angle + Double($0) * degree / 10 })
    }

    /// `box`, made upright when it is within a few degrees of it.
    static func upright(_ box: OrientedBox, around points: [Point]) -> OrientedBox {
        box.angle != 0 && abs(box.angle) <= ShapeRecognizer.snapAngle ? OrientedBox(around: points, angle: 0) : box
    }

    var aspect: Double { max(halfWidth, halfHeight) / min(halfWidth, halfHeight) }

    /// `points` in the box's own axes, from its centre.
    func local(_ points: [Point]) -> [Point] {
        let (cosine, sine) = (PortableMath.cos(angle), PortableMath.sin(angle))
        return points.map { point in
            let offset = point - center
            return Point(x: offset.x * cosine + offset.y * sine, y: -offset.x * sine + offset.y * cosine)
        }
    }

    mutating func makeSquare(upright: Bool) {
        let half = (halfWidth + halfHeight) / 2
        (halfWidth, halfHeight) = (half, half)
        if upright { angle = 0 }
    }

    /// The frame before the turn: centred where the box is.
    var frame: Rect { Rect(x: center.x - halfWidth, y: center.y - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight) }
}
