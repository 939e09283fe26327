/// What sits at one end of a line.
public enum LineMarker: String, CaseIterable, Hashable, Sendable, Codable {
    case none, arrow, openArrow, circle, square, bar
}

/// Which ends of a line may carry a marker.
public struct LineMarkerPositions: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let start = LineMarkerPositions(rawValue: 1)
    public static let end = LineMarkerPositions(rawValue: 2)
    public static let all: LineMarkerPositions = [.start, .end]
}
