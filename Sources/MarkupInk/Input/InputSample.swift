import MarkupCore

/// One raw pointer sample, as a browser or a tablet reports it.
public struct InputSample: Hashable, Sendable {
    /// Where the pointer was, in document coordinates.
    public var location: Point
    /// When, in seconds on any clock that does not run backwards within a stroke.
    public var time: Double
    /// The pen's force in PencilKit's units (1 is a normal touch); nil when the device reports none.
    public var force: Double?
    /// Radians around the screen's normal; nil when unknown.
    public var azimuth: Double?
    /// Radians from the screen (0 flat, π/2 upright); nil when unknown.
    public var altitude: Double?
    public var pointerKind: PointerKind

    public init(location: Point, time: Double, force: Double? = nil, azimuth: Double? = nil,
                altitude: Double? = nil, pointerKind: PointerKind = .pen) {
        self.location = location
        self.time = time
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
        self.pointerKind = pointerKind
    }
}

/// What kind of pointer made a sample: only a pen reports real pressure and tilt.
public enum PointerKind: String, CaseIterable, Hashable, Sendable {
    case pen, touch, mouse
}

#if !hasFeature(Embedded)
extension PointerKind: Codable {}
#endif

/// Why samples were refused. Nothing of a refused batch is taken.
public enum InkError: Error, Hashable, Sendable {
    /// A sample held NaN or an infinity; `field` names which value.
    case nonFiniteValue(sampleIndex: Int, field: String)
    /// A sample's time was earlier than the one before it.
    case timeWentBackwards(sampleIndex: Int, previous: Double, time: Double)
    /// More samples were sent after the stroke was finished.
    case strokeFinished
    /// The stroke already holds as many points as one stroke may (`limit`); it ends there.
    case tooManyPoints(limit: Int)
}
