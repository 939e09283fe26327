import Foundation
import MarkupModel

/// Builds the outline of one layer of a stroke from its points, incrementally.
///
/// The outline is the nib swept along the points: a band (left offsets forward, right offsets back)
/// with round caps. The band is cut into separate contours, all of one orientation, wherever it
/// would fold over itself — at a sharp turn, or a curve tighter than the nib — with the whole nib
/// drawn at the cut; filled together with the non-zero rule they make the exact union, free of the
/// "elbow" and "hair" artifacts a single folded outline gets. Every `chunkSize` vertices the band is
/// also cut cleanly, so finished contours never change and extending a live stroke costs
/// O(new points + taper), not O(stroke).
public struct StrokeOutliner: Sendable {
    /// The band is cut into contours of at most this many vertices a side.
    public static let chunkSize = 64
    /// A turn sharper than this (radians) cuts the band and rounds the corner with the nib.
    static let maximumTurn = Double.pi / 3
    /// Offsets are pushed out by 1/cos(half the turn) to keep the band's width around bends, at most this much.
    static let maximumMiter = 1.5
    /// The narrowest a taper makes the stroke, as a fraction of its width, so tips stay round.
    static let minimumTaper = 0.05

    private let nib: NibGeometry
    private let transform: Transform2D
    private let scale: Double
    private let expansion: Double
    private let startTaper: Double
    private let endTaper: Double
    private let roughness: Double
    private let seed: UInt32

    /// The stroke's distinct positions, in document coordinates.
    private var vertices: [Vertex] = []

    private struct Vertex: Sendable {
        var position: Point
        /// The point's radius (plus the layer's expansion), before tapers.
        var baseRadius: Double
        /// The length of the centre line up to here.
        var distance: Double
        /// The unit direction and length of the segment from the previous vertex; zero on the first.
        var unit = Point.zero
        var length = 0.0
    }

    /// Contours that are complete and will not change.
    public private(set) var finishedContours: [[Point]] = []
    private var run = Run()
    private var processed = 0
    public private(set) var isFinished = false

    /// The open part of the band: offsets so far and the start cap if it begins the stroke. The
    /// offsets live in a fixed buffer, copied on write, since this is the innermost loop of inking.
    private struct Run: Sendable {
        private var storage: RunBuffer?
        var startCap: [Point] = []

        private var buffer: RunBuffer { storage.unsafelyUnwrapped }
        var count: Int { storage?.count ?? 0 }
        var lastLeft: Point { buffer.left[buffer.count - 1] }
        var lastRight: Point { buffer.right[buffer.count - 1] }

        /// Makes the buffer this run's own before a burst of `add`s.
        mutating func makeUnique() {
            if storage == nil {
                storage = RunBuffer(capacity: StrokeOutliner.chunkSize + 2)
            } else if !isKnownUniquelyReferenced(&storage) {
                storage = buffer.copy()
            }
        }

        /// Adds the offsets of one vertex; call `makeUnique()` first.
        @inline(__always)
        func add(left: Point, right: Point) {
            let buffer = buffer
            buffer.left[buffer.count] = left
            buffer.right[buffer.count] = right
            buffer.count += 1
        }

        mutating func close(endCap: [Point], into contours: inout [[Point]]) {
            let count = self.count
            guard count > 0 else { return }
            let left = buffer.left, right = buffer.right
            let cap = startCap
            let contour = [Point](unsafeUninitializedCapacity: 2 * count + endCap.count + cap.count) { storage, initialized in
                var index = 0
                for offset in 0..<count { storage[index] = left[offset]; index += 1 }
                for point in endCap { storage[index] = point; index += 1 }
                for offset in stride(from: count - 1, through: 0, by: -1) { storage[index] = right[offset]; index += 1 }
                for point in cap { storage[index] = point; index += 1 }
                initialized = index
            }
            contours.append(contour)
            buffer.count = 0
            startCap.removeAll(keepingCapacity: true)
        }
    }

    /// Fixed storage for a run's offsets.
    private final class RunBuffer: @unchecked Sendable {
        let capacity: Int
        let left: UnsafeMutablePointer<Point>
        let right: UnsafeMutablePointer<Point>
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            left = .allocate(capacity: capacity)
            right = .allocate(capacity: capacity)
        }

        deinit {
            left.deallocate()
            right.deallocate()
        }

        func copy() -> RunBuffer {
            let copy = RunBuffer(capacity: capacity)
            copy.left.initialize(from: left, count: count)
            copy.right.initialize(from: right, count: count)
            copy.count = count
            return copy
        }
    }

    /// An outliner for a stroke drawn with `options` under `transform`, its radius grown by `expansion` points.
    public init(options: InkOptions, transform: Transform2D = .identity, expansion: Double = 0, seed: UInt32 = 0) {
        self.transform = transform
        let determinant = abs(transform.a * transform.d - transform.b * transform.c)
        scale = determinant.isFinite && determinant > 0 ? determinant.squareRoot() : 1
        nib = NibGeometry(nib: options.nib, rotation: transform.rotationAngle)
        self.expansion = expansion
        startTaper = options.startTaper * scale
        endTaper = options.endTaper * scale
        roughness = options.edgeRoughness
        self.seed = seed
    }

    // MARK: - Input

    /// Adds points and extends the finished contours as far as they are certain.
    public mutating func append<C: Collection>(_ points: C) where C.Element == StrokePoint {
        precondition(!isFinished, "append after finish")
        if vertices.isEmpty { vertices.reserveCapacity(points.count) }
        let isIdentity = transform.isIdentity
        for point in points {
            let position = isIdentity ? point.location : transform.apply(to: point.location)
            let radius = max(max(point.size.width, point.size.height) / 2 * scale + expansion, 0)
            guard let last = vertices.last else {
                vertices.append(Vertex(position: position, baseRadius: radius, distance: 0))
                continue
            }
            let delta = position - last.position
            let step = (delta.x * delta.x + delta.y * delta.y).squareRoot()
            guard step > 0, step.isFinite else { continue }
            vertices.append(Vertex(position: position, baseRadius: radius, distance: last.distance + step,
                                   unit: delta * (1 / step), length: step))
        }
        advance(finishing: false)
    }

    /// Ends the stroke: the end taper and cap are applied and every contour is finished.
    public mutating func finish() {
        guard !isFinished else { return }
        advance(finishing: true)
        isFinished = true
    }

    /// Every contour: the finished ones, then the open band as it would look if the stroke ended now
    /// (without the end taper, which only a finished stroke gets).
    ///
    /// - Complexity: O(finished contours) to copy them, plus O(chunk + taper) to build the rest.
    public var contours: [[Point]] {
        isFinished ? finishedContours : finishedContours + provisionalContours
    }

    /// The contours after `finishedContours` that may still change.
    ///
    /// - Complexity: O(chunk + taper).
    public var provisionalContours: [[Point]] {
        guard !isFinished, processed < vertices.count else { return [] }
        var open = run
        open.makeUnique()
        var contours = [[Point]]()
        let tapers = tapers(finishing: false)
        vertices.withUnsafeBufferPointer { vertices in
            for index in processed..<vertices.count {
                emit(vertex: index, of: vertices, tapers: tapers, run: &open, contours: &contours)
            }
        }
        return contours
    }

    // MARK: - Building

    private var totalLength: Double { vertices.last?.distance ?? 0 }

    /// Emits every vertex whose shape can no longer change.
    private mutating func advance(finishing: Bool) {
        var end = vertices.count
        if !finishing {
            let length = totalLength
            guard length >= startTaper + endTaper else { return }
            while end > processed, end == vertices.count || length - vertices[end - 1].distance < endTaper { end -= 1 }
        }
        guard processed < end else { return }
        var contours = finishedContours
        var open = run
        finishedContours = []
        run = Run()
        open.makeUnique()
        let tapers = tapers(finishing: finishing)
        vertices.withUnsafeBufferPointer { vertices in
            for index in processed..<end {
                emit(vertex: index, of: vertices, tapers: tapers, run: &open, contours: &contours)
            }
        }
        finishedContours = contours
        run = open
        processed = end
    }

    /// Where the tapers lie along the stroke, as of one pass over its vertices.
    private struct Tapers {
        var length: Double
        var start: Double
        /// Zero while the stroke is live: only a finished stroke narrows at its end.
        var end: Double
    }

    private func tapers(finishing: Bool) -> Tapers {
        let length = totalLength
        let fit = startTaper + endTaper > 0 ? min(1, length / (startTaper + endTaper)) : 1
        return Tapers(length: length, start: startTaper * fit, end: finishing ? endTaper * fit : 0)
    }

    /// The radius at a vertex: its point's, tapered near the ends and roughened for waxy inks.
    @inline(__always)
    private func radius(of vertex: Vertex, at index: Int, tapers: Tapers) -> Double {
        var radius = vertex.baseRadius
        if vertex.distance < tapers.start {
            radius *= max(Self.ease(vertex.distance / tapers.start), Self.minimumTaper)
        }
        let remaining = tapers.length - vertex.distance
        if remaining < tapers.end {
            radius = min(radius, vertex.baseRadius * max(Self.ease(remaining / tapers.end), Self.minimumTaper))
        }
        if roughness > 0 { radius *= 1 + roughness * Self.noise(seed: seed, index: index) }
        return radius
    }

    private static func ease(_ t: Double) -> Double { t * (2 - t) }

    /// A deterministic value in -1…1 for a vertex.
    private static func noise(seed: UInt32, index: Int) -> Double {
        var z = UInt64(seed) << 32 ^ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) * 0x1.0p-52 - 1
    }

    @inline(__always)
    private static func leftNormal(_ direction: Point) -> Point { Point(x: -direction.y, y: direction.x) }

    /// A turn whose half has a cosine below this is sharper than `maximumTurn`.
    private static let cosineOfHalfMaximumTurn = cos(maximumTurn / 2)

    /// Whether continuing the band to `point` ± `offset` would make either side step backwards along
    /// the segment's direction: the band would fold over itself (a curve tighter than the nib).
    @inline(__always)
    private static func folds(from run: Run, to point: Point, offset: Point, along unit: Point) -> Bool {
        guard run.count > 0 else { return false }
        let leftStep = point + offset - run.lastLeft, rightStep = point - offset - run.lastRight
        return leftStep.x * unit.x + leftStep.y * unit.y <= 0 || rightStep.x * unit.x + rightStep.y * unit.y <= 0
    }

    /// Adds vertex `index` to the band, cutting it where it must.
    private func emit(vertex index: Int, of vertices: UnsafeBufferPointer<Vertex>, tapers: Tapers, run: inout Run,
                      contours: inout [[Point]]) {
        let vertex = vertices[index]
        let point = vertex.position
        let radius = radius(of: vertex, at: index, tapers: tapers)
        let last = vertices.count - 1
        if last == 0 {
            contours.append(nib.polygon(around: point, radius: vertices[0].baseRadius))
            return
        }
        if index == 0 {
            let normal = Self.leftNormal(vertices[1].unit)
            let offset = nib.support(normal, radius: radius)
            run.add(left: point + offset, right: point - offset)
            nib.halfRim(around: point, radius: radius, from: normal * -1, into: &run.startCap)
            return
        }
        let incomingNormal = Self.leftNormal(vertex.unit)
        if index == last {
            let offset = nib.support(incomingNormal, radius: radius)
            run.add(left: point + offset, right: point - offset)
            var cap = [Point]()
            nib.halfRim(around: point, radius: radius, from: incomingNormal, into: &cap)
            run.close(endCap: cap, into: &contours)
            return
        }
        let outgoing = vertices[index + 1]
        let outgoingNormal = Self.leftNormal(outgoing.unit)
        let sum = incomingNormal + outgoingNormal
        let sumLength = (sum.x * sum.x + sum.y * sum.y).squareRoot()
        let cosHalfTurn = sumLength / 2
        var cut = sumLength < 1e-9 || cosHalfTurn < Self.cosineOfHalfMaximumTurn
        var mitered = Point.zero
        if !cut {
            let inverse = 1 / sumLength
            mitered = nib.support(sum * inverse, radius: radius * min(2 * inverse, Self.maximumMiter))
            cut = Self.folds(from: run, to: point, offset: mitered, along: vertex.unit)
        }
        if cut {
            let endOffset = nib.support(incomingNormal, radius: radius)
            run.add(left: point + endOffset, right: point - endOffset)
            run.close(endCap: [], into: &contours)
            contours.append(nib.polygon(around: point, radius: radius))
            let startOffset = nib.support(outgoingNormal, radius: radius)
            run.add(left: point + startOffset, right: point - startOffset)
            return
        }
        run.add(left: point + mitered, right: point - mitered)
        if run.count >= Self.chunkSize {
            run.close(endCap: [], into: &contours)
            run.add(left: point + mitered, right: point - mitered)
        }
    }
}
