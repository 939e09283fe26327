/// Lines drawn through points: an elbow line's path (its start, its corners and its end, turning
/// only at right angles, as tldraw's and Excalidraw's elbow arrows) laid out in a frame, and where
/// a distance along such a path lands. The model keeps an elbow line's corners; the editor routes them.
public enum ElbowPath {
    /// The frame holding `path` (document points, at least two), and its ends and corners in unit
    /// coordinates of that frame: how an elbow line is laid out along a route.
    public static func layout(_ path: [Point]) -> (frame: Rect, from: Point, to: Point, corners: [Point]) {
        let frame = Rect.enclosing(path) ?? .zero
        let units = path.map(frame.unitPoint(of:))
        return (frame, units.first ?? Point(x: 0.5, y: 0.5), units.last ?? Point(x: 0.5, y: 0.5), Array(units.dropFirst().dropLast()))
    }

    /// The point `distance` along the polyline `points` from its first point (its last point past
    /// its end).
    public static func point(atDistance distance: Double, along points: [Point]) -> Point {
        var left = distance
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            if left <= length, length > 0 { return a + (b - a) * (left / length) }
            left -= length
        }
        return points.last ?? .zero
    }

    /// The point halfway along the polyline `points`, by length (where a label goes).
    public static func halfway(_ points: [Point]) -> Point {
        point(atDistance: zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } / 2, along: points)
    }
}

extension Shape {
    /// An elbow line's path in `frame` (document points before the element's rotation): its start,
    /// corners and end; nil for a line without corners or another shape.
    public func elbowPath(in frame: Rect) -> [Point]? {
        guard case .line(let from, let to, _, _) = configuration, let lineCorners else { return nil }
        func point(_ unit: Point) -> Point { Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height) }
        return [point(from)] + lineCorners.map(point) + [point(to)]
    }
}
