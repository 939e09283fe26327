import Foundation

/// The geometry of a shape, drawn to fill its element's frame.
///
/// Positions inside the frame (a line's ends, a bubble's tail) are in unit coordinates:
/// (0, 0) is the frame's top-left corner and (1, 1) its bottom-right.
public enum ShapeConfiguration: Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case ellipse
    case line(from: Point, to: Point, startMarker: LineMarker, endMarker: LineMarker)
    case chatBubble(tail: Point)
    case regularPolygon(sides: Int)
    case star(points: Int, innerRadius: Double)
    case arrowShape
    case heart
    case cloud

    /// The fewest sides a regular polygon, and the fewest points a star, may have.
    public static let minimumCorners = 3
    /// The most sides or star points kept; more are clamped.
    public static let maximumCorners = 64

    public var type: ShapeType {
        switch self {
        case .rectangle: .rectangle
        case .roundedRectangle: .roundedRectangle
        case .ellipse: .ellipse
        case .line: .line
        case .chatBubble: .chatBubble
        case .regularPolygon: .regularPolygon
        case .star: .star
        case .arrowShape: .arrowShape
        case .heart: .heart
        case .cloud: .cloud
        }
    }

    /// Whether every number in the configuration is finite and in range.
    public var isValid: Bool {
        switch self {
        case .rectangle, .ellipse, .arrowShape, .heart, .cloud: true
        case .roundedRectangle(let radius): radius.isFinite && radius >= 0
        case .line(let from, let to, _, _): from.isFinite && to.isFinite
        case .chatBubble(let tail): tail.isFinite
        case .regularPolygon(let sides): (Self.minimumCorners...Self.maximumCorners).contains(sides)
        case .star(let points, let inner):
            (Self.minimumCorners...Self.maximumCorners).contains(points) && inner.isFinite && (0...1).contains(inner)
        }
    }
}

extension ShapeConfiguration {
    /// `count` corners on the ellipse inscribed in `frame`, the first at the top; a star alternates
    /// them with corners at `innerRadius` of the way in.
    public static func polygonCorners(count: Int, in frame: Rect, innerRadius: Double?) -> [Point] {
        let corners = min(max(count, ShapeConfiguration.minimumCorners), ShapeConfiguration.maximumCorners)
        let steps = innerRadius == nil ? corners : 2 * corners
        let center = frame.center, rx = frame.width / 2, ry = frame.height / 2
        return (0..<steps).map { step in
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(step) / Double(steps)
            let scale = if let innerRadius, step % 2 == 1 { min(max(innerRadius, 0), 1) } else { 1.0 }
            return Point(x: center.x + rx * scale * cos(angle), y: center.y + ry * scale * sin(angle))
        }
    }

    /// The outline in `frame` as a polygon, where it is not the frame itself nor an ellipse: a
    /// regular polygon's, a star's or a block arrow's corners, a rounded rectangle's with each
    /// rounded corner in 8 straight steps, a speech bubble's (its corners likewise) with its tail,
    /// a heart's or a cloud's curves in 12 steps each; nil for the other shapes.
    public func polygonCorners(in frame: Rect) -> [Point]? {
        switch self {
        case .regularPolygon(let sides): Self.polygonCorners(count: sides, in: frame, innerRadius: nil)
        case .star(let points, let innerRadius): Self.polygonCorners(count: points, in: frame, innerRadius: innerRadius)
        case .arrowShape: Self.blockArrowCorners(in: frame)
        case .roundedRectangle(let radius): Self.roundedCorners(in: frame, radius: radius)
        case .chatBubble(let tail): Self.chatBubbleCorners(in: frame, tail: tail)
        case .heart, .cloud: curvedOutline(in: frame)?.flattened()
        default: nil
        }
    }

    /// A heart's or a cloud's outline filling `frame`, as curves; nil for the other shapes.
    public func curvedOutline(in frame: Rect) -> CurvedOutline? {
        let unit: CurvedOutline
        switch self {
        case .heart: unit = .heart
        case .cloud: unit = .cloud
        default: return nil
        }
        return unit.mapped { Point(x: frame.minX + $0.x * frame.width, y: frame.minY + $0.y * frame.height) }
    }

    /// Where a speech bubble's tail leaves its rounded rectangle (corners of a fifth of the shorter
    /// side): the side facing `tail` (unit coordinates of the frame), 0 the top and on clockwise,
    /// and where along that side, going clockwise, its base begins and ends (a quarter of the
    /// shorter side wide, in the side's middle where there is room).
    public static func chatBubbleTail(in frame: Rect, tail: Point) -> (cornerRadius: Double, side: Int, baseStart: Point, baseEnd: Point) {
        let radius = min(frame.width, frame.height) * 0.2, halfBase = min(frame.width, frame.height) * 0.12
        let dx = tail.x - 0.5, dy = tail.y - 0.5
        let side: Int = abs(dx) > abs(dy) ? (dx > 0 ? 1 : 3) : (dy > 0 ? 2 : 0)
        // Each side's straight part, clockwise.
        let (start, end) = [
            (Point(x: frame.minX + radius, y: frame.minY), Point(x: frame.maxX - radius, y: frame.minY)),
            (Point(x: frame.maxX, y: frame.minY + radius), Point(x: frame.maxX, y: frame.maxY - radius)),
            (Point(x: frame.maxX - radius, y: frame.maxY), Point(x: frame.minX + radius, y: frame.maxY)),
            (Point(x: frame.minX, y: frame.maxY - radius), Point(x: frame.minX, y: frame.minY + radius)),
        ][side]
        let along = end - start
        let length = max((along.x * along.x + along.y * along.y).squareRoot(), 1e-9)
        let unit = along * (1 / length)
        let offset = min(max(length / 2, halfBase), max(length - halfBase, halfBase))
        return (radius, side, start + unit * (offset - halfBase), start + unit * min(offset + halfBase, length))
    }

    /// A speech bubble's outline: its rounded corners in 8 straight steps each, and its tail.
    private static func chatBubbleCorners(in frame: Rect, tail: Point) -> [Point]? {
        let (radius, side, baseStart, baseEnd) = chatBubbleTail(in: frame, tail: tail)
        var corners = roundedCorners(in: frame, radius: radius)
        guard corners.count == 36 else { return nil }
        let tip = Point(x: frame.minX + tail.x * frame.width, y: frame.minY + tail.y * frame.height)
        // The corners go clockwise from the top right one; the side facing the tail leads to corner `side`.
        corners.insert(contentsOf: [baseStart, tip, baseEnd], at: 9 * side)
        return corners
    }

    /// A block arrow pointing right: a shaft half the frame's height, the head from 60 % across.
    public static func blockArrowCorners(in frame: Rect) -> [Point] {
        let shaftTop = frame.minY + frame.height * 0.25, shaftBottom = frame.minY + frame.height * 0.75
        let neck = frame.minX + frame.width * 0.6
        return [
            Point(x: frame.minX, y: shaftTop), Point(x: neck, y: shaftTop), Point(x: neck, y: frame.minY),
            Point(x: frame.maxX, y: frame.center.y), Point(x: neck, y: frame.maxY), Point(x: neck, y: shaftBottom),
            Point(x: frame.minX, y: shaftBottom),
        ]
    }

    /// A rounded rectangle's outline, each corner a quarter circle (of the radius drawn: at most half
    /// the shorter side) in 8 straight steps, clockwise from the top left corner's end.
    private static func roundedCorners(in frame: Rect, radius: Double) -> [Point] {
        let r = min(max(radius, 0), min(frame.width, frame.height) / 2)
        guard r > 0 else { return frame.corners }
        let centres = [Point(x: frame.maxX - r, y: frame.minY + r), Point(x: frame.maxX - r, y: frame.maxY - r),
                       Point(x: frame.minX + r, y: frame.maxY - r), Point(x: frame.minX + r, y: frame.minY + r)]
        return centres.enumerated().flatMap { corner, centre in
            (0...8).map { step in
                let angle = -Double.pi / 2 + Double.pi / 2 * (Double(corner) + Double(step) / 8)
                return Point(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle))
            }
        }
    }
}

extension ShapeConfiguration: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, cornerRadius, from, to, startMarker, endMarker, tail, sides, points, innerRadius
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(ShapeType.self, forKey: .type) {
        case .rectangle: self = .rectangle
        case .roundedRectangle: self = .roundedRectangle(cornerRadius: try container.decode(Double.self, forKey: .cornerRadius))
        case .ellipse: self = .ellipse
        case .line:
            self = .line(
                from: try container.decode(Point.self, forKey: .from), to: try container.decode(Point.self, forKey: .to),
                startMarker: try container.decode(LineMarker.self, forKey: .startMarker),
                endMarker: try container.decode(LineMarker.self, forKey: .endMarker))
        case .chatBubble: self = .chatBubble(tail: try container.decode(Point.self, forKey: .tail))
        case .regularPolygon: self = .regularPolygon(sides: try container.decode(Int.self, forKey: .sides))
        case .star:
            self = .star(points: try container.decode(Int.self, forKey: .points),
                         innerRadius: try container.decode(Double.self, forKey: .innerRadius))
        case .arrowShape: self = .arrowShape
        case .heart: self = .heart
        case .cloud: self = .cloud
        }
        guard isValid else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "shape out of range"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .rectangle, .ellipse, .arrowShape, .heart, .cloud: break
        case .roundedRectangle(let radius): try container.encode(radius, forKey: .cornerRadius)
        case .line(let from, let to, let startMarker, let endMarker):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(startMarker, forKey: .startMarker)
            try container.encode(endMarker, forKey: .endMarker)
        case .chatBubble(let tail): try container.encode(tail, forKey: .tail)
        case .regularPolygon(let sides): try container.encode(sides, forKey: .sides)
        case .star(let points, let inner):
            try container.encode(points, forKey: .points)
            try container.encode(inner, forKey: .innerRadius)
        }
    }
}
