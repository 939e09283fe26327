import MarkupModel

/// Routes elbow lines: a path of horizontal and vertical segments between two ends, leaving an
/// element it is attached to straight out of one of its sides and going round it and the element at
/// the other end, with as few turns as it can (tldraw's and Excalidraw's elbow arrows).
public enum ElbowRouter {
    /// A side of an element's box, and the way out of it.
    public enum Side: CaseIterable, Sendable {
        case left, right, top, bottom

        var outward: Point {
            switch self {
            case .left: Point(x: -1, y: 0)
            case .right: Point(x: 1, y: 0)
            case .top: Point(x: 0, y: -1)
            case .bottom: Point(x: 0, y: 1)
            }
        }
    }

    /// A way out of an element: the route's end `point`, and `out`, where it has gone straight out
    /// of the element's `side` far enough to turn.
    public struct Exit: Sendable {
        public var side: Side
        public var point: Point
        public var out: Point

        public init(side: Side, point: Point, out: Point) {
            (self.side, self.point, self.out) = (side, point, out)
        }
    }

    /// One end of the route: free (any way in or out), or on an element's box, leaving by one of
    /// its exits (each side's middle, say, or the spot the end is pinned to).
    public struct End: Sendable {
        public var box: Rect?
        public var exits: [Exit]

        /// A free end at `point`.
        public init(free point: Point) {
            box = nil
            exits = [Exit(side: .left, point: point, out: point)]
        }

        /// An end on an element whose box (turned as it is) is `box`, leaving by one of `exits`.
        public init(box: Rect, exits: [Exit]) {
            self.box = box
            self.exits = exits
        }

        /// An end on `box` leaving from each side's point that `point(side)` gives (nil: not that side).
        public static func leaving(_ box: Rect, from point: (Side) -> Point?) -> End {
            End(box: box, exits: Side.allCases.compactMap { side in point(side).map { exit(from: $0, by: side, of: box) } })
        }

        /// An end pinned to `point` on `box`: it leaves by the side nearest to it.
        public static func pinned(at point: Point, on box: Rect) -> End {
            let distances: [(Side, Double)] = [(.left, point.x - box.minX), (.right, box.maxX - point.x), (.top, point.y - box.minY), (.bottom, box.maxY - point.y)]
            let side = distances.min { $0.1 < $1.1 }!.0
            return End(box: box, exits: [exit(from: point, by: side, of: box)])
        }

        /// The way out from `point` by `side` of `box`: straight out to `stub` beyond that side.
        private static func exit(from point: Point, by side: Side, of box: Rect) -> Exit {
            let edge = switch side {
            case .left: Point(x: min(point.x, box.minX), y: point.y)
            case .right: Point(x: max(point.x, box.maxX), y: point.y)
            case .top: Point(x: point.x, y: min(point.y, box.minY))
            case .bottom: Point(x: point.x, y: max(point.y, box.maxY))
            }
            return Exit(side: side, point: point, out: edge + side.outward * stub)
        }

        var isFree: Bool { box == nil }
    }

    /// How far a route goes straight out of an element's side before it may turn.
    public static let stub = 16.0
    /// What a turn costs, in points of length: a route takes a longer way to save a turn.
    static let turnCost = 40.0

    /// The route from `start` to `end`: its first point, its corners and its last point, every
    /// segment horizontal or vertical. Two free ends go out and in along the wider of the two
    /// directions between them, turning halfway (a Z); an end on an element leaves straight out of
    /// the side of its box that gives the shortest route with the fewest turns that crosses neither
    /// box. With `middle`, the route is a Z whose middle segment passes through it, where one can be.
    public static func route(from start: End, to end: End, through middle: Point? = nil) -> [Point] {
        if let middle, let route = bestRoute(from: start, to: end, through: middle) { return route }
        guard let route = bestRoute(from: start, to: end, through: nil) else {
            let (from, to) = (start.exits.first?.point ?? .zero, end.exits.first?.point ?? .zero)
            return simplified([from, Point(x: to.x, y: from.y), to])
        }
        return route
    }

    /// The cheapest route of the candidates for every exit and entry; nil when none is a route.
    private static func bestRoute(from start: End, to end: End, through middle: Point?) -> [Point]? {
        var best: (cost: Double, path: [Point])?
        let boxes = [start.box, end.box].compactMap { $0 }
        for exit in start.exits {
            for entry in end.exits {
                var (leaving, arriving): (Point?, Point?) = (start.isFree ? nil : exit.side.outward, end.isFree ? nil : entry.side.outward)
                if start.isFree, end.isFree {
                    let delta = entry.point - exit.point
                    let wide = abs(delta.x) >= abs(delta.y)
                    leaving = wide ? Point(x: delta.x < 0 ? -1 : 1, y: 0) : Point(x: 0, y: delta.y < 0 ? -1 : 1)
                    arriving = leaving.map { $0 * -1 }
                }
                for path in candidates(from: exit, to: entry, boxes: boxes, through: middle) {
                    guard let cost = cost(of: path, leaving: leaving, arriving: arriving, stubs: (!start.isFree, !end.isFree), boxes: boxes),
                          cost < (best?.cost ?? .infinity) else { continue }
                    best = (cost, path)
                }
            }
        }
        return best?.path
    }

    /// The paths to weigh: out of the start's exit, to the end's way in, through at most two corners
    /// between (an L, a Z either way, or a U round the boxes on any side); with `middle`, only the
    /// two Zs whose middle segments pass through it.
    private static func candidates(from exit: Exit, to entry: Exit, boxes: [Rect], through middle: Point?) -> [[Point]] {
        let (start, out, into, end) = (exit.point, exit.out, entry.out, entry.point)
        let middleX = middle?.x ?? (out.x + into.x) / 2, middleY = middle?.y ?? (out.y + into.y) / 2
        let zs = [[Point(x: middleX, y: out.y), Point(x: middleX, y: into.y)], [Point(x: out.x, y: middleY), Point(x: into.x, y: middleY)]]
        if middle != nil { return zs.map { simplified([start, out] + $0 + [into, end]) } }
        var middles: [[Point]] = [[], [Point(x: into.x, y: out.y)], [Point(x: out.x, y: into.y)]] + zs
        let around = boxes.map { $0.expanded(by: stub) }
        let xs = around.flatMap { [$0.minX, $0.maxX] } + [out.x, into.x]
        let ys = around.flatMap { [$0.minY, $0.maxY] } + [out.y, into.y]
        for x in [xs.min()!, xs.max()!] { middles.append([Point(x: x, y: out.y), Point(x: x, y: into.y)]) }
        for y in [ys.min()!, ys.max()!] { middles.append([Point(x: out.x, y: y), Point(x: into.x, y: y)]) }
        return middles.map { simplified([start, out] + $0 + [into, end]) }
    }

    /// The cost of `path` (its length and its turns, and a great deal for crossing a box), or nil
    /// when it is not a route: a segment neither horizontal nor vertical, one doubling back on the
    /// last, or a first or last segment going against the way out or in.
    private static func cost(of path: [Point], leaving: Point?, arriving: Point?, stubs: (start: Bool, end: Bool), boxes: [Rect]) -> Double? {
        guard path.count >= 2 else { return nil }
        var length = 0.0, crossings = 0
        var previous: Point?
        for (index, (a, b)) in zip(path, path.dropFirst()).enumerated() {
            guard abs(a.x - b.x) < 1e-9 || abs(a.y - b.y) < 1e-9 else { return nil }
            let segment = a.distance(to: b)
            let direction = (b - a) * (1 / segment)
            if let previous, previous.x * direction.x + previous.y * direction.y < -0.5 { return nil }
            if index == 0, let leaving, leaving.x * direction.x + leaving.y * direction.y < 0.5 { return nil }
            if index == path.count - 2, let arriving, arriving.x * direction.x + arriving.y * direction.y > -0.5 { return nil }
            // The stubs out of and into a box start inside or on it: only the way between is checked.
            let isStub = (index == 0 && stubs.start) || (index == path.count - 2 && stubs.end)
            if !isStub { crossings += boxes.filter { crosses(a, b, $0.expanded(by: -0.5)) }.count }
            length += segment
            previous = direction
        }
        return length + Double(path.count - 2) * turnCost + Double(crossings) * 1e6
    }

    /// Whether the horizontal or vertical segment from `a` to `b` passes through the inside of `box`.
    private static func crosses(_ a: Point, _ b: Point, _ box: Rect) -> Bool {
        guard box.width > 0, box.height > 0 else { return false }
        let low = Point(x: min(a.x, b.x), y: min(a.y, b.y)), high = Point(x: max(a.x, b.x), y: max(a.y, b.y))
        return low.x < box.maxX && high.x > box.minX && low.y < box.maxY && high.y > box.minY
    }

    /// `points` without repeats and without points in the middle of a straight run.
    static func simplified(_ points: [Point]) -> [Point] {
        var result = [Point]()
        for point in points {
            if let last = result.last, last.squaredDistance(to: point) < 1e-18 { continue }
            if result.count >= 2 {
                let (a, b) = (result[result.count - 2], result[result.count - 1])
                let cross = (b.x - a.x) * (point.y - b.y) - (b.y - a.y) * (point.x - b.x)
                let dot = (b.x - a.x) * (point.x - b.x) + (b.y - a.y) * (point.y - b.y)
                if abs(cross) <= 1e-9 * a.distance(to: b) * b.distance(to: point), dot > 0 { result[result.count - 1] = point; continue }
            }
            result.append(point)
        }
        return result
    }
}
