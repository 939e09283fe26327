import MarkupEditor
import MarkupModel
import MarkupTestSupport
import Testing

/// A controller sharing its document with other writers takes back what it has not saved exactly,
/// and makes it again on top of what the others saved.
struct SharingTests {
    /// A stroke of a random document, in the pen's plain ink (random inks may be HDR colors, which
    /// the editor refuses).
    static func stroke(seed: UInt64) throws -> Stroke {
        let found = RandomDocuments.make(seed: seed).elements.lazy.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element.content { stroke } else { nil }
        }.first
        var stroke = try #require(found)
        stroke.ink = Ink(.pen)
        return stroke
    }

    /// Undoing an erase puts the element back at its z-index, which a stroke drawn since took: the
    /// stroke moves up a step, a move no change lists. Taking the three changes back still gives the
    /// document as it was, and making them again gives it as it was after them.
    @Test func takingBackRestoresTheDocumentExactlyWhereverChangesMadeRoom() throws {
        let controller = MarkupController(markup: RandomDocuments.make(seed: 3))
        controller.tracksUnconfirmedChanges = true
        let before = controller.markup
        let top = try #require(before.elements.last)
        controller.undoScope = "eraser"
        controller.select([top.id])
        try controller.deleteSelection()
        controller.undoScope = "pen"
        let drawn = try controller.addStroke(try Self.stroke(seed: 9))
        #expect(controller.markup.element(withID: drawn)?.zIndex == top.zIndex)
        controller.undoScope = "eraser"
        try controller.undo()
        #expect(controller.markup.element(withID: drawn)?.zIndex == top.zIndex + Markup.zIndexStep, "the stroke made room")
        let after = controller.markup

        let taken = controller.takeBackUnconfirmed()
        #expect(taken.count == 3)
        #expect(controller.markup.elements == before.elements)
        #expect(controller.element(at: Point(x: -1e6, y: -1e6)) == nil)
        #expect(Set(controller.elements(in: before.bounds.expanded(by: 1e5))) == Set(before.elements.map(\.id)))

        var renumbered = [ElementID: (from: Int64, to: Int64)]()
        for change in taken { _ = controller.reapply(change, over: [], renumbered: &renumbered) }
        #expect(controller.markup.elements == after.elements)
        #expect(controller.unconfirmedCount == 3)
        controller.confirm(3)
        #expect(controller.takeBackUnconfirmed().isEmpty)
        #expect(controller.markup.elements == after.elements)
    }

    /// Paper chosen here and not yet saved is taken back with the rest, and the pages hear of it;
    /// another writer's paper then applies, and the choice made here again goes on top of it.
    @Test func paperChosenHereIsTakenBackAndMadeAgainOverAnothersChoice() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 800)))
        controller.tracksUnconfirmedChanges = true
        try controller.setPaper(Paper(ruling: .lined))
        _ = controller.takeEvents()
        let taken = controller.takeBackUnconfirmed()
        #expect(controller.markup.paper == nil)
        #expect(controller.takeEvents() == [.didChangeMarkup(MarkupChange(paper: PaperChange(to: nil)))])
        controller.applyExternal(MarkupChange(paper: PaperChange(to: Paper(ruling: .squared))))
        var renumbered = [ElementID: (from: Int64, to: Int64)]()
        for change in taken { _ = controller.reapply(change, over: [], renumbered: &renumbered) }
        #expect(controller.markup.paper == Paper(ruling: .lined))
        try controller.undo()
        #expect(controller.markup.paper == Paper(ruling: .squared))
    }

    /// Another writer's stroke landed at the z-index a stroke drawn here had: made again, this one
    /// goes on top, and a later move of it made here follows it there.
    @Test func aStrokeMadeAgainGoesOnTopAndItsLaterMovesFollow() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 800)))
        controller.tracksUnconfirmedChanges = true
        let mine = try controller.addStroke(try Self.stroke(seed: 4))
        controller.select([mine])
        try controller.moveSelection(by: Point(x: 10, y: 0))
        let taken = controller.takeBackUnconfirmed()
        let theirs = Element(zIndex: try #require(taken.first?.added.first?.zIndex), frame: .zero, content: .stroke(try Self.stroke(seed: 5)))
        controller.applyExternal(MarkupChange(added: [theirs]))
        var renumbered = [ElementID: (from: Int64, to: Int64)]()
        let made = taken.map { controller.reapply($0, over: [theirs.id], renumbered: &renumbered) }
        #expect(controller.markup.elements.map(\.id) == [theirs.id, mine])
        #expect(made[1].updated.first?.zIndex == controller.markup.element(withID: mine)?.zIndex)
        #expect(Set(controller.markup.elements.map(\.zIndex)).count == 2)
        // The page that drew it can still undo its move, then its stroke.
        try controller.undo()
        try controller.undo()
        #expect(controller.markup.elements.map(\.id) == [theirs.id])
    }

    /// Two strokes drawn here and one another writer saved first at the first one's z-index: made
    /// again, both go above it, still in the order they were drawn, and no two tie.
    @Test func strokesMadeAgainKeepTheirOrderAboveAnotherWritersStroke() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 800)))
        controller.tracksUnconfirmedChanges = true
        let first = try controller.addStroke(try Self.stroke(seed: 4)), second = try controller.addStroke(try Self.stroke(seed: 6))
        let taken = controller.takeBackUnconfirmed()
        let theirs = Element(zIndex: try #require(taken.first?.added.first?.zIndex), frame: .zero, content: .stroke(try Self.stroke(seed: 5)))
        controller.applyExternal(MarkupChange(added: [theirs]))
        var renumbered = [ElementID: (from: Int64, to: Int64)]()
        for change in taken { _ = controller.reapply(change, over: [theirs.id], renumbered: &renumbered) }
        #expect(controller.markup.elements.map(\.id) == [theirs.id, first, second])
        #expect(Set(controller.markup.elements.map(\.zIndex)).count == 3)
    }
}
