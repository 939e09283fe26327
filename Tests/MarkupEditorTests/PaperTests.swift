import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// The paper a document lies on is changed as one step, undone and redone like any other, and
/// one person's undo leaves another's later choice of paper alone.
struct PaperTests {
    static func controller() -> MarkupController {
        MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)))
    }

    @Test func paperIsChangedAsOneStepThatUndoesAndRedoes() throws {
        let controller = Self.controller()
        let lined = Paper(ruling: .lined)
        try controller.setPaper(lined)
        #expect(controller.markup.paper == lined)
        #expect(controller.takeEvents() == [.didChangeMarkup(MarkupChange(paper: PaperChange(to: lined)))])
        try controller.setPaper(lined)
        #expect(controller.takeEvents().isEmpty)
        try controller.setPaper(Paper(ruling: .dotted, spacing: 30))
        try controller.undo()
        #expect(controller.markup.paper == lined)
        try controller.undo()
        #expect(controller.markup.paper == nil && !controller.canUndo)
        try controller.redo()
        #expect(controller.markup.paper == lined)
        try controller.setPaper(nil)
        #expect(controller.markup.paper == nil && controller.canUndo)
    }

    @Test func paperThatCannotBeIsRefusedAndChangesNothing() throws {
        let controller = Self.controller()
        for spacing in [4, 200, Double.nan] {
            #expect(throws: EditorError.invalidGeometry("the paper's spacing is not 8–96 points")) {
                try controller.setPaper(Paper(ruling: .squared, spacing: spacing))
            }
        }
        controller.isEditable = false
        #expect(throws: EditorError.notEditable) { try controller.setPaper(Paper(ruling: .lined)) }
        var overPDF = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        overPDF.background = PageBackground(source: .pdf(BlobID(of: Data("pdf".utf8))), pageSizes: [Size(width: 100, height: 100)])
        let annotating = MarkupController(markup: overPDF)
        #expect(throws: EditorError.paperUnderBackground) { try annotating.setPaper(Paper(ruling: .lined)) }
        #expect(controller.markup.paper == nil && annotating.markup.paper == nil && !controller.canUndo && !annotating.canUndo)
    }

    @Test func anUndoLeavesPaperSomeoneElseChoseSince() throws {
        let controller = Self.controller()
        controller.undoScope = "a"
        try controller.setPaper(Paper(ruling: .lined))
        controller.undoScope = "b"
        try controller.setPaper(Paper(ruling: .squared))
        controller.undoScope = "a"
        try controller.undo()
        #expect(controller.markup.paper == Paper(ruling: .squared))
        controller.undoScope = "b"
        try controller.undo()
        #expect(controller.markup.paper == Paper(ruling: .lined))
    }

    @Test func restoringAVersionBringsItsPaperBack() {
        var old = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        old.paper = Paper(ruling: .dotted)
        var new = old
        new.paper = nil
        var restored = new
        let backward = restored.apply(MarkupChange(from: new, to: old))
        #expect(restored.paper == Paper(ruling: .dotted))
        #expect(MarkupChange(from: old, to: old).isEmpty)
        restored.apply(backward)
        #expect(restored.paper == nil)
    }
}
