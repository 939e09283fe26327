import Foundation
import MarkupEditor
import MarkupModel
import Testing

struct SelectionTests {
    static func controllerWithTwoShapes() throws -> (MarkupController, ElementID, ElementID) {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0)))
        let first = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 100, height: 50))
        let second = try controller.insertShape(Shape(configuration: .ellipse, fillColor: .white), size: Size(width: 100, height: 50))
        _ = controller.takeEvents()
        return (controller, first, second)
    }

    @Test func selectAllSelectsEveryElementOnce() throws {
        let (controller, first, second) = try Self.controllerWithTwoShapes()
        controller.selectAll()
        #expect(controller.selection == [first, second])
        #expect(controller.takeEvents() == [.didChangeSelection([first, second])])
        controller.selectAll()
        #expect(controller.takeEvents().isEmpty, "the same selection again is no change")
    }

    @Test func resizeKeepsTheAspectRatioWhenAsked() throws {
        let (controller, first, _) = try Self.controllerWithTwoShapes()
        controller.select([first])
        try controller.resizeSelection(to: Rect(x: 0, y: 0, width: 300, height: 300), keepingAspectRatio: true)
        #expect(controller.markup.element(withID: first)?.frame == Rect(x: 0, y: 0, width: 300, height: 150))
        try controller.resizeSelection(to: Rect(x: 10, y: 10, width: 50, height: 80))
        #expect(controller.markup.element(withID: first)?.frame == Rect(x: 10, y: 10, width: 50, height: 80))
    }

    @Test func restyleSetsWidthAndOpacityAndRecolorKeepsAStrokesOpacity() throws {
        let (controller, first, _) = try Self.controllerWithTwoShapes()
        let points = (0..<20).map { StrokePoint(location: Point(x: Double($0) * 5, y: 10), timeOffset: Double($0) / 100, size: Size(width: 3 + Double($0 % 3), height: 3)) }
        let strokeID = try controller.addStroke(Stroke(ink: Ink(.pen, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), width: 3), points: points))
        controller.select([first, strokeID])
        try controller.restyleSelection(width: 6, opacity: nil)
        guard case .shape(let shape)? = controller.markup.element(withID: first)?.content,
              case .stroke(let stroke)? = controller.markup.element(withID: strokeID)?.content else { Issue.record("elements gone"); return }
        #expect(shape.lineWidth == 6 && stroke.ink.width == 6)
        // The marks doubled with the ink, their variation kept.
        #expect(zip(stroke.points, points).allSatisfy { abs($0.size.width - 2 * $1.size.width) < 0.05 })
        try controller.restyleSelection(width: nil, opacity: 0.25)
        guard case .stroke(let faded)? = controller.markup.element(withID: strokeID)?.content else { Issue.record("stroke gone"); return }
        #expect(abs(faded.ink.color.alpha - 0.25) < 1e-9)
        try controller.recolorSelection(.white)
        guard case .stroke(let recolored)? = controller.markup.element(withID: strokeID)?.content else { Issue.record("stroke gone"); return }
        #expect(abs(recolored.ink.color.alpha - 0.25) < 1e-9)
        // Out of range: refused, nothing changes.
        #expect(throws: EditorError.self) { try controller.restyleSelection(width: 0, opacity: nil) }
        #expect(throws: EditorError.self) { try controller.restyleSelection(width: nil, opacity: 1.5) }
        // Undo takes back the recolor alone.
        try controller.undo()
        guard case .stroke(let undone)? = controller.markup.element(withID: strokeID)?.content else { Issue.record("stroke gone"); return }
        #expect(undone.ink.color.red == 0 && abs(undone.ink.color.alpha - 0.25) < 1e-9)
    }

    @Test func rotateTurnsAboutTheSelectionsCentre() throws {
        let (controller, first, _) = try Self.controllerWithTwoShapes()
        controller.select([first])
        let before = try #require(controller.markup.element(withID: first))
        try controller.rotateSelection(by: .pi / 2)
        let after = try #require(controller.markup.element(withID: first))
        #expect(abs(after.rotation - .pi / 2) < 1e-12)
        #expect(abs(after.frame.center.x - before.frame.center.x) < 1e-9 && abs(after.frame.center.y - before.frame.center.y) < 1e-9)
    }

    @Test func duplicateCopyAndPaste() throws {
        let (controller, first, second) = try Self.controllerWithTwoShapes()
        controller.select([first, second])
        let copies = try controller.duplicateSelection()
        #expect(copies.count == 2 && controller.markup.elements.count == 4)
        #expect(controller.selection == Set(copies))
        controller.select([first])
        controller.copySelection()
        let pasted = try controller.paste()
        let again = try controller.paste()
        #expect(controller.markup.elements.count == 6)
        let original = try #require(controller.markup.element(withID: first)?.frame)
        #expect(controller.markup.element(withID: pasted[0])?.frame.origin == original.origin + Point(x: 16, y: 16))
        #expect(controller.markup.element(withID: again[0])?.frame.origin == original.origin + Point(x: 32, y: 32))
        try controller.markup.validate()
    }

    @Test func aDuplicateLandsWhereItIsDropped() throws {
        let (controller, first, _) = try Self.controllerWithTwoShapes()
        let frame = try #require(controller.markup.element(withID: first)?.frame)
        controller.select([first])
        let copy = try #require(try controller.duplicateSelection(offset: Point(x: 120, y: -30)).first)
        #expect(controller.markup.element(withID: copy)?.frame.origin == frame.origin + Point(x: 120, y: -30))
        #expect(controller.markup.element(withID: first)?.frame == frame && controller.selection == [copy])
        #expect(throws: EditorError.self) { try controller.duplicateSelection(offset: Point(x: .infinity, y: 0)) }
        #expect(throws: EditorError.self) { try controller.duplicateSelection(offset: Point(x: 1e12, y: 0)) }
        #expect(controller.markup.elements.count == 3)
    }

    @Test func aCopyIsWhatTheElementsWereWhenCopied() throws {
        let (controller, first, _) = try Self.controllerWithTwoShapes()
        controller.select([first])
        controller.copySelection()
        try controller.recolorSelection(Color(hex: "#ff0000")!)
        try controller.deleteSelection()
        let pasted = try #require(try controller.paste().first)
        guard case .shape(let shape)? = controller.markup.element(withID: pasted)?.content else { Issue.record("not a shape"); return }
        #expect(shape.strokeColor != Color(hex: "#ff0000"), "the paste is of the rectangle as copied, before it turned red")
    }

    @Test func aCutIsOneStepAndItsFirstPasteGoesBackWhereItWas() throws {
        let (controller, first, second) = try Self.controllerWithTwoShapes()
        let frame = try #require(controller.markup.element(withID: first)?.frame)
        controller.select([first])
        try controller.cutSelection()
        #expect(controller.markup.element(withID: first) == nil && controller.selection.isEmpty)
        let back = try #require(try controller.paste().first)
        #expect(controller.markup.element(withID: back)?.frame == frame)
        let again = try #require(try controller.paste().first)
        #expect(controller.markup.element(withID: again)?.frame.origin == frame.origin + Point(x: 16, y: 16))
        // Undo takes the pastes away, then brings the cut rectangle back.
        _ = try controller.undo()
        _ = try controller.undo()
        _ = try controller.undo()
        #expect(Set(controller.markup.elements.map(\.id)) == [first, second])
        // Nothing selected, nothing cut: the clipboard keeps what it had.
        controller.select([])
        try controller.cutSelection()
        #expect(try controller.paste().count == 1)
    }

    @Test func aPasteThatWouldLandOutOfViewLandsInItsMiddle() throws {
        let (controller, first, _) = try Self.controllerWithTwoShapes()
        controller.select([first])
        controller.copySelection()
        let view = Rect(x: 2000, y: 3000, width: 400, height: 300)
        let pasted = try #require(try controller.paste(within: view).first)
        let frame = try #require(controller.markup.element(withID: pasted)?.frame)
        #expect(abs(frame.center.x - view.center.x) < 1e-9 && abs(frame.center.y - view.center.y) < 1e-9)
        // In view, it lands a step down and right of the original as always.
        let original = try #require(controller.markup.element(withID: first)?.frame)
        let near = try #require(try controller.paste(within: Rect(x: 0, y: 0, width: 800, height: 600)).first)
        #expect(controller.markup.element(withID: near)?.frame.origin == original.origin + Point(x: 32, y: 32))
    }

    @Test func eachUndoScopeHasItsOwnClipboard() throws {
        let (controller, first, second) = try Self.controllerWithTwoShapes()
        controller.undoScope = "ada"
        controller.select([first])
        controller.copySelection()
        controller.undoScope = "grace"
        #expect(try controller.paste().isEmpty, "nothing copied in this scope")
        controller.select([second])
        controller.copySelection()
        controller.undoScope = "ada"
        let pasted = try #require(try controller.paste().first)
        guard case .shape(let shape)? = controller.markup.element(withID: pasted)?.content else { Issue.record("not a shape"); return }
        #expect(shape.configuration == .rectangle)
    }

    @Test func recolorAndZOrder() throws {
        let (controller, first, second) = try Self.controllerWithTwoShapes()
        controller.select([first])
        try controller.recolorSelection(Color(hex: "#ff0000")!)
        guard case .shape(let shape)? = controller.markup.element(withID: first)?.content else { Issue.record("not a shape"); return }
        #expect(shape.strokeColor == Color(hex: "#ff0000"))
        try controller.bringSelectionToFront()
        #expect(controller.markup.elements.last?.id == first)
        controller.select([first])
        try controller.sendSelectionToBack()
        #expect(controller.markup.elements.map(\.id) == [first, second])
        try controller.markup.validate()
        try controller.undo()
        try controller.undo()
        #expect(controller.markup.elements.map(\.id) == [first, second])
    }

    @Test func editingATextBox() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        let id = try controller.insertTextbox(AttributedText("draft"))
        try controller.editTextbox(id, text: AttributedText("final", font: TextFont(size: 20, weight: 700)), alignment: .center)
        guard case .textBox(let box)? = controller.markup.element(withID: id)?.content else { Issue.record("no text box"); return }
        #expect(box.text.string == "final" && box.alignment == .center && box.text.runs[0].font.weight == 700)
        try controller.undo()
        guard case .textBox(let undone)? = controller.markup.element(withID: id)?.content else { Issue.record("no text box"); return }
        #expect(undone.text.string == "draft")
        #expect(throws: EditorError.unknownElement(ElementID(UUID(uuidString: "00000000-0000-4000-8000-000000000000")!))) {
            try controller.editTextbox(ElementID(UUID(uuidString: "00000000-0000-4000-8000-000000000000")!), text: AttributedText("x"))
        }
    }

    @Test func linesAndSignatures() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)))
        let line = try controller.insertLine(from: Point(x: 10, y: 10), to: Point(x: 110, y: 60), endMarker: .arrow)
        #expect(controller.markup.element(withID: line)?.frame == Rect(x: 10, y: 10, width: 100, height: 50))
        let signature = [Stroke(ink: Ink(.pen), points: (0..<20).map {
            StrokePoint(location: Point(x: Double($0) * 5, y: 10 * sin(Double($0))), timeOffset: Double($0) / 240, size: Size(width: 2, height: 2))
        })]
        let number = controller.saveSignature(signature)
        let first = try controller.insertSignature(number, width: 120)
        let second = try controller.insertSignature(number, width: 120)
        #expect(first.count == 1 && second.count == 1 && first != second)
        let placed = try #require(controller.markup.element(withID: first[0]))
        #expect(abs(placed.frame.width - 120 - 2 * 120 / 95) < 4, "scaled to the requested width")
        #expect(controller.savedSignatures.count == 1)
    }

    @Test func pinchZoomKeepsTheAnchorStill() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)), zoomRange: 0.5...4)
        try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: 800, height: 600), viewSize: Size(width: 800, height: 600))
        let anchor = Point(x: 200, y: 150)
        let before = controller.documentPoint(fromView: anchor)
        try controller.zoom(by: 2, about: anchor)
        #expect(abs(controller.zoomScale - 2) < 1e-12)
        let after = controller.documentPoint(fromView: anchor)
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9)
        try controller.zoom(by: 100, about: anchor)
        #expect(abs(controller.zoomScale - 4) < 1e-12)
        try controller.pan(by: Point(x: 40, y: 0))
        #expect(abs(controller.documentPoint(fromView: anchor).x - (before.x + 10)) < 1e-9)
    }
}

struct TransactionTests {
    @Test func aWholeDragIsOneUndoStep() throws {
        let (controller, first, _) = try SelectionTests.controllerWithTwoShapes()
        let before = controller.markup
        controller.select([first])
        controller.beginTransaction()
        for _ in 0..<20 { try controller.moveSelection(by: Point(x: 3, y: 1)) }
        controller.endTransaction()
        let changes = controller.takeEvents().filter { if case .didChangeMarkup = $0 { true } else { false } }
        #expect(changes.count == 20, "the view sees every move")
        #expect(controller.markup.element(withID: first)?.frame.origin == before.element(withID: first)!.frame.origin + Point(x: 60, y: 20))
        try controller.undo()
        #expect(controller.markup == before)
        try controller.undo()
        #expect(controller.markup.elements.count == 1, "the step before the drag was the second insertion")
    }
}

struct RegressionTests {
    @Test func copyingElementsThatShareAnImage() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let first = try controller.insertImage(Data(png))
        let second = try controller.insertImage(Data(png))
        controller.select([first, second])
        controller.copySelection()
        #expect(try controller.paste().count == 2)
        try controller.markup.validate()
    }

    @Test func invalidFontsAreRefused() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        #expect(throws: EditorError.self) { try controller.insertTextbox(AttributedText("x", font: TextFont(size: .nan))) }
        let id = try controller.insertTextbox(AttributedText("x"))
        #expect(throws: EditorError.self) { try controller.editTextbox(id, text: AttributedText("y", font: TextFont(size: -3))) }
    }

    @Test func undoInsideATransactionEndsItFirst() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        let id = try controller.insertSticker(emoji: "⭐️")
        controller.beginTransaction()
        try controller.moveSelection(by: Point(x: 5, y: 0))
        try controller.undo()
        controller.endTransaction()
        #expect(controller.markup.element(withID: id) != nil, "undo took back the move, not the insertion")
        try controller.redo()
        #expect(controller.canUndo)
    }
}
