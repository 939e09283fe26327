import MarkupCore

extension PlaneGeometry {
    /// Whether a circle of `radius` moved from `start` to `end` touches a chain of `count` discs joined
    /// by their hulls: the centre line of a stroke with each point's ink radius. `disc(i)` gives the
    /// i-th centre and radius. Shared by strokes and by stores that keep the discs elsewhere, so
    /// every caller gets the same answer.
    @inlinable
    public static func sweptCircle(
        from start: Point, to end: Point, radius: Double, touchesDiscs count: Int,
        _ disc: (Int) -> (center: Point, radius: Double)
    ) -> Bool {
        guard count > 0 else { return false }
        let sweepMinX = min(start.x, end.x), sweepMaxX = max(start.x, end.x)
        let sweepMinY = min(start.y, end.y), sweepMaxY = max(start.y, end.y)
        var (previous, previousRadius) = disc(0)
        if count == 1 {
            return distance(from: previous, toSegment: start, end) <= radius + previousRadius
        }
        for index in 1..<count {
            let (location, pointRadius) = disc(index)
            let reach = radius + max(previousRadius, pointRadius)
            // Cheap rejection by boxes before the exact segment distance.
            if min(previous.x, location.x) - reach <= sweepMaxX, max(previous.x, location.x) + reach >= sweepMinX,
               min(previous.y, location.y) - reach <= sweepMaxY, max(previous.y, location.y) + reach >= sweepMinY,
               distance(betweenSegment: previous, location, and: start, end) <= reach {
                return true
            }
            previous = location
            previousRadius = pointRadius
        }
        return false
    }
}
