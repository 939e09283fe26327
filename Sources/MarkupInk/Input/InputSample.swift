import MarkupCore

/// One raw pointer sample, as a browser or a tablet reports it.
public struct InputSample: Hashable, Sendable {
    /// Where the pointer was, in document coordinates.
    public var location: Point
    /// When, in seconds on any clock that does not run backwards within a stroke.
    public var time: Double
    /// The pen's force in PencilKit's units (1 is a normal touch); nil when the device reports none.
    public var force: Double? {
        get { reports.contains(.force) ? reportedForce : nil }
        set { (reportedForce, reports) = Self.storing(newValue, as: .force, default: 0, in: reports) }
    }
    /// Radians around the screen's normal; nil when unknown.
    public var azimuth: Double? {
        get { reports.contains(.azimuth) ? reportedAzimuth : nil }
        set { (reportedAzimuth, reports) = Self.storing(newValue, as: .azimuth, default: 0, in: reports) }
    }
    /// Radians from the screen (0 flat, π/2 upright); nil when unknown.
    public var altitude: Double? {
        get { reports.contains(.altitude) ? reportedAltitude : nil }
        set { (reportedAltitude, reports) = Self.storing(newValue, as: .altitude, default: .pi / 2, in: reports) }
    }

    /// The force, azimuth and altitude the device reported, or a default when it did not (0, 0, and
    /// upright: the turn and tilt the ink takes then), with which ones it did: a sample is 56 bytes
    /// rather than the 72 three optionals take, and the sampler reads them with no unwrapping.
    private(set) var reportedForce = 0.0, reportedAzimuth = 0.0, reportedAltitude = Double.pi / 2
    public var pointerKind: PointerKind
    private(set) var reports: Reports = []

    /// Which of the optional values a device reported.
    struct Reports: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let force = Reports(rawValue: 1), azimuth = Reports(rawValue: 2), altitude = Reports(rawValue: 4)
    }

    public init(location: Point, time: Double, force: Double? = nil, azimuth: Double? = nil,
                altitude: Double? = nil, pointerKind: PointerKind = .pen) {
        self.location = location
        self.time = time
        self.pointerKind = pointerKind
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
    }

    /// A value to store and the reports with `flag` set or cleared; nil stores `fallback`, so that
    /// equal samples store equal bits.
    private static func storing(_ value: Double?, as flag: Reports, default fallback: Double, in reports: Reports) -> (Double, Reports) {
        guard let value else { return (fallback, reports.subtracting(flag)) }
        return (value, reports.union(flag))
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
