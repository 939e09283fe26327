/// The kinds of shape, without their parameters: what a FeatureSet lists.
public enum ShapeType: String, CaseIterable, Hashable, Sendable, Codable {
    case rectangle, roundedRectangle, ellipse, line, chatBubble, regularPolygon, star, arrowShape, heart, cloud

    /// The content version that introduced the shape.
    public var requiredContentVersion: ContentVersion {
        switch self {
        case .heart, .cloud: .version7
        default: .version1
        }
    }
}
