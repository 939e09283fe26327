/// The kind of ink a stroke is drawn with: PencilKit's eight.
public enum InkType: String, CaseIterable, Hashable, Sendable {
    case pen, pencil, marker, monoline, fountainPen, watercolor, crayon, reed

    /// The content version a reader needs to draw this ink.
    public var requiredContentVersion: ContentVersion {
        switch self {
        case .pen, .pencil, .marker: .version1
        case .monoline, .fountainPen, .watercolor, .crayon: .version2
        case .reed: .version3
        }
    }

    /// The widths, in points, this ink can be drawn at; modelled on PencilKit's tool picker.
    public var validWidthRange: ClosedRange<Double> {
        switch self {
        case .pen: 0.5...25
        case .pencil: 1...16
        case .marker: 4...40
        case .monoline: 0.5...20
        case .fountainPen: 1...24
        case .watercolor: 4...48
        case .crayon: 2...30
        case .reed: 1...30
        }
    }

    /// The width a new tool of this ink starts with.
    public var defaultWidth: Double {
        switch self {
        case .pen, .monoline: 3
        case .pencil: 3
        case .marker: 15
        case .fountainPen: 4
        case .watercolor: 16
        case .crayon: 8
        case .reed: 8
        }
    }
}

#if !hasFeature(Embedded)
extension InkType: Codable {}
#endif
