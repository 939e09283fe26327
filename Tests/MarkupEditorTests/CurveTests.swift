import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Lines bent through a point halfway along (tldraw's bent arrows): the curve, its frame, and how it
/// keeps its bend as its ends move, its shape is resized or flipped, and what it joins moves.
struct CurveTests {
    typealias Fixture = ConnectionTests

    static func curve(_ id: ElementID, in controller: MarkupController) throws -> LineCurve {
        let element = try #require(controller.markup.element(withID: id))
        return try #require(element.lineCurve)
    }

    /// How far across its chord the curve's middle lies, as a fraction of the chord's length
    /// (positive to the left, walking from start to end with y down).
    static func bend(of curve: LineCurve) -> Double {
        let chord = curve.end - curve.start, offset = curve.middle - (curve.start + curve.end) * 0.5
        return (chord.x * offset.y - chord.y * offset.x) / (chord.x * chord.x + chord.y * chord.y)
    }

    /// Whether every point along the curve lies in the element's frame (within a hair).
    static func frameHoldsCurve(_ id: ElementID, in controller: MarkupController) throws -> Bool {
        let element = try #require(controller.markup.element(withID: id))
        let curve = try #require(element.lineCurve)
        let frame = element.frame.expanded(by: 1e-6)
        return curve.polyline(segments: 64).allSatisfy { frame.contains(element.unrotated($0)) }
    }

    @Test func aCurvePassesThroughItsMiddleAndItsBoundsHoldIt() {
        let curve = LineCurve(start: Point(x: 0, y: 0), middle: Point(x: 50, y: -40), end: Point(x: 100, y: 0))
        #expect(curve.point(at: 0.5) == Point(x: 50, y: -40))
        #expect(curve.point(at: 0) == curve.start && curve.point(at: 1) == curve.end)
        let bounds = curve.bounds
        #expect(bounds == Rect(x: 0, y: -40, width: 100, height: 40), "the top of the arc is its middle")
        #expect(curve.polyline(segments: 50).allSatisfy { bounds.expanded(by: 1e-9).contains($0) })
        #expect(!curve.isStraight && LineCurve(straightFrom: .zero, to: Point(x: 10, y: 0)).isStraight)
        // Reshaped between other ends, the middle keeps its place relative to the chord: half the
        // chord's length across it here, whatever way the chord now runs.
        let moved = curve.reshaped(from: Point(x: 200, y: 200), to: Point(x: 200, y: 400))
        #expect(moved.middle.distance(to: Point(x: 280, y: 300)) < 1e-9, "\(moved.middle)")
        #expect(abs(Self.bend(of: moved) - Self.bend(of: curve)) < 1e-12)
        let straight = LineCurve(straightFrom: .zero, to: Point(x: 10, y: 10)).reshaped(from: Point(x: 5, y: 5), to: Point(x: 25, y: 5))
        #expect(straight.middle == Point(x: 15, y: 5))
    }

    @Test func aLineBentThroughAPointPassesThereInAFrameThatHoldsItAndUndoStraightensIt() throws {
        let (controller, _, _) = try Fixture.controller()
        let line = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 300, y: 300))
        try controller.bendLine(line, through: Point(x: 200, y: 220))
        let curve = try Self.curve(line, in: controller)
        #expect(Fixture.near(curve.middle, Point(x: 200, y: 220)) && Fixture.near(curve.start, Point(x: 100, y: 300)) && Fixture.near(curve.end, Point(x: 300, y: 300)))
        #expect(try Self.frameHoldsCurve(line, in: controller))
        let frame = try #require(controller.markup.element(withID: line)).frame
        #expect(abs(frame.minY - 220) < 1e-9 && abs(frame.maxY - 300) < 1e-9, "the frame reaches up to the arc's top: \(frame)")
        // Bent through the chord's middle, it is straight again; undo bends it back, then undoes the bend.
        try controller.bendLine(line, through: Point(x: 200, y: 300.001))
        #expect(try Fixture.shape(line, in: controller).lineMiddle == nil)
        try controller.undo()
        #expect(Fixture.near(try Self.curve(line, in: controller).middle, Point(x: 200, y: 220)))
        try controller.undo()
        #expect(try Fixture.shape(line, in: controller).lineMiddle == nil)
        // Only an unlocked line bends, and only through a finite point.
        #expect(throws: EditorError.self) { try controller.bendLine(line, through: Point(x: .nan, y: 0)) }
        let box = try #require(controller.markup.elements.first?.id)
        #expect(throws: EditorError.self) { try controller.bendLine(box, through: Point(x: 1, y: 1)) }
    }

    @Test func aBentLineResizedFlippedOrWithAnEndMovedKeepsItsShape() throws {
        let (controller, _, _) = try Fixture.controller()
        let line = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 300, y: 300))
        try controller.bendLine(line, through: Point(x: 200, y: 250))
        // Resized to twice the size, the curve is the same curve twice as large.
        let before = try #require(controller.markup.element(withID: line)).frame
        controller.select([line])
        try controller.resizeSelection(to: Rect(x: before.minX, y: before.minY, width: before.width * 2, height: before.height * 2))
        var curve = try Self.curve(line, in: controller)
        #expect(Fixture.near(curve.start, Point(x: 100, y: 350)) && Fixture.near(curve.end, Point(x: 500, y: 350)), "\(curve)")
        #expect(Fixture.near(curve.middle, Point(x: 300, y: 250)), "\(curve.middle)")
        #expect(try Self.frameHoldsCurve(line, in: controller))
        #expect(abs(Self.bend(of: curve) + 0.25) < 1e-9, "bowed up by a quarter of its chord")
        // Flipped top to bottom, it bows the other way.
        try controller.flipSelection(.vertical)
        curve = try Self.curve(line, in: controller)
        #expect(curve.middle.y > curve.start.y && abs(Self.bend(of: curve) - 0.25) < 1e-9, "\(curve)")
        // An end moved elsewhere: the bend is the same fraction of the new chord.
        try controller.moveLineEnd(line, .end, to: Point(x: 100, y: 750))
        curve = try Self.curve(line, in: controller)
        #expect(Fixture.near(curve.end, Point(x: 100, y: 750)) && abs(Self.bend(of: curve) - 0.25) < 1e-9, "\(curve)")
        #expect(try Self.frameHoldsCurve(line, in: controller))
    }

    @Test func aBentArrowBetweenShapesFollowsThemAndStopsShortOfTheirOutlinesAlongTheCurve() throws {
        let (controller, box, ellipse) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), lineWidth: 2, connecting: true)
        try controller.bendLine(arrow, through: Point(x: 195, y: -60))
        var curve = try Self.curve(arrow, in: controller)
        #expect(curve.middle.distance(to: Point(x: 195, y: -60)) < 0.5, "through where the handle was let go: \(curve.middle)")
        // The ends stop 5 pt (the gap and half the width) outside the box and the ellipse, above
        // their middles' line: the curve leaves the box through its top and enters the ellipse from above.
        #expect(curve.start.y < 30 && curve.end.y < 30, "\(curve)")
        func distanceOutsideBox(_ point: Point) -> Double {
            let dx = max(0 - point.x, point.x - 100, 0), dy = max(0 - point.y, point.y - 60, 0)
            return (dx * dx + dy * dy).squareRoot()
        }
        #expect(distanceOutsideBox(curve.start) > 3 && distanceOutsideBox(curve.start) < 5.5, "\(curve.start)")
        let bendBefore = Self.bend(of: curve)
        let bentArrow = try #require(controller.markup.element(withID: arrow))
        #expect(bendBefore < -0.2, "bowed upwards: \(bendBefore)")
        // The ellipse moved down: the arrow follows, bent by the same fraction of its chord.
        controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 300))
        curve = try Self.curve(arrow, in: controller)
        #expect(abs(Self.bend(of: curve) - bendBefore) < 1e-9, "\(Self.bend(of: curve)) \(bendBefore)")
        #expect(distanceOutsideBox(curve.start) > 3 && distanceOutsideBox(curve.start) < 5.5, "\(curve.start)")
        let onEllipse = { (point: Point) in ((point.x - 340) / 40) * ((point.x - 340) / 40) + ((point.y - 330) / 30) * ((point.y - 330) / 30) }
        #expect(onEllipse(curve.end) > 1, "the end is outside the ellipse")
        #expect(try Self.frameHoldsCurve(arrow, in: controller))
        let shape = try Fixture.shape(arrow, in: controller)
        #expect(shape.startConnection?.element == box && shape.endConnection?.element == ellipse)
        // One undo puts the ellipse and the arrow back as they were, to the bit: laid out again where
        // it lay, a bent arrow is left as it is, so the next undo still finds it as the bend left it.
        try controller.undo()
        #expect(controller.markup.element(withID: arrow) == bentArrow)
        #expect(abs(Self.bend(of: try Self.curve(arrow, in: controller)) - bendBefore) < 1e-9)
        #expect(try Self.curve(arrow, in: controller).end.y < 30)
        // Another undo takes the bend away: straight between the middles' line again.
        try controller.undo()
        #expect(try Fixture.shape(arrow, in: controller).lineMiddle == nil)
        #expect(Fixture.near(try Self.curve(arrow, in: controller).start, Point(x: 105, y: 30)))
    }

    /// Laid out again where it already lies, a bent arrow is left as it is (rounding aside), so an
    /// undo that puts back what it is attached to leaves it as the bend made it, and the bend's own
    /// undo still finds it so and straightens it.
    @Test(arguments: [Point(x: 171.37, y: 8.69), Point(x: 203.1, y: -47.77), Point(x: 188.8, y: 91.3), Point(x: 251.9, y: 140.03)])
    func undoFindsABentArrowAsItsBendLeftIt(through point: Point) throws {
        let (controller, _, ellipse) = try Fixture.controller()
        controller.undoScope = "page"
        let arrow = try controller.insertLine(from: Point(x: 50.3, y: 30.7), to: Point(x: 340.1, y: 29.9), lineWidth: 2.5, connecting: true)
        try controller.bendLine(arrow, through: point)
        let bent = try #require(controller.markup.element(withID: arrow))
        controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 13.7, y: 212.3))
        try controller.undo()
        #expect(controller.markup.element(withID: arrow) == bent)
        try controller.undo()
        #expect(try Fixture.shape(arrow, in: controller).lineMiddle == nil)
    }

    @Test func aBentArrowsLabelGoesToTheCurvesMiddle() throws {
        let (controller, _, _) = try Fixture.controller()
        let arrow = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 300, y: 300))
        let label = try controller.insertLabel(AttributedText("why"), alignment: .center, frame: Rect(x: 170, y: 290, width: 60, height: 20), for: arrow)
        controller.select([arrow, label])
        try controller.bendLine(arrow, through: Point(x: 200, y: 200))
        #expect(Fixture.near(try #require(controller.markup.element(withID: label)).frame.center, Point(x: 200, y: 200)))
        try controller.undo()
        #expect(Fixture.near(try #require(controller.markup.element(withID: label)).frame.center, Point(x: 200, y: 300)))
    }
}
