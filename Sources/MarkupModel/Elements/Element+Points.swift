/// Points of an element's frame in document coordinates, its rotation applied: where a line's ends
/// are drawn, and what a point of the page is in the frame before its turn.
extension Element {
    /// The document point of `unit` (coordinates of the frame: (0, 0) its top-left corner, (1, 1)
    /// its bottom-right), the rotation applied.
    public func documentPoint(_ unit: Point) -> Point {
        turned(Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height), by: rotation)
    }

    /// Where `stroke` (this element's) is drawn: its own transform, then the element's turn about
    /// the middle of its frame.
    public func placement(of stroke: Stroke) -> Transform2D {
        rotation == 0 ? stroke.transform : stroke.transform.concatenating(Transform2D(rotationAbout: frame.center, radians: rotation))
    }

    /// This element's stroke with its turn folded into its transform: where its points are drawn, as
    /// hit tests, the lasso and the eraser must take them; nil for another element.
    public var placedStroke: Stroke? {
        guard case .stroke(var stroke) = content else { return nil }
        if rotation != 0 { stroke.transform = placement(of: stroke) }
        return stroke
    }

    /// `point` in the frame before the rotation: the document point the rotation takes there undone.
    public func unrotated(_ point: Point) -> Point {
        turned(point, by: -rotation)
    }

    /// A line's ends in document points, its rotation applied; nil for another element.
    public var lineEnds: (start: Point, end: Point)? {
        lineCurve.map { ($0.start, $0.end) }
    }

    /// A line's curve in document points, its rotation applied (straight when it has no middle);
    /// nil for another element.
    public var lineCurve: LineCurve? {
        guard case .shape(let shape) = content, let curve = shape.lineCurve(in: frame) else { return nil }
        return LineCurve(start: turned(curve.start, by: rotation), middle: turned(curve.middle, by: rotation), end: turned(curve.end, by: rotation))
    }

    /// An elbow line's start, corners and end in document points, its rotation applied; nil for
    /// a line without corners or another element.
    public var elbowPath: [Point]? {
        guard case .shape(let shape) = content, let path = shape.elbowPath(in: frame) else { return nil }
        return path.map { turned($0, by: rotation) }
    }

    /// Where a line is halfway along (a curve's middle, an elbow line's by length), in document
    /// points: where its label sits; nil for another element.
    public var lineHalfway: Point? {
        elbowPath.map(ElbowPath.halfway) ?? lineCurve?.middle
    }

    /// How far past half its height a label's middle may lie from its line's middle (where a
    /// double-click puts it) and still be that line's label.
    public static let labelReach = 8.0

    /// Whether this element, a text box, sits on a line whose middle is `halfway`: that line's label
    /// (it follows the line, hides it behind its words, goes to Excalidraw bound to it).
    public func isLabel(onLineHalfway halfway: Point) -> Bool {
        frame.center.distance(to: halfway) <= frame.height / 2 + Self.labelReach
    }

    private func turned(_ point: Point, by angle: Double) -> Point {
        guard angle != 0 else { return point }
        return Transform2D(rotationAbout: frame.center, radians: angle).apply(to: point)
    }
}

extension Element {
    /// The points a line is drawn through, in document points: its ends, a bent line's curve in 32
    /// steps, or an elbow line's corners; nil for another element.
    public var linePolyline: [Point]? {
        if let elbow = elbowPath { return elbow }
        guard case .shape(let shape) = content, let curve = lineCurve else { return nil }
        return shape.lineMiddle == nil ? [curve.start, curve.end] : curve.polyline(segments: 32)
    }
}
