/// A vector shape element: a configuration and how it is painted.
public struct Shape: Hashable, Sendable, Codable {
    public var configuration: ShapeConfiguration
    /// Paint inside the shape; nil leaves it empty.
    public var fillColor: Color?
    /// Paint along the outline; nil draws no outline.
    public var strokeColor: Color?
    /// The outline's width in points.
    public var lineWidth: Double
    /// The whole shape's opacity, 0 to 1.
    public var opacity: Double

    /// The style a newly inserted shape gets: a black 2 pt outline, no fill.
    public init(
        configuration: ShapeConfiguration, fillColor: Color? = nil, strokeColor: Color? = .black,
        lineWidth: Double = 2, opacity: Double = 1
    ) {
        self.configuration = configuration
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.opacity = opacity
    }

    /// Whether every number is finite and in range.
    public var isValid: Bool {
        configuration.isValid && (fillColor?.isFinite ?? true) && (strokeColor?.isFinite ?? true)
            && lineWidth.isFinite && lineWidth >= 0 && (0...1).contains(opacity)
    }
}
