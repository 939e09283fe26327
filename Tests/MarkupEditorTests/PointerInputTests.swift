import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

struct PointerInputTests {
    /// A controller showing a 800 × 600 page at zoom 1 in an 800 × 600 view.
    static func controller() throws -> MarkupController {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0)))
        try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: 800, height: 600), viewSize: Size(width: 800, height: 600))
        _ = controller.takeEvents()
        return controller
    }

    /// Sends a drag along `path` as began, moved (in batches of coalesced samples) and ended.
    static func drag(_ controller: MarkupController, _ path: [Point], kind: PointerKind = .pen, force: Double? = 1) throws {
        let samples = path.enumerated().map { PointerEvent.Sample(location: $1, time: Double($0) / 240, force: force, azimuth: 0.5, altitude: 1) }
        try controller.handle(PointerEvent(phase: .began, pointerKind: kind, samples: [samples[0]]))
        var index = 1
        while index < samples.count - 1 {
            let end = min(index + 4, samples.count - 1)
            try controller.handle(PointerEvent(phase: .moved, pointerKind: kind, samples: Array(samples[index..<end])))
            index = end
        }
        try controller.handle(PointerEvent(phase: .ended, pointerKind: kind, samples: [samples[samples.count - 1]]))
    }

    static func line(from start: Point, to end: Point, count: Int = 60) -> [Point] {
        (0..<count).map { start + (end - start) * (Double($0) / Double(count - 1)) }
    }

    static func strokes(_ controller: MarkupController) -> [Stroke] {
        controller.markup.elements.compactMap { if case .stroke(let stroke) = $0.content { return stroke } else { return nil } }
    }

    @Test func drawingAStrokeIsOneStepWithLiveUpdates() throws {
        let controller = try Self.controller()
        try Self.drag(controller, Self.line(from: Point(x: 100, y: 100), to: Point(x: 400, y: 120)))
        let events = controller.takeEvents()
        #expect(events.first == .didBeginDrawing)
        #expect(events.contains { if case .didUpdateLiveStroke = $0 { true } else { false } })
        guard case .didChangeMarkup(let change)? = events.last else { Issue.record("no change event: \(events)"); return }
        #expect(change.added.count == 1)
        #expect(Self.strokes(controller).count == 1)
        let stroke = Self.strokes(controller)[0]
        #expect(stroke.points.first!.location.distance(to: Point(x: 100, y: 100)) < 1)
        #expect(stroke.points.last!.location.distance(to: Point(x: 400, y: 120)) < 1)
        #expect(try controller.undo())
        #expect(controller.markup.elements.isEmpty)
    }

    @Test func badSamplesAreRefusedAndChangeNothing() throws {
        let controller = try Self.controller()
        try controller.handle(PointerEvent(phase: .began, samples: [PointerEvent.Sample(location: Point(x: 10, y: 10), time: 0)]))
        #expect(throws: EditorError.invalidInput(.nonFiniteValue(sampleIndex: 1, field: "force"))) {
            try controller.handle(PointerEvent(phase: .moved, samples: [PointerEvent.Sample(location: Point(x: 20, y: 10), time: 0.01, force: .nan)]))
        }
        try controller.handle(PointerEvent(phase: .cancelled, samples: []))
        #expect(controller.markup.elements.isEmpty)
        #expect(controller.takeEvents().last == .didCancelLiveStroke)
    }

    @Test func theVectorEraserRemovesWholeStrokesInOneStep() throws {
        let controller = try Self.controller()
        try Self.drag(controller, Self.line(from: Point(x: 100, y: 100), to: Point(x: 400, y: 100)))
        try Self.drag(controller, Self.line(from: Point(x: 100, y: 200), to: Point(x: 400, y: 200)))
        let drawn = controller.markup
        controller.tool = .eraser(.vector, width: 10)
        try Self.drag(controller, Self.line(from: Point(x: 250, y: 50), to: Point(x: 250, y: 150), count: 20))
        #expect(Self.strokes(controller).count == 1)
        #expect(try controller.undo())
        #expect(controller.markup == drawn)
    }

    /// As in tldraw and Excalidraw, the whole-stroke eraser takes the shapes, lines and texts it
    /// passes over, not those it passes beside or inside when hollow, never a picture or a locked
    /// element; all in one step.
    @Test func theVectorEraserTakesShapesLinesAndTextItPassesOver() throws {
        let controller = try Self.controller()
        let hollow = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 50, y: 50, width: 200, height: 100))
        let filled = try controller.insertShape(Shape(configuration: .ellipse, fillColor: .black), frame: Rect(x: 300, y: 50, width: 100, height: 100))
        let diagonal = try controller.insertLine(from: Point(x: 50, y: 200), to: Point(x: 250, y: 350))
        let elbow = try controller.insertLine(from: Point(x: 300, y: 200), to: Point(x: 500, y: 350), elbow: true)
        let text = try controller.insertTextbox(AttributedText("Hello"), alignment: .leading, frame: Rect(x: 50, y: 450, width: 100, height: 30))
        let picture = try controller.insertImage(Data(GallerySample.gradientPNG), frame: Rect(x: 300, y: 450, width: 100, height: 100))
        let locked = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 500, y: 450, width: 50, height: 50))
        controller.select([locked])
        try controller.lockSelection()
        let drawn = controller.markup
        controller.tool = .eraser(.vector, width: 10)
        func erase(_ from: Point, _ to: Point) throws { try Self.drag(controller, Self.line(from: from, to: to, count: 10)) }
        func present(_ id: ElementID) -> Bool { controller.markup.element(withID: id) != nil }
        // Inside the hollow rectangle, beside the diagonal's chord, off the elbow's route: nothing.
        try erase(Point(x: 100, y: 80), Point(x: 200, y: 120))
        try erase(Point(x: 200, y: 220), Point(x: 230, y: 240))
        try erase(Point(x: 320, y: 300), Point(x: 360, y: 330))
        #expect(controller.markup == drawn)
        // Across each: taken, all but the picture and the locked shape.
        try erase(Point(x: 100, y: 30), Point(x: 100, y: 70))
        try erase(Point(x: 340, y: 90), Point(x: 360, y: 110))
        try erase(Point(x: 100, y: 300), Point(x: 200, y: 260))
        try erase(Point(x: 350, y: 180), Point(x: 350, y: 220))
        try erase(Point(x: 100, y: 440), Point(x: 100, y: 470))
        try erase(Point(x: 320, y: 470), Point(x: 380, y: 530))
        try erase(Point(x: 510, y: 460), Point(x: 540, y: 490))
        #expect([hollow, filled, diagonal, elbow, text].allSatisfy { !present($0) })
        #expect(present(picture) && present(locked))
        for _ in 0..<5 { #expect(try controller.undo()) }
        #expect(controller.markup.elements.map(\.id) == drawn.elements.map(\.id))
    }

    @Test func theBitmapEraserSplitsAndUndoRestoresTheOriginal() throws {
        let controller = try Self.controller()
        try Self.drag(controller, Self.line(from: Point(x: 100, y: 100), to: Point(x: 400, y: 100), count: 120))
        let drawn = controller.markup
        let original = Self.strokes(controller)[0]
        controller.tool = .eraser(.bitmap, width: 20)
        try Self.drag(controller, Self.line(from: Point(x: 250, y: 60), to: Point(x: 250, y: 140), count: 20))
        let pieces = Self.strokes(controller)
        #expect(pieces.count == 2)
        #expect(pieces.flatMap(\.points).allSatisfy { original.points.contains($0) }, "surviving points are unchanged")
        #expect(pieces.flatMap(\.points).allSatisfy { abs($0.location.x - 250) > 9 })
        #expect(try controller.validateMarkup())
        #expect(try controller.undo())
        #expect(controller.markup == drawn)
        #expect(try controller.redo())
        #expect(Self.strokes(controller).count == 2)
    }

    @Test func lassoTapAndMarqueeSelect() throws {
        let controller = try Self.controller()
        try Self.drag(controller, Self.line(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100)))
        try Self.drag(controller, Self.line(from: Point(x: 500, y: 400), to: Point(x: 600, y: 400)))
        let first = controller.markup.elements[0].id, second = controller.markup.elements[1].id
        controller.tool = .lasso
        let loop = [Point(x: 80, y: 80), Point(x: 220, y: 80), Point(x: 220, y: 120), Point(x: 80, y: 120), Point(x: 80, y: 81)]
        try Self.drag(controller, loop.flatMap { [$0, $0 + Point(x: 1, y: 0)] })
        #expect(controller.selection == [first])
        controller.tool = .selection
        try Self.drag(controller, [Point(x: 550, y: 401), Point(x: 551, y: 401)])
        #expect(controller.selection == [second], "a tap")
        try Self.drag(controller, Self.line(from: Point(x: 50, y: 50), to: Point(x: 700, y: 500), count: 10))
        #expect(controller.selection == [first, second], "a marquee")
    }

    /// A stroke whose element a file turned (not its transform, as the editor turns one) is tapped,
    /// lassoed and erased where it is drawn, and the pieces the eraser leaves stay there.
    @Test func aTurnedStrokeIsReachedWhereItIsDrawn() throws {
        // Drawn across from (100, 200) to (300, 200), turned a quarter about its middle: down from
        // (200, 100) to (200, 300) as shown.
        let points = stride(from: 100.0, through: 300, by: 4).map { StrokePoint(location: Point(x: $0, y: 200), timeOffset: 0, size: Size(width: 4, height: 4)) }
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600))
        let turned = Element(zIndex: 1, frame: .zero, rotation: .pi / 2, content: .stroke(Stroke(ink: Ink(.pen), points: points)))
        markup.insert(turned)
        let controller = MarkupController(markup: markup)
        try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: 800, height: 600), viewSize: Size(width: 800, height: 600))
        #expect(controller.element(at: Point(x: 200, y: 130)) == turned.id)
        #expect(controller.element(at: Point(x: 130, y: 200)) == nil)
        controller.tool = .lasso
        try Self.drag(controller, [Point(x: 180, y: 80), Point(x: 220, y: 80), Point(x: 220, y: 320), Point(x: 180, y: 320), Point(x: 180, y: 81)]
            .flatMap { [$0, $0 + Point(x: 1, y: 0)] })
        #expect(controller.selection == [turned.id])
        // A bitmap eraser across its middle leaves two pieces, each where its ink was drawn.
        controller.tool = .eraser(.fixedWidthBitmap, width: 10)
        try Self.drag(controller, Self.line(from: Point(x: 150, y: 200), to: Point(x: 250, y: 200), count: 30))
        let pieces = controller.markup.elements
        #expect(pieces.count == 2)
        for piece in pieces {
            #expect(abs(piece.renderFrame.center.x - 200) < 4 && piece.renderFrame.height > 60, "\(piece.renderFrame)")
        }
    }

    @Test func pencilOnlyPolicyLetsTouchPan() throws {
        let controller = try Self.controller()
        controller.drawingPolicy = .pencilOnly
        try Self.drag(controller, Self.line(from: Point(x: 300, y: 300), to: Point(x: 250, y: 280), count: 10), kind: .touch, force: nil)
        #expect(controller.markup.elements.isEmpty)
        #expect(controller.contentVisibleFrame.origin == Point(x: 50, y: 20))
        try Self.drag(controller, Self.line(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100)), kind: .pen)
        #expect(controller.markup.elements.count == 1)
    }

    @Test func viewModePansInsteadOfDrawing() throws {
        let controller = try Self.controller()
        controller.isEditable = false
        try Self.drag(controller, Self.line(from: Point(x: 300, y: 300), to: Point(x: 300, y: 200), count: 10))
        #expect(controller.markup.elements.isEmpty)
        #expect(controller.contentVisibleFrame.origin == Point(x: 0, y: 100))
    }

    /// Draw, erase half, undo, redo, lasso, move, then undo back to the start.
    @Test func theScriptedSessionOfTheSpecification() throws {
        let controller = try Self.controller()
        let start = controller.markup
        for row in 0..<4 {
            try Self.drag(controller, Self.line(from: Point(x: 100, y: 100 + Double(row) * 40), to: Point(x: 500, y: 100 + Double(row) * 40), count: 100))
        }
        controller.tool = .eraser(.bitmap, width: 12)
        try Self.drag(controller, Self.line(from: Point(x: 300, y: 60), to: Point(x: 300, y: 280), count: 40))
        #expect(Self.strokes(controller).count == 8)
        try controller.undo()
        #expect(Self.strokes(controller).count == 4)
        try controller.redo()
        #expect(Self.strokes(controller).count == 8)
        controller.tool = .lasso
        try Self.drag(controller, [Point(x: 50, y: 50), Point(x: 299, y: 50), Point(x: 299, y: 300), Point(x: 50, y: 300), Point(x: 50, y: 51)])
        #expect(controller.selection.count == 4)
        try controller.moveSelection(by: Point(x: 0, y: 250))
        var steps = 0
        while try controller.undo() { steps += 1 }
        #expect(steps == 6)
        #expect(controller.markup == start)
    }
}

extension MarkupController {
    /// Whether the document keeps its invariants.
    func validateMarkup() throws -> Bool {
        try markup.validate()
        return true
    }
}
