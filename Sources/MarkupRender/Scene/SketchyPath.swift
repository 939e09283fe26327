import MarkupModel

/// An outline drawn by hand (Excalidraw's roughness, tldraw's draw style): each straight side twice,
/// bowed a little, its ends off by up to a point or two and running slightly past the corners; each
/// curve twice through points wobbling about it. The same seed gives the same wobble, so a shape
/// keeps its look as it moves.
enum SketchyPath {
    /// `path` drawn by hand for a line `lineWidth` wide, the wobble drawn from `seed`.
    static func path(_ path: RenderPath, seed: UInt64, lineWidth: Double) -> RenderPath {
        var random = Wobble(seed: seed)
        let amplitude = min(max(lineWidth * 0.5, 1), 3)
        var sketched = RenderPath()
        for _ in 0..<2 {
            var current: Point?, start: Point?
            for element in path.elements {
                switch element {
                case .move(let point):
                    (current, start) = (point, point)
                case .line(let point):
                    if let current { side(from: current, to: point, amplitude: amplitude, random: &random, into: &sketched) }
                    current = point
                case .curve(let control1, let control2, let point):
                    if let current { curve(from: current, control1, control2, to: point, amplitude: amplitude, random: &random, into: &sketched) }
                    current = point
                case .close:
                    if let current, let start, current.squaredDistance(to: start) > 1e-12 {
                        side(from: current, to: start, amplitude: amplitude, random: &random, into: &sketched)
                    }
                    current = start
                }
            }
        }
        return sketched
    }

    /// A straight side: its ends moved and run a little past, bowed to one side at its middle.
    private static func side(from a: Point, to b: Point, amplitude: Double, random: inout Wobble, into path: inout RenderPath) {
        let length = a.distance(to: b)
        guard length > 1e-9 else { return }
        let along = (b - a) * (1 / length), across = Point(x: -along.y, y: along.x)
        let overshoot = min(2, length * 0.05)
        let start = a - along * (overshoot * random.unit()) + across * (amplitude * random.signed())
        let end = b + along * (overshoot * random.unit()) + across * (amplitude * random.signed())
        let bow = across * (min(length * 0.02, amplitude * 1.5) * random.signed())
        let control1 = start + (end - start) * 0.35 + bow, control2 = start + (end - start) * 0.7 + bow
        path.move(to: start)
        path.curve(to: end, control1: control1, control2: control2)
    }

    /// A cubic curve: points every 10 points or so along it, each moved a little, joined smoothly.
    private static func curve(from a: Point, _ control1: Point, _ control2: Point, to b: Point, amplitude: Double,
                              random: inout Wobble, into path: inout RenderPath) {
        func point(_ t: Double) -> Point {
            let u = 1 - t
            return a * (u * u * u) + control1 * (3 * u * u * t) + control2 * (3 * u * t * t) + b * (t * t * t)
        }
        let roughLength = a.distance(to: control1) + control1.distance(to: control2) + control2.distance(to: b)
        let count = min(max(Int(roughLength / 10), 3), 64)
        let points = (0...count).map { index -> Point in
            let base = point(Double(index) / Double(count))
            return base + Point(x: random.signed(), y: random.signed()) * (amplitude * 0.4)
        }
        path.move(to: points[0])
        for index in 0..<count {
            let before = points[max(index - 1, 0)], from = points[index], to = points[index + 1], after = points[min(index + 2, count)]
            path.curve(to: to, control1: from + (to - before) * (1.0 / 6), control2: to - (after - from) * (1.0 / 6))
        }
    }

    /// A small deterministic source of wobble (SplitMix64).
    private struct Wobble {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// 0…1.
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        /// −1…1.
        mutating func signed() -> Double { unit() * 2 - 1 }
    }
}
