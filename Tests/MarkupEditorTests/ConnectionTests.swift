import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Arrows attached to the shapes they join: drawn onto them, they follow as the shapes move, turn
/// and go, in the same undo step.
struct ConnectionTests {
    /// A rectangle at (0, 0, 100, 60) and an ellipse at (300, 0, 80, 60), their middles at (50, 30)
    /// and (340, 30).
    static func controller() throws -> (MarkupController, box: ElementID, ellipse: ElementID) {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0)))
        let box = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 100, height: 60))
        let ellipse = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 300, y: 0, width: 80, height: 60))
        return (controller, box, ellipse)
    }

    static func shape(_ id: ElementID, in controller: MarkupController) throws -> Shape {
        guard case .shape(let shape) = try #require(controller.markup.element(withID: id)).content else { throw EditorError.invalidGeometry("not a shape") }
        return shape
    }

    static func ends(_ id: ElementID, in controller: MarkupController) throws -> (start: Point, end: Point) {
        let element = try #require(controller.markup.element(withID: id))
        return try #require(element.lineEnds)
    }

    static func near(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool { a.distance(to: b) <= tolerance }

    @Test func anArrowDrawnFromMiddleToMiddleStopsShortOfEachOutline() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), lineWidth: 2, connecting: true)
        let shape = try Self.shape(arrow, in: controller)
        #expect(shape.startConnection == LineConnection(element: box) && shape.endConnection == LineConnection(element: ellipse))
        // The gap is 4 pt and half the line's width.
        let (start, end) = try Self.ends(arrow, in: controller)
        #expect(Self.near(start, Point(x: 105, y: 30)) && Self.near(end, Point(x: 295, y: 30)), "\(start) \(end)")
        #expect(controller.selection == [arrow])
        // One step: undo takes the arrow away whole.
        try controller.undo()
        #expect(controller.markup.element(withID: arrow) == nil)
    }

    @Test func theArrowFollowsAShapeThatMovesOrTurnsAndUndoPutsBothBack() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), lineWidth: 2, connecting: true)
        controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 300))
        // Now aimed from the box's middle (50, 30) at the ellipse's (340, 330).
        let (start, end) = try Self.ends(arrow, in: controller)
        let direction = Point(x: 290, y: 300) * (1 / Point(x: 290, y: 300).distance(to: .zero))
        #expect(abs((start - Point(x: 50, y: 30)).x * direction.y - (start - Point(x: 50, y: 30)).y * direction.x) < 1e-6, "on the line between the middles")
        // The start 5 pt past the box's bottom edge (y = 60), along the line.
        let crossing = Point(x: 50 + 30 * 290 / 300, y: 60)
        #expect(Self.near(start, crossing + direction * 5), "\(start)")
        // The end 5 pt short of the ellipse: the point 5 pt further on lies on its outline.
        let onOutline = end + direction * 5
        let dx = (onOutline.x - 340) / 40, dy = (onOutline.y - 330) / 30
        #expect(abs(dx * dx + dy * dy - 1) < 1e-9, "\(end)")
        try controller.undo()
        let undoneEnd = try Self.ends(arrow, in: controller).end
        #expect(undoneEnd.y == 30 && controller.markup.element(withID: ellipse)?.frame.minY == 0)
        let undone = try Self.shape(arrow, in: controller)
        #expect(undone.startConnection?.element == box && undone.endConnection?.element == ellipse, "still attached to both")
        // Turned, an exact end stays on the same spot of the box.
        let spot = try controller.insertLine(from: Point(x: 200, y: 200), to: Point(x: 100, y: 60), connecting: true)
        #expect(try Self.shape(spot, in: controller).endConnection == LineConnection(element: box, anchor: Point(x: 1, y: 1), isExact: true))
        controller.select([box])
        try controller.rotateSelection(by: .pi / 2)
        // A quarter turn about (50, 30) takes the corner (100, 60) to (20, 80).
        let turned = try Self.ends(spot, in: controller)
        #expect(Self.near(turned.end, Point(x: 20, y: 80)), "\(turned.end)")
        #expect(Self.near(turned.start, Point(x: 200, y: 200)), "the free end stays")
    }

    @Test func anArrowMovedAloneLetsGoAndOneMovedWithItsShapeKeepsIt() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        controller.select([arrow, box])
        try controller.moveSelection(by: Point(x: 0, y: 100))
        var shape = try Self.shape(arrow, in: controller)
        #expect(shape.startConnection?.element == box && shape.endConnection == nil, "moved with the box, away from the ellipse")
        controller.select([arrow])
        try controller.moveSelection(by: Point(x: 10, y: 0))
        shape = try Self.shape(arrow, in: controller)
        #expect(shape.startConnection == nil && shape.endConnection == nil)
        // Restyled, an arrow keeps what it is attached to.
        let (fresh, freshBox, freshEllipse) = try Self.controller()
        let other = try fresh.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        fresh.select([other])
        try fresh.restyleSelection(width: 6, opacity: nil)
        shape = try Self.shape(other, in: fresh)
        #expect(shape.startConnection?.element == freshBox && shape.endConnection?.element == freshEllipse && shape.lineWidth == 6)
        // Its ends moved back for the wider line: 4 + 3 pt off the box's edge.
        let wider = try Self.ends(other, in: fresh).start
        #expect(Self.near(wider, Point(x: 107, y: 30)), "\(wider)")
    }

    @Test func whatTheArrowIsAttachedToGoingLetsItGoUntilUndone() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        let before = try Self.ends(arrow, in: controller)
        controller.select([ellipse])
        try controller.deleteSelection()
        let shape = try Self.shape(arrow, in: controller)
        #expect(shape.endConnection == nil && shape.startConnection?.element == box)
        let after = try Self.ends(arrow, in: controller)
        #expect(after.start == before.start && after.end == before.end, "the arrow stays where it was")
        try controller.undo()
        #expect(try Self.shape(arrow, in: controller).endConnection?.element == ellipse)
        controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 100))
        let followed = try Self.ends(arrow, in: controller).end
        #expect(followed.y > 30, "attached again, it follows")
    }

    @Test func anUndoByOnePersonLeavesTheArrowFollowingWhatAnotherMovedSince() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        controller.undoScope = "ann"
        controller.select([box])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        controller.undoScope = "bo"
        controller.select([ellipse])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        // Ann's undo puts the box back; the arrow, which Bo's move changed since, is not hers to put
        // back, but it is laid out again: aimed from the box's middle (50, 30) at the ellipse's
        // (340, 230), out of the box's bottom edge at (93.5, 60), 5 pt on.
        controller.undoScope = "ann"
        try controller.undo()
        #expect(controller.markup.element(withID: box)?.frame.minY == 0)
        let (start, end) = try Self.ends(arrow, in: controller)
        let direction = Point(x: 290, y: 200) * (1 / Point(x: 290, y: 200).distance(to: .zero))
        #expect(Self.near(start, Point(x: 93.5, y: 60) + direction * 5) && end.y > 200, "\(start) \(end)")
    }

    @Test func anEndDraggedAwayIsFreeAndOneDroppedOnAShapeAttaches() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        try controller.moveLineEnd(arrow, .end, to: Point(x: 300, y: 300), connecting: true)
        var shape = try Self.shape(arrow, in: controller)
        #expect(shape.startConnection?.element == box && shape.endConnection == nil)
        var ends = try Self.ends(arrow, in: controller)
        #expect(ends.end == Point(x: 300, y: 300), "dropped on the empty page, where it was let go")
        // The start, still attached, is aimed anew at the box's middle from the end's new place.
        let direction = Point(x: 250, y: 270) * (1 / Point(x: 250, y: 270).distance(to: .zero))
        #expect(Self.near(ends.start, Point(x: 50 + 30 * 250 / 270, y: 60) + direction * 5), "\(ends.start)")
        // Dropped near the ellipse's left edge, it attaches to that very spot; one step, undone whole.
        try controller.moveLineEnd(arrow, .end, to: Point(x: 302, y: 30), connecting: true)
        shape = try Self.shape(arrow, in: controller)
        #expect(shape.endConnection == LineConnection(element: ellipse, anchor: Point(x: 2.0 / 80, y: 0.5), isExact: true))
        ends = try Self.ends(arrow, in: controller)
        #expect(Self.near(ends.end, Point(x: 302, y: 30)) && Self.near(ends.start, Point(x: 105, y: 30)))
        try controller.undo()
        #expect(try Self.shape(arrow, in: controller).endConnection == nil)
        // Dropped again on the same spot of the element it is attached to, it stays attached.
        try controller.redo()
        try controller.moveLineEnd(arrow, .end, to: Point(x: 302, y: 30), connecting: true)
        #expect(try Self.shape(arrow, in: controller).endConnection?.element == ellipse)
        // Not onto the element its other end is attached to, nor without `connecting`.
        try controller.moveLineEnd(arrow, .end, to: Point(x: 80, y: 50), connecting: true)
        #expect(try Self.shape(arrow, in: controller).endConnection == nil)
        try controller.moveLineEnd(arrow, .end, to: Point(x: 340, y: 30))
        #expect(try Self.shape(arrow, in: controller).endConnection == nil)
        // Only a line's ends move, and not onto its other end.
        #expect(throws: EditorError.self) { try controller.moveLineEnd(box, .end, to: Point(x: 1, y: 1)) }
        let start = try Self.ends(arrow, in: controller).start
        #expect(throws: EditorError.self) { try controller.moveLineEnd(arrow, .end, to: start) }
        #expect(throws: EditorError.self) { try controller.moveLineEnd(arrow, .end, to: Point(x: .nan, y: 1)) }
    }

    @Test func anArrowInADocumentOpenedFollowsItsShape() throws {
        let (first, box, _) = try Self.controller()
        let arrow = try first.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        // Opened anew, as from the library: the first edit finds the arrow attached to the box.
        let controller = MarkupController(markup: first.markup)
        controller.select([box])
        try controller.moveSelection(by: Point(x: 0, y: -100))
        #expect(try Self.ends(arrow, in: controller).start.y < 0)
    }

    @Test func anArrowsLabelKeepsToItsMiddle() throws {
        let (controller, box, _) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        let ends = try Self.ends(arrow, in: controller)
        let middle = (ends.start + ends.end) * 0.5
        let label = try controller.insertLabel(AttributedText("yes"), alignment: .center,
                                               frame: Rect(x: middle.x - 30, y: middle.y - 10, width: 60, height: 20), for: arrow)
        func labelMiddle() throws -> Point { try #require(controller.markup.element(withID: label)).frame.center }
        func arrowMiddle() throws -> Point {
            let ends = try Self.ends(arrow, in: controller)
            return (ends.start + ends.end) * 0.5
        }
        // The box moved, the arrow is laid out again and its label goes with its middle, in the same step.
        controller.select([box])
        try controller.moveSelection(by: Point(x: 0, y: 200))
        var (labelAt, arrowAt) = (try labelMiddle(), try arrowMiddle())
        #expect(Self.near(labelAt, arrowAt) && labelAt.y > 60, "\(labelAt) \(arrowAt)")
        try controller.undo()
        labelAt = try labelMiddle()
        #expect(Self.near(labelAt, middle))
        // So too when an end is dragged elsewhere.
        try controller.moveLineEnd(arrow, .end, to: Point(x: 400, y: 400))
        (labelAt, arrowAt) = (try labelMiddle(), try arrowMiddle())
        #expect(Self.near(labelAt, arrowAt), "\(labelAt) \(arrowAt)")
    }

    @Test func aFlippedShapeTakesItsArrowsSpotAlong() throws {
        let (controller, box, _) = try Self.controller()
        // Fixed on the middle of the box's right edge.
        let arrow = try controller.insertLine(from: Point(x: 200, y: 200), to: Point(x: 100, y: 30), connecting: true)
        #expect(try Self.shape(arrow, in: controller).endConnection == LineConnection(element: box, anchor: Point(x: 1, y: 0.5), isExact: true))
        controller.select([box])
        try controller.flipSelection(.horizontal)
        #expect(try Self.shape(arrow, in: controller).endConnection?.anchor == Point(x: 0, y: 0.5))
        #expect(Self.near(try Self.ends(arrow, in: controller).end, Point(x: 0, y: 30)), "the same spot of the mirrored box")
        // Flipped with the box, the arrow keeps it, its end on the mirrored spot again.
        controller.select([box, arrow])
        try controller.flipSelection(.horizontal)
        #expect(try Self.shape(arrow, in: controller).endConnection == LineConnection(element: box, anchor: Point(x: 1, y: 0.5), isExact: true))
        let ends = try Self.ends(arrow, in: controller)
        // Both mirrored across x = 100, the middle of what was selected.
        #expect(Self.near(ends.end, Point(x: 200, y: 30)) && Self.near(ends.start, Point(x: 0, y: 200)), "\(ends)")
        try controller.undo()
        try controller.undo()
        #expect(Self.near(try Self.ends(arrow, in: controller).end, Point(x: 100, y: 30)))
    }

    @Test func aChangeMadeOverAnotherWritersLeavesItsArrowsFollowingWhatTheyMoved() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        controller.tracksUnconfirmedChanges = true
        // This writer moves the box; before that is saved, another's move of the ellipse is.
        controller.select([box])
        try controller.moveSelection(by: Point(x: 0, y: 100))
        let taken = controller.takeBackUnconfirmed()
        var theirs = try #require(controller.markup.element(withID: ellipse))
        theirs.frame = Rect(x: 300, y: 400, width: 80, height: 60)
        controller.applyExternal(MarkupChange(updated: [theirs]))
        var renumbered = [ElementID: (from: Int64, to: Int64)]()
        let made = taken.map { controller.reapply($0, over: [ellipse], renumbered: &renumbered) }
        // Made again, the move lays the arrow out between the box where it moved and the ellipse
        // where the other writer put it, and says so in what it hands on to be saved.
        let end = try Self.ends(arrow, in: controller).end
        let direction = Point(x: 290, y: 300) * (1 / Point(x: 290, y: 300).distance(to: .zero))
        let onOutline = end + direction * 5, dx = (onOutline.x - 340) / 40, dy = (onOutline.y - 430) / 30
        #expect(abs(dx * dx + dy * dy - 1) < 1e-9, "5 pt short of the ellipse where the other writer put it: \(end)")
        #expect(made.contains { change in change.updated.contains { $0.id == arrow && $0.lineEnds?.end == end } })
    }

    @Test func anAimedEndStopsAtABlockArrowsAndARoundedRectanglesOutline() throws {
        let (controller, _, _) = try Self.controller()
        // A block arrow at (0, 100, 100, 60): its tail's edge at x = 0 runs from y = 115 to 145 only.
        let block = try controller.insertShape(Shape(configuration: .arrowShape), frame: Rect(x: 0, y: 100, width: 100, height: 60))
        let fromAbove = try controller.insertLine(from: Point(x: 50, y: -100), to: Point(x: 50, y: 130), connecting: true)
        #expect(try Self.shape(fromAbove, in: controller).endConnection?.element == block)
        // From straight above, the shaft's top (y = 115) is where it enters, not the frame's (y = 100).
        #expect(Self.near(try Self.ends(fromAbove, in: controller).end, Point(x: 50, y: 115 - 5)))
        // A rounded rectangle's corner, aimed at from its diagonal, is entered on the arc.
        let rounded = try controller.insertShape(Shape(configuration: .roundedRectangle(cornerRadius: 20)), frame: Rect(x: 400, y: 400, width: 100, height: 100))
        let toCorner = try controller.insertLine(from: Point(x: 300, y: 300), to: Point(x: 450, y: 450), connecting: true)
        #expect(try Self.shape(toCorner, in: controller).endConnection?.element == rounded)
        let end = try Self.ends(toCorner, in: controller).end
        // On the diagonal the arc lies 20 − 20/√2 ≈ 5.9 pt inside the corner (within the 8 steps' 0.4 %).
        let entered = 400 + 20 - 20 / 2.0.squareRoot(), stopped = entered - 5 / 2.0.squareRoot()
        #expect(abs(end.x - stopped) < 0.15 && abs(end.y - stopped) < 0.15, "\(end)")
    }

    /// A heart's dip is where a line aimed down at it from above enters it, not the frame's top.
    @Test func anAimedEndStopsAtAHeartsDip() throws {
        let (controller, _, _) = try Self.controller()
        let heart = try controller.insertShape(Shape(configuration: .heart), frame: Rect(x: 400, y: 400, width: 100, height: 100))
        let dip = try #require(ShapeConfiguration.heart.polygonCorners(in: Rect(x: 400, y: 400, width: 100, height: 100))?
            .filter { abs($0.x - 450) < 1e-9 }.map(\.y).min())
        #expect(dip > 410)
        let fromAbove = try controller.insertLine(from: Point(x: 450, y: 200), to: Point(x: 450, y: 450), connecting: true)
        #expect(try Self.shape(fromAbove, in: controller).endConnection?.element == heart)
        let end = try Self.ends(fromAbove, in: controller).end
        #expect(abs(end.x - 450) < 1e-6 && abs(end.y - (dip - 5)) < 0.5, "\(end) against the dip at \(dip)")
    }

    /// A speech bubble's end is stopped at its drawn outline: short of its tail where the line comes
    /// in over it, and of its rounded corner on the diagonal.
    @Test func anAimedEndStopsAtASpeechBubblesTailAndCorners() throws {
        let (controller, _, _) = try Self.controller()
        // A bubble at (400, 400, 100, 100), its tail pointing down to (450, 560) from the bottom side.
        let bubble = try controller.insertShape(Shape(configuration: .chatBubble(tail: Point(x: 0.5, y: 1.6))), frame: Rect(x: 400, y: 400, width: 100, height: 100))
        let fromBelow = try controller.insertLine(from: Point(x: 450, y: 700), to: Point(x: 450, y: 450), connecting: true)
        #expect(try Self.shape(fromBelow, in: controller).endConnection?.element == bubble)
        // Coming up the tail's axis, the line meets the tail's tip (y = 560), not the frame's edge (y = 500).
        let tipEnd = try Self.ends(fromBelow, in: controller).end
        #expect(Self.near(tipEnd, Point(x: 450, y: 565)), "\(tipEnd)")
        // From the top left, on the diagonal, the corner's arc (radius 20) lies 20 − 20/√2 inside the frame's corner.
        let fromCorner = try controller.insertLine(from: Point(x: 300, y: 300), to: Point(x: 450, y: 450), connecting: true)
        let end = try Self.ends(fromCorner, in: controller).end
        let entered = 400 + 20 - 20 / 2.0.squareRoot(), stopped = entered - 5 / 2.0.squareRoot()
        #expect(abs(end.x - stopped) < 0.15 && abs(end.y - stopped) < 0.15, "\(end)")
    }

    @Test func aLineWithinOneShapeOrFromEmptyPageAttachesOnlyWhereItTouchesAnother() throws {
        let (controller, box, _) = try Self.controller()
        let within = try controller.insertLine(from: Point(x: 20, y: 20), to: Point(x: 80, y: 40), connecting: true)
        var shape = try Self.shape(within, in: controller)
        #expect(shape.startConnection == nil && shape.endConnection == nil)
        let fromEmpty = try controller.insertLine(from: Point(x: 200, y: 300), to: Point(x: 50, y: 30), connecting: true)
        shape = try Self.shape(fromEmpty, in: controller)
        #expect(shape.startConnection == nil && shape.endConnection == LineConnection(element: box))
        let unconnected = try controller.insertLine(from: Point(x: 200, y: 300), to: Point(x: 50, y: 30))
        shape = try Self.shape(unconnected, in: controller)
        let unconnectedEnd = try Self.ends(unconnected, in: controller).end
        #expect(shape.endConnection == nil && unconnectedEnd == Point(x: 50, y: 30))
        // A line is no target: the end dropped on the line just drawn attaches to the box beneath.
        #expect(controller.connectionTarget(at: Point(x: 50, y: 30)) == box)
    }

    @Test func aCopiedArrowKeepsOnlyWhatWasCopiedWithIt() throws {
        let (controller, box, ellipse) = try Self.controller()
        let arrow = try controller.insertLine(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30), connecting: true)
        controller.select([arrow])
        let alone = try #require(try controller.duplicateSelection().first)
        var shape = try Self.shape(alone, in: controller)
        #expect(shape.startConnection == nil && shape.endConnection == nil)
        let (copyStart, originalStart) = (try Self.ends(alone, in: controller).start, try Self.ends(arrow, in: controller).start)
        #expect(copyStart == originalStart + Point(x: 16, y: 16), "left where it was pasted")
        controller.select([arrow, box, ellipse])
        let copies = try controller.duplicateSelection()
        let copiedArrow = try #require(copies.first { id in (try? Self.shape(id, in: controller))?.configuration.type == .line })
        shape = try Self.shape(copiedArrow, in: controller)
        #expect(shape.startConnection.map { copies.contains($0.element) } == true && shape.endConnection.map { copies.contains($0.element) } == true)
    }

    @Test func aRestoredVersionsLineToAMissingElementLetsGo() throws {
        let (controller, _, _) = try Self.controller()
        var version = controller.markup
        var line = Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        line.endConnection = LineConnection(element: ElementID())
        let id = version.insert(.shape(line), frame: Rect(x: 400, y: 400, width: 50, height: 50))
        try controller.restore(version)
        #expect(try Self.shape(id, in: controller).endConnection == nil)
        #expect(try Self.ends(id, in: controller).end == Point(x: 450, y: 450))
    }
}
