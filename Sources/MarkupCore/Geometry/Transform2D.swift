
/// A 2-D affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, as CGTransform2D.
public struct Transform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    public init(rotationRadians radians: Double) {
        let cosine = PortableMath.cos(radians), sine = PortableMath.sin(radians)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// A rotation by `radians` about `center`.
    public init(rotationAbout center: Point, radians: Double) {
        self = Transform2D(translationX: -center.x, y: -center.y)
            .concatenating(Transform2D(rotationRadians: radians))
            .concatenating(Transform2D(translationX: center.x, y: center.y))
    }

    public var isIdentity: Bool { self == .identity }

    /// Whether every coefficient is a finite number.
    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy { $0.isFinite } }

    /// This transform followed by `other`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The rotation this transform applies to the x axis, in radians.
    public var rotationAngle: Double { PortableMath.atan2(b, a) }

    /// How much this transform scales lengths along the x and y axes.
    public var scale: Size { Size(width: (a * a + b * b).squareRoot(), height: (c * c + d * d).squareRoot()) }
}

#if !hasFeature(Embedded)
extension Transform2D: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            a: try container.decode(Double.self), b: try container.decode(Double.self),
            c: try container.decode(Double.self), d: try container.decode(Double.self),
            tx: try container.decode(Double.self), ty: try container.decode(Double.self)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: [a, b, c, d, tx, ty])
    }
}
#endif
