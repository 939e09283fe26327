/// An elbow line's path: its start, its corners and its end, turning only at right angles (tldraw's
/// and Excalidraw's elbow arrows). The model keeps the corners; the editor routes them.
public enum ElbowPath {
    /// The frame holding `path` (document points, at least two), and its ends and corners in unit
    /// coordinates of that frame: how an elbow line is laid out along a route.
    public static func layout(_ path: [Point]) -> (frame: Rect, from: Point, to: Point, corners: [Point]) {
        let frame = Rect.enclosing(path) ?? .zero
        func unit(_ point: Point) -> Point {
            func along(_ value: Double, _ origin: Double, _ size: Double) -> Double { size == 0 ? 0.5 : min(max((value - origin) / size, 0), 1) }
            return Point(x: along(point.x, frame.minX, frame.width), y: along(point.y, frame.minY, frame.height))
        }
        let units = path.map(unit)
        return (frame, units.first ?? Point(x: 0.5, y: 0.5), units.last ?? Point(x: 0.5, y: 0.5), Array(units.dropFirst().dropLast()))
    }

    /// The point halfway along the polyline `points`, by length (where a label goes).
    public static func halfway(_ points: [Point]) -> Point {
        var left = zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } / 2
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            if left <= length, length > 0 { return a + (b - a) * (left / length) }
            left -= length
        }
        return points.last ?? .zero
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
