import CCairo
import Foundation
import MarkupModel

/// What writers of other apps' formats need from the renderer: text measured as it will be laid
/// out, images as PNG, and shapes as the polylines they are drawn along.
extension MarkupRenderer {
    /// The size `text` takes laid out on one line per paragraph, or wrapped at `width` when given.
    public static func naturalSize(of text: AttributedText, width: Double? = nil) -> Size {
        TextLayout(text: text, width: width, alignment: .leading, rightToLeft: false, style: ColorStyle(darkAppearance: false)).size
    }

    /// `data` (a PNG or JPEG) as PNG bytes, of the part `crop` names (unit coordinates of the
    /// picture) when given: the bytes themselves for a whole PNG; nil when they do not decode.
    public static func pngData(fromImage data: Data, cropping crop: Rect? = nil) -> Data? {
        if crop == nil, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return data }
        guard let crop else {
            guard let surface = ImageDecoder.surface(from: [UInt8](data)) else { return nil }
            defer { cairo_surface_destroy(surface) }
            return try? Data(pngBytes(of: surface).get())
        }
        return croppedPNG(fromImage: data, cropping: crop)?.png
    }

    /// The pixels of `data` (a PNG or JPEG) that `crop` covers (whole pixels out), as PNG bytes, and
    /// the part of the picture they are (unit coordinates); nil when they do not decode.
    static func croppedPNG(fromImage data: Data, cropping crop: Rect) -> (png: Data, part: Rect)? {
        guard let surface = ImageDecoder.surface(from: [UInt8](data)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let part = ImageDecoder.cropped(surface, to: crop) else { return nil }
        defer { cairo_surface_destroy(part.surface) }
        guard let png = try? pngBytes(of: part.surface).get() else { return nil }
        return (Data(png), part.part)
    }

    /// One polyline of a shape's drawing, in document coordinates.
    public struct ShapeOutline: Hashable, Sendable {
        public var points: [Point]
        public var isClosed: Bool
        /// Whether the shape's fill (or, for a marker, the line's colour) fills it.
        public var isFilled: Bool
    }

    /// The polylines `element`'s shape is drawn along, curves flattened to within `tolerance`
    /// points, rotation applied; markers at a line's ends come after the line, filled or not as drawn.
    public static func outlines(of shape: Shape, frame: Rect, rotation: Double, tolerance: Double = 0.25) -> [ShapeOutline] {
        let transform = rotation == 0 ? Transform2D.identity : Transform2D(rotationAbout: frame.center, radians: rotation)
        var outlines = flattened(ShapePaths.path(for: shape, in: frame), filled: shape.fillColor != nil, tolerance: tolerance)
        for (path, filled) in ShapePaths.markers(of: shape, in: frame) {
            outlines += flattened(path, filled: filled, tolerance: tolerance)
        }
        return outlines.map { outline in
            var outline = outline
            outline.points = outline.points.map { transform.apply(to: $0) }
            return outline
        }
    }

    private static func flattened(_ path: RenderPath, filled: Bool, tolerance: Double) -> [ShapeOutline] {
        var outlines: [ShapeOutline] = []
        var current: [Point] = []
        func finish(closed: Bool) {
            if current.count > 1 { outlines.append(ShapeOutline(points: current, isClosed: closed, isFilled: filled && closed)) }
            current = []
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                finish(closed: false)
                current = [point]
            case .line(let point):
                current.append(point)
            case .curve(let control1, let control2, let end):
                let start = current.last ?? end
                let length = start.distance(to: control1) + control1.distance(to: control2) + control2.distance(to: end)
                let steps = min(max(Int((length / max(tolerance, 0.01)).squareRoot().rounded(.up)), 2), 256)
                for step in 1...steps {
                    let t = Double(step) / Double(steps), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                                         y: a * start.y + b * control1.y + c * control2.y + d * end.y))
                }
            case .close:
                if let first = current.first, current.last != first { current.append(first) }
                finish(closed: true)
            }
        }
        finish(closed: false)
        return outlines
    }
}
