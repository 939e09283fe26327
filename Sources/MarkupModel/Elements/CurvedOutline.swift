import Foundation

/// A closed outline of cubic Bézier curves: a heart's or a cloud's, drawn as curves by the
/// renderers and flattened to a polygon for hit testing and for what attaches to the shape.
public struct CurvedOutline: Hashable, Sendable {
    /// One curve: its two control points and where it ends (it starts where the one before ends).
    public struct Curve: Hashable, Sendable {
        public var control1: Point
        public var control2: Point
        public var end: Point
    }

    public var start: Point
    public var curves: [Curve]

    /// The outline with every point `transform`ed: a curve's image under an affine map is the curve
    /// of its points' images.
    func mapped(_ transform: (Point) -> Point) -> CurvedOutline {
        CurvedOutline(start: transform(start), curves: curves.map {
            Curve(control1: transform($0.control1), control2: transform($0.control2), end: transform($0.end))
        })
    }

    /// The outline as a polygon, each curve in `steps` straight steps (its start left out: the
    /// polygon closes back to it).
    public func flattened(steps: Int = 12) -> [Point] {
        let steps = max(steps, 1)
        var points: [Point] = []
        points.reserveCapacity(curves.count * steps)
        var from = start
        for curve in curves {
            for step in 1...steps {
                let t = Double(step) / Double(steps), u = 1 - t
                points.append(from * (u * u * u) + curve.control1 * (3 * u * u * t) + curve.control2 * (3 * u * t * t) + curve.end * (t * t * t))
            }
            from = curve.end
        }
        return points
    }

    /// The outline stretched to fill the unit square (by its exact extent).
    func fillingUnitSquare() -> CurvedOutline {
        let box = extent
        guard box.width > 0, box.height > 0 else { return self }
        return mapped { Point(x: ($0.x - box.minX) / box.width, y: ($0.y - box.minY) / box.height) }
    }

    /// The smallest box holding the curves: their ends, and each curve's turning points, where one
    /// coordinate's derivative is zero.
    public var extent: Rect {
        var xs = [start.x], ys = [start.y]
        var from = start
        for curve in curves {
            xs += Self.turningValues(from.x, curve.control1.x, curve.control2.x, curve.end.x) + [curve.end.x]
            ys += Self.turningValues(from.y, curve.control1.y, curve.control2.y, curve.end.y) + [curve.end.y]
            from = curve.end
        }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The values of the cubic of `p0`…`p3` where it turns strictly between its ends: at the roots of
    /// its derivative, 3((p1 − p0)(1 − t)² + 2(p2 − p1)(1 − t)t + (p3 − p2)t²).
    private static func turningValues(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let (a, b, c) = (p1 - p0, p2 - p1, p3 - p2)
        let q = a - 2 * b + c, r = 2 * (b - a)
        var roots: [Double] = []
        if abs(q) < 1e-12 {
            if abs(r) > 1e-12 { roots = [-a / r] }
        } else if r * r - 4 * q * a >= 0 {
            let root = (r * r - 4 * q * a).squareRoot()
            roots = [(-r + root) / (2 * q), (-r - root) / (2 * q)]
        }
        return roots.filter { $0 > 0 && $0 < 1 }.map { t in
            let u = 1 - t
            return p0 * u * u * u + 3 * p1 * u * u * t + 3 * p2 * u * t * t + p3 * t * t * t
        }
    }

    /// A heart filling the unit square: from the dip between its lobes over the left lobe's top
    /// (the square's top), down its left side (the square's left edge) to its point (the middle of
    /// the square's bottom), and back up the right side the same. Every control point is inside the
    /// square and each extreme is an end of a curve, so the curves fill it exactly as written.
    static let heart: CurvedOutline = {
        let dip = Point(x: 0.5, y: 0.22), tip = Point(x: 0.5, y: 1)
        return CurvedOutline(start: dip, curves: [
            Curve(control1: Point(x: 0.47, y: 0.06), control2: Point(x: 0.37, y: 0), end: Point(x: 0.25, y: 0)),
            Curve(control1: Point(x: 0.12, y: 0), control2: Point(x: 0, y: 0.14), end: Point(x: 0, y: 0.3)),
            Curve(control1: Point(x: 0, y: 0.55), control2: Point(x: 0.3, y: 0.78), end: tip),
            Curve(control1: Point(x: 0.7, y: 0.78), control2: Point(x: 1, y: 0.55), end: Point(x: 1, y: 0.3)),
            Curve(control1: Point(x: 1, y: 0.14), control2: Point(x: 0.88, y: 0), end: Point(x: 0.75, y: 0)),
            Curve(control1: Point(x: 0.63, y: 0), control2: Point(x: 0.53, y: 0.06), end: dip),
        ])
    }()

    /// A cloud filling the unit square: bumps around an ellipse, each leaving it outward and a little
    /// toward its own middle (so that two meet in a notch), the same on the left as on the right, the
    /// widest at the bottom.
    static let cloud: CurvedOutline = {
        // Where the bumps meet, in degrees clockwise from the top.
        let joins = [20.0, 62, 104, 148, 212, 256, 298, 340]
        func onCircle(_ degrees: Double, _ radius: Double) -> Point {
            let angle = (degrees - 90) * .pi / 180
            return Point(x: radius * cos(angle), y: radius * sin(angle))
        }
        var curves: [Curve] = []
        for (index, from) in joins.enumerated() {
            let to = index + 1 < joins.count ? joins[index + 1] : joins[0] + 360
            let bulge = 0.55 * (to - from) / 45
            let lean = (to - from) * 0.2
            curves.append(Curve(control1: onCircle(from + lean, 1 + bulge), control2: onCircle(to - lean, 1 + bulge), end: onCircle(to, 1)))
        }
        return CurvedOutline(start: onCircle(joins[0], 1), curves: curves).fillingUnitSquare()
    }()
}
