/// The kinds of shape, without their parameters: what a FeatureSet lists.
public enum ShapeType: String, CaseIterable, Hashable, Sendable, Codable {
    case rectangle, roundedRectangle, ellipse, line, chatBubble, regularPolygon, star, arrowShape
}
