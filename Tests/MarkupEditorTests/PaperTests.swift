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

    /// Paper and a sheet changed during a gesture are part of its one step, as its elements are.
    @Test func paperAndSheetsChangedInAGestureAreUndoneWithIt() throws {
        let controller = Self.controller()
        controller.beginTransaction()
        let shape = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 40, height: 40))
        try controller.setPaper(Paper(ruling: .squared))
        try controller.addSheet()
        controller.endTransaction()
        #expect(controller.markup.paper?.ruling == .squared && controller.markup.sheets.count == 2)
        try controller.undo()
        #expect(controller.markup.element(withID: shape) == nil && controller.markup.paper == nil)
        #expect(controller.markup.bounds.height == 600 && controller.markup.sheetHeight == nil && !controller.canUndo)
        try controller.redo()
        #expect(controller.markup.paper?.ruling == .squared && controller.markup.sheets.count == 2 && controller.markup.element(withID: shape) != nil)
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
        #expect(controller.markup.paper == nil && !controller.canUndo)
        // Over a PDF it is the paper of the blank pages put in among its pages.
        let annotating = MarkupController(markup: overPDF)
        try annotating.setPaper(Paper(ruling: .lined))
        #expect(annotating.markup.blankPagePaper == Paper(ruling: .lined) && annotating.markup.visiblePaper == nil)
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

    /// A sheet is as tall as the page was made: a landscape page grows by landscape sheets.
    @Test func aSheetIsAddedAndTakenOffAsOneStepEach() throws {
        let controller = Self.controller()
        #expect(throws: EditorError.sheetCannotGo("the page is no longer than a sheet")) { try controller.removeLastSheet() }
        try controller.addSheet()
        #expect(controller.markup.bounds == Rect(x: 0, y: 0, width: 800, height: 1200) && controller.markup.sheetHeight == 600)
        #expect(controller.takeEvents() == [.didChangeMarkup(MarkupChange(page: PageChange(bounds: controller.markup.bounds, sheetHeight: 600)))])
        try controller.addSheet()
        #expect(controller.markup.bounds.height == 1800)
        try controller.undo()
        #expect(controller.markup.bounds.height == 1200)
        // Something on the last sheet keeps it; once it is gone, the sheet may go.
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 900, width: 40, height: 40))
        #expect(throws: EditorError.sheetCannotGo("something is on the last sheet: move or erase it first")) { try controller.removeLastSheet() }
        controller.select([shape])
        try controller.moveSelection(by: Point(x: 0, y: -500))
        try controller.removeLastSheet()
        #expect(controller.markup.bounds == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(throws: EditorError.sheetCannotGo("the page is no longer than a sheet")) { try controller.removeLastSheet() }
        try controller.undo()
        #expect(controller.markup.bounds.height == 1200)
        // Undoing the first sheet forgets how tall sheets were: the page is as it was made.
        try controller.undo()
        try controller.undo()
        try controller.undo()
        #expect(controller.markup.bounds.height == 600 && controller.markup.sheetHeight == nil)
    }

    /// A sheet put in between two pushes what lies from it down a sheet; a sheet taken out takes
    /// what lies on it and pulls what lies below up; each one step.
    @Test func aSheetIsPutInBetweenAndTakenOutWithWhatIsOnIt() throws {
        let controller = Self.controller()
        try controller.addSheet()
        try controller.addSheet()
        // One shape a sheet, and one across the first two, its middle on the first.
        let shapes = try [50.0, 650, 1250, 560].map { y in
            try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: y, width: 40, height: 60))
        }
        func top(_ id: ElementID) -> Double? { controller.markup.element(withID: id)?.frame.minY }
        try controller.insertSheet(before: 1)
        #expect(controller.markup.sheets.count == 4 && controller.markup.bounds.height == 2400)
        #expect(shapes.map(top) == [50, 1250, 1850, 560], "from the second sheet down, a sheet lower")
        try controller.undo()
        #expect(controller.markup.sheets.count == 3 && shapes.map(top) == [50, 650, 1250, 560])
        try controller.insertSheet(before: 3)
        #expect(controller.markup.sheets.count == 4 && shapes.map(top) == [50, 650, 1250, 560], "at the end, nothing moves")
        try controller.undo()
        // The middle sheet out: its shape goes, the last sheet's comes up.
        try controller.removeSheet(at: 1)
        #expect(controller.markup.sheets.count == 2 && shapes.map(top) == [50, nil, 650, 560])
        try controller.undo()
        #expect(shapes.map(top) == [50, 650, 1250, 560])
        #expect(throws: EditorError.invalidGeometry("the page has 3 sheets")) { try controller.removeSheet(at: 3) }
        #expect(throws: EditorError.invalidGeometry("the page has 3 sheets")) { try controller.insertSheet(before: 4) }
        // Something locked on it keeps the sheet.
        controller.select([shapes[1]])
        try controller.lockSelection()
        #expect(throws: EditorError.sheetCannotGo("something locked is on it: unlock it first")) { try controller.removeSheet(at: 1) }
        #expect(controller.markup.sheets.count == 3)
        // A page of one sheet keeps it.
        #expect(throws: EditorError.sheetCannotGo("the page is no longer than a sheet")) { try Self.controller().removeSheet(at: 0) }
    }

    /// A sheet duplicated: copies of what lies on it, locked ones locked, a sheet lower, after it,
    /// what lies below a sheet lower too; one step.
    @Test func aSheetIsDuplicatedAfterItself() throws {
        let controller = Self.controller()
        try controller.addSheet()
        let shapes = try [50.0, 650].map { y in
            try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 100, y: y, width: 40, height: 60))
        }
        controller.select([shapes[0]])
        try controller.lockSelection()
        let before = controller.markup
        try controller.duplicateSheet(at: 0)
        #expect(controller.markup.sheets.count == 3 && controller.markup.elements.count == 3)
        #expect(controller.markup.element(withID: shapes[1])?.frame.minY == 1250, "the second sheet's shape, a sheet lower")
        let copy = try #require(controller.markup.elements.first { !shapes.contains($0.id) })
        #expect(copy.frame == Rect(x: 100, y: 650, width: 40, height: 60) && copy.isLocked)
        try controller.undo()
        #expect(controller.markup == before)
        #expect(throws: EditorError.invalidGeometry("the page has 2 sheets")) { try controller.duplicateSheet(at: 2) }
    }

    /// A sheet moved down trades places with the next, what lies on each going with it; one step.
    @Test func aSheetMovesUpAndDown() throws {
        let controller = Self.controller()
        try controller.addSheet()
        try controller.addSheet()
        let shapes = try [50.0, 650, 1250].map { y in
            try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: y, width: 40, height: 60))
        }
        func tops() -> [Double?] { shapes.map { controller.markup.element(withID: $0)?.frame.minY } }
        try controller.moveSheet(at: 0, down: true)
        #expect(tops() == [650, 50, 1250])
        try controller.moveSheet(at: 2, down: false)
        #expect(tops() == [1250, 50, 650] && controller.markup.sheets.count == 3)
        try controller.undo()
        #expect(tops() == [650, 50, 1250])
        #expect(throws: EditorError.invalidGeometry("the first sheet cannot go further up")) { try controller.moveSheet(at: 0, down: false) }
        #expect(throws: EditorError.invalidGeometry("the last sheet cannot go further down")) { try controller.moveSheet(at: 2, down: true) }
        #expect(throws: EditorError.invalidGeometry("the page has 3 sheets")) { try controller.moveSheet(at: 5, down: true) }
    }

    @Test func aPageGrowsNoFurtherThanItsMostSheetsNorOverAPicture() throws {
        let controller = Self.controller()
        for _ in 1..<Markup.maximumSheets { try controller.addSheet() }
        #expect(controller.markup.sheets.count == Markup.maximumSheets)
        let longest = controller.markup.bounds
        #expect(throws: EditorError.tooLarge(what: "sheets in a page", limit: Markup.maximumSheets)) { try controller.addSheet() }
        #expect(controller.markup.bounds == longest)
        var overPicture = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        overPicture.background = PageBackground(source: .pdf(BlobID(of: Data("pdf".utf8))), pageSizes: [Size(width: 100, height: 100)])
        let annotating = MarkupController(markup: overPicture)
        #expect(throws: EditorError.pagesOfBackground) { try annotating.addSheet() }
        #expect(throws: EditorError.pagesOfBackground) { try annotating.removeLastSheet() }
        // A page (from a file) as tall as the canvas gets no sheet past it.
        var tall = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 6e8))
        tall.sheetHeight = 6e8
        #expect(throws: EditorError.invalidGeometry("the page would reach past the canvas")) { try MarkupController(markup: tall).addSheet() }
    }

    /// A page is cut into its sheets, each as tall as the page was made; a page no sheet was added
    /// to, or one whose height is not a whole number of sheets, stays whole.
    @Test func aLongPageIsCutIntoItsSheets() {
        func heights(width: Double, height: Double, sheet: Double?) -> [Double] {
            var markup = Markup(bounds: Rect(x: 0, y: 10, width: width, height: height))
            markup.sheetHeight = sheet
            return markup.sheets.map(\.height)
        }
        #expect(heights(width: 768, height: 1024, sheet: nil) == [1024])
        #expect(heights(width: 768, height: 3072, sheet: 1024) == [1024, 1024, 1024])
        #expect(heights(width: 595, height: 842 * 2, sheet: 842) == [842, 842], "A4 pages")
        #expect(heights(width: 768, height: 3000, sheet: 1024) == [3000], "not a whole number of sheets")
        #expect(heights(width: 1, height: 1e12, sheet: 1) == [1e12], "more sheets than a page may have")
        #expect(heights(width: 0, height: 100, sheet: 50).isEmpty)
        var long = Markup(bounds: Rect(x: 0, y: 10, width: 768, height: 2048))
        long.sheetHeight = 1024
        #expect(long.sheets.map(\.minY) == [10, 1034] && long.firstSheet == Rect(x: 0, y: 10, width: 768, height: 1024))
    }
}
