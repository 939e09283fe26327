import Foundation
@testable import MarkupEditor
import MarkupInk
import MarkupModel
import Testing

/// Edits whose inputs are finite but whose results are not, and input that would grow without bound:
/// each is refused with a typed error and changes nothing.
struct EditLimitTests {
    static func controller() throws -> (MarkupController, ElementID) {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)))
        let shape = try controller.insertShape(Shape(configuration: .rectangle), size: Size(width: 100, height: 50))
        _ = controller.takeEvents()
        return (controller, shape)
    }

    static func expectUnchanged(_ controller: MarkupController, _ edit: () throws -> Void) {
        let before = controller.markup
        #expect(throws: EditorError.self) { try edit() }
        #expect(controller.markup == before)
    }

    /// A lasso drawn round and round for as long as a page sends samples keeps a bounded path (what
    /// it encloses is tested against every corner), its shape kept.
    @Test func aLassoKeepsABoundedPath() {
        var machine = ToolStateMachine()
        func around(_ step: Int) -> PointerEvent.Sample {
            let angle = Double(step) * 0.05
            return PointerEvent.Sample(location: Point(x: 300 + 100 * cos(angle), y: 300 + 100 * sin(angle)), time: Double(step) / 240)
        }
        _ = machine.handle(PointerEvent(phase: .began, samples: [around(0)]), tool: .lasso, pans: false)
        for batch in 0..<300 {
            _ = machine.handle(PointerEvent(phase: .moved, samples: (1...100).map { around(batch * 100 + $0) }), tool: .lasso, pans: false)
        }
        guard case .lassoing(let path) = machine.state else { Issue.record("not lassoing"); return }
        #expect(path.count <= ToolStateMachine.maximumLassoCorners && path.count > ToolStateMachine.maximumLassoCorners / 2)
        let effects = machine.handle(PointerEvent(phase: .ended, samples: [around(30_001)]), tool: .lasso, pans: false)
        guard case .lasso(let corners)? = effects.first, let bounds = Rect.enclosing(corners) else { Issue.record("no lasso"); return }
        #expect(abs(bounds.minX - 200) < 1 && abs(bounds.maxX - 400) < 1 && abs(bounds.minY - 200) < 1 && abs(bounds.maxY - 400) < 1)
    }

    @Test func aMoveWhoseResultIsNotFiniteOrOffTheCanvasIsRefused() throws {
        let (controller, shape) = try Self.controller()
        controller.select([shape])
        Self.expectUnchanged(controller) { try controller.moveSelection(by: Point(x: 1e308, y: 0)) }
        Self.expectUnchanged(controller) { try controller.moveSelection(by: Point(x: 0, y: -2e9)) }
        try controller.moveSelection(by: Point(x: 1000, y: 1000))
        #expect(controller.markup.element(withID: shape)?.frame.origin.x ?? 0 > 1000)
    }

    @Test func aResizeByAHugeFactorIsRefused() throws {
        let (controller, shape) = try Self.controller()
        controller.select([shape])
        Self.expectUnchanged(controller) { try controller.resizeSelection(to: Rect(x: 0, y: 0, width: 1e300, height: 1e300)) }
        Self.expectUnchanged(controller) { try controller.resizeSelection(to: Rect(x: 0, y: 0, width: 1.7e308, height: 10)) }
    }

    @Test func strokesMovedOrRotatedPastTheLimitAreRefused() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)))
        let stroke = Stroke(ink: Ink(.pen), points: (0..<20).map { StrokePoint(location: Point(x: Double($0) * 5, y: 10), timeOffset: Double($0) / 100, size: Size(width: 2, height: 2)) })
        let id = try controller.addStroke(stroke)
        controller.select([id])
        Self.expectUnchanged(controller) { try controller.moveSelection(by: Point(x: 1e308, y: 1e308)) }
        Self.expectUnchanged(controller) { try controller.resizeSelection(to: Rect(x: 0, y: 0, width: 1e12, height: 1e12)) }
        try controller.rotateSelection(by: 1e300)
        try controller.markup.validate()
    }

    @Test func aViewLargerThanAnyScreenOrOffTheCanvasIsRefused() throws {
        let (controller, _) = try Self.controller()
        #expect(throws: EditorError.self) {
            try controller.setContentVisibleFrame(Rect(x: 0, y: 0, width: 1e9, height: 1e9), viewSize: Size(width: 1e7, height: 1e7))
        }
        #expect(throws: EditorError.self) {
            try controller.setContentVisibleFrame(Rect(x: 1.5e308, y: 0, width: 1e308, height: 100), viewSize: Size(width: 800, height: 600))
        }
        let shown = try controller.visibleFrame(clamping: Rect(x: 0, y: 0, width: 1e6, height: 1e6), viewSize: Size(width: 1000, height: 1000))
        #expect(shown.width == 1000 / controller.zoomRange.lowerBound)
    }

    @Test func textStickersAndLinksAreBoundedInBytes() throws {
        let (controller, _) = try Self.controller()
        let zalgo = "e" + String(repeating: "\u{0301}", count: 40)
        #expect(zalgo.count == 1)
        Self.expectUnchanged(controller) { try controller.insertSticker(emoji: zalgo) }
        Self.expectUnchanged(controller) { try controller.insertSticker(emoji: "") }
        try controller.insertSticker(emoji: "👨‍👩‍👧‍👦")
        Self.expectUnchanged(controller) { try controller.insertLink(url: "https://example.com/" + String(repeating: "a", count: Link.maximumURLBytes)) }
        try controller.insertLink(url: "https://example.com/")
        Self.expectUnchanged(controller) { try controller.insertTextbox(AttributedText(String(repeating: "ä", count: AttributedText.maximumBytes / 2 + 1))) }
        try controller.insertTextbox(AttributedText(String(repeating: "ä", count: AttributedText.maximumBytes / 2)))
    }

    @Test func aStrokeEndsAtItsPointLimitAndKeepsWhatWasDrawn() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600)))
        func sample(_ index: Int) -> PointerEvent.Sample {
            PointerEvent.Sample(location: Point(x: Double(index % 700) + 1, y: Double(index / 700) * 3 + 1), time: Double(index) / 240, force: 1)
        }
        try controller.handle(PointerEvent(phase: .began, samples: [sample(0)]))
        var refused: EditorError?
        var index = 1
        while refused == nil, index < InkGesture.maximumPoints + 2000 {
            do {
                try controller.handle(PointerEvent(phase: .moved, samples: (index..<index + 1000).map(sample)))
            } catch {
                refused = error
            }
            index += 1000
        }
        #expect(refused == .invalidInput(.tooManyPoints(limit: InkGesture.maximumPoints)))
        guard case .stroke(let stroke)? = controller.markup.elements.first?.content else {
            Issue.record("the stroke drawn up to the limit was not kept")
            return
        }
        #expect(stroke.points.count > InkGesture.maximumPoints - 1000 && stroke.points.count <= InkGesture.maximumPoints)
        try controller.handle(PointerEvent(phase: .moved, samples: [sample(index)]))
        try controller.handle(PointerEvent(phase: .ended, samples: [sample(index + 1)]))
        #expect(controller.markup.elements.count == 1, "the rest of the gesture draws nothing")
    }
}

/// A refusal explains itself in words for people, not as the error's case.
struct EditorErrorExplanationTests {
    @Test func everyRefusalIsASentenceWithoutCodeNames() {
        let errors: [EditorError] = [
            .notEditable, .unsupportedFeature(.text), .unsupportedInk(.fountainPen), .unsupportedShape(.chatBubble), .unsupportedLineMarker,
            .colorTooBright(4), .invalidImage, .unreadableImage("the PNG is cut short"), .invalidGeometry("no signature saved yet: write it, then choose Signature"),
            .invalidInput(.tooManyPoints(limit: 10)), .invalidInput(.timeWentBackwards(sampleIndex: 1, previous: 2, time: 1)),
            .unsupportedContent, .unknownElement(ElementID()), .tooLarge(what: "a text", limit: 100),
        ]
        for error in errors {
            let text = error.explanation
            #expect(text.first?.isUppercase == true && text.hasSuffix("."), "\(text)")
            for codeName in ["invalidGeometry", "notEditable", "unsupported", "fountainPen", "chatBubble", "Error", "("] {
                #expect(!text.contains(codeName), "\(text)")
            }
        }
        #expect(EditorError.unsupportedInk(.fountainPen).explanation == "This document does not allow the fountain pen ink.")
        #expect(EditorError.invalidGeometry("no signature saved yet: write it, then choose Signature").explanation
            == "No signature saved yet: write it, then choose Signature.")
    }
}
