import MarkupCore

/// A tile of small dots left unpainted inside a textured stroke: the paper's tooth, so every
/// renderer punches the same holes under every stroke.
public struct GrainPattern: Hashable, Sendable {
    /// Dots are placed one per grid cell of this size, in points, with a random offset.
    public let cellSize: Double
    public let dotRadius: Double
    /// 0…1: the share of cells that hold a dot.
    public let density: Double
    /// 0…1: how much dots' radii differ, each `dotRadius` × (1 ± up to this), so paper's tooth reads
    /// as grain rather than as a grid of equal holes.
    public let sizeVariation: Double
    /// Which pattern of this size: layers with different variants have their holes in different places.
    public let variant: UInt32
    /// The dots within one tile (centres from the tile's corner), laid out once from the values above.
    /// They are the same under every stroke, as the tiles lie still from the page's origin: strokes
    /// over one another leave the same specks, and a document's SVG defines each pattern once.
    public let dots: [GrainDot]

    /// The tile repeats every this many cells in each direction.
    public static let cellsPerTile = 16

    public init(cellSize: Double, dotRadius: Double, density: Double, sizeVariation: Double = 0, variant: UInt32 = 0) {
        self.cellSize = cellSize
        self.dotRadius = dotRadius
        self.density = density
        self.sizeVariation = sizeVariation
        self.variant = variant
        dots = Self.layOut(cellSize: cellSize, dotRadius: dotRadius, density: density, sizeVariation: sizeVariation, variant: variant)
    }

    /// The radius of the largest dot there can be.
    public var largestDotRadius: Double { dotRadius * (1 + sizeVariation) }

    /// The side of the repeating tile, in points.
    public var tileSize: Double { cellSize * Double(Self.cellsPerTile) }

    /// Patterns are told apart by what they are made from; the dots follow from it.
    public static func == (lhs: GrainPattern, rhs: GrainPattern) -> Bool {
        (lhs.cellSize, lhs.dotRadius, lhs.density, lhs.sizeVariation, lhs.variant)
            == (rhs.cellSize, rhs.dotRadius, rhs.density, rhs.sizeVariation, rhs.variant)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cellSize)
        hasher.combine(dotRadius)
        hasher.combine(density)
        hasher.combine(sizeVariation)
        hasher.combine(variant)
    }

    private static func layOut(cellSize: Double, dotRadius: Double, density: Double, sizeVariation: Double, variant: UInt32) -> [GrainDot] {
        var state = (UInt64(variant) &+ 0x5EED) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state >> 11) * 0x1.0p-53
        }
        var dots = [GrainDot]()
        for row in 0..<cellsPerTile {
            for column in 0..<cellsPerTile {
                let keep = next(), dx = next(), dy = next()
                let size = sizeVariation > 0 ? next() : 0.5
                if keep < density {
                    dots.append(GrainDot(center: Point(x: (Double(column) + dx) * cellSize, y: (Double(row) + dy) * cellSize),
                                         radius: dotRadius * (1 + sizeVariation * (2 * size - 1))))
                }
            }
        }
        return dots
    }
}

/// One hole of a grain pattern.
public struct GrainDot: Hashable, Sendable {
    public var center: Point
    public var radius: Double
}
