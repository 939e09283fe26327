import MarkupModel

/// Names of kinds as conversion reports say them.
extension InkType {
    /// The ink's name in a sentence: "fountain pen".
    var spokenName: String {
        switch self {
        case .fountainPen: "fountain pen"
        default: rawValue
        }
    }
}

extension ShapeType {
    /// The shape's name in a sentence: "chat bubble".
    var spokenName: String {
        switch self {
        case .roundedRectangle: "rounded rectangle"
        case .chatBubble: "chat bubble"
        case .regularPolygon: "polygon"
        case .arrowShape: "block arrow"
        default: rawValue
        }
    }
}
