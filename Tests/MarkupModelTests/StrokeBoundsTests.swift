import MarkupModel
import MarkupTestSupport
import Testing

struct StrokeBoundsTests {
    /// The box every transformed point makes, grown by the largest mark: what `approximateBounds` promises.
    private static func boxOfEveryPoint(_ stroke: Stroke) -> Rect {
        var largestMark = stroke.ink.width
        for point in stroke.points { largestMark = max(largestMark, point.size.width, point.size.height) }
        let scale = stroke.transform.scale
        return Rect.enclosing(stroke.points.map { stroke.transform.apply(to: $0.location) })!
            .expanded(by: largestMark / 2 * max(scale.width, scale.height, 1))
    }

    @Test func boundsUnderAnAxisAlignedTransformAreTheBoxOfEveryPoint() {
        var random = SeededRandom(seed: 21)
        let transforms = [
            Transform2D.identity, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: -37.25, ty: 1e6), Transform2D(a: 2.5, b: 0, c: 0, d: 0.3, tx: 4, ty: -9),
            Transform2D(a: -1, b: 0, c: 0, d: -3, tx: 0, ty: 12), Transform2D(a: 0.7, b: 0.7, c: -0.7, d: 0.7, tx: 5, ty: 5),
        ]
        for round in 0..<400 {
            let count = 1 + Int(random.next() % 60)
            let points = (0..<count).map { _ in
                StrokePoint(location: Point(x: random.uniform(-5000...5000), y: random.uniform(-5000...5000)), timeOffset: 0,
                            size: Size(width: random.uniform(0...40), height: random.uniform(0...40)))
            }
            let stroke = Stroke(ink: Ink(.pen, width: random.uniform(1...20)), points: points, transform: transforms[round % transforms.count])
            #expect(stroke.approximateBounds == Self.boxOfEveryPoint(stroke), "round \(round)")
        }
    }
}
