import Foundation
import MarkupEditor
import MarkupModel
import MarkupTestSupport
import Testing

struct MarkupControllerTests {
    static func page() -> Markup {
        Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0))
    }

    static func stroke(at y: Double) -> Stroke {
        let points = (0..<30).map { StrokePoint(location: Point(x: 100 + Double($0) * 4, y: y), timeOffset: Double($0) / 240, size: Size(width: 4, height: 4)) }
        return Stroke(ink: Ink(.pen, width: 4), points: points)
    }

    /// Cleared with a page, only what is centred on that page goes (one reaching up into the page
    /// above too; a locked element stays), as one step.
    @Test func aPageIsClearedAlone() throws {
        let controller = MarkupController(markup: Self.page())
        let top = try controller.addStroke(Self.stroke(at: 100))
        let bottom = try controller.addStroke(Self.stroke(at: 450))
        let straddling = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 10, y: 270, width: 50, height: 80))
        let locked = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 500, y: 320, width: 40, height: 40))
        controller.select([locked])
        try controller.lockSelection()
        let before = controller.markup
        try controller.clear(page: Rect(x: 0, y: 300, width: 800, height: 300))
        #expect(controller.markup.element(withID: bottom) == nil && controller.markup.element(withID: straddling) == nil)
        #expect(controller.markup.element(withID: top) != nil && controller.markup.element(withID: locked) != nil)
        try controller.undo()
        #expect(controller.markup == before)
        #expect(throws: EditorError.self) { try controller.clear(page: Rect(x: .nan, y: 0, width: 1, height: 1)) }
    }

    @Test func aScriptedSessionUndoesBackToTheStartExactly() throws {
        var generator = HandwritingGenerator(.init(strokes: 40, seed: 9))
        let original = generator.generate()
        let controller = MarkupController(markup: original)
        try controller.addStroke(Self.stroke(at: 300))
        let shape = try controller.insertShape(Shape(configuration: .star(points: 5, innerRadius: 0.5)))
        try controller.insertTextbox(AttributedText("Note"))
        controller.select([shape])
        try controller.moveSelection(by: Point(x: 30, y: -10))
        try controller.deleteSelection()
        try controller.clear()
        #expect(controller.markup.elements.isEmpty)
        let afterEverything = controller.markup
        var steps = 0
        while try controller.undo() { steps += 1 }
        #expect(steps == 6)
        #expect(controller.markup == original)
        while try controller.redo() {}
        #expect(controller.markup == afterEverything)
        #expect(try !controller.redo())
    }

    @Test func restoringAVersionIsOneStepThatUndoReverses() throws {
        var generator = HandwritingGenerator(.init(strokes: 20, seed: 4))
        let version = generator.generate()
        let controller = MarkupController(markup: version)
        try controller.addStroke(Self.stroke(at: 200))
        controller.select([controller.markup.elements[0].id])
        try controller.moveSelection(by: Point(x: 12, y: 5))
        try controller.deleteSelection()
        let edited = controller.markup
        _ = controller.takeEvents()
        try controller.restore(version)
        #expect(controller.markup.elements == version.elements)
        let events = controller.takeEvents()
        #expect(events.filter { if case .didChangeMarkup = $0 { true } else { false } }.count == 1)
        #expect(try controller.undo())
        #expect(controller.markup.elements == edited.elements)
        #expect(try controller.redo())
        #expect(controller.markup.elements == version.elements)
        controller.isEditable = false
        #expect(throws: EditorError.notEditable) { try controller.restore(edited) }
        let older = MarkupController(markup: version, supportedFeatureSet: .version1)
        var future = version
        future.insert(.stroke(Stroke(ink: Ink(.reed), points: Self.stroke(at: 10).points)), frame: .zero)
        #expect(throws: EditorError.unsupportedContent) { try older.restore(future) }
        #expect(older.markup.elements == version.elements)
    }

    @Test func eventsComeInOrderWithTheirDiffs() throws {
        let controller = MarkupController(markup: Self.page())
        let id = try controller.insertSticker(emoji: "⭐️")
        var events = controller.takeEvents()
        #expect(events.count == 2)
        guard case .didChangeMarkup(let change) = events[0], case .didChangeSelection(let selection) = events[1] else {
            Issue.record("expected a markup change, then a selection change: \(events)")
            return
        }
        #expect(change.added.map(\.id) == [id] && change.updated.isEmpty && change.removed.isEmpty)
        #expect(selection == [id])
        try controller.moveSelection(by: Point(x: 5, y: 5))
        events = controller.takeEvents()
        guard case .didChangeMarkup(let move)? = events.first else { Issue.record("no change event"); return }
        #expect(move.updated.map(\.id) == [id])
        #expect(move.updated[0].frame.origin == controller.markup.element(withID: id)!.frame.origin)
        try controller.undo()
        events = controller.takeEvents()
        guard case .didChangeMarkup(let undone)? = events.first else { Issue.record("no undo event"); return }
        #expect(undone.updated.first?.frame.origin == Point(x: 368, y: 268))
        #expect(controller.takeEvents().isEmpty)
    }

    @Test func refusalsChangeNothing() throws {
        var supported = FeatureSet.latest
        supported.remove(.text)
        supported.remove(.pencil)
        supported.remove(.star)
        supported.remove(.shapeFills)
        supported.lineMarkerPositions = .end
        let controller = MarkupController(markup: Self.page(), supportedFeatureSet: supported)
        #expect(throws: EditorError.unsupportedFeature(.text)) { try controller.insertTextbox(AttributedText("x")) }
        #expect(throws: EditorError.unsupportedInk(.pencil)) { try controller.addStroke(Stroke(ink: Ink(.pencil), points: [])) }
        #expect(throws: EditorError.unsupportedShape(.star)) { try controller.insertShape(Shape(configuration: .star(points: 5, innerRadius: 0.5))) }
        #expect(throws: EditorError.unsupportedFeature(.shapeFills)) { try controller.insertShape(Shape(configuration: .ellipse, fillColor: .black)) }
        #expect(throws: EditorError.unsupportedLineMarker) {
            try controller.insertShape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .arrow, endMarker: .none)))
        }
        #expect(throws: EditorError.colorTooBright(3)) { try controller.addStroke(Stroke(ink: Ink(.pen, color: Color(red: 3, green: 0, blue: 0)), points: [])) }
        #expect(throws: EditorError.invalidImage) { try controller.insertImage(Data("GIF89a".utf8)) }
        #expect(controller.markup == Self.page())
        #expect(controller.takeEvents().isEmpty)
        #expect(!controller.canUndo)
    }

    /// A paste is held to what drawing it here would be: what the feature set leaves out of a drawing
    /// from another app's file or a document with more features is dropped or made to fit (a color
    /// clamped), as a document of another version opens; a paste of nothing that fits, or past the
    /// editor's limits, is refused.
    @Test func aPasteKeepsToTheFeatureSetAndTheLimits() throws {
        var supported = FeatureSet.latest
        supported.remove(.pencil)
        supported.remove(.links)
        @discardableResult
        func pasting(_ contents: ElementContent...) throws(EditorError) -> [Element] {
            var drawing = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
            for (index, content) in contents.enumerated() {
                drawing.insert(Element(zIndex: Int64(index + 1), frame: Rect(x: 10, y: 10, width: 40, height: 20), content: content))
            }
            var clipboard = Clipboard(everythingIn: drawing)
            let controller = MarkupController(markup: Self.page(), supportedFeatureSet: supported)
            let pasted = try controller.paste(&clipboard)
            return pasted.compactMap { controller.markup.element(withID: $0) }
        }
        let points = [Point(x: 1, y: 1), Point(x: 20, y: 9)].map { StrokePoint(location: $0, timeOffset: 0, size: Size(width: 2, height: 2)) }
        let pen = ElementContent.stroke(Stroke(ink: Ink(.pen), points: points)), pencil = ElementContent.stroke(Stroke(ink: Ink(.pencil), points: points))
        let inks = try pasting(pen, pencil).map { element -> InkType? in if case .stroke(let stroke) = element.content { stroke.ink.type } else { nil } }
        #expect(inks == [.pen])
        #expect(throws: EditorError.unsupportedInk(.pencil)) { try pasting(pencil) }
        #expect(throws: EditorError.unsupportedFeature(.links)) { try pasting(.link(Link(url: "https://example.com"))) }
        let bright = try pasting(.stroke(Stroke(ink: Ink(.pen, color: Color(red: 50, green: 0, blue: 0)), points: points)))
        guard case .stroke(let clamped)? = bright.first?.content else { Issue.record("no stroke pasted"); return }
        #expect(clamped.ink.color.linearExposure <= 1)
        #expect(throws: EditorError.invalidGeometry("a line width is more than 0 and at most 500 points")) {
            var shape = Shape(configuration: .rectangle)
            shape.lineWidth = 1e300
            try pasting(.shape(shape))
        }
        #expect(throws: EditorError.tooLarge(what: "text bytes", limit: AttributedText.maximumBytes)) {
            try pasting(.textBox(TextBox(text: AttributedText(String(repeating: "x", count: AttributedText.maximumBytes + 1)))))
        }
    }

    /// The selected loupes' magnification is set as one step, within its range; refused with no loupe.
    @Test func selectedLoupesAreMagnified() throws {
        let controller = MarkupController(markup: Self.page())
        let loupe = try controller.insertLoupe()
        let shape = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 40, height: 20))
        controller.select([loupe, shape])
        #expect(SelectionStyle(of: controller.selectedElements).magnification == 2)
        try controller.magnifySelectedLoupes(5)
        #expect(controller.markup.element(withID: loupe)?.content == .loupe(Loupe(magnification: 5)))
        #expect(SelectionStyle(of: controller.selectedElements).magnification == 5)
        // The same again is no step of its own.
        try controller.magnifySelectedLoupes(5)
        #expect(throws: EditorError.self) { try controller.magnifySelectedLoupes(40) }
        #expect(throws: EditorError.self) { try controller.magnifySelectedLoupes(.nan) }
        controller.select([shape])
        #expect(throws: EditorError.invalidGeometry("select a loupe to change its magnification")) { try controller.magnifySelectedLoupes(3) }
        #expect(SelectionStyle(of: controller.selectedElements).magnification == nil)
        #expect(!SelectionStyle(of: controller.selectedElements).hasLoupe)
        try controller.undo()
        #expect(controller.markup.element(withID: loupe)?.content == .loupe(Loupe(magnification: 2)))
    }

    @Test func viewModeRefusesEdits() throws {
        let controller = MarkupController(markup: Self.page())
        try controller.insertLink(url: "https://example.com")
        controller.isEditable = false
        _ = controller.takeEvents()
        #expect(throws: EditorError.notEditable) { try controller.insertLoupe() }
        #expect(throws: EditorError.notEditable) { try controller.clear() }
        #expect(throws: EditorError.notEditable) { try controller.undo() }
        #expect(throws: EditorError.notEditable) { try controller.addStroke(Self.stroke(at: 100)) }
        #expect(controller.markup.elements.count == 1)
        #expect(controller.takeEvents().isEmpty)
    }

    @Test func insertionsAreCentredAndOffset() throws {
        let controller = MarkupController(markup: Self.page())
        let first = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 100, height: 50))
        let second = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 100, height: 50))
        #expect(controller.markup.element(withID: first)?.frame == Rect(x: 350, y: 275, width: 100, height: 50))
        #expect(controller.markup.element(withID: second)?.frame == Rect(x: 366, y: 291, width: 100, height: 50))
    }

    /// Centred on a tap by the page's edge, an insertion moves just enough to lie on the page; one
    /// wider than the page starts at its edge.
    @Test func anInsertionByThePagesEdgeLiesOnThePage() throws {
        let controller = MarkupController(markup: Self.page())
        let page = controller.markup.bounds
        controller.insertionPoint = Point(x: page.minX + 10, y: page.maxY - 5)
        let signature = try controller.insertSticker(emoji: "✍️", size: Size(width: 200, height: 80))
        #expect(controller.markup.element(withID: signature)?.frame == Rect(x: page.minX, y: page.maxY - 80, width: 200, height: 80))
        controller.insertionPoint = Point(x: page.center.x, y: page.center.y)
        let middle = try controller.insertSticker(emoji: "⭐️", size: Size(width: 64, height: 64))
        #expect(controller.markup.element(withID: middle)?.frame == Rect(x: page.center.x - 32, y: page.center.y - 32, width: 64, height: 64))
        controller.insertionPoint = Point(x: page.maxX, y: page.center.y)
        let wide = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: page.width + 100, height: 50))
        #expect(controller.markup.element(withID: wide)?.frame == Rect(x: page.minX, y: page.center.y - 25, width: page.width + 100, height: 50))
        // A page made longer: by the break between two sheets, it lies on the sheet tapped.
        var long = Self.page()
        long.sheetHeight = 600
        long.bounds = Rect(x: 0, y: 0, width: 800, height: 1200)
        let notebook = MarkupController(markup: long)
        notebook.insertionPoint = Point(x: 400, y: 590)
        let sticker = try notebook.insertSticker(emoji: "⭐️", size: Size(width: 64, height: 64))
        #expect(notebook.markup.element(withID: sticker)?.frame == Rect(x: 368, y: 536, width: 64, height: 64))
    }

    @Test func zoomIsClampedToItsRange() throws {
        let controller = MarkupController(markup: Self.page(), zoomRange: 0.5...4)
        try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: 10, height: 10), viewSize: Size(width: 400, height: 400))
        #expect(controller.contentVisibleFrame.width == 100, "zoom 40 clamps to 4")
        try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: 4000, height: 4000), viewSize: Size(width: 400, height: 400))
        #expect(controller.contentVisibleFrame.width == 800, "zoom 0.1 clamps to 0.5")
        #expect(controller.takeEvents().count == 2)
        #expect(throws: EditorError.self) { try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: .nan, height: 1), viewSize: Size(width: 1, height: 1)) }
    }

    @Test func theUndoLimitKeepsTheNewestSteps() throws {
        let controller = MarkupController(markup: Self.page(), undoLimit: 3)
        for index in 0..<5 { try controller.addStroke(Self.stroke(at: Double(index) * 20 + 50)) }
        var undone = 0
        while try controller.undo() { undone += 1 }
        #expect(undone == 3)
        #expect(controller.markup.elements.count == 2)
    }

    @Test func hitTestingFindsTheTopmostElement() throws {
        let controller = MarkupController(markup: Self.page())
        let stroke = try controller.addStroke(Self.stroke(at: 300))
        #expect(controller.element(at: Point(x: 210, y: 301)) == stroke)
        #expect(controller.element(at: Point(x: 210, y: 320)) == nil)
        let shape = try controller.insertShape(Shape(configuration: .rectangle, fillColor: .white), size: Size(width: 400, height: 400))
        #expect(controller.element(at: Point(x: 210, y: 301)) == shape, "the filled shape now lies on top")
        #expect(controller.element(at: Point(x: 150, y: 301)) == stroke, "beside the shape the stroke is still found")
    }

    /// Inside a hollow shape, what lies in it is found first (ink drawn before the shape, a smaller
    /// hollow shape); its outline, and its inside where nothing else is, find the shape.
    @Test func insideAHollowShapeWhatLiesInItComesFirst() throws {
        let controller = MarkupController(markup: Self.page())
        let stroke = try controller.addStroke(Self.stroke(at: 300))
        let outer = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 100, width: 500, height: 400))
        let inner = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 150, y: 150, width: 100, height: 100))
        #expect(controller.element(at: Point(x: 210, y: 301)) == stroke, "the ink inside the later box")
        #expect(controller.element(at: Point(x: 101, y: 300)) == outer, "the box's outline")
        #expect(controller.element(at: Point(x: 500, y: 450)) == outer, "the box's inside, nothing else there")
        #expect(controller.element(at: Point(x: 200, y: 200)) == inner, "the smaller hollow shape inside it")
        #expect(controller.element(at: Point(x: 700, y: 550)) == nil)
    }

    /// A shape is found by its outline, not its box: past a filled star's points and beside a
    /// turned rectangle, what lies there is found.
    @Test func aShapeIsFoundByItsOutlineNotItsBox() throws {
        let controller = MarkupController(markup: Self.page())
        let stroke = try controller.addStroke(Self.stroke(at: 105))
        let star = try controller.insertShape(Shape(configuration: .star(points: 5, innerRadius: 0.4), fillColor: .black),
                                              frame: Rect(x: 100, y: 100, width: 200, height: 200))
        #expect(controller.element(at: Point(x: 200, y: 200)) == star, "inside")
        #expect(controller.element(at: Point(x: 200, y: 104)) == star, "at its top point")
        #expect(controller.element(at: Point(x: 110, y: 106)) == stroke, "in its box's corner, past its points")
        #expect(controller.element(at: Point(x: 290, y: 290)) == nil)
        let turned = try controller.insertShape(Shape(configuration: .rectangle, fillColor: .black), frame: Rect(x: 400, y: 300, width: 200, height: 20), rotation: .pi / 4)
        #expect(controller.element(at: Point(x: 500, y: 310)) == turned, "its middle")
        #expect(controller.element(at: Point(x: 410, y: 310)) == nil, "in its box, beside it")
    }

    /// A line is found along it, not anywhere in its box: a tap beside a diagonal, bent or elbow
    /// line, over what lies under it, finds that.
    @Test func aLineIsFoundAlongItNotInItsBox() throws {
        let controller = MarkupController(markup: Self.page())
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 100, y: 100, width: 300, height: 300))
        let diagonal = try controller.insertLine(from: Point(x: 100, y: 100), to: Point(x: 400, y: 400))
        #expect(controller.element(at: Point(x: 250, y: 250)) == diagonal)
        #expect(controller.element(at: Point(x: 255, y: 247)) == diagonal, "within its reach")
        #expect(controller.element(at: Point(x: 350, y: 150)) == shape, "beside it, the shape under it")
        controller.select([diagonal])
        try controller.deleteSelection()
        let elbow = try controller.insertLine(from: Point(x: 100, y: 100), to: Point(x: 400, y: 400), elbow: true)
        #expect(controller.element(at: Point(x: 250, y: 300)) == elbow, "on its middle segment")
        #expect(controller.element(at: Point(x: 150, y: 300)) == shape, "in its box, off the route")
        #expect(controller.element(at: Point(x: 398, y: 398)) == elbow, "at its arrowhead")
        controller.select([elbow])
        try controller.deleteSelection()
        let bent = try controller.insertLine(from: Point(x: 100, y: 300), to: Point(x: 400, y: 300))
        try controller.bendLine(bent, through: Point(x: 250, y: 150))
        #expect(controller.element(at: Point(x: 250, y: 150)) == bent)
        #expect(controller.element(at: Point(x: 250, y: 290)) == shape, "on its chord, under the curve")
    }
}
