import Foundation
import MarkupEditor
import MarkupModel
import MarkupTestSupport
import Testing

/// Elbow lines (tldraw's and Excalidraw's elbow arrows): routed in horizontal and vertical segments,
/// out of the sides of what they join and round it, again whenever it moves.
struct ElbowTests {
    typealias Fixture = ConnectionTests

    static func path(_ id: ElementID, in controller: MarkupController) throws -> [Point] {
        let element = try #require(controller.markup.element(withID: id))
        return try #require(element.elbowPath)
    }

    /// Whether every segment of `path` is horizontal or vertical and none doubles back.
    static func isElbow(_ path: [Point]) -> Bool {
        let segments = zip(path, path.dropFirst()).map { $1 - $0 }
        guard segments.allSatisfy({ abs($0.x) < 1e-9 || abs($0.y) < 1e-9 }) else { return false }
        return zip(segments, segments.dropFirst()).allSatisfy { $0.x * $1.x + $0.y * $1.y >= 0 }
    }

    /// Whether a segment of `path` passes through the inside of `box`.
    static func crosses(_ path: [Point], _ box: Rect) -> Bool {
        zip(path, path.dropFirst()).contains { a, b in
            min(a.x, b.x) < box.maxX - 0.5 && max(a.x, b.x) > box.minX + 0.5 && min(a.y, b.y) < box.maxY - 0.5 && max(a.y, b.y) > box.minY + 0.5
        }
    }

    @Test func aFreeElbowLineTurnsHalfwayAlongItsWiderWay() throws {
        let (controller, _, _) = try Fixture.controller()
        let wide = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 300, y: 400), elbow: true)
        #expect(try Self.path(wide, in: controller) == [Point(x: 100, y: 300), Point(x: 200, y: 300), Point(x: 200, y: 400), Point(x: 300, y: 400)])
        #expect(try #require(controller.markup.element(withID: wide)).frame == Rect(x: 100, y: 300, width: 200, height: 100))
        let tall = try controller.insertLine(from: Point(x: 500, y: 500), to: Point(x: 450, y: 300), elbow: true)
        #expect(try Self.path(tall, in: controller) == [Point(x: 500, y: 500), Point(x: 500, y: 400), Point(x: 450, y: 400), Point(x: 450, y: 300)])
        let level = try controller.insertLine(from: Point(x: 100, y: 500), to: Point(x: 300, y: 500), elbow: true)
        #expect(try Self.path(level, in: controller) == [Point(x: 100, y: 500), Point(x: 300, y: 500)])
        #expect(try Fixture.shape(level, in: controller).lineCorners == [])
        // Halfway along by length is where a label goes.
        #expect(try #require(controller.markup.element(withID: wide)).lineHalfway == Point(x: 200, y: 350))
    }

    @Test func anElbowArrowLeavesAndEntersSidesAndGoesRoundWhatItJoinsAsItMoves() throws {
        let (controller, box, ellipse) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), elbow: true, connecting: true)
        #expect(try Fixture.shape(arrow, in: controller).endConnection == LineConnection(element: ellipse))
        // Side by side, it is straight from side to side, 4 pt and half its width short of each.
        #expect(try Self.path(arrow, in: controller) == [Point(x: 105, y: 30), Point(x: 295, y: 30)])
        // The ellipse moved down and right: out of a side of the box, into the top of the ellipse.
        try controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        var path = try Self.path(arrow, in: controller)
        let ellipseFrame = try #require(controller.markup.element(withID: ellipse)).frame
        #expect(Self.isElbow(path) && path.count <= 4, "\(path)")
        #expect(Fixture.near(path[0], Point(x: 105, y: 30)), "\(path)")
        #expect(Fixture.near(path[path.count - 1], Point(x: 340, y: 195)), "\(path)")
        #expect(!Self.crosses(path, Rect(x: 0, y: 0, width: 100, height: 60)) && !Self.crosses(path, ellipseFrame))
        // Behind the box, the route goes round it rather than through it.
        try controller.moveSelection(by: Point(x: -300, y: -100))
        path = try Self.path(arrow, in: controller)
        let behind = try #require(controller.markup.element(withID: ellipse)).frame
        #expect(Self.isElbow(path), "\(path)")
        #expect(!Self.crosses(path, Rect(x: 0, y: 0, width: 100, height: 60)) && !Self.crosses(path, behind), "\(path)")
        // One step each: undo puts the route back where it was.
        try controller.undo()
        try controller.undo()
        #expect(try Self.path(arrow, in: controller) == [Point(x: 105, y: 30), Point(x: 295, y: 30)])
        #expect(try controller.markup.element(withID: box) != nil)
    }

    @Test func aLabelKeepsHalfwayAlongAsTheRouteChanges() throws {
        let (controller, _, ellipse) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), elbow: true, connecting: true)
        let label = try controller.insertLabel(AttributedText("yes"), alignment: .center, frame: Rect(x: 170, y: 20, width: 60, height: 20), for: arrow)
        try controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        let line = try #require(controller.markup.element(withID: arrow))
        let halfway = try #require(line.lineHalfway)
        #expect(halfway != Point(x: 200, y: 30))
        #expect(Fixture.near(try #require(controller.markup.element(withID: label)).frame.center, halfway), "\(halfway)")
    }

    @Test func anEndPinnedToAPictureLeavesByItsNearestSide() throws {
        let (controller, box, _) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 95, y: 10), to: Point(x: 400, y: 300), elbow: true, connecting: true)
        let shape = try Fixture.shape(arrow, in: controller)
        #expect(shape.startConnection?.element == box && shape.startConnection?.isExact == true)
        let path = try Self.path(arrow, in: controller)
        #expect(path[0] == Point(x: 95, y: 10) && path[path.count - 1] == Point(x: 400, y: 300), "\(path)")
        #expect(Self.isElbow(path))
        // Out of the right side, the nearer one, and well clear of it before it turns.
        #expect(path[1].y == 10 && path[1].x >= 100 + ElbowRouter.stub, "\(path)")
    }

    @Test func aLineBecomesAnElbowLineAndStraightAgainInOneStepEach() throws {
        let (controller, _, ellipse) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        try controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        try controller.select([arrow])
        #expect(SelectionStyle(of: controller.selectedElements).elbow == false)
        try controller.restyleSelection(width: nil, opacity: nil, elbow: true)
        let path = try Self.path(arrow, in: controller)
        #expect(Self.isElbow(path) && path.count >= 3, "\(path)")
        #expect(SelectionStyle(of: controller.selectedElements).elbow == true)
        // Drawn by hand and clean again, one step each, the selection's style saying so.
        try controller.restyleSelection(width: nil, opacity: nil, sketchy: true)
        #expect(try Fixture.shape(arrow, in: controller).isSketchy && SelectionStyle(of: controller.selectedElements).sketchy == true)
        try controller.restyleSelection(width: nil, opacity: nil, sketchy: false)
        #expect(try !Fixture.shape(arrow, in: controller).isSketchy)
        try controller.undo()
        try controller.undo()
        #expect(try Fixture.shape(arrow, in: controller).endConnection == LineConnection(element: ellipse), "it stays attached")
        try controller.restyleSelection(width: nil, opacity: nil, elbow: false)
        let shape = try Fixture.shape(arrow, in: controller)
        #expect(shape.lineCorners == nil && shape.lineMiddle == nil)
        try controller.undo()
        #expect(try Self.path(arrow, in: controller) == path)
        try controller.undo()
        #expect(try Fixture.shape(arrow, in: controller).lineCorners == nil)
    }

    @Test func anElbowLinesEndDraggedIsRoutedAgainAndItsFlipMirrorsItsCorners() throws {
        let (controller, _, _) = try Fixture.controller()
        let line = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 300, y: 400), elbow: true)
        try controller.moveLineEnd(line, .end, to: Point(x: 200, y: 600))
        #expect(try Self.path(line, in: controller) == [Point(x: 100, y: 300), Point(x: 100, y: 450), Point(x: 200, y: 450), Point(x: 200, y: 600)])
        try controller.select([line])
        try controller.flipSelection(.horizontal)
        #expect(try Self.path(line, in: controller) == [Point(x: 200, y: 300), Point(x: 200, y: 450), Point(x: 100, y: 450), Point(x: 100, y: 600)])
    }

    @Test func aFreeElbowLinesMiddleSegmentMovesAndKeepsItsShareOfTheWay() throws {
        let (controller, _, _) = try Fixture.controller()
        let line = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 300, y: 400), elbow: true)
        try controller.bendLine(line, through: Point(x: 250, y: 350))
        #expect(try Self.path(line, in: controller) == [Point(x: 100, y: 300), Point(x: 250, y: 300), Point(x: 250, y: 400), Point(x: 300, y: 400)])
        #expect(try Fixture.shape(line, in: controller).elbowMiddle == Point(x: 0.75, y: 0.5))
        // Its end dragged further, the segment keeps three quarters of the way across.
        try controller.moveLineEnd(line, .end, to: Point(x: 500, y: 400))
        #expect(try Self.path(line, in: controller) == [Point(x: 100, y: 300), Point(x: 400, y: 300), Point(x: 400, y: 400), Point(x: 500, y: 400)])
        // Through nothing, it goes halfway again; undo moves it back.
        try controller.bendLine(line, through: nil)
        #expect(try Self.path(line, in: controller) == [Point(x: 100, y: 300), Point(x: 300, y: 300), Point(x: 300, y: 400), Point(x: 500, y: 400)])
        #expect(try Fixture.shape(line, in: controller).elbowMiddle == nil)
        try controller.undo()
        #expect(try Self.path(line, in: controller)[1] == Point(x: 400, y: 300))
        #expect(throws: EditorError.self) { try controller.bendLine(line, through: Point(x: 1e9, y: 350)) }
    }

    @Test func anAttachedElbowArrowsMiddleKeepsItsPlaceBetweenWhatItJoins() throws {
        let (controller, box, ellipse) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), elbow: true, connecting: true)
        try controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        // Dragged through (200, 100), the route is a Z whose middle segment stands at x = 200.
        try controller.bendLine(arrow, through: Point(x: 200, y: 100))
        #expect(try Self.path(arrow, in: controller) == [Point(x: 105, y: 30), Point(x: 200, y: 30), Point(x: 200, y: 230), Point(x: 295, y: 230)])
        // The rectangle moved down, the segment keeps its share of the way between the two middles.
        try controller.select([box])
        try controller.moveSelection(by: Point(x: 0, y: 100))
        let path = try Self.path(arrow, in: controller)
        #expect(path.count == 4 && Fixture.near(path[1], Point(x: 200, y: 130)) && Fixture.near(path[2], Point(x: 200, y: 230)), "\(path)")
    }

    /// Whatever the two ends (boxes overlapping, inside each other, touching, of no size, ends on one
    /// spot), the route is finite, from the one end to the other, and turns at right angles.
    @Test func everyRouteIsFiniteAndTurnsAtRightAngles() {
        var random = SeededRandom(seed: 5)
        func value(_ range: ClosedRange<Double>) -> Double { range.lowerBound + Double(random.next() % 10_000) / 10_000 * (range.upperBound - range.lowerBound) }
        func box() -> Rect { Rect(x: value(0...300), y: value(0...300), width: [0, 1, value(1...200)][Int(random.next() % 3)], height: value(0...200)) }
        func end() -> ElbowRouter.End {
            switch random.next() % 3 {
            case 0: return .init(free: Point(x: value(0...500), y: value(0...500)))
            case 1:
                let box = box()
                return .pinned(at: Point(x: value(box.minX...box.maxX), y: value(box.minY...box.maxY)), on: box)
            default:
                let box = box()
                return .leaving(box) { side in
                    [ElbowRouter.Side.left: Point(x: box.minX - 5, y: box.center.y), .right: Point(x: box.maxX + 5, y: box.center.y),
                     .top: Point(x: box.center.x, y: box.minY - 5), .bottom: Point(x: box.center.x, y: box.maxY + 5)][side]
                }
            }
        }
        for _ in 0..<2_000 {
            let (start, finish) = (end(), end())
            let middle = random.next() % 2 == 0 ? Point(x: value(-100...600), y: value(-100...600)) : nil
            let route = ElbowRouter.route(from: start, to: finish, through: middle)
            #expect(route.count >= 1 && route.count <= Shape.maximumLineCorners + 2 && route.allSatisfy(\.isFinite), "\(route)")
            #expect(start.exits.contains { $0.point == route[0] } && finish.exits.contains { $0.point == route[route.count - 1] }, "\(route)")
            #expect(zip(route, route.dropFirst()).allSatisfy { abs($0.x - $1.x) < 1e-9 || abs($0.y - $1.y) < 1e-9 }, "\(route)")
        }
    }

    @Test func cornersOutsideTheFrameOrBesideACurveAreNotValid() {
        var shape = Shape(configuration: .line(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        shape.lineCorners = [Point(x: 1, y: 0)]
        #expect(shape.isValid)
        shape.lineCorners = [Point(x: 1.5, y: 0)]
        #expect(!shape.isValid)
        shape.lineCorners = [Point(x: .nan, y: 0)]
        #expect(!shape.isValid)
        shape.lineCorners = Array(repeating: Point(x: 0.5, y: 0.5), count: Shape.maximumLineCorners + 1)
        #expect(!shape.isValid)
        shape.lineCorners = [Point(x: 1, y: 0)]
        shape.lineMiddle = Point(x: 0.5, y: 0.5)
        #expect(!shape.isValid)
        shape.lineMiddle = nil
        shape.elbowMiddle = Point(x: 0.5, y: 200)
        #expect(!shape.isValid)
        shape.elbowMiddle = Point(x: -3, y: 0.5)
        #expect(shape.isValid)
        shape.lineCorners = nil
        #expect(!shape.isValid, "a middle without corners")
        var rectangle = Shape(configuration: .rectangle)
        rectangle.lineCorners = []
        #expect(!rectangle.isValid)
    }
}
