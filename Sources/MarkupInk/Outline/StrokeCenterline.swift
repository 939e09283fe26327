import MarkupCore

/// A stroke's centre line: its distinct positions on the page, with the length and direction up to
/// each. Built once per stroke and shared by the outlines of all of its ink's layers, which differ
/// only in how far they grow the radius.
struct StrokeCenterline: Sendable {
    struct Vertex: Sendable {
        var position: Point
        /// Half the point's width or height, whichever is larger, on the page; each layer adds its
        /// expansion.
        var halfWidth: Double
        /// The length of the centre line up to here.
        var distance: Double
        /// The unit direction of the segment from the previous vertex; zero on the first.
        var unit = Point.zero
        /// What a rough edge multiplies the radius by here; 1 for a smooth ink.
        var roughening = 1.0
    }

    private(set) var vertices: [Vertex] = []
    private let transform: Transform2D
    private let isIdentity: Bool
    /// How the transform scales lengths.
    let scale: Double
    /// How much the edge wanders, as a fraction of the radius (crayon's wax).
    let roughness: Double
    private let seed: UInt32
    /// How far along the start taper reaches (on the page): a segment across it longer than the
    /// marks' spacing gets vertices at `taperMarks` of it, so that a stroke sampled sparsely narrows
    /// over the taper, not over its whole first segment.
    private let startTaper: Double

    /// Where a taper gets a vertex of its own, as fractions of its length from where it is narrowest.
    static let taperMarks = [1.0 / 3, 2.0 / 3, 1]

    init(transform: Transform2D, roughness: Double, seed: UInt32, startTaper: Double = 0) {
        self.transform = transform
        isIdentity = transform.isIdentity
        let determinant = abs(transform.a * transform.d - transform.b * transform.c)
        scale = determinant.isFinite && determinant > 0 ? determinant.squareRoot() : 1
        self.roughness = roughness
        self.seed = seed
        self.startTaper = startTaper * scale
    }

    var count: Int { vertices.count }
    var totalLength: Double { vertices.last?.distance ?? 0 }

    /// Adds the vertices of `points`, leaving out each that lies on top of the one before. A stroke's
    /// first batch is written straight into its array; a later one (a live stroke's few new points)
    /// into temporary room, on the stack when it fits, and then appended.
    mutating func append<C: Collection>(_ points: C) where C.Element == StrokePoint {
        // Room for the start taper's marks, and for the end taper's added when the stroke ends.
        let room = points.count + 2 * Self.taperMarks.count
        guard !vertices.isEmpty else {
            vertices = [Vertex](unsafeUninitializedCapacity: room) { buffer, count in
                count = makeVertices(of: points, into: buffer)
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Vertex.self, capacity: room) { buffer in
            let count = makeVertices(of: points, into: buffer)
            vertices.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the vertices of `points`, after the last of `vertices`, into `buffer` (room for one a
    /// point and the start taper's marks), and returns how many.
    private func makeVertices<C: Collection>(of points: C, into buffer: UnsafeMutableBufferPointer<Vertex>) -> Int
    where C.Element == StrokePoint {
        guard var slot = buffer.baseAddress else { return 0 }
        var index = vertices.count, count = 0
        var iterator = points.makeIterator()
        var previous: (position: Point, distance: Double, halfWidth: Double)
        if let last = vertices.last {
            previous = (last.position, last.distance, last.halfWidth)
        } else {
            guard let first = iterator.next() else { return 0 }
            let position = place(first)
            slot.initialize(to: Vertex(position: position, halfWidth: halfWidth(of: first), distance: 0,
                                       roughening: roughening(at: index)))
            (slot, count, index) = (slot + 1, 1, index + 1)
            previous = (position, 0, halfWidth(of: first))
        }
        while let point = iterator.next() {
            let position = place(point)
            let delta = position - previous.position
            let step = (delta.x * delta.x + delta.y * delta.y).squareRoot()
            // Only a step above zero and finite has a direction: as bits, such a step lies in 1 up to
            // infinity's pattern; zero, a negative sign, infinity and NaN fall outside in one compare.
            guard step.bitPattern &- 1 < Double.infinity.bitPattern &- 1 else { continue }
            let distance = previous.distance + step, unit = delta * (1 / step), halfWidth = halfWidth(of: point)
            if previous.distance < startTaper && step > startTaper * Self.taperMarks[0] {
                for mark in Self.taperMarks {
                    let along = startTaper * mark - previous.distance
                    guard along > Self.closestMark * scale && along < step - Self.closestMark * scale else { continue }
                    let fraction = along / step
                    slot.initialize(to: Vertex(position: previous.position + delta * fraction,
                                               halfWidth: previous.halfWidth + (halfWidth - previous.halfWidth) * fraction,
                                               distance: previous.distance + along, unit: unit, roughening: roughening(at: index)))
                    (slot, count, index) = (slot + 1, count + 1, index + 1)
                }
            }
            slot.initialize(to: Vertex(position: position, halfWidth: halfWidth, distance: distance, unit: unit,
                                       roughening: roughening(at: index)))
            (slot, count, index) = (slot + 1, count + 1, index + 1)
            previous = (position, distance, halfWidth)
        }
        return count
    }

    /// A mark this close to a vertex (on the page, before scaling) adds nothing a vertex there does not.
    static let closestMark = 0.05

    /// Gives the last `taper` of the line (on the page, scaled) vertices at `taperMarks` of it where a
    /// segment longer than their spacing spans them, as the start taper's are given as the line
    /// grows: the end taper is known only once the stroke ends. Every vertex it adds lies after the
    /// last vertex further than `taper` from the end.
    mutating func markEndTaper(_ taper: Double) {
        guard taper > 0, vertices.count >= 2 else { return }
        let length = totalLength
        var index = vertices.count - 1
        for mark in Self.taperMarks {
            let target = length - taper * mark
            while index > 0 && vertices[index - 1].distance >= target { index -= 1 }
            guard index > 0 else { return }
            let before = vertices[index - 1], after = vertices[index]
            guard after.distance - before.distance > taper * Self.taperMarks[0], target - before.distance > Self.closestMark * scale,
                  after.distance - target > Self.closestMark * scale else { continue }
            let fraction = (target - before.distance) / (after.distance - before.distance)
            vertices.insert(Vertex(position: before.position + (after.position - before.position) * fraction,
                                   halfWidth: before.halfWidth + (after.halfWidth - before.halfWidth) * fraction,
                                   distance: target, unit: after.unit, roughening: after.roughening),
                            at: index)
        }
    }

    @inline(__always)
    private func place(_ point: StrokePoint) -> Point { isIdentity ? point.location : transform.apply(to: point.location) }

    @inline(__always)
    private func halfWidth(of point: StrokePoint) -> Double { point.largestSize / 2 * scale }

    @inline(__always)
    private func roughening(at index: Int) -> Double { roughness > 0 ? 1 + roughness * Self.noise(seed: seed, index: index) : 1 }

    /// A deterministic value in -1…1 for a vertex.
    private static func noise(seed: UInt32, index: Int) -> Double {
        var z = UInt64(seed) << 32 ^ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) * 0x1.0p-52 - 1
    }
}
