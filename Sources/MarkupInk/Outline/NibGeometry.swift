import MarkupCore

/// The nib as geometry: its support point in a direction, and polygons around it.
struct NibGeometry: Sendable {
    /// The nib's long axis and the axis across it, on the page.
    let axis: Point
    let across: Point
    /// Minor over major radius; 1 for a round nib.
    let aspectRatio: Double

    /// The nib as seen through `transform`, which may rotate it.
    init(nib: Nib, transform: Transform2D) {
        switch nib {
        case .round:
            axis = Point(x: 1, y: 0)
            across = Point(x: 0, y: 1)
            aspectRatio = 1
        case .ellipse(let ratio, let angle):
            let rotation = transform.rotationAngle
            axis = Point(x: PortableMath.cos(angle + rotation), y: PortableMath.sin(angle + rotation))
            across = Point(x: -axis.y, y: axis.x)
            aspectRatio = min(max(ratio, 0.02), 1)
        }
    }

    /// The point of the nib of `radius`, centred at the origin, farthest along the unit `direction`.
    @inline(__always)
    func support(_ direction: Point, radius: Double) -> Point {
        if aspectRatio == 1 { return direction * radius }
        let along = direction.x * axis.x + direction.y * axis.y
        let side = (direction.x * across.x + direction.y * across.y) * aspectRatio * aspectRatio
        let norm = (along * along + side * side * 1 / (aspectRatio * aspectRatio)).squareRoot()
        guard norm > 0 else { return .zero }
        let scale = radius / norm
        return Point(x: (axis.x * along + across.x * side) * scale, y: (axis.y * along + across.y * side) * scale)
    }

    /// How many polygon vertices a full turn around a nib of `radius` gets: more for bigger nibs, and
    /// always even, so half a turn is whole steps.
    static func segmentsPerTurn(radius: Double) -> Int {
        (min(max(6 + Int(min(radius, 32)), 8), 32) + 1) & ~1
    }

    /// The nib's rim point for the unit vector `(cosine, sine)` of the ellipse parameter, centred at the origin.
    @inline(__always)
    private func rim(cosine: Double, sine: Double, radius: Double) -> Point {
        let along = radius * cosine, side = radius * aspectRatio * sine
        return Point(x: axis.x * along + across.x * side, y: axis.y * along + across.y * side)
    }

    /// The unit vector of the ellipse parameter whose rim point lies farthest along the unit `direction`.
    @inline(__always)
    private func parameterVector(forNormal direction: Point) -> (cosine: Double, sine: Double) {
        let cosine = direction.x * axis.x + direction.y * axis.y
        let sine = aspectRatio * (direction.x * across.x + direction.y * across.y)
        let length = (cosine * cosine + sine * sine).squareRoot()
        return length > 0 ? (cosine / length, sine / length) : (1, 0)
    }

    /// Rim points from the support point of the unit `normal`, turning clockwise (decreasing angle)
    /// through half the rim, both ends excluded, around `center`. Sampled evenly along the ellipse's
    /// parameter, so thin nibs keep their shape.
    func halfRim(around center: Point, radius: Double, from normal: Point, into points: inout ContourList) {
        let start = parameterVector(forNormal: normal)
        let turn = UnitCircle.turn(steps: Self.segmentsPerTurn(radius: radius))
        for step in 1..<(turn.count / 2) {
            let (cosine, sine) = turn[step]
            points.add(center + rim(cosine: start.cosine * cosine + start.sine * sine,
                                    sine: start.sine * cosine - start.cosine * sine, radius: radius))
        }
    }

    /// The slice of the nib around `center` between the support points of the unit normals `from`
    /// and `to`, which `to` reaches from `from` turning clockwise by less than half a turn: the
    /// round join that fills the outer side of a corner. A clockwise polygon.
    func wedge(around center: Point, radius: Double, from start: Point, to end: Point, into points: inout ContourList) {
        let first = parameterVector(forNormal: start), last = parameterVector(forNormal: end)
        let turn = UnitCircle.turn(steps: Self.segmentsPerTurn(radius: radius))
        points.add(center)
        points.add(center + rim(cosine: first.cosine, sine: first.sine, radius: radius))
        for step in 1..<(turn.count / 2) {
            let (cosine, sine) = turn[step]
            let rotated = (cosine: first.cosine * cosine + first.sine * sine, sine: first.sine * cosine - first.cosine * sine)
            guard rotated.cosine * last.sine - rotated.sine * last.cosine < -1e-12 else { break }
            points.add(center + rim(cosine: rotated.cosine, sine: rotated.sine, radius: radius))
        }
        points.add(center + rim(cosine: last.cosine, sine: last.sine, radius: radius))
        points.closeContour()
    }

    /// The whole nib around `center` as a clockwise polygon.
    func polygon(around center: Point, radius: Double, into points: inout ContourList) {
        for (cosine, sine) in UnitCircle.turn(steps: Self.segmentsPerTurn(radius: radius)) {
            points.add(center + rim(cosine: cosine, sine: -sine, radius: radius))
        }
        points.closeContour()
    }
}

/// Cosines and sines of evenly spaced angles, computed once for every polygon size the nib uses.
enum UnitCircle {
    private static let tables: [[(Double, Double)]] = (0...32).map { steps in
        steps < 2 ? [] : (0..<steps).map { step in
            let angle = 2 * Double.pi * Double(step) / Double(steps)
            return (PortableMath.cos(angle), PortableMath.sin(angle))
        }
    }

    /// `(cos, sin)` of `2π·k/steps` for k in 0..<steps; `steps` must be even and at most 32.
    static func turn(steps: Int) -> [(Double, Double)] { tables[steps] }
}
