import MarkupCore

/// Small exact-as-possible planar helpers shared by the stroke queries.
public enum PlaneGeometry {
    /// The distance from `point` to the segment from `start` to `end`.
    public static func distance(from point: Point, toSegment start: Point, _ end: Point) -> Double {
        let delta = end - start
        let lengthSquared = delta.x * delta.x + delta.y * delta.y
        guard lengthSquared > 0 else { return point.distance(to: start) }
        let t = min(max(((point.x - start.x) * delta.x + (point.y - start.y) * delta.y) / lengthSquared, 0), 1)
        return point.distance(to: start + delta * t)
    }

    /// Whether two segments cross or touch.
    public static func segmentsIntersect(_ a1: Point, _ a2: Point, _ b1: Point, _ b2: Point) -> Bool {
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        let d1 = cross(b1, b2, a1), d2 = cross(b1, b2, a2), d3 = cross(a1, a2, b1), d4 = cross(a1, a2, b2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        func onSegment(_ p: Point, _ q: Point, _ r: Point) -> Bool {
            min(p.x, q.x) <= r.x && r.x <= max(p.x, q.x) && min(p.y, q.y) <= r.y && r.y <= max(p.y, q.y)
        }
        return (d1 == 0 && onSegment(b1, b2, a1)) || (d2 == 0 && onSegment(b1, b2, a2))
            || (d3 == 0 && onSegment(a1, a2, b1)) || (d4 == 0 && onSegment(a1, a2, b2))
    }

    /// The shortest distance between two segments.
    public static func distance(betweenSegment a1: Point, _ a2: Point, and b1: Point, _ b2: Point) -> Double {
        if segmentsIntersect(a1, a2, b1, b2) { return 0 }
        return min(distance(from: a1, toSegment: b1, b2), distance(from: a2, toSegment: b1, b2),
                   distance(from: b1, toSegment: a1, a2), distance(from: b2, toSegment: a1, a2))
    }

    /// Whether `point` lies inside `polygon` (even-odd rule; the polygon closes itself).
    public static func contains(_ polygon: [Point], _ point: Point) -> Bool {
        guard polygon.count >= 3 else { return false }
        var inside = false
        var previous = polygon[polygon.count - 1]
        for current in polygon {
            if (current.y > point.y) != (previous.y > point.y) {
                let crossingX = (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
                if point.x < crossingX { inside.toggle() }
            }
            previous = current
        }
        return inside
    }

    /// The signed area by the shoelace formula: negative for the outline contours MarkupKit makes.
    /// Coordinates are taken relative to the first vertex, so far-off polygons keep their precision.
    public static func signedArea(_ polygon: [Point]) -> Double {
        guard let origin = polygon.first, polygon.count >= 3 else { return 0 }
        var twice = 0.0
        var previous = polygon[polygon.count - 1] - origin
        for vertex in polygon {
            let current = vertex - origin
            twice += previous.x * current.y - current.x * previous.y
            previous = current
        }
        return twice / 2
    }
}
