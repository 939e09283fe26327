import MarkupModel

/// Where a connected line's ends lie: an exact end on its element's anchor; any other aimed at the
/// anchor from the line's other end and stopped `LineConnection.gap` short of the element's
/// outline, as tldraw and Excalidraw draw arrows between shapes.
public enum LineRouting {
    /// A line's frame and its ends in unit coordinates of that frame, for ends at `start` and `end`.
    public static func layout(from start: Point, to end: Point) -> (frame: Rect, from: Point, to: Point) {
        let laidOut = LineCurve(straightFrom: start, to: end).layout(bent: false)
        return (laidOut.frame, laidOut.from, laidOut.to)
    }

    /// `line` (a line element) given `curve` (document points): its frame, ends and middle, turned
    /// to 0°; straight when `bent` is false.
    static func laidOut(_ line: Element, along curve: LineCurve, bent: Bool) -> Element? {
        let (frame, from, to, middle) = curve.layout(bent: bent)
        return placed(line, in: frame, from: from, to: to) { shape in
            (shape.lineMiddle, shape.lineCorners, shape.elbowMiddle) = (middle, nil, nil)
        }
    }

    /// `line` (a line element) as an elbow line along `path` (document points, its ends first and
    /// last), turned to 0°.
    static func laidOut(_ line: Element, elbow path: [Point]) -> Element? {
        guard path.count >= 2 else { return nil }
        let (frame, from, to, corners) = ElbowPath.layout(path)
        return placed(line, in: frame, from: from, to: to) { shape in (shape.lineMiddle, shape.lineCorners) = (nil, corners) }
    }

    /// `line` (a line element) in `frame`, its ends at `from` and `to` (unit coordinates of the
    /// frame), turned to 0°, `finish` giving its shape the rest; nil for another element.
    private static func placed(_ line: Element, in frame: Rect, from: Point, to: Point, _ finish: (inout Shape) -> Void) -> Element? {
        guard case .shape(var shape) = line.content, case .line(_, _, let startMarker, let endMarker) = shape.configuration else { return nil }
        shape.configuration = .line(from: from, to: to, startMarker: startMarker, endMarker: endMarker)
        finish(&shape)
        var laidOut = line
        laidOut.rotation = 0
        laidOut.frame = frame
        laidOut.setContent(.shape(shape))
        return laidOut
    }

    /// The route of an elbow line from `start` to `end`, free ends both (a Z along the wider way),
    /// its middle segment through `middle` (fractions of the way from `start` to `end`) when given.
    public static func freeElbow(from start: Point, to end: Point, middle: Point? = nil) -> [Point] {
        ElbowRouter.route(from: .init(free: start), to: .init(free: end), through: middle.map { point(at: $0, from: start, to: end) })
    }

    /// The point `fractions` of the way from `start` to `end`, across and down.
    static func point(at fractions: Point, from start: Point, to end: Point) -> Point {
        Point(x: start.x + fractions.x * (end.x - start.x), y: start.y + fractions.y * (end.y - start.y))
    }

    /// How far `point` is from `start` to `end`, across and down, as fractions of the way (a half
    /// where the two are level).
    static func fractions(of point: Point, from start: Point, to end: Point) -> Point {
        func along(_ value: Double, _ from: Double, _ to: Double) -> Double { abs(to - from) < 1e-9 ? 0.5 : (value - from) / (to - from) }
        return Point(x: along(point.x, start.x, end.x), y: along(point.y, start.y, end.y))
    }

    /// Where an elbow line's middle is measured from and to: for each end, the middle of the
    /// element it aims at, the spot an exact end is on, or a free end's place.
    static func elbowReferences(_ line: Element, element: (ElementID) -> Element?) -> (start: Point, end: Point)? {
        guard case .shape(let shape) = line.content, let path = line.elbowPath else { return nil }
        func reference(_ connection: LineConnection?, free point: Point) -> Point {
            guard let connection, let target = element(connection.element) else { return point }
            return connection.isExact ? target.documentPoint(connection.anchor) : target.frame.center
        }
        return (reference(shape.startConnection, free: path[0]), reference(shape.endConnection, free: path[path.count - 1]))
    }

    /// `line` laid out anew for its connections to the elements `element(_:)` gives, turned to 0°
    /// (a line that lies where it would be laid out is given back as it is); nil when an end's
    /// element is missing or the ends would meet.
    public static func routed(_ line: Element, element: (ElementID) -> Element?) -> Element? {
        guard case .shape(let shape) = line.content, let curve = line.lineCurve else { return nil }
        var (start, end) = (curve.start, curve.end)
        var startTarget: (LineConnection, Element)?, endTarget: (LineConnection, Element)?
        if let connection = shape.startConnection {
            guard let target = element(connection.element) else { return nil }
            startTarget = (connection, target)
        }
        if let connection = shape.endConnection {
            guard let target = element(connection.element) else { return nil }
            endTarget = (connection, target)
        }
        let startAim = startTarget.map { $0.1.documentPoint($0.0.anchor) } ?? start
        let endAim = endTarget.map { $0.1.documentPoint($0.0.anchor) } ?? end
        let gap = LineConnection.gap + shape.lineWidth / 2
        if let path = line.elbowPath {
            let middle = shape.elbowMiddle.flatMap { fractions in
                elbowReferences(line, element: element).map { point(at: fractions, from: $0.start, to: $0.end) }
            }
            return routedElbow(line, path: path, ends: (startTarget, endTarget), through: middle, gap: gap)
        }
        let bent = shape.lineMiddle != nil
        let aimed = curve.reshaped(from: startAim, to: endAim)
        if let (connection, target) = startTarget {
            start = connection.isExact ? startAim
                : bent ? stop(along: LineCurve(start: aimed.end, middle: aimed.middle, end: aimed.start), at: target, gap: gap)
                : stop(from: endAim, toward: startAim, at: target, gap: gap)
        }
        if let (connection, target) = endTarget {
            end = connection.isExact ? endAim : bent ? stop(along: aimed, at: target, gap: gap) : stop(from: startAim, toward: endAim, at: target, gap: gap)
        }
        guard start.isFinite, end.isFinite, start.squaredDistance(to: end) > 1e-12 else { return nil }
        let routed = curve.reshaped(from: start, to: end)
        // A line laid out where it already lies is left as it is, rounding aside (a bent one's
        // middle comes back through fractions of its chord): laying it out again then changes
        // nothing, so undo still finds it as its step left it.
        if [(routed.start, curve.start), (routed.middle, curve.middle), (routed.end, curve.end)].allSatisfy({ $0.squaredDistance(to: $1) < 1e-12 }) {
            return line
        }
        return laidOut(line, along: routed, bent: bent)
    }

    /// An elbow line (now along `path`) routed for the elements its ends are attached to, through
    /// `middle` when given: an end aimed at an element leaves from the middle of one of its box's
    /// sides, `gap` short of its outline; an exact end from its spot; a free end from where it is.
    private static func routedElbow(_ line: Element, path: [Point], ends: (start: (LineConnection, Element)?, end: (LineConnection, Element)?),
                                    through middle: Point?, gap: Double) -> Element? {
        func end(_ target: (LineConnection, Element)?, free point: Point) -> ElbowRouter.End {
            guard let (connection, element) = target else { return .init(free: point) }
            let box = element.renderFrame
            if connection.isExact { return .pinned(at: element.documentPoint(connection.anchor), on: box) }
            return .leaving(box) { side in
                let middle = box.center + Point(x: side.outward.x * box.width / 2, y: side.outward.y * box.height / 2)
                let stop = stop(from: middle + side.outward * (2 * gap + 1), toward: box.center, at: element, gap: gap)
                return stop.squaredDistance(to: box.center) > 1e-12 ? stop : nil
            }
        }
        let route = ElbowRouter.route(from: end(ends.start, free: path[0]), to: end(ends.end, free: path[path.count - 1]), through: middle)
        guard route.count >= 2, route.allSatisfy(\.isFinite), route[0].squaredDistance(to: route[route.count - 1]) > 1e-12 else { return nil }
        if route.count == path.count, zip(route, path).allSatisfy({ $0.squaredDistance(to: $1) < 1e-12 }) { return line }
        return laidOut(line, elbow: route)
    }

    /// Where `curve`, aimed at its end inside `target`, stops: `gap` short (along the curve) of
    /// where it first crosses the target's outline, as `stop(from:toward:at:gap:)` does for a
    /// straight line; the curve is followed in 32 straight steps.
    static func stop(along curve: LineCurve, at target: Element, gap: Double) -> Point {
        let points = curve.polyline(segments: 32)
        var travelled = 0.0
        for index in points.indices.dropLast() {
            let (a, b) = (points[index], points[index + 1])
            let length = a.distance(to: b)
            if let t = firstCrossing(from: target.unrotated(a), to: target.unrotated(b), outlineOf: target) {
                let reach = travelled + t * length
                return ElbowPath.point(atDistance: reach > 2 * gap ? reach - gap : reach, along: points)
            }
            travelled += length
        }
        return curve.end
    }

    /// Where a line from `origin` aimed at `aim`, inside `target`, stops: `gap` short of the first
    /// crossing of the target's outline (at the crossing when the line is too short for the gap;
    /// at `aim` when it never crosses, from inside).
    static func stop(from origin: Point, toward aim: Point, at target: Element, gap: Double) -> Point {
        let direction = aim - origin
        let length = origin.distance(to: aim)
        guard length > 0 else { return aim }
        let local = (target.unrotated(origin), target.unrotated(aim))
        guard let crossing = firstCrossing(from: local.0, to: local.1, outlineOf: target) else { return aim }
        let reach = crossing * length
        let along = reach > 2 * gap ? reach - gap : reach
        return origin + direction * (along / length)
    }

    /// The smallest fraction of the way from `start` to `end` (both in the element's frame before
    /// its rotation) at which the segment meets the element's outline: an ellipse, the corners of a
    /// polygon, a star, a block arrow, a rounded rectangle or a speech bubble with its tail
    /// (`ShapeConfiguration.polygonCorners`), or else its frame.
    static func firstCrossing(from start: Point, to end: Point, outlineOf element: Element) -> Double? {
        let frame = element.frame
        var configuration: ShapeConfiguration?
        if case .shape(let shape) = element.content { configuration = shape.configuration }
        if configuration == .ellipse, frame.width > 0, frame.height > 0 {
            return ellipseCrossing(from: start, to: end, in: frame)
        }
        let corners = configuration?.polygonCorners(in: frame) ?? frame.corners
        var first: Double?
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % corners.count]
            if let t = segmentCrossing(from: start, to: end, edgeFrom: a, to: b), t < (first ?? .infinity) { first = t }
        }
        return first
    }

    private static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

    private static func segmentCrossing(from start: Point, to end: Point, edgeFrom a: Point, to b: Point) -> Double? {
        let along = end - start, edge = b - a
        let denominator = cross(along, edge)
        guard abs(denominator) > 1e-12 else { return nil }
        let t = cross(a - start, edge) / denominator, u = cross(a - start, along) / denominator
        return (0...1).contains(t) && (0...1).contains(u) ? t : nil
    }

    private static func ellipseCrossing(from start: Point, to end: Point, in frame: Rect) -> Double? {
        let rx = frame.width / 2, ry = frame.height / 2, center = frame.center
        let ox = (start.x - center.x) / rx, oy = (start.y - center.y) / ry
        let dx = (end.x - start.x) / rx, dy = (end.y - start.y) / ry
        let a = dx * dx + dy * dy, b = 2 * (ox * dx + oy * dy), c = ox * ox + oy * oy - 1
        let discriminant = b * b - 4 * a * c
        guard a > 0, discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        return [(-b - root) / (2 * a), (-b + root) / (2 * a)].filter { (0...1).contains($0) }.min()
    }
}
