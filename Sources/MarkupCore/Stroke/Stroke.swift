/// A pen stroke: an ink, the samples it was drawn through, a transform and a random seed.
///
/// The seed drives the ink's texture (pencil grain, crayon wax), so the same stroke always
/// renders the same pixels.
public struct Stroke: Hashable, Sendable {
    public var ink: Ink
    /// Maps the points' coordinates to document coordinates; moving a stroke changes only this.
    public var transform: Transform2D
    public var randomSeed: UInt32
    public var points: [StrokePoint]

    public init(ink: Ink, points: [StrokePoint], transform: Transform2D = .identity, randomSeed: UInt32 = 0) {
        self.ink = ink
        self.points = points
        self.transform = transform
        self.randomSeed = randomSeed
    }

    /// A conservative box around the stroke in document coordinates: every point's location after the
    /// transform, grown by the largest point size (or the ink width) times the transform's scale.
    ///
    /// The ink module computes the exact outline; this box always contains it.
    public var approximateBounds: Rect {
        let box: Rect, largestMark: Double
        if transform.b == 0, transform.c == 0, let extent = StrokePoint.extent(of: points) {
            // An axis-aligned transform moves each coordinate monotonically: the box of the two
            // extreme corners is the box of all the points, to the last bit.
            box = Rect(origin: transform.apply(to: extent.min), size: .zero).union(Rect(origin: transform.apply(to: extent.max), size: .zero))
            largestMark = Swift.max(ink.width, extent.largestSize)
        } else {
            guard let enclosing = Rect.enclosing(points.lazy.map { transform.apply(to: $0.location) }) else {
                return Rect(origin: transform.apply(to: .zero), size: .zero)
            }
            box = enclosing
            largestMark = points.reduce(ink.width) { Swift.max($0, $1.size.width, $1.size.height) }
        }
        let scale = transform.scale
        return box.expanded(by: largestMark / 2 * Swift.max(scale.width, scale.height, 1))
    }
}

#if !hasFeature(Embedded)
extension Stroke: Codable {}
#endif
