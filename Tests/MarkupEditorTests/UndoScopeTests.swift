import Foundation
@testable import MarkupEditor
import MarkupModel
import Testing

/// Each scope (a page on a shared document) undoes its own steps; an undo leaves alone whatever
/// someone else has changed or deleted since.
struct UndoScopeTests {
    static func controller() -> MarkupController {
        MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)))
    }

    static func shape(_ controller: MarkupController, as scope: String) throws -> ElementID {
        controller.undoScope = scope
        return try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 50, height: 40))
    }

    static func move(_ controller: MarkupController, _ ids: Set<ElementID>, by dx: Double, as scope: String) throws {
        controller.undoScope = scope
        controller.select(ids)
        try controller.moveSelection(by: Point(x: dx, y: 0))
    }

    @Test func eachScopeUndoesItsOwnSteps() throws {
        let controller = Self.controller()
        let mine = try Self.shape(controller, as: "a")
        let theirs = try Self.shape(controller, as: "b")
        controller.undoScope = "a"
        #expect(controller.canUndo)
        try controller.undo()
        #expect(controller.markup.element(withID: mine) == nil && controller.markup.element(withID: theirs) != nil)
        #expect(!controller.canUndo && controller.canRedo)
        controller.undoScope = "b"
        #expect(controller.canUndo && !controller.canRedo)
        try controller.undo()
        #expect(controller.markup.elements.isEmpty)
        controller.undoScope = "a"
        try controller.redo()
        #expect(controller.markup.element(withID: mine) != nil && controller.markup.element(withID: theirs) == nil)
    }

    /// Histories handed to the next controller of a document (it closed and opened again): each
    /// scope without steps of its own there takes its old ones, whose undo leaves alone what was
    /// changed meanwhile; a scope with steps of its own undoes those first, then its old ones.
    @Test func historiesGoOnToTheNextControllerOfTheDocument() throws {
        let before = Self.controller()
        let mine = try Self.shape(before, as: "a")
        let moved = try Self.shape(before, as: "a")
        let theirs = try Self.shape(before, as: "b")
        before.undoScope = "d"
        let points = (0..<30).map { StrokePoint(location: Point(x: 50 + Double($0) * 4, y: 300), timeOffset: Double($0) / 100, size: Size(width: 3, height: 3)) }
        let ink = try before.addStroke(Stroke(ink: Ink(.pen, width: 3), points: points))
        let saved = before.undoHistories
        #expect(!saved.isEmpty && Self.controller().undoHistories.isEmpty)
        // Four elements added (each counted as a clipboard counts one), the stroke's points once.
        #expect(saved.byteCount == 4 * 256 + 30 * MemoryLayout<StrokePoint>.stride)
        #expect(before.markup.element(withID: ink) != nil)

        let after = MarkupController(markup: before.markup)
        try Self.move(after, [moved], by: 100, as: "c")
        let new = try Self.shape(after, as: "b")
        after.adoptUndoHistories(saved)
        after.undoScope = "b"
        try after.undo()
        #expect(after.markup.element(withID: new) == nil && after.markup.element(withID: theirs) != nil, "b's step here first")
        try after.undo()
        #expect(after.markup.element(withID: theirs) == nil, "then b's step from before")
        #expect(!after.canUndo)
        after.undoScope = "a"
        try after.undo()
        #expect(after.markup.element(withID: moved) != nil, "the element moved since is left")
        try after.undo()
        #expect(after.markup.element(withID: mine) == nil && !after.canUndo && after.canRedo)
    }

    @Test func undoingAnInsertionSomeoneElseHasMovedLeavesIt() throws {
        let controller = Self.controller()
        let shape = try Self.shape(controller, as: "a")
        try Self.move(controller, [shape], by: 100, as: "b")
        let moved = controller.markup.element(withID: shape)
        controller.undoScope = "a"
        try controller.undo()
        #expect(controller.markup.element(withID: shape) == moved, "b's moved shape stays")
        controller.undoScope = "b"
        try controller.undo()
        #expect(controller.markup.element(withID: shape)?.frame.minX == moved.map { $0.frame.minX - 100 })
    }

    @Test func undoingAMoveOfSomethingDeletedSinceDoesNotBringItBack() throws {
        let controller = Self.controller()
        let shape = try Self.shape(controller, as: "b")
        try Self.move(controller, [shape], by: 30, as: "a")
        controller.undoScope = "b"
        controller.select([shape])
        try controller.deleteSelection()
        controller.undoScope = "a"
        #expect(try controller.undo())
        // The step is spent, and says it had nothing left to take back.
        #expect(controller.lastStepWasOverridden && !controller.canUndo)
        #expect(controller.markup.elements.isEmpty)
        try controller.redo()
        #expect(controller.markup.elements.isEmpty)
    }

    /// An undo takes back the step's own move of what someone else has moved since as the opposite
    /// move, keeping theirs, as tldraw and Excalidraw take back only one's own change.
    @Test func anUndoneMoveKeepsTheMovesOthersMadeSince() throws {
        let controller = Self.controller()
        let first = try Self.shape(controller, as: "setup")
        let second = try Self.shape(controller, as: "setup")
        let before = controller.markup
        let x = { (markup: Markup, id: ElementID) in markup.element(withID: id)?.frame.minX ?? .nan }
        try Self.move(controller, [first, second], by: 50, as: "a")
        try Self.move(controller, [second], by: 7, as: "b")
        controller.undoScope = "a"
        try controller.undo()
        #expect(!controller.lastStepWasOverridden)
        #expect(controller.markup.element(withID: first) == before.element(withID: first))
        #expect(x(controller.markup, second) == x(before, second) + 7, "b's move kept, a's taken back")
        try controller.redo()
        #expect(x(controller.markup, first) == x(before, first) + 50)
        #expect(x(controller.markup, second) == x(before, second) + 57)
        // Moved up and down by b meanwhile: a's move alone is taken back.
        controller.undoScope = "b"
        controller.select([second])
        try controller.moveSelection(by: Point(x: 0, y: 30))
        controller.undoScope = "a"
        try controller.undo()
        #expect(x(controller.markup, second) == x(before, second) + 7)
        #expect(controller.markup.element(withID: second)?.frame.minY == (before.element(withID: second)?.frame.minY ?? 0) + 30)
    }

    /// Of a stroke someone else has moved since, an undone change of its ink takes back the ink
    /// alone; of a shape, an undone rotation the rotation alone.
    @Test func anUndoneRestyleKeepsTheMovesOthersMadeSince() throws {
        let controller = Self.controller()
        controller.undoScope = "setup"
        let points = (0..<20).map { StrokePoint(location: Point(x: 100 + Double($0) * 5, y: 200), timeOffset: Double($0) / 100, size: Size(width: 3, height: 3)) }
        let stroke = try controller.addStroke(Stroke(ink: Ink(.pen, color: .black, width: 3), points: points))
        let shape = try Self.shape(controller, as: "setup")
        controller.undoScope = "a"
        controller.select([stroke])
        try controller.recolorSelection(Color(red: 1, green: 0, blue: 0))
        controller.select([shape])
        try controller.rotateSelection(by: .pi / 2)
        let rotatedShape = controller.markup.element(withID: shape)
        try Self.move(controller, [stroke, shape], by: 40, as: "b")
        let moved = controller.markup
        controller.undoScope = "a"
        try controller.undo()
        #expect(controller.markup.element(withID: shape)?.rotation == 0)
        #expect(controller.markup.element(withID: shape)?.frame == moved.element(withID: shape)?.frame)
        try controller.undo()
        guard case .stroke(let undone) = controller.markup.element(withID: stroke)?.content,
              case .stroke(let movedStroke) = moved.element(withID: stroke)?.content else { Issue.record("not a stroke"); return }
        #expect(undone.ink.color == .black && undone.transform == movedStroke.transform)
        #expect(rotatedShape?.frame != nil && controller.markup.element(withID: shape)?.frame != rotatedShape?.frame, "b's move kept")
    }

    /// A text made larger, its box grown with it, and then recoloured by someone else: the undo
    /// leaves the text and its box together as they are (the old box would not hold the larger
    /// text), and says it had nothing to take back.
    @Test func anUndoneChangeOfTextAndItsBoxKeepsThemTogether() throws {
        let controller = Self.controller()
        controller.undoScope = "setup"
        let text = try controller.insertTextbox(AttributedText("Heading"), frame: Rect(x: 100, y: 100, width: 200, height: 24))
        controller.undoScope = "a"
        controller.select([text])
        try controller.restyleSelectedText(size: 40) { _, _ in 52 }
        let grown = try #require(controller.markup.element(withID: text))
        controller.undoScope = "b"
        controller.select([text])
        try controller.recolorSelection(Color(red: 0, green: 0, blue: 1))
        let recoloured = controller.markup.element(withID: text)
        #expect(recoloured?.frame == grown.frame && recoloured?.content != grown.content)
        controller.undoScope = "a"
        try controller.undo()
        #expect(controller.markup.element(withID: text) == recoloured)
        #expect(controller.lastStepWasOverridden)
    }

    /// An element brought to the front and then moved by someone else goes back to its place in
    /// the z-order and keeps their move; no two elements ever share a place.
    @Test func anUndoneReorderKeepsTheMovesOthersMadeSince() throws {
        let controller = Self.controller()
        let ids = try (0..<4).map { _ in try Self.shape(controller, as: "setup") }
        let before = controller.markup
        controller.undoScope = "a"
        controller.select([ids[0]])
        try controller.bringSelectionToFront()
        #expect(controller.markup.elements.last?.id == ids[0])
        try Self.move(controller, [ids[0]], by: 25, as: "b")
        controller.undoScope = "a"
        try controller.undo()
        #expect(controller.markup.element(withID: ids[0])?.zIndex == before.element(withID: ids[0])?.zIndex)
        #expect(controller.markup.element(withID: ids[0])?.frame.minX == (before.element(withID: ids[0])?.frame.minX ?? 0) + 25)
        #expect(Set(controller.markup.elements.map(\.zIndex)).count == controller.markup.elements.count)
    }

    /// The places a reversal gives back are never another's: one that stays where it is keeps its
    /// place, and one that would take it keeps its own, however the claims chain.
    @Test func aReversalNeverSharesAPlaceInTheZOrder() throws {
        let controller = Self.controller()
        let ids = try (0..<3).map { _ in try Self.shape(controller, as: "setup") }
        let markup = controller.markup
        let element = { (index: Int) in try #require(markup.element(withID: ids[index])) }
        var first = try element(0), second = try element(1)
        // The first would take the second's place, which the second would leave for the third's,
        // which the third keeps: the second stays, so the first does too.
        first.zIndex = try element(1).zIndex
        second.zIndex = try element(2).zIndex
        let kept = ConcurrentEditMerge.keepingZOrderUnique([first, second, try element(2)], in: markup)
        #expect(kept.map(\.zIndex) == [try element(0).zIndex, try element(1).zIndex, try element(2).zIndex])
        // Two that would go to one free place: the first of them gets it.
        var third = try element(2)
        (first.zIndex, third.zIndex) = (9_999, 9_999)
        let free = ConcurrentEditMerge.keepingZOrderUnique([first, third], in: markup)
        #expect(free.map(\.zIndex) == [9_999, try element(2).zIndex])
    }



    /// One page erasing (a gesture under way) while another draws and undoes: the other's stroke is
    /// a step of its own, its undo takes back only its own step, and the eraser's sweep stays one
    /// step of the page that erased.
    @Test func anotherScopesEditsDuringAGestureAreStepsOfTheirOwn() throws {
        let controller = try PointerInputTests.controller()
        let points = PointerInputTests.line(from: Point(x: 100, y: 300), to: Point(x: 600, y: 300))
        let samples = points.enumerated().map { PointerEvent.Sample(location: $1, time: Double($0) / 240, force: 1, azimuth: 0.5, altitude: 1) }
        controller.undoScope = "a"
        let erased = try controller.addStroke(Stroke(ink: Ink(.pen, width: 3), points: samples.map {
            StrokePoint(location: $0.location, timeOffset: $0.time, size: Size(width: 3, height: 3)) }))
        let strokePoints = (0..<30).map { StrokePoint(location: Point(x: 50 + Double($0) * 4, y: 100), timeOffset: Double($0) / 100, size: Size(width: 3, height: 3)) }

        controller.tool = .eraser(.vector, width: 10)
        let sweep = PointerInputTests.line(from: Point(x: 300, y: 250), to: Point(x: 300, y: 350), count: 20).enumerated().map {
            PointerEvent.Sample(location: $1, time: Double($0) / 240, force: 1, azimuth: 0.5, altitude: 1) }
        try controller.handle(PointerEvent(phase: .began, pointerKind: .pen, samples: [sweep[0]]))
        try controller.handle(PointerEvent(phase: .moved, pointerKind: .pen, samples: Array(sweep[1..<19])))
        #expect(controller.markup.element(withID: erased) == nil, "erased while the pen is down")

        controller.undoScope = "b"
        let drawn = try controller.addStroke(Stroke(ink: Ink(.pen, width: 3), points: strokePoints))
        #expect(controller.canUndo, "b's stroke is b's step")
        try controller.undo()
        #expect(controller.markup.element(withID: drawn) == nil, "b's undo takes back b's stroke")
        #expect(controller.markup.element(withID: erased) == nil, "and leaves a's erasing as it is")
        try controller.redo()
        #expect(controller.markup.element(withID: drawn) != nil)

        controller.undoScope = "a"
        try controller.handle(PointerEvent(phase: .ended, pointerKind: .pen, samples: [sweep[19]]))
        try controller.undo()
        #expect(controller.markup.element(withID: erased) != nil, "a's undo brings back what a erased")
        #expect(controller.markup.element(withID: drawn) != nil, "and leaves b's stroke (now above it: the erased stroke had its place)")
        try controller.undo()
        #expect(controller.markup.element(withID: erased) == nil && !controller.canUndo, "a's stroke, then nothing more")
        controller.undoScope = "b"
        try controller.undo()
        #expect(controller.markup.element(withID: drawn) == nil && !controller.canUndo)
    }

    @Test func oneScopeUndoesExactlyAsBefore() throws {
        let controller = Self.controller()
        let shape = try Self.shape(controller, as: "")
        try Self.move(controller, [shape], by: 20, as: "")
        let start = Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600))
        try controller.undo()
        try controller.undo()
        #expect(controller.markup.elements == start.elements)
        try controller.redo()
        try controller.redo()
        #expect(controller.markup.element(withID: shape)?.frame.minX ?? 0 > 20)
    }
}
