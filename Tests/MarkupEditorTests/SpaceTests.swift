import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Room made on the page with the space tool: what lies below a line moves, and a notebook grows.
struct SpaceTests {
    /// A letter page with a shape above the line at 300, one across it, one below it and one locked below it.
    static func controller(background: PageBackground? = nil) throws -> (MarkupController, above: ElementID, across: ElementID, below: ElementID,
                                                                        locked: ElementID) {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792), createdAt: Date(timeIntervalSince1970: 0))
        markup.background = background
        let controller = MarkupController(markup: markup)
        let shape = Shape(configuration: .rectangle)
        let above = try controller.insertShape(shape, frame: Rect(x: 50, y: 100, width: 100, height: 50))
        let across = try controller.insertShape(shape, frame: Rect(x: 50, y: 280, width: 100, height: 50))
        let below = try controller.insertShape(shape, frame: Rect(x: 50, y: 400, width: 100, height: 50))
        let locked = try controller.insertShape(shape, frame: Rect(x: 300, y: 400, width: 100, height: 50))
        controller.select([locked])
        try controller.lockSelection()
        controller.select([])
        return (controller, above, across, below, locked)
    }

    static func top(_ id: ElementID, _ controller: MarkupController) -> Double? { controller.markup.element(withID: id)?.frame.minY }

    @Test func whatLiesWhollyBelowTheLineMovesAndTheRestStays() throws {
        let (controller, above, across, below, locked) = try Self.controller()
        try controller.insertSpace(at: 300, by: 120)
        #expect(Self.top(below, controller) == 520)
        #expect(Self.top(above, controller) == 100 && Self.top(across, controller) == 280 && Self.top(locked, controller) == 400)
        #expect(controller.markup.bounds.height == 792, "it still fits: the page stays")
        // Closing the gap up again, then undo and redo, each one step.
        try controller.insertSpace(at: 300, by: -120)
        #expect(Self.top(below, controller) == 400)
        try controller.undo()
        #expect(Self.top(below, controller) == 520)
        try controller.undo()
        #expect(Self.top(below, controller) == 400)
        try controller.redo()
        #expect(Self.top(below, controller) == 520)
    }

    @Test func aPageGrowsBySheetsToHoldWhatMovesAndUndoShrinksIt() throws {
        let (controller, _, _, below, _) = try Self.controller()
        // The shape's bottom at 450 + 1,000 = 1,450: one sheet more holds it (1,584).
        try controller.insertSpace(at: 300, by: 1_000)
        #expect(controller.markup.bounds.height == 2 * 792 && controller.markup.sheetHeight == 792)
        #expect(Self.top(below, controller) == 1_400)
        try controller.undo()
        #expect(controller.markup.bounds.height == 792 && Self.top(below, controller) == 400)
    }

    @Test func whatCannotBeIsRefusedAndNothingChanges() throws {
        let (controller, _, _, _, _) = try Self.controller()
        let before = controller.markup
        for (y, distance) in [(300.0, 0.0), (.nan, 10), (300, .infinity), (300, MarkupController.maximumSpace + 1), (700, 50), (300, -500),
                              (300, 792 * Double(Markup.maximumSheets + 1))] {
            #expect(throws: EditorError.self, "at \(y) by \(distance)") { try controller.insertSpace(at: y, by: distance) }
        }
        #expect(controller.markup == before)
        // Over a background's pages nothing may be pushed past the last one.
        let pages = PageBackground(source: .image(BlobID(of: Data([1, 2, 3]))), pageSizes: [Size(width: 612, height: 792)])
        let (over, _, _, below, _) = try Self.controller(background: pages)
        #expect(throws: EditorError.self) { try over.insertSpace(at: 300, by: 400) }
        try over.insertSpace(at: 300, by: 300)
        #expect(Self.top(below, over) == 700)
    }
}
