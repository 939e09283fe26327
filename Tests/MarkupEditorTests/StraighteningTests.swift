import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Strokes drawn as a line, a rectangle or an ellipse, straightened into those shapes afterwards.
struct StraighteningTests {
    static func stroke(_ points: [Point], color: Color = Color(red: 1, green: 0, blue: 0, alpha: 0.5), width: Double = 4) -> Stroke {
        Stroke(ink: Ink(.pen, color: color, width: width), points: points.enumerated().map { index, point in
            StrokePoint(location: point, timeOffset: Double(index) / 240, size: Size(width: width, height: width))
        })
    }

    /// Round a box from (100, 100) to (300, 220), a little off here and there, back to the start.
    static func roughRectangle() -> [Point] {
        let corners = [Point(x: 100, y: 100), Point(x: 300, y: 101), Point(x: 299, y: 220), Point(x: 101, y: 219), Point(x: 100, y: 102)]
        return zip(corners, corners.dropFirst()).flatMap { from, to in
            (0..<40).map { step in from + (to - from) * (Double(step) / 40) + Point(x: step.isMultiple(of: 3) ? 0.6 : -0.4, y: 0) }
        }
    }

    @Test func strokesDrawnAsShapesBecomeThemAndTheRestStayInk() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 1000, height: 800), createdAt: Date(timeIntervalSince1970: 0)))
        let box = try controller.addStroke(Self.stroke(Self.roughRectangle()))
        let line = try controller.addStroke(Self.stroke((0...60).map { Point(x: 100 + Double($0) * 5, y: 400 + ($0.isMultiple(of: 2) ? 0.5 : -0.5)) }))
        let scribble = try controller.addStroke(Self.stroke((0...80).map { Point(x: 500 + Double($0) * 2, y: 500 + 20 * sin(Double($0) / 3)) }))
        let before = controller.markup
        controller.select([box, line, scribble])
        let straightened = try controller.straightenSelectedStrokes()
        #expect(Set(straightened) == [box, line])
        let rectangle = try #require(controller.markup.element(withID: box))
        guard case .shape(let shape) = rectangle.content else { Issue.record("not a shape"); return }
        #expect(shape.configuration == .rectangle && shape.strokeColor == Color(red: 1, green: 0, blue: 0) && shape.opacity == 0.5 && shape.lineWidth == 4)
        #expect(abs(rectangle.frame.minX - 100) < 3 && abs(rectangle.frame.maxX - 300) < 3 && abs(rectangle.frame.minY - 100) < 3 && abs(rectangle.frame.maxY - 220) < 3,
                "\(rectangle.frame)")
        #expect(rectangle.zIndex == before.element(withID: box)?.zIndex, "where the stroke lay in the z-order")
        guard case .shape(let straight)? = controller.markup.element(withID: line)?.content, case .line = straight.configuration else {
            Issue.record("not a line"); return
        }
        guard case .stroke? = controller.markup.element(withID: scribble)?.content else { Issue.record("the scribble is not ink"); return }
        try controller.undo()
        #expect(controller.markup == before, "one step")
        controller.select([scribble])
        #expect(throws: EditorError.invalidGeometry("none of the strokes selected was drawn as a line, a rectangle or an ellipse")) {
            try controller.straightenSelectedStrokes()
        }
    }
}
