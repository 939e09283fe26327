/// What a stroke is drawn with: an ink type, a color and a nominal width.
public struct Ink: Hashable, Sendable {
    public let type: InkType
    public var color: Color
    /// The nominal width in points, always inside `type.validWidthRange` and on the 1/64 pt grid of
    /// `PointQuantization`, so files store it exactly.
    public private(set) var width: Double

    /// An ink whose width is clamped into the ink type's valid range (the default width when not finite).
    public init(_ type: InkType, color: Color = .black, width: Double? = nil) {
        self.type = type
        self.color = color
        self.width = Ink.clampedWidth(width ?? type.defaultWidth, for: type)
    }

    /// Changes the width, clamping it into the valid range.
    public mutating func setWidth(_ newWidth: Double) {
        width = Ink.clampedWidth(newWidth, for: type)
    }

    private static func clampedWidth(_ width: Double, for type: InkType) -> Double {
        let range = type.validWidthRange
        guard width.isFinite else { return type.defaultWidth }
        let steps = PointQuantization.locationStepsPerPoint
        return (Swift.min(Swift.max(width, range.lowerBound), range.upperBound) * steps).rounded() / steps
    }
}

#if !hasFeature(Embedded)
extension Ink: Codable {
    private enum CodingKeys: String, CodingKey { case type, color, width }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(InkType.self, forKey: .type),
            color: try container.decode(Color.self, forKey: .color),
            width: try container.decode(Double.self, forKey: .width)
        )
    }
}
#endif
