import MarkupCore

/// Everything that gives an ink its character: how pressure, tilt and speed set the width, the nib's
/// shape, the tapers, and how the outline is painted. `InkOptions.for(_:)` holds each ink's defaults,
/// documented once here and in docs/INKS.md.
public struct InkOptions: Hashable, Sendable {
    /// The width multiplier at zero force and at `fullForce`; linear in between, clamped outside.
    public var pressureResponse: ClosedRange<Double>
    /// How much a tilted pen widens the mark: the width is multiplied by `1 + tiltWidening · (1 − altitude / (π/2))`.
    public var tiltWidening: Double
    /// How much speed thins the mark: the width is multiplied by `1 − velocityThinning · min(speed / 1000 pt/s, 1)`.
    public var velocityThinning: Double
    public var nib: Nib
    /// The length, in points, over which a stroke grows from a point to full width at its start.
    public var startTaper: Double
    /// The length, in points, over which a stroke narrows to a point at its end (applied when it ends).
    public var endTaper: Double
    /// 0…1: how far each smoothed point moves towards its raw sample: 0 follows the pen exactly,
    /// higher values smooth more and lag more.
    public var streamline: Double
    /// How much the outline's edge wanders, as a fraction of the radius (crayon's wax).
    public var edgeRoughness: Double
    /// The layers painted for a stroke, bottom first.
    public var layers: [InkLayerStyle]
    /// Whether the ink darkens with force: pencil's graphite.
    public var opacityFollowsForce: Bool

    /// The force at which `pressureResponse` reaches its upper end: twice a normal touch.
    public static let fullForce = 2.0

    /// The defaults of each ink.
    public static func `for`(_ type: InkType) -> InkOptions {
        defaults[inkTypes.firstIndex(of: type)!]
    }

    private static let inkTypes = InkType.allCases
    private static let defaults: [InkOptions] = inkTypes.map(makeDefaults)

    private static func makeDefaults(_ type: InkType) -> InkOptions {
        switch type {
        case .pen:
            InkOptions(pressureResponse: 0.35...1.35, velocityThinning: 0.15, startTaper: 0, endTaper: 6)
        case .pencil:
            // Graphite: a light wash, and over it, a little inside the edge, the grain of the paper's
            // tooth, so the tone is mottled rather than flat and no hole shows bare paper.
            InkOptions(
                pressureResponse: 0.6...1.15, tiltWidening: 2.5, streamline: 0.3, edgeRoughness: 0.06,
                layers: [InkLayerStyle(opacity: 0.4),
                         InkLayerStyle(opacity: 0.55, expansion: -0.4,
                                       texture: .grain(GrainPattern(cellSize: 2.5, dotRadius: 0.6, density: 0.75, sizeVariation: 0.8, variant: 1)))],
                opacityFollowsForce: true)
        case .marker:
            InkOptions(
                pressureResponse: 1...1, nib: .ellipse(aspectRatio: 0.35, angle: -.pi / 4), streamline: 0.45,
                layers: [InkLayerStyle(opacity: 0.45)])
        case .monoline:
            InkOptions(pressureResponse: 1...1, startTaper: 0, streamline: 0.5)
        case .fountainPen:
            InkOptions(pressureResponse: 0.75...1.15, velocityThinning: 0.25, nib: .ellipse(aspectRatio: 0.3, angle: -.pi / 4),
                       endTaper: 10)
        case .watercolor:
            // A brush touches down round: a start taper of a few points on a mark this wide is a flat
            // cut, which a stroke starting with a hook showed as a wedge bitten out of its start.
            InkOptions(
                pressureResponse: 0.8...1.2, startTaper: 0, streamline: 0.5,
                layers: [InkLayerStyle(opacity: 0.06, expansion: 2.7), InkLayerStyle(opacity: 0.07, expansion: 1.8),
                         InkLayerStyle(opacity: 0.09, expansion: 0.9), InkLayerStyle(opacity: 0.2)])
        case .crayon:
            // Wax: a coat of colour with paper showing at its rough edge, and a second coat whose
            // coarse grain leaves lighter flecks, not white dots.
            InkOptions(
                pressureResponse: 0.8...1.1, tiltWidening: 0.6, edgeRoughness: 0.12,
                layers: [InkLayerStyle(opacity: 0.55),
                         InkLayerStyle(opacity: 0.7, expansion: -0.5,
                                       texture: .grain(GrainPattern(cellSize: 4, dotRadius: 0.9, density: 0.7, sizeVariation: 0.9, variant: 1)))])
        case .reed:
            InkOptions(pressureResponse: 0.9...1.1, nib: .ellipse(aspectRatio: 0.15, angle: -.pi / 6), endTaper: 4)
        }
    }

    public init(
        pressureResponse: ClosedRange<Double>, tiltWidening: Double = 0, velocityThinning: Double = 0, nib: Nib = .round,
        startTaper: Double = 2, endTaper: Double = 0, streamline: Double = 0.35, edgeRoughness: Double = 0,
        layers: [InkLayerStyle] = [InkLayerStyle()], opacityFollowsForce: Bool = false
    ) {
        self.pressureResponse = pressureResponse
        self.tiltWidening = tiltWidening
        self.velocityThinning = velocityThinning
        self.nib = nib
        self.startTaper = startTaper
        self.endTaper = endTaper
        self.streamline = streamline
        self.edgeRoughness = edgeRoughness
        self.layers = layers
        self.opacityFollowsForce = opacityFollowsForce
    }
}

/// The shape of the pen tip that is swept along the stroke.
public enum Nib: Hashable, Sendable {
    /// A circle as wide as the mark.
    case round
    /// An ellipse as wide as the mark along `angle` (radians, on the page) and `aspectRatio` times
    /// as wide across: a chisel marker, a fountain pen, a reed. Its width follows the stroke's
    /// direction against the nib angle.
    case ellipse(aspectRatio: Double, angle: Double)
}

/// How one layer of a stroke is painted. Every layer is one path of closed contours filled with the
/// non-zero rule, so a stroke never darkens where it overlaps itself.
public struct InkLayerStyle: Hashable, Sendable {
    /// Multiplies the ink color's alpha.
    public var opacity: Double
    /// Points added to the radius: soft edges are wider, fainter layers under the core.
    public var expansion: Double
    public var texture: InkTexture?

    public init(opacity: Double = 1, expansion: Double = 0, texture: InkTexture? = nil) {
        self.opacity = opacity
        self.expansion = expansion
        self.texture = texture
    }
}

/// A texture a renderer draws inside a layer, identically in every backend.
public enum InkTexture: Hashable, Sendable {
    /// Paper grain: the dots of the pattern (see `GrainPattern.dots`) are left unpainted.
    case grain(GrainPattern)
}
