/// The capabilities a canvas offers, or a document uses: features, shapes, inks, line markers and
/// how bright colors may be.
///
/// ```swift
/// var features = FeatureSet.latest
/// features.remove(.text)
/// features.colorMaximumLinearExposure = 4   // allow HDR
/// ```
public struct FeatureSet: Hashable, Sendable, Codable {
    public var features: Set<Feature>
    public var shapes: Set<ShapeType>
    public var inks: Set<InkType>
    public var lineMarkerPositions: LineMarkerPositions
    /// The brightest linear color component allowed: 1 means SDR, above 1 allows HDR.
    public var colorMaximumLinearExposure: Double

    public init(
        features: Set<Feature> = [], shapes: Set<ShapeType> = [], inks: Set<InkType> = [],
        lineMarkerPositions: LineMarkerPositions = [], colorMaximumLinearExposure: Double = 1
    ) {
        self.features = features
        self.shapes = shapes
        self.inks = inks
        self.lineMarkerPositions = lineMarkerPositions
        self.colorMaximumLinearExposure = colorMaximumLinearExposure
    }

    /// Nothing at all: a canvas that only shows.
    public static let empty = FeatureSet()

    /// Everything content version 1 can hold: every feature, the shapes before hearts and clouds,
    /// pen, pencil and marker, SDR.
    public static let version1 = FeatureSet(
        features: Set(Feature.allCases).subtracting([.backgrounds, .paper, .blankPages]),
        shapes: Set(ShapeType.allCases.filter { $0.requiredContentVersion == .version1 }),
        inks: Set(InkType.allCases.filter { $0.requiredContentVersion == .version1 }),
        lineMarkerPositions: .all
    )

    /// Everything this build supports, in SDR; raise `colorMaximumLinearExposure` to allow HDR.
    public static let latest = FeatureSet(
        features: Set(Feature.allCases), shapes: Set(ShapeType.allCases), inks: Set(InkType.allCases),
        lineMarkerPositions: .all
    )

    public func contains(_ feature: Feature) -> Bool { features.contains(feature) }
    public func contains(_ shape: ShapeType) -> Bool { shapes.contains(shape) }
    public func contains(_ ink: InkType) -> Bool { inks.contains(ink) }

    public mutating func insert(_ feature: Feature) { features.insert(feature) }
    public mutating func insert(_ shape: ShapeType) { shapes.insert(shape) }
    public mutating func insert(_ ink: InkType) { inks.insert(ink) }

    public mutating func remove(_ feature: Feature) { features.remove(feature) }
    public mutating func remove(_ shape: ShapeType) { shapes.remove(shape) }
    public mutating func remove(_ ink: InkType) { inks.remove(ink) }

    /// Whether everything in this set is also in `other` (and its colors fit `other`'s exposure).
    public func isSubset(of other: FeatureSet) -> Bool {
        features.isSubset(of: other.features) && shapes.isSubset(of: other.shapes)
            && inks.isSubset(of: other.inks) && other.lineMarkerPositions.isSuperset(of: lineMarkerPositions)
            && colorMaximumLinearExposure <= other.colorMaximumLinearExposure
    }

    /// Everything in either set.
    public func union(_ other: FeatureSet) -> FeatureSet {
        FeatureSet(
            features: features.union(other.features), shapes: shapes.union(other.shapes),
            inks: inks.union(other.inks), lineMarkerPositions: lineMarkerPositions.union(other.lineMarkerPositions),
            colorMaximumLinearExposure: Swift.max(colorMaximumLinearExposure, other.colorMaximumLinearExposure)
        )
    }

    /// The content version a reader needs to support everything in this set.
    public var contentVersion: ContentVersion {
        let inkVersion = (inks.map(\.requiredContentVersion) + shapes.map(\.requiredContentVersion)).max() ?? .version1
        if features.contains(.blankPages) { return max(inkVersion, .version6) }
        if features.contains(.paper) { return max(inkVersion, .version5) }
        return features.contains(.backgrounds) ? max(inkVersion, .version4) : inkVersion
    }
}
