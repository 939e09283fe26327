import Foundation
import MarkupInk
import MarkupModel

/// What a tap or the whole-stroke eraser reaches of an element other than ink: a line along it as
/// drawn, a shape along its outline (and inside it when filled), a text, a sticker, a link or a
/// loupe anywhere in its box.
enum ElementReach {
    /// Whether the segment from `start` to `end` (a point when they are one) passes within `reach`
    /// of the line `element` as drawn; false for another element.
    static func line(_ element: Element, touchedFrom start: Point, to end: Point, within reach: Double) -> Bool {
        guard let points = element.linePolyline else { return false }
        return zip(points, points.dropFirst()).contains { PlaneGeometry.distance(betweenSegment: $0, $1, and: start, end) <= reach }
    }

    /// Whether the whole-stroke eraser swept from `start` to `end` with `radius` takes `element`, as
    /// tldraw's and Excalidraw's erasers do: a line or a shape it passes over (half their width
    /// besides; a filled shape's inside too), a text, a sticker, a link or a loupe whose box it
    /// crosses. Never ink, which the hit store answers for, nor a picture: it is what is marked up,
    /// and is deleted by selecting it.
    static func erases(_ element: Element, from start: Point, to end: Point, radius: Double) -> Bool {
        let (a, b) = (element.unrotated(start), element.unrotated(end))
        switch element.content {
        case .stroke, .image:
            return false
        case .shape(let shape):
            if case .line = shape.configuration { return line(element, touchedFrom: start, to: end, within: radius + shape.lineWidth / 2) }
            let polygon = outline(of: shape.configuration, in: element.frame)
            return touches(polygon, a, b, within: radius + shape.lineWidth / 2)
                || shape.fillColor != nil && (PlaneGeometry.contains(polygon, a) || PlaneGeometry.contains(polygon, b))
        case .textBox, .sticker, .link, .loupe:
            let box = element.frame.expanded(by: radius)
            return box.contains(a) || box.contains(b) || box.corners.indices.contains { index in
                PlaneGeometry.segmentsIntersect(a, b, box.corners[index], box.corners[(index + 1) % 4])
            }
        }
    }

    /// Where a tap at `point` meets a shape other than a line.
    enum ShapeHit { case outline, inside }

    /// Where `point` meets the shape `element` (not a line), its turn undone: within `reach` of its
    /// outline, inside it, or neither (nil).
    static func shape(_ element: Element, at point: Point, within reach: Double) -> ShapeHit? {
        guard case .shape(let shape) = element.content else { return nil }
        let polygon = outline(of: shape.configuration, in: element.frame), local = element.unrotated(point)
        if touches(polygon, local, local, within: reach) { return .outline }
        return PlaneGeometry.contains(polygon, local) ? .inside : nil
    }

    /// Whether the segment from `a` to `b` passes within `reach` of the closed `polygon`'s edges.
    private static func touches(_ polygon: [Point], _ a: Point, _ b: Point, within reach: Double) -> Bool {
        zip(polygon, polygon.dropFirst() + polygon.prefix(1)).contains { PlaneGeometry.distance(betweenSegment: $0, $1, and: a, b) <= reach }
    }

    /// A shape's outline as a polygon in `frame`: an ellipse in 64 steps, the frame for a rectangle.
    private static func outline(of configuration: ShapeConfiguration, in frame: Rect) -> [Point] {
        if configuration == .ellipse {
            return (0..<64).map { step in
                let angle = Double(step) / 64 * 2 * .pi
                return Point(x: frame.center.x + frame.width / 2 * cos(angle), y: frame.center.y + frame.height / 2 * sin(angle))
            }
        }
        return configuration.polygonCorners(in: frame) ?? frame.corners
    }
}
