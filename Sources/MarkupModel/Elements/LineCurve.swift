/// A line bent into a quadratic Bézier curve that passes through `middle` halfway along (tldraw's
/// bent arrows, Excalidraw's curved ones): the one curve a line's two ends and its middle give.
/// A straight line is the curve whose middle is halfway between its ends.
public struct LineCurve: Hashable, Sendable {
    public var start: Point
    public var middle: Point
    public var end: Point

    public init(start: Point, middle: Point, end: Point) {
        self.start = start
        self.middle = middle
        self.end = end
    }

    /// The straight line from `start` to `end`.
    public init(straightFrom start: Point, to end: Point) {
        self.init(start: start, middle: (start + end) * 0.5, end: end)
    }

    /// How far (in points) a middle must lie from the chord's middle for a line to count as bent:
    /// a hundredth of a point, as good as on it (a page snaps a handle let go near the middle
    /// itself, by its own measure on the screen).
    public static let straightTolerance = 0.01

    /// Whether the middle lies within `straightTolerance` of the chord's middle.
    public var isStraight: Bool {
        middle.distance(to: (start + end) * 0.5) < Self.straightTolerance
    }

    /// The Bézier control point: the curve at one half is `middle`.
    public var control: Point { middle * 2 - (start + end) * 0.5 }

    /// The point a fraction `t` (0 at the start, 1 at the end) of the way along the curve's parameter.
    public func point(at t: Double) -> Point {
        let u = 1 - t
        return start * (u * u) + control * (2 * u * t) + end * (t * t)
    }

    /// The box the curve fills: its ends and where it turns back in either direction.
    public var bounds: Rect {
        var points = [start, end]
        let control = control
        for (a, b, c) in [(start.x, control.x, end.x), (start.y, control.y, end.y)] {
            let denominator = a - 2 * b + c
            guard denominator != 0 else { continue }
            let t = (a - b) / denominator
            if t > 0, t < 1 { points.append(point(at: t)) }
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// The frame of a line drawn along the curve (holding it whole when `bent`, else the box of its
    /// ends), and its ends and (when `bent`) its middle in unit coordinates of that frame.
    public func layout(bent: Bool) -> (frame: Rect, from: Point, to: Point, middle: Point?) {
        let frame = bent ? bounds : Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        return (frame, frame.unitPoint(of: start), frame.unitPoint(of: end), bent ? frame.unitPoint(of: middle) : nil)
    }

    /// `segments + 1` points along the curve, evenly spaced in its parameter.
    public func polyline(segments: Int = 32) -> [Point] {
        (0...max(segments, 1)).map { point(at: Double($0) / Double(max(segments, 1))) }
    }

    /// The same bend between new ends: the middle keeps its place relative to the chord (how far
    /// along and how far across, as fractions of the chord's length), so a bent arrow keeps its
    /// shape as the elements it joins move.
    public func reshaped(from newStart: Point, to newEnd: Point) -> LineCurve {
        let chord = end - start, length2 = chord.x * chord.x + chord.y * chord.y
        guard length2 > 0 else { return LineCurve(straightFrom: newStart, to: newEnd) }
        let offset = middle - (start + end) * 0.5
        let along = (offset.x * chord.x + offset.y * chord.y) / length2
        let across = (chord.x * offset.y - chord.y * offset.x) / length2
        let newChord = newEnd - newStart
        let newMiddle = (newStart + newEnd) * 0.5 + newChord * along + Point(x: -newChord.y, y: newChord.x) * across
        return LineCurve(start: newStart, middle: newMiddle, end: newEnd)
    }
}

extension Shape {
    /// A line's curve in `frame` (document points before the element's rotation), straight when it
    /// has no middle; nil for another shape.
    public func lineCurve(in frame: Rect) -> LineCurve? {
        guard case .line(let from, let to, _, _) = configuration else { return nil }
        func point(_ unit: Point) -> Point { Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height) }
        guard let lineMiddle else { return LineCurve(straightFrom: point(from), to: point(to)) }
        return LineCurve(start: point(from), middle: point(lineMiddle), end: point(to))
    }
}
