import Foundation
import MarkupModel

/// The outline of each shape configuration inside its frame, and the markers at a line's ends.
enum ShapePaths {
    /// The shape's outline (for a line, the line itself, curved through its middle or turning at its
    /// corners when it has them).
    static func path(for shape: Shape, in frame: Rect) -> RenderPath {
        if let elbow = shape.elbowPath(in: frame) {
            var path = RenderPath()
            path.addPolyline(elbow)
            return path
        }
        guard let curve = shape.lineCurve(in: frame), shape.lineMiddle != nil else { return path(for: shape.configuration, in: frame) }
        var path = RenderPath()
        let control = curve.control
        path.move(to: curve.start)
        path.curve(to: curve.end, control1: curve.start + (control - curve.start) * (2.0 / 3), control2: curve.end + (control - curve.end) * (2.0 / 3))
        return path
    }

    /// The markers at a line's ends, each pointing along the line as it arrives there, and whether
    /// each is filled (else stroked); none for another shape.
    static func markers(of shape: Shape, in frame: Rect) -> [(path: RenderPath, filled: Bool)] {
        guard case .line(_, _, let startMarker, let endMarker) = shape.configuration, let curve = shape.lineCurve(in: frame) else { return [] }
        if let elbow = shape.elbowPath(in: frame) {
            // Each marker points along the segment it ends.
            func from(_ points: ArraySlice<Point>) -> Point { points.dropFirst().first { $0.squaredDistance(to: points.first!) > 1e-12 } ?? points.first! }
            return [(startMarker, elbow[0], from(elbow[...])), (endMarker, elbow[elbow.count - 1], from(Array(elbow.reversed())[...]))].compactMap { kind, tip, from in
                marker(kind, at: tip, from: from, lineWidth: shape.lineWidth)
            }
        }
        let control = curve.control
        return [(startMarker, curve.start, curve.end), (endMarker, curve.end, curve.start)].compactMap { kind, tip, otherEnd in
            marker(kind, at: tip, from: control.squaredDistance(to: tip) > 1e-12 ? control : otherEnd, lineWidth: shape.lineWidth)
        }
    }

    /// The outline of a shape configuration (a line straight between its ends).
    static func path(for configuration: ShapeConfiguration, in frame: Rect) -> RenderPath {
        var path = RenderPath()
        switch configuration {
        case .rectangle:
            path.addRect(frame)
        case .roundedRectangle(let radius):
            path.addRoundedRect(frame, radius: radius)
        case .ellipse:
            path.addEllipse(in: frame)
        case .line(let from, let to, _, _):
            path.addPolyline([point(from, in: frame), point(to, in: frame)])
        case .chatBubble(let tail):
            addChatBubble(to: &path, in: frame, tail: point(tail, in: frame))
        case .regularPolygon(let sides):
            path.addPolygon(ShapeConfiguration.polygonCorners(count: sides, in: frame, innerRadius: nil))
        case .star(let points, let innerRadius):
            path.addPolygon(ShapeConfiguration.polygonCorners(count: points, in: frame, innerRadius: innerRadius))
        case .arrowShape:
            addBlockArrow(to: &path, in: frame)
        case .heart, .cloud:
            guard let outline = configuration.curvedOutline(in: frame) else { break }
            path.move(to: outline.start)
            for curve in outline.curves { path.curve(to: curve.end, control1: curve.control1, control2: curve.control2) }
            path.close()
        }
        return path
    }

    /// A unit-coordinate point of the frame in document coordinates.
    static func point(_ unit: Point, in frame: Rect) -> Point {
        Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height)
    }

    /// A rounded rectangle whose outline detours out to `tail` from the side facing it
    /// (`ShapeConfiguration.chatBubbleTail`): one closed outline, so both fill and stroke show a
    /// single shape.
    private static func addChatBubble(to path: inout RenderPath, in frame: Rect, tail: Point) {
        let unitTail = Point(x: (tail.x - frame.minX) / max(frame.width, 1e-9), y: (tail.y - frame.minY) / max(frame.height, 1e-9))
        let (radius, side, baseStart, baseEnd) = ShapeConfiguration.chatBubbleTail(in: frame, tail: unitTail)
        let k = radius * (1 - RenderPath.kappa)
        let corners = [
            (Point(x: frame.maxX - radius, y: frame.minY), Point(x: frame.maxX - k, y: frame.minY), Point(x: frame.maxX, y: frame.minY + k), Point(x: frame.maxX, y: frame.minY + radius)),
            (Point(x: frame.maxX, y: frame.maxY - radius), Point(x: frame.maxX, y: frame.maxY - k), Point(x: frame.maxX - k, y: frame.maxY), Point(x: frame.maxX - radius, y: frame.maxY)),
            (Point(x: frame.minX + radius, y: frame.maxY), Point(x: frame.minX + k, y: frame.maxY), Point(x: frame.minX, y: frame.maxY - k), Point(x: frame.minX, y: frame.maxY - radius)),
            (Point(x: frame.minX, y: frame.minY + radius), Point(x: frame.minX, y: frame.minY + k), Point(x: frame.minX + k, y: frame.minY), Point(x: frame.minX + radius, y: frame.minY)),
        ]
        path.move(to: Point(x: frame.minX + radius, y: frame.minY))
        for index in 0..<4 {
            if index == side {
                path.line(to: baseStart)
                path.line(to: tail)
                path.line(to: baseEnd)
            }
            let (edgeEnd, control1, control2, cornerEnd) = corners[index]
            path.line(to: edgeEnd)
            path.curve(to: cornerEnd, control1: control1, control2: control2)
        }
        path.close()
    }

    /// A block arrow pointing right: a shaft half the frame's height, a head the last 40% of its width.
    private static func addBlockArrow(to path: inout RenderPath, in frame: Rect) {
        path.addPolygon(ShapeConfiguration.blockArrowCorners(in: frame))
    }

    /// The marker at `tip` of a line arriving from `from`, sized from the line width, and whether it
    /// is filled (else stroked).
    private static func marker(_ marker: LineMarker, at tip: Point, from: Point, lineWidth: Double) -> (path: RenderPath, filled: Bool)? {
        let size = max(lineWidth * 4, 8)
        let delta = Point(x: tip.x - from.x, y: tip.y - from.y)
        let length = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        guard length > 0 else { return nil }
        let along = Point(x: delta.x / length, y: delta.y / length), across = Point(x: -along.y, y: along.x)
        var path = RenderPath()
        switch marker {
        case .none:
            return nil
        case .arrow:
            path.addPolygon([tip, tip - along * size + across * (size * 0.5), tip - along * size - across * (size * 0.5)])
            return (path, true)
        case .openArrow:
            path.addPolyline([tip - along * size + across * (size * 0.5), tip, tip - along * size - across * (size * 0.5)])
            return (path, false)
        case .circle:
            path.addCircle(center: tip, radius: size * 0.35)
            return (path, true)
        case .square:
            let half = size * 0.3
            path.addPolygon([tip + along * half + across * half, tip - along * half + across * half,
                             tip - along * half - across * half, tip + along * half - across * half])
            return (path, true)
        case .bar:
            path.addPolyline([tip + across * (size * 0.5), tip - across * (size * 0.5)])
            return (path, false)
        }
    }
}
