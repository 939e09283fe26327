import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// The text highlighter's boxes, as the controller inserts them.
struct HighlightTests {
    static let lines = [Rect(x: 72, y: 100, width: 300, height: 18), Rect(x: 72, y: 118, width: 120, height: 18)]

    @Test func aHighlightLiesUnderEverythingGroupedAsOneStep() throws {
        let (controller, ids) = try ArrangingTests.controller(frames: [Rect(x: 0, y: 0, width: 50, height: 50)])
        let yellow = Color(hex: "#ffcc00")!
        let made = try controller.insertHighlight(Self.lines, color: yellow)
        #expect(made.count == 2 && controller.selection.isEmpty, "nothing selected, as after ink")
        let elements = made.compactMap { controller.markup.element(withID: $0) }
        #expect(elements.map(\.frame) == Self.lines)
        let under = try #require(controller.markup.element(withID: ids[0]))
        #expect(elements.allSatisfy { $0.zIndex < under.zIndex }, "under what was there")
        #expect(elements[0].groupID != nil && elements[0].groupID == elements[1].groupID)
        for element in elements {
            guard case .shape(let shape) = element.content else { Issue.record("a shape"); continue }
            #expect(shape.strokeColor == nil && shape.fillColor?.alpha == MarkupController.highlightOpacity)
            #expect(shape.fillColor.map { Color(red: $0.red, green: $0.green, blue: $0.blue) } == yellow)
        }
        // One box is no group; one undo takes a highlight back whole.
        let single = try controller.insertHighlight([Self.lines[0]], color: yellow)
        #expect(controller.markup.element(withID: single[0])?.groupID == nil)
        try controller.undo()
        try controller.undo()
        #expect(made.allSatisfy { controller.markup.element(withID: $0) == nil } && controller.markup.elements.count == 1)
    }

    @Test func boxesThatCannotBeAreRefusedAndNothingChanges() throws {
        let (controller, _) = try ArrangingTests.controller(frames: [Rect(x: 0, y: 0, width: 50, height: 50)])
        let before = controller.markup
        for boxes in [[], [Rect(x: 0, y: 0, width: .nan, height: 10)], [Self.lines[0], Rect(x: 0, y: 0, width: 10, height: 0)],
                      Array(repeating: Self.lines[0], count: MarkupController.maximumHighlightBoxes + 1)] {
            #expect(throws: EditorError.self) { try controller.insertHighlight(boxes, color: .black) }
        }
        #expect(controller.markup == before)
    }
}
