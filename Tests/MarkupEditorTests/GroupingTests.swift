import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Groups: made and undone as one step, selected whole by a tap, the marquee and the lasso, copied
/// as new groups, kept by what the eraser leaves.
struct GroupingTests {
    /// Three strokes drawn across the page, 100 pt apart, the first two grouped.
    static func controllerWithAGroup() throws -> (MarkupController, [ElementID], GroupID) {
        let controller = try PointerInputTests.controller()
        for y in [100.0, 200.0, 300.0] {
            try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 100, y: y), to: Point(x: 300, y: y)))
        }
        let ids = controller.markup.elements.map(\.id)
        controller.select([ids[0], ids[1]])
        let group = try #require(try controller.groupSelection())
        controller.select([])
        return (controller, ids, group)
    }

    @Test func groupingIsOneStepAndATapSelectsTheWholeGroup() throws {
        let (controller, ids, group) = try Self.controllerWithAGroup()
        #expect(controller.markup.elements.map(\.groupID) == [group, group, nil])
        controller.tool = .selection
        try PointerInputTests.drag(controller, [Point(x: 200, y: 200), Point(x: 201, y: 200)])
        #expect(controller.selection == [ids[0], ids[1]], "a tap on one selects its group")
        try PointerInputTests.drag(controller, [Point(x: 200, y: 300), Point(x: 201, y: 300)])
        #expect(controller.selection == [ids[2]], "an ungrouped one alone")
        // A marquee around one of the group's takes the group.
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 50, y: 80), to: Point(x: 350, y: 130), count: 10))
        #expect(controller.selection == [ids[0], ids[1]])
        controller.tool = .lasso
        let loop = [Point(x: 80, y: 280), Point(x: 320, y: 280), Point(x: 320, y: 320), Point(x: 80, y: 320), Point(x: 80, y: 281)]
        try PointerInputTests.drag(controller, loop.flatMap { [$0, $0 + Point(x: 1, y: 0)] })
        #expect(controller.selection == [ids[2]], "the lasso around the ungrouped one")
        // Undone, the group is gone as one step.
        try controller.undo()
        #expect(controller.markup.elements.allSatisfy { $0.groupID == nil })
        try controller.redo()
        #expect(controller.markup.elements.map(\.groupID) == [group, group, nil])
    }

    @Test func ungroupingAndRegrouping() throws {
        let (controller, ids, group) = try Self.controllerWithAGroup()
        // Grouping a group with another element makes one new group of the three.
        controller.select(Set(ids))
        let bigger = try #require(try controller.groupSelection())
        #expect(bigger != group && controller.markup.elements.allSatisfy { $0.groupID == bigger })
        controller.select([ids[1]])
        try controller.ungroupSelection()
        #expect(controller.markup.elements.map(\.groupID) == [bigger, nil, bigger])
        #expect(try controller.groupSelection() == nil, "one element makes no group")
    }

    /// Two labelled shapes and a stroke grouped, then ungrouped: each label stays with its shape, in a
    /// group of its own; a labelled shape alone ungrouped is taken from its label, as asked.
    @Test func ungroupingKeepsEachLabelWithItsShape() throws {
        let controller = try PointerInputTests.controller()
        let first = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 100, width: 200, height: 100))
        let firstLabel = try controller.insertLabel(AttributedText("One"), alignment: .center, frame: Rect(x: 110, y: 140, width: 180, height: 24), for: first)
        let second = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 400, y: 100, width: 200, height: 100))
        let secondLabel = try controller.insertLabel(AttributedText("Two"), alignment: .center, frame: Rect(x: 410, y: 140, width: 180, height: 24), for: second)
        controller.select([first, firstLabel])
        try controller.ungroupSelection()
        #expect(controller.markup.element(withID: first)?.groupID == nil && controller.markup.element(withID: firstLabel)?.groupID == nil)
        try controller.undo()
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 100, y: 400), to: Point(x: 300, y: 400)))
        controller.selectAll()
        _ = try #require(try controller.groupSelection())
        try controller.ungroupSelection()
        let group = { (id: ElementID) in controller.markup.element(withID: id)?.groupID }
        #expect(group(first) != nil && group(first) == group(firstLabel))
        #expect(group(second) != nil && group(second) == group(secondLabel) && group(second) != group(first))
        #expect(controller.markup.elements.filter { $0.groupID == nil }.count == 1, "the stroke is on its own")
        try controller.undo()
        #expect(Set(controller.markup.elements.compactMap(\.groupID)).count == 1, "one step")
    }

    @Test func copiesOfAGroupAreANewGroup() throws {
        let (controller, ids, group) = try Self.controllerWithAGroup()
        controller.select(Set(ids))
        let copies = try controller.duplicateSelection()
        let copied = copies.compactMap { controller.markup.element(withID: $0) }
        let copiedGroups = Set(copied.compactMap(\.groupID))
        #expect(copiedGroups.count == 1 && !copiedGroups.contains(group), "the copies of the two share a group of their own")
        #expect(copied.filter { $0.groupID != nil }.count == 2 && copied.filter { $0.groupID == nil }.count == 1)
    }

    @Test func aLockedElementIsNeitherSelectedNorErasedNorClearedUntilUnlocked() throws {
        let (controller, ids, _) = try Self.controllerWithAGroup()
        controller.select([ids[2]])
        try controller.lockSelection()
        #expect(controller.selection.isEmpty && controller.markup.element(withID: ids[2])?.isLocked == true)
        controller.selectAll()
        #expect(controller.selection == [ids[0], ids[1]], "Select All leaves it")
        controller.select([ids[2]])
        #expect(controller.selection.isEmpty, "named, it is still not selected")
        controller.tool = .selection
        try PointerInputTests.drag(controller, [Point(x: 200, y: 300), Point(x: 201, y: 300)])
        #expect(controller.selection.isEmpty, "a tap on it selects nothing")
        for eraser in [EraserType.vector, .fixedWidthBitmap] {
            controller.tool = .eraser(eraser, width: 10)
            try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 200, y: 250), to: Point(x: 200, y: 350), count: 20))
            #expect(controller.markup.element(withID: ids[2]) != nil, "\(eraser) leaves it")
        }
        try controller.clear()
        #expect(controller.markup.elements.map(\.id) == [ids[2]], "Clear leaves it")
        try controller.unlockAll()
        #expect(controller.selection == [ids[2]] && controller.markup.elements.allSatisfy { !$0.isLocked })
        try controller.undo()
        #expect(controller.markup.element(withID: ids[2])?.isLocked == true && controller.selection.isEmpty)
        // Unlocked alone (a context menu's Unlock on it): selected, as one step; one not locked is refused.
        try controller.unlock([ids[2]])
        #expect(controller.selection == [ids[2]] && controller.markup.element(withID: ids[2])?.isLocked == false)
        #expect(throws: EditorError.self) { try controller.unlock([ids[2]]) }
        try controller.undo()
        #expect(controller.markup.element(withID: ids[2])?.isLocked == true)
    }

    @Test func aLabelIsGroupedWithItsShapeInOneStep() throws {
        let controller = try PointerInputTests.controller()
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 100, width: 200, height: 100))
        let label = try controller.insertLabel(AttributedText("Step one"), alignment: .center,
                                               frame: Rect(x: 110, y: 140, width: 180, height: 24), for: shape)
        let group = try #require(controller.markup.element(withID: shape)?.groupID)
        #expect(controller.markup.element(withID: label)?.groupID == group && controller.selection == [shape, label])
        try controller.undo()
        #expect(controller.markup.elements.map(\.id) == [shape] && controller.markup.elements[0].groupID == nil, "one step")
        // A shape in a group: its label joins that group.
        let (grouped, ids, existing) = try Self.controllerWithAGroup()
        let joined = try grouped.insertLabel(AttributedText("Both"), alignment: .center, frame: Rect(x: 150, y: 90, width: 100, height: 24), for: ids[0])
        #expect(grouped.markup.element(withID: joined)?.groupID == existing && grouped.selection == [ids[0], ids[1], joined])
        // Unknown or locked, nothing is labelled.
        grouped.select([ids[2]])
        try grouped.lockSelection()
        #expect(throws: EditorError.unknownElement(ids[2])) {
            try grouped.insertLabel(AttributedText("No"), alignment: .center, frame: Rect(x: 0, y: 0, width: 10, height: 10), for: ids[2])
        }
        #expect(grouped.markup.elements.count == 4)
    }

    /// A turned shape's label is turned with it, across its middle, no wider than it.
    @Test func aTurnedShapesLabelTurnsWithIt() throws {
        let controller = try PointerInputTests.controller()
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 100, width: 200, height: 100), rotation: 0.5)
        // As the page measures it: the turned shape's upright box, wider than the shape.
        let label = try controller.insertLabel(AttributedText("Turned"), alignment: .center,
                                               frame: Rect(x: 70, y: 138, width: 260, height: 24), for: shape)
        let placed = try #require(controller.markup.element(withID: label))
        #expect(placed.rotation == 0.5 && placed.frame.center == Point(x: 200, y: 150) && placed.frame.width == 184)
    }

    @Test func whatTheEraserLeavesOfAGroupedStrokeStaysInTheGroup() throws {
        let (controller, ids, group) = try Self.controllerWithAGroup()
        controller.tool = .eraser(.fixedWidthBitmap, width: 10)
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 200, y: 50), to: Point(x: 200, y: 150), count: 20))
        let pieces = controller.markup.elements.filter { $0.id != ids[1] && $0.id != ids[2] }
        #expect(pieces.count == 2 && pieces.allSatisfy { $0.groupID == group }, "\(pieces.map(\.groupID))")
    }
}
