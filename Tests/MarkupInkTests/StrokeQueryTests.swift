import MarkupInk
import MarkupModel
import Testing

struct StrokeQueryTests {
    static let line = InkFixtures.stroke(.pen, InkFixtures.line(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), count: 51), width: 4)

    @Test func hitTestRespectsTolerance() {
        #expect(Self.line.hitTest(Point(x: 50, y: 3), tolerance: 1.5))
        #expect(!Self.line.hitTest(Point(x: 50, y: 6), tolerance: 1.5))
        #expect(Self.line.hitTest(Point(x: 50, y: 6), tolerance: 4.5))
        var moved = Self.line
        moved.transform = Transform2D(translationX: 0, y: 100)
        #expect(moved.hitTest(Point(x: 50, y: 101), tolerance: 0.5))
        #expect(!moved.hitTest(Point(x: 50, y: 1), tolerance: 0.5))
    }

    @Test func sweptCircleIntersection() {
        #expect(Self.line.intersects(sweptCircleFrom: Point(x: 30, y: -20), to: Point(x: 30, y: 20), radius: 0))
        #expect(!Self.line.intersects(sweptCircleFrom: Point(x: 30, y: -20), to: Point(x: 30, y: -10), radius: 5))
        #expect(Self.line.intersects(sweptCircleFrom: Point(x: 30, y: -20), to: Point(x: 30, y: -10), radius: 8.5))
        #expect(!Self.line.intersects(sweptCircleFrom: Point(x: 120, y: -20), to: Point(x: 120, y: 20), radius: 10))
    }

    @Test func erasingSplitsAndKeepsSurvivorsUnchanged() throws {
        let ranges = try #require(Self.line.survivingRanges(afterErasingFrom: Point(x: 50, y: -20), to: Point(x: 50, y: 20), radius: 5))
        #expect(ranges == [0..<23, 28..<51])
        let pieces = Self.line.splitting(keeping: ranges)
        #expect(pieces.count == 2)
        #expect(pieces[0].points == Array(Self.line.points[0..<23]))
        #expect(pieces[1].points == Array(Self.line.points[28..<51]))
        #expect(pieces.allSatisfy { $0.ink == Self.line.ink && $0.randomSeed == Self.line.randomSeed })

        let second = try #require(pieces[1].survivingRanges(afterErasingFrom: Point(x: 80, y: -20), to: Point(x: 80, y: 20), radius: 1))
        let again = pieces[1].splitting(keeping: second)
        let survivors = again.flatMap(\.points)
        #expect(survivors.allSatisfy { Self.line.points.contains($0) })
        #expect(survivors.count == 23 - 1)
        #expect(Self.line.survivingRanges(afterErasingFrom: Point(x: 0, y: 50), to: Point(x: 100, y: 50), radius: 5) == nil)
    }

    @Test func anEraserCrossingBetweenPointsCutsTheStroke() {
        let sparse = InkFixtures.stroke(.pen, [Point(x: 0, y: 0), Point(x: 100, y: 0)], width: 2)
        #expect(sparse.survivingRanges(afterErasingFrom: Point(x: 50, y: -10), to: Point(x: 50, y: 10), radius: 1) == [0..<1, 1..<2])
    }

    @Test func lasso() {
        let around = [Point(x: -10, y: -10), Point(x: 110, y: -10), Point(x: 110, y: 10), Point(x: -10, y: 10)]
        let half = [Point(x: -10, y: -10), Point(x: 60, y: -10), Point(x: 60, y: 10), Point(x: -10, y: 10)]
        let elsewhere = [Point(x: 200, y: 200), Point(x: 300, y: 200), Point(x: 250, y: 300)]
        #expect(Self.line.isInside(lasso: around))
        #expect(Self.line.isInside(lasso: half))
        #expect(!Self.line.isInside(lasso: half, minimumFraction: 0.9))
        #expect(!Self.line.isInside(lasso: elsewhere))
    }

    @Test func simplificationKeepsCornersAndEnds() {
        let path = InkFixtures.line(from: .zero, to: Point(x: 50, y: 0), count: 50) + InkFixtures.line(from: Point(x: 50, y: 1), to: Point(x: 50, y: 50), count: 49)
        let stroke = InkFixtures.stroke(.pen, path)
        let simple = stroke.simplified(tolerance: 0.1)
        #expect(simple.points.count <= 5)
        #expect(simple.points.first == stroke.points.first && simple.points.last == stroke.points.last)
        #expect(simple.points.allSatisfy { stroke.points.contains($0) })
        #expect(simple.points.contains { $0.location == Point(x: 50, y: 0) })
    }

    @Test func renderBoundsHoldTheInk() {
        let bounds = Self.line.renderBounds
        #expect(bounds.minX < 0 && bounds.maxX > 100 && bounds.minY <= -1.9 && bounds.maxY >= 1.9)
    }
}
