import MarkupInk
import MarkupModel

extension MarkupController {
    /// Turns the selected strokes drawn as a line, a rectangle or an ellipse into that shape
    /// (GoodNotes' convert to shape, what drawing and then holding still does as the pen rests), in
    /// each stroke's color, width and opacity, each keeping its place in the z-order, its group and
    /// its lock, as one step; strokes that are none of those stay ink. Returns the shapes.
    ///
    /// - Throws: `invalidGeometry` when no selected stroke is a line, a rectangle or an ellipse.
    @discardableResult
    public func straightenSelectedStrokes() throws(EditorError) -> [ElementID] {
        var straightened = [Element]()
        for element in selectedElements {
            guard case .stroke(let stroke) = element.content, let shape = Self.shape(drawnBy: stroke, in: element) else { continue }
            try check(shape.shape)
            var copy = element
            (copy.frame, copy.rotation) = (shape.frame, shape.rotation)
            copy.setContent(.shape(shape.shape))
            straightened.append(copy)
        }
        guard !straightened.isEmpty else { throw .invalidGeometry("none of the strokes selected was drawn as a line, a rectangle or an ellipse") }
        try commit(MarkupChange(updated: straightened))
        return straightened.map(\.id)
    }

    /// The shape `stroke` (placed as `element` places it) was drawn as, its frame and turn; nil when
    /// it is none.
    private static func shape(drawnBy stroke: Stroke, in element: Element) -> (shape: Shape, frame: Rect, rotation: Double)? {
        let transform = element.placement(of: stroke)
        guard let recognized = ShapeRecognizer.recognize(stroke.points.map { transform.apply(to: $0.location) }) else { return nil }
        let scale = (transform.scale.width + transform.scale.height) / 2
        let color = stroke.ink.color
        func styled(_ configuration: ShapeConfiguration) -> Shape {
            Shape(configuration: configuration, strokeColor: Color(red: color.red, green: color.green, blue: color.blue),
                  lineWidth: stroke.ink.width * scale, opacity: color.alpha)
        }
        switch recognized {
        case .line(let start, let end):
            let (frame, from, to) = LineRouting.layout(from: start, to: end)
            return (styled(.line(from: from, to: to, startMarker: .none, endMarker: .none)), frame, 0)
        case .rectangle(let frame, let rotation): return (styled(.rectangle), frame, rotation)
        case .ellipse(let frame, let rotation): return (styled(.ellipse), frame, rotation)
        }
    }
}
