import MarkupModel

/// A vector path: subpaths of straight and cubic segments. Shapes, markers, clips and grain build
/// these; strokes hand their outlines over as contour lists directly.
public struct RenderPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to point: Point) { elements.append(.move(point)) }
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, point))
    }
    public mutating func close() { elements.append(.close) }

    public var isEmpty: Bool { elements.isEmpty }

    /// A closed polygon through `points`.
    public mutating func addPolygon<C: Collection>(_ points: C) where C.Element == Point {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { line(to: point) }
        close()
    }

    /// An open polyline through `points`.
    public mutating func addPolyline(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { line(to: point) }
    }

    public mutating func addRect(_ rect: Rect) {
        addPolygon([Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                    Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)])
    }

    /// The magic number for approximating a quarter circle with one cubic Bézier: 4/3·(√2 − 1).
    static let kappa = 0.5522847498307936

    /// An ellipse inscribed in `rect`, as four cubic Béziers, clockwise on screen.
    public mutating func addEllipse(in rect: Rect) {
        let center = rect.center, rx = rect.width / 2, ry = rect.height / 2
        let kx = rx * Self.kappa, ky = ry * Self.kappa
        move(to: Point(x: center.x + rx, y: center.y))
        curve(to: Point(x: center.x, y: center.y + ry), control1: Point(x: center.x + rx, y: center.y + ky),
              control2: Point(x: center.x + kx, y: center.y + ry))
        curve(to: Point(x: center.x - rx, y: center.y), control1: Point(x: center.x - kx, y: center.y + ry),
              control2: Point(x: center.x - rx, y: center.y + ky))
        curve(to: Point(x: center.x, y: center.y - ry), control1: Point(x: center.x - rx, y: center.y - ky),
              control2: Point(x: center.x - kx, y: center.y - ry))
        curve(to: Point(x: center.x + rx, y: center.y), control1: Point(x: center.x + kx, y: center.y - ry),
              control2: Point(x: center.x + rx, y: center.y - ky))
        close()
    }

    /// A circle, as an ellipse.
    public mutating func addCircle(center: Point, radius: Double) {
        addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// A rectangle with corners rounded by `radius` (clamped to half the shorter side).
    public mutating func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        guard r > 0 else { addRect(rect); return }
        let k = r * (1 - Self.kappa)
        move(to: Point(x: rect.minX + r, y: rect.minY))
        line(to: Point(x: rect.maxX - r, y: rect.minY))
        curve(to: Point(x: rect.maxX, y: rect.minY + r), control1: Point(x: rect.maxX - k, y: rect.minY),
              control2: Point(x: rect.maxX, y: rect.minY + k))
        line(to: Point(x: rect.maxX, y: rect.maxY - r))
        curve(to: Point(x: rect.maxX - r, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - k),
              control2: Point(x: rect.maxX - k, y: rect.maxY))
        line(to: Point(x: rect.minX + r, y: rect.maxY))
        curve(to: Point(x: rect.minX, y: rect.maxY - r), control1: Point(x: rect.minX + k, y: rect.maxY),
              control2: Point(x: rect.minX, y: rect.maxY - k))
        line(to: Point(x: rect.minX, y: rect.minY + r))
        curve(to: Point(x: rect.minX + r, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + k),
              control2: Point(x: rect.minX + k, y: rect.minY))
        close()
    }
}
