import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// The paper a document lies on is changed as one step, undone and redone like any other, and
/// one person's undo leaves another's later choice of paper alone; the page grows and shrinks a
/// sheet at a time.
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

    @Test func aSheetIsAddedAndTakenOffAsOneStepEach() throws {
        let controller = Self.controller()
        #expect(Markup.sheetHeight(forPageWidth: 800) * 3 == 3200)
        #expect(throws: EditorError.sheetCannotGo("the page is no longer than a sheet")) { try controller.removeLastSheet() }
        try controller.addSheet()
        #expect(controller.markup.bounds == Rect(x: 0, y: 0, width: 800, height: 600 + 1066.6666666666667))
        #expect(controller.takeEvents() == [.didChangeMarkup(MarkupChange(bounds: controller.markup.bounds))])
        try controller.addSheet()
        try controller.undo()
        #expect(controller.markup.bounds.height == 600 + 1066.6666666666667)
        // Something on the last sheet keeps it; once it is gone, the sheet may go.
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 900, width: 40, height: 40))
        #expect(throws: EditorError.sheetCannotGo("something is on the last sheet: move or erase it first")) { try controller.removeLastSheet() }
        controller.select([shape])
        try controller.moveSelection(by: Point(x: 0, y: -500))
        try controller.removeLastSheet()
        #expect(controller.markup.bounds == Rect(x: 0, y: 0, width: 800, height: 600))
        try controller.undo()
        #expect(controller.markup.bounds.height == 600 + 1066.6666666666667)
    }

    @Test func aPageGrowsNoFurtherThanItsMostSheetsNorOverAPicture() throws {
        let controller = Self.controller()
        for _ in 1..<Markup.maximumSheets { try controller.addSheet() }
        let longest = controller.markup.bounds
        #expect(throws: EditorError.tooLarge(what: "sheets in a page", limit: Markup.maximumSheets)) { try controller.addSheet() }
        #expect(controller.markup.bounds == longest)
        var overPicture = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        overPicture.background = PageBackground(source: .pdf(BlobID(of: Data("pdf".utf8))), pageSizes: [Size(width: 100, height: 100)])
        let annotating = MarkupController(markup: overPicture)
        #expect(throws: EditorError.pagesOfBackground) { try annotating.addSheet() }
        #expect(throws: EditorError.pagesOfBackground) { try annotating.removeLastSheet() }
    }

    /// A page is cut into the sheets added below it, and above them the page as it was made.
    @Test func aLongPageIsCutIntoItsSheetsFromTheBottomUp() {
        func heights(width: Double, height: Double) -> [Double] {
            Markup(bounds: Rect(x: 0, y: 10, width: width, height: height)).sheets.map { ($0.height * 1000).rounded() / 1000 }
        }
        #expect(heights(width: 768, height: 1024) == [1024])
        #expect(heights(width: 768, height: 3072) == [1024, 1024, 1024])
        #expect(heights(width: 595, height: 842 + 595 * 4 / 3) == [842, 793.333], "an A4 page and a sheet")
        #expect(heights(width: 800, height: 600 + 800 * 4 / 3) == [600, 1066.667], "a landscape page and a sheet")
        #expect(heights(width: 1, height: 1e12) == [1e12], "a page no sheets made stays whole")
        #expect(heights(width: 0, height: 100).isEmpty)
        let long = Markup(bounds: Rect(x: 0, y: 10, width: 768, height: 2048))
        #expect(long.sheets.map(\.minY) == [10, 1034] && long.firstSheet == Rect(x: 0, y: 10, width: 768, height: 1024))
    }
}
