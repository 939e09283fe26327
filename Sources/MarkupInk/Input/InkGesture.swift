import MarkupCore

/// One stroke being drawn: pen samples in document coordinates become points and a live outline,
/// and at the end a stroke. The ink tool's state machine runs one; a host with several pens at
/// once (collaborators on one document) runs one per pen and commits each with `addStroke`.
public struct InkGesture: Sendable {
    private var sampler: StrokeSampler
    private var outline: LiveStrokeOutline
    /// The stroke's random seed (for rough and textured inks), fixed by its first point, so the live
    /// outline is already the saved stroke's; nil until there is a point.
    private var seed: UInt32?
    public var ink: Ink { sampler.ink }
    /// The seed textured and rough inks draw with; nil until the stroke has a point.
    public var randomSeed: UInt32? { seed }
    public private(set) var isFinished = false

    /// The most points one stroke may hold: at 240 Hz, seven minutes without lifting the pen. Past it
    /// the stroke ends, so one pen cannot grow a document or a live outline without bound.
    public static let maximumPoints = 100_000

    /// Starts a stroke with its first samples, its widths following pressure with `pressureSensitivity`
    /// (1: as the ink does; see `InkOptions.withPressureSensitivity`).
    ///
    /// - Throws: the ink pipeline's refusal (NaN, infinities, time running backwards); nothing is kept.
    public init(ink: Ink, samples: [InputSample], pressureSensitivity: Double = 1) throws(InkError) {
        sampler = StrokeSampler(ink: ink, options: pressureSensitivity == 1 ? nil : InkOptions.for(ink.type).withPressureSensitivity(pressureSensitivity))
        outline = LiveStrokeOutline(ink: ink)
        guard samples.count <= Self.maximumPoints else { throw .tooManyPoints(limit: Self.maximumPoints) }
        try sampler.append(samples)
        seedOutline()
        outline.append(sampler.points)
    }

    /// Starts the live outline with the seed of the first point, once there is one.
    private mutating func seedOutline() {
        guard seed == nil, let first = sampler.points.first else { return }
        let seed = Self.seed(for: first)
        self.seed = seed
        outline = LiveStrokeOutline(ink: sampler.ink, randomSeed: seed)
    }

    /// Adds samples, the last ones when `ending`; returns what a view must redraw.
    ///
    /// - Throws: the ink pipeline's refusal, or `tooManyPoints` when the samples could take the stroke
    ///   past `maximumPoints`; the gesture is unchanged then.
    public mutating func append(_ samples: [InputSample], ending: Bool) throws(InkError) -> LiveStrokeOutline.Update {
        let before = sampler.points.count
        guard samples.count <= Self.maximumPoints - before else { throw .tooManyPoints(limit: Self.maximumPoints) }
        try sampler.append(samples)
        if ending {
            sampler.finish()
            isFinished = true
        }
        if seed == nil {
            seedOutline()
            outline.append(sampler.points)
        } else {
            outline.append(sampler.points[before...])
        }
        // The last update closes the outline as the saved stroke's is closed (its end caps).
        if ending { outline.finish() }
        return outline.takeUpdate()
    }

    /// The outline drawn so far; once the gesture has ended, exactly the saved stroke's
    /// (`StrokeGeometry(stroke:)`), so a renderer need not build it again.
    public var geometry: StrokeGeometry { outline.geometry }

    /// What changed since the gesture began or since the last call.
    public mutating func takeUpdate() -> LiveStrokeOutline.Update { outline.takeUpdate() }

    /// The stroke drawn so far, with the random seed its first point gave it (0 for a stroke with no
    /// points), so the same input always gives the same stroke, live and saved alike.
    public var stroke: Stroke {
        Stroke(ink: sampler.ink, points: sampler.points, randomSeed: seed ?? 0)
    }

    static func seed(for point: StrokePoint) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        hash = (hash ^ UInt32(truncatingIfNeeded: point.steps.x)) &* 16_777_619
        hash = (hash ^ UInt32(truncatingIfNeeded: point.steps.y)) &* 16_777_619
        return hash
    }
}
