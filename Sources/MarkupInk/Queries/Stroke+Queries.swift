import MarkupCore

/// The geometry services the editor's tools need: hit tests, erasing, splitting, lasso and
/// simplification. Positions are in document coordinates (after the stroke's transform).
extension Stroke {
    /// The stroke's points in document coordinates.
    public var documentLocations: [Point] { points.map { transform.apply(to: $0.location) } }

    /// Each point's ink radius in document coordinates, before tapers (so tests err on the generous side).
    public var documentRadii: [Double] {
        let scale = documentScale
        return points.map { max($0.size.width, $0.size.height) / 2 * scale }
    }

    /// The exact box around the stroke as drawn.
    public var renderBounds: Rect { StrokeGeometry(stroke: self).bounds }

    /// Whether `point` is within `tolerance` of the ink as drawn.
    public func hitTest(_ point: Point, tolerance: Double) -> Bool {
        intersects(sweptCircleFrom: point, to: point, radius: tolerance)
    }

    /// Whether a circle of `radius` moved from `start` to `end` touches the ink: a segment when the
    /// radius is 0. What the vector eraser asks.
    public func intersects(sweptCircleFrom start: Point, to end: Point, radius: Double) -> Bool {
        let scale = documentScale, transform = transform, points = points
        let isIdentity = transform.isIdentity
        return PlaneGeometry.sweptCircle(from: start, to: end, radius: radius, touchesDiscs: points.count) { index in
            let point = points[index]
            return (isIdentity ? point.location : transform.apply(to: point.location),
                    max(point.size.width, point.size.height) / 2 * scale)
        }
    }

    /// How much the transform scales lengths (the square root of its area scale).
    public var documentScale: Double {
        let determinant = abs(transform.a * transform.d - transform.b * transform.c)
        return determinant > 0 && determinant.isFinite ? determinant.squareRoot() : 1
    }

    /// What a bitmap eraser of `radius` moved from `start` to `end` leaves of this stroke: the ranges of
    /// surviving points, each a piece of its own; nil when the eraser does not touch the centre line.
    ///
    /// A point goes when the eraser covers it; the stroke is also cut where the eraser crosses a
    /// segment between two surviving points.
    public func survivingRanges(afterErasingFrom start: Point, to end: Point, radius: Double) -> [Range<Int>]? {
        let locations = documentLocations
        guard !locations.isEmpty else { return nil }
        var ranges = [Range<Int>]()
        var runStart: Int?
        var touched = false
        for index in locations.indices {
            let erased = PlaneGeometry.distance(from: locations[index], toSegment: start, end) <= radius
            let cutBefore = !erased && index > 0 && runStart != nil
                && PlaneGeometry.distance(betweenSegment: locations[index - 1], locations[index], and: start, end) <= radius
            if erased || cutBefore {
                touched = true
                if let begin = runStart { ranges.append(begin..<index) }
                runStart = erased ? nil : index
            } else if runStart == nil {
                runStart = index
            }
        }
        if let begin = runStart { ranges.append(begin..<locations.count) }
        return touched ? ranges : nil
    }

    /// The pieces left after keeping only `ranges` of the points: every kept point is unchanged, and
    /// each piece keeps the ink, transform and seed.
    public func splitting(keeping ranges: [Range<Int>]) -> [Stroke] {
        ranges.filter { !$0.isEmpty && $0.lowerBound >= 0 && $0.upperBound <= points.count }.map {
            Stroke(ink: ink, points: Array(points[$0]), transform: transform, randomSeed: randomSeed)
        }
    }

    /// Whether at least `minimumFraction` of the stroke's points lie inside the lasso `polygon`.
    public func isInside(lasso polygon: [Point], minimumFraction: Double = 0.5) -> Bool {
        let locations = documentLocations
        guard !locations.isEmpty else { return false }
        let inside = locations.reduce(0) { $0 + (PlaneGeometry.contains(polygon, $1) ? 1 : 0) }
        return Double(inside) >= minimumFraction * Double(locations.count)
    }

    /// The stroke with points dropped where they lie within `tolerance` (document points) of the line
    /// through their neighbours (Ramer–Douglas–Peucker); the first and last are always kept, and kept
    /// points keep all their attributes.
    public func simplified(tolerance: Double) -> Stroke {
        let locations = documentLocations
        guard locations.count > 2 else { return self }
        var keep = [Bool](repeating: false, count: locations.count)
        keep[0] = true
        keep[locations.count - 1] = true
        var pending = [(0, locations.count - 1)]
        while let (first, last) = pending.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first, farthestDistance = -1.0
            for index in (first + 1)..<last {
                let distance = PlaneGeometry.distance(from: locations[index], toSegment: locations[first], locations[last])
                if distance > farthestDistance { (farthest, farthestDistance) = (index, distance) }
            }
            if farthestDistance > tolerance {
                keep[farthest] = true
                pending.append((first, farthest))
                pending.append((farthest, last))
            }
        }
        var copy = self
        copy.points = points.indices.filter { keep[$0] }.map { points[$0] }
        return copy
    }
}
