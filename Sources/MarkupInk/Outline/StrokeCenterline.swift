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

    init(transform: Transform2D, roughness: Double, seed: UInt32) {
        self.transform = transform
        isIdentity = transform.isIdentity
        let determinant = abs(transform.a * transform.d - transform.b * transform.c)
        scale = determinant.isFinite && determinant > 0 ? determinant.squareRoot() : 1
        self.roughness = roughness
        self.seed = seed
    }

    var count: Int { vertices.count }
    var totalLength: Double { vertices.last?.distance ?? 0 }

    /// Adds the vertices of `points`, leaving out each that lies on top of the one before. A stroke's
    /// first batch is written straight into its array; a later one (a live stroke's few new points)
    /// into temporary room, on the stack when it fits, and then appended.
    mutating func append<C: Collection>(_ points: C) where C.Element == StrokePoint {
        guard !vertices.isEmpty else {
            vertices = [Vertex](unsafeUninitializedCapacity: points.count) { buffer, count in
                count = makeVertices(of: points, into: buffer)
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Vertex.self, capacity: points.count) { buffer in
            let count = makeVertices(of: points, into: buffer)
            vertices.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the vertices of `points`, after the last of `vertices`, into `buffer` (room for one a
    /// point), and returns how many.
    private func makeVertices<C: Collection>(of points: C, into buffer: UnsafeMutableBufferPointer<Vertex>) -> Int
    where C.Element == StrokePoint {
        guard var slot = buffer.baseAddress else { return 0 }
        var index = vertices.count, count = 0
        var iterator = points.makeIterator()
        var previous: (position: Point, distance: Double)
        if let last = vertices.last {
            previous = (last.position, last.distance)
        } else {
            guard let first = iterator.next() else { return 0 }
            let position = place(first)
            slot.initialize(to: Vertex(position: position, halfWidth: halfWidth(of: first), distance: 0,
                                       roughening: roughening(at: index)))
            (slot, count, index) = (slot + 1, 1, index + 1)
            previous = (position, 0)
        }
        while let point = iterator.next() {
            let position = place(point)
            let delta = position - previous.position
            let step = (delta.x * delta.x + delta.y * delta.y).squareRoot()
            // Only a step above zero and finite has a direction: as bits, such a step lies in 1 up to
            // infinity's pattern; zero, a negative sign, infinity and NaN fall outside in one compare.
            guard step.bitPattern &- 1 < Double.infinity.bitPattern &- 1 else { continue }
            let distance = previous.distance + step
            slot.initialize(to: Vertex(position: position, halfWidth: halfWidth(of: point), distance: distance,
                                       unit: delta * (1 / step), roughening: roughening(at: index)))
            (slot, count, index) = (slot + 1, count + 1, index + 1)
            previous = (position, distance)
        }
        return count
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
