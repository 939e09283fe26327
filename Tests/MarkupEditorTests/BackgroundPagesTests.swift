import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// A PDF's pages rearranged as Xournal++ rearranges them: a blank page put in between two, a page
/// duplicated, moved and taken out, what lies on each page going with it, each one undoable step.
struct BackgroundPagesTests {
    static let letter = Size(width: 612, height: 792)

    /// Three PDF pages (the third smaller), a rectangle in the middle of each.
    static func annotated() throws -> (MarkupController, [ElementID]) {
        var markup = Markup(bounds: .zero)
        let background = PageBackground(source: .pdf(BlobID(of: Data("pdf".utf8))), pageSizes: [letter, letter, Size(width: 400, height: 600)])
        markup.background = background
        markup.bounds = background.bounds
        let controller = MarkupController(markup: markup)
        let ids = try background.pages.map { page in
            try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: page.frame.center.x - 50, y: page.frame.center.y - 20, width: 100, height: 40))
        }
        return (controller, ids)
    }

    static func middleY(_ controller: MarkupController, _ id: ElementID) -> Double? {
        controller.markup.element(withID: id)?.renderFrame.center.y
    }

    @Test func aBlankPageIsPutInBetweenTwoAndWhatFollowsMovesDown() throws {
        let (controller, ids) = try Self.annotated()
        let before = controller.markup
        try controller.insertBlankPage(before: 1)
        let pages = try #require(controller.markup.background?.pages)
        #expect(pages.map(\.index) == [0, PageBackground.Page.blankIndex, 1, 2])
        #expect(pages[1].frame == Rect(x: 0, y: 816, width: 612, height: 792), "as large as the page it goes before, a gap below the one above")
        #expect(pages[2].frame.minY == 816 + 792 + 24 && pages[3].frame.minY == pages[2].frame.maxY + 24)
        #expect(controller.markup.bounds == controller.markup.background?.bounds)
        // What lies on the pages after it moves down with them; the first page's stays.
        #expect(Self.middleY(controller, ids[0]) == pages[0].frame.center.y)
        #expect(Self.middleY(controller, ids[1]) == pages[2].frame.center.y && Self.middleY(controller, ids[2]) == pages[3].frame.center.y)
        #expect(controller.markup.contentVersion == .version6 && controller.markup.featureSet.contains(.blankPages))
        try controller.markup.validate(requiringBlobs: false)
        // At the end too, as large as the last page.
        try controller.insertBlankPage(before: 4)
        #expect(controller.markup.background?.pages.last?.frame.size == Size(width: 400, height: 600))
        #expect(throws: EditorError.invalidGeometry("the document has 5 pages")) { try controller.insertBlankPage(before: 6) }
        #expect(try controller.undo() && controller.undo())
        #expect(controller.markup == before)
    }

    @Test func aPageIsDuplicatedMovedAndTakenOut() throws {
        let (controller, ids) = try Self.annotated()
        let before = controller.markup
        // Duplicated: a copy of the second page and of what lies on it, after it.
        try controller.duplicatePage(at: 1)
        var pages = try #require(controller.markup.background?.pages)
        #expect(pages.map(\.index) == [0, 1, 1, 2])
        #expect(controller.markup.elements.count == 4)
        let copy = try #require(controller.markup.elements.first { !ids.contains($0.id) })
        #expect(copy.renderFrame.center.y == pages[2].frame.center.y && Self.middleY(controller, ids[2]) == pages[3].frame.center.y)
        // Moved down past the copy's page: the two trade places, each with what lies on it.
        try controller.movePage(at: 0, down: true)
        pages = try #require(controller.markup.background?.pages)
        #expect(pages.map(\.index) == [1, 0, 1, 2])
        #expect(Self.middleY(controller, ids[0]) == pages[1].frame.center.y && Self.middleY(controller, ids[1]) == pages[0].frame.center.y)
        #expect(throws: EditorError.invalidGeometry("the first page cannot go further up")) { try controller.movePage(at: 0, down: false) }
        #expect(throws: EditorError.invalidGeometry("the last page cannot go further down")) { try controller.movePage(at: 3, down: true) }
        // Taken out, with what lies on it; the smaller last page moves up.
        try controller.removePage(at: 2)
        pages = try #require(controller.markup.background?.pages)
        #expect(pages.map(\.index) == [1, 0, 2] && controller.markup.element(withID: copy.id) == nil)
        #expect(Self.middleY(controller, ids[2]) == pages[2].frame.center.y && pages[2].frame.minY == 2 * (792 + 24))
        #expect(controller.markup.contentVersion == .version4, "no blank page: what any reader of backgrounds reads")
        try controller.markup.validate(requiringBlobs: false)
        for _ in 0..<3 { #expect(try controller.undo()) }
        #expect(controller.markup == before)
    }

    @Test func onlyABlankLastPageWithNothingOnItIsTakenOffTheEnd() throws {
        let (controller, ids) = try Self.annotated()
        #expect(throws: EditorError.sheetCannotGo("the last page is not a blank page put in")) { try controller.removeLastBlankPage() }
        try controller.insertBlankPage(before: 3)
        let last = try #require(controller.markup.background?.pages.last?.frame)
        let note = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: last.center.x, y: last.center.y, width: 20, height: 20))
        #expect(throws: EditorError.sheetCannotGo("something is on the last page: move or erase it first")) { try controller.removeLastBlankPage() }
        controller.select([note])
        try controller.deleteSelection()
        try controller.removeLastBlankPage()
        #expect(controller.markup.background?.pages.count == 3 && controller.markup.elements.map(\.id) == ids)
    }

    @Test func aPageWithSomethingLockedOnItStaysAndADocumentWithoutPagesRefuses() throws {
        let (controller, ids) = try Self.annotated()
        controller.select([ids[1]])
        try controller.lockSelection()
        let before = controller.markup
        #expect(throws: EditorError.sheetCannotGo("something locked is on the page: unlock it first")) { try controller.removePage(at: 1) }
        #expect(controller.markup == before)
        // Moved, a locked element goes with its page all the same.
        try controller.movePage(at: 1, down: true)
        #expect(Self.middleY(controller, ids[1]) == controller.markup.background?.pages[2].frame.center.y)
        let notebook = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100)))
        #expect(throws: EditorError.pagesOfBackground) { try notebook.insertBlankPage(before: 0) }
        #expect(throws: EditorError.pagesOfBackground) { try notebook.removePage(at: 0) }
        let single = MarkupController(markup: {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792))
            markup.background = PageBackground(source: .pdf(BlobID(of: Data("pdf".utf8))), pageSizes: [Self.letter])
            return markup
        }())
        #expect(throws: EditorError.sheetCannotGo("the document has only this page")) { try single.removePage(at: 0) }
    }
}
