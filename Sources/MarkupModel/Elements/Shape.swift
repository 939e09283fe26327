/// A vector shape element: a configuration and how it is painted.
public struct Shape: Hashable, Sendable, Codable {
    public var configuration: ShapeConfiguration
    /// Paint inside the shape; nil leaves it empty.
    public var fillColor: Color?
    /// Whether the fill paints the inside evenly or in lines across it (hatched).
    public var fillStyle = ShapeFillStyle.solid
    /// Paint along the outline; nil draws no outline.
    public var strokeColor: Color?
    /// The outline's width in points.
    public var lineWidth: Double
    /// The whole shape's opacity, 0 to 1.
    public var opacity: Double
    /// Whether the outline is one line, dashes or dots (an arrowhead is always whole).
    public var dash: ShapeDash
    /// A line's start attached to another element, which it follows; nil when free.
    public var startConnection: LineConnection?
    /// A line's end attached to another element, which it follows; nil when free.
    public var endConnection: LineConnection?
    /// Where a curved line passes halfway along, in unit coordinates of the frame (which holds the
    /// whole curve); nil for a straight line.
    public var lineMiddle: Point?
    /// An elbow line's corners between its ends, in unit coordinates of the frame (which holds
    /// them all): its path turns only at right angles, as tldraw's and Excalidraw's elbow arrows do.
    /// nil for a straight or curved line; empty for an elbow line whose ends line up.
    public var lineCorners: [Point]?
    /// Where an elbow line's middle segment was dragged to pass: as fractions of the way from its
    /// start's reference to its end's, across and down (the middle of what an aimed end is attached
    /// to, an exact end's spot, a free end's place); nil routes it halfway, as a line first drawn is.
    public var elbowMiddle: Point?
    /// Whether the outline is drawn by hand, wobbling a little about its path (Excalidraw's
    /// roughness, tldraw's draw style); the fill stays clean.
    public var isSketchy = false

    /// The most corners an elbow line has (a route around two elements takes at most six).
    public static let maximumLineCorners = 16

    /// The style a newly inserted shape gets: a black 2 pt outline, no fill.
    public init(
        configuration: ShapeConfiguration, fillColor: Color? = nil, strokeColor: Color? = .black,
        lineWidth: Double = 2, opacity: Double = 1, dash: ShapeDash = .solid
    ) {
        self.configuration = configuration
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.opacity = opacity
        self.dash = dash
    }

    private enum CodingKeys: String, CodingKey {
        case configuration, fillColor, fillStyle, strokeColor, lineWidth, opacity, dash, startConnection, endConnection, lineMiddle, lineCorners, elbowMiddle,
             sketchy
    }

    /// `dash` and `fillStyle` are written only when not solid, and read as solid when absent (a
    /// document from before outlines could be dashed or fills hatched).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        configuration = try container.decode(ShapeConfiguration.self, forKey: .configuration)
        fillColor = try container.decodeIfPresent(Color.self, forKey: .fillColor)
        fillStyle = try container.decodeIfPresent(ShapeFillStyle.self, forKey: .fillStyle) ?? .solid
        strokeColor = try container.decodeIfPresent(Color.self, forKey: .strokeColor)
        lineWidth = try container.decode(Double.self, forKey: .lineWidth)
        opacity = try container.decode(Double.self, forKey: .opacity)
        dash = try container.decodeIfPresent(ShapeDash.self, forKey: .dash) ?? .solid
        startConnection = try container.decodeIfPresent(LineConnection.self, forKey: .startConnection)
        endConnection = try container.decodeIfPresent(LineConnection.self, forKey: .endConnection)
        lineMiddle = try container.decodeIfPresent(Point.self, forKey: .lineMiddle)
        lineCorners = try container.decodeIfPresent([Point].self, forKey: .lineCorners)
        elbowMiddle = try container.decodeIfPresent(Point.self, forKey: .elbowMiddle)
        isSketchy = try container.decodeIfPresent(Bool.self, forKey: .sketchy) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration, forKey: .configuration)
        try container.encodeIfPresent(fillColor, forKey: .fillColor)
        if fillStyle != .solid { try container.encode(fillStyle, forKey: .fillStyle) }
        try container.encodeIfPresent(strokeColor, forKey: .strokeColor)
        try container.encode(lineWidth, forKey: .lineWidth)
        try container.encode(opacity, forKey: .opacity)
        if dash != .solid { try container.encode(dash, forKey: .dash) }
        try container.encodeIfPresent(startConnection, forKey: .startConnection)
        try container.encodeIfPresent(endConnection, forKey: .endConnection)
        try container.encodeIfPresent(lineMiddle, forKey: .lineMiddle)
        try container.encodeIfPresent(lineCorners, forKey: .lineCorners)
        try container.encodeIfPresent(elbowMiddle, forKey: .elbowMiddle)
        if isSketchy { try container.encode(true, forKey: .sketchy) }
    }

    /// The shape with its ends' elements renamed by `rename`; an end whose element it gives no
    /// name is let go (a line copied without what it was attached to).
    public func renamingConnections(_ rename: (ElementID) -> ElementID?) -> Shape {
        func renamed(_ connection: LineConnection?) -> LineConnection? {
            guard var connection, let name = rename(connection.element) else { return nil }
            connection.element = name
            return connection
        }
        var shape = self
        (shape.startConnection, shape.endConnection) = (renamed(startConnection), renamed(endConnection))
        return shape
    }

    /// Whether every number is finite and in range, and only a line has its ends connected, a
    /// middle or corners (inside its frame; a middle or corners, not both).
    public var isValid: Bool {
        configuration.isValid && (fillColor?.isFinite ?? true) && (strokeColor?.isFinite ?? true)
            && lineWidth.isFinite && lineWidth >= 0 && (0...1).contains(opacity) && connectionsAreValid && middleIsValid && cornersAreValid
    }

    private var middleIsValid: Bool {
        guard let lineMiddle else { return true }
        guard case .line = configuration else { return false }
        return Self.isUnitPoint(lineMiddle)
    }

    private var cornersAreValid: Bool {
        guard let lineCorners else { return elbowMiddle == nil }
        guard case .line = configuration, lineMiddle == nil else { return false }
        return Self.areValidCorners(lineCorners) && (elbowMiddle.map(Self.isValidElbowMiddle) ?? true)
    }

    /// Whether `middle` can be an elbow line's `elbowMiddle`: finite, at most 100 times the way
    /// between its ends' references either way.
    public static func isValidElbowMiddle(_ middle: Point) -> Bool {
        middle.isFinite && abs(middle.x) <= 100 && abs(middle.y) <= 100
    }

    /// Whether `corners` can be an elbow line's: at most `maximumLineCorners`, each inside the unit square.
    public static func areValidCorners(_ corners: [Point]) -> Bool {
        corners.count <= maximumLineCorners && corners.allSatisfy(isUnitPoint)
    }

    /// Whether `point` is finite and inside the unit square.
    public static func isUnitPoint(_ point: Point) -> Bool {
        point.isFinite && (0...1).contains(point.x) && (0...1).contains(point.y)
    }

    private var connectionsAreValid: Bool {
        guard startConnection != nil || endConnection != nil else { return true }
        guard case .line = configuration else { return false }
        return (startConnection?.isValid ?? true) && (endConnection?.isValid ?? true)
    }
}
