import MarkupCore

/// Builds the outline of one layer of a stroke from its points, incrementally.
///
/// The outline is the nib swept along the points: a band (left offsets forward, right offsets back)
/// with round caps. The band is cut into separate contours, all of one orientation, wherever it
/// would fold over itself — at a turn sharper than 60°, or a curve tighter than the nib — with the
/// slice of the nib between the two flat ends drawn at the cut; filled together with the non-zero rule they make the exact union, free of the
/// "elbow" and "hair" artifacts a single folded outline gets. Every `chunkSize` vertices the band is
/// also cut cleanly, so finished contours never change and extending a live stroke costs
/// O(new points + taper), not O(stroke).
public struct StrokeOutliner: Sendable {
    /// The band is cut into contours of at most this many vertices a side.
    public static let chunkSize = 64
    /// A vertex is left out of the band when the straight edge that replaces it strays less than this
    /// many points from where the edge would run through it (0.03 pt is a tenth of a pixel at 8× zoom on
    /// a 2× display)...
    static let skippableDeviation = 0.03
    /// ...its radius differs by less than this fraction from the last vertex kept...
    static let skippableRadiusChange = 0.015
    /// ...and the last vertex kept is less than this many points back.
    static let maximumSkippedSpan = 8.0
    /// A turn sharper than 60° cuts the band and rounds the corner with the nib: that is where the
    /// cosine of half the turn falls below cos 30°.
    static let cosineOfHalfMaximumTurn = 0.8660254037844387
    /// The narrowest a taper makes the stroke, as a fraction of its width, so tips stay round.
    static let minimumTaper = 0.05

    private let nib: NibGeometry
    private let transform: Transform2D
    private let isIdentity: Bool
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
        /// The unit direction of the segment from the previous vertex; zero on the first.
        var unit = Point.zero
    }

    /// Contours that are complete and will not change.
    public private(set) var finishedContours = ContourList()
    private var run = Run()
    private var processed = 0
    public private(set) var isFinished = false

    /// The open part of the band: offsets so far and the start cap if it begins the stroke. The
    /// offsets live in a fixed buffer, copied on write, since this is the innermost loop of inking.
    /// A round cap to draw at a contour's end: half the nib's rim from the support point of `normal`.
    private struct Cap: Sendable {
        var center: Point
        var radius: Double
        var normal: Point
    }

    private struct Run: Sendable {
        private var storage: RunBuffer?
        var startCap: Cap?
        /// The band's direction, radius and distance along the stroke at the last vertex added: a
        /// vertex that barely departs from them adds nothing the straight edge would not show.
        var anchorDirection = Point.zero
        var anchorRadius = 0.0
        var anchorDistance = 0.0

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
        mutating func add(_ center: Point, offset: Point, direction: Point, radius: Double, distance: Double) {
            let buffer = buffer
            buffer.left[buffer.count] = center + offset
            buffer.right[buffer.count] = center - offset
            buffer.count += 1
            (anchorDirection, anchorRadius, anchorDistance) = (direction, radius, distance)
        }

        /// Closes the band into a contour: left side forward, the end cap, right side back, the start cap.
        mutating func close(endCap: Cap?, nib: NibGeometry, into contours: inout ContourList) {
            let count = self.count
            guard count > 0 else { return }
            let left = buffer.left, right = buffer.right
            contours.add(left, count: count, reversed: false)
            if let endCap { nib.halfRim(around: endCap.center, radius: endCap.radius, from: endCap.normal, into: &contours) }
            contours.add(right, count: count, reversed: true)
            if let startCap { nib.halfRim(around: startCap.center, radius: startCap.radius, from: startCap.normal, into: &contours) }
            contours.closeContour()
            buffer.count = 0
            startCap = nil
        }
    }

    /// Fixed storage for a run's offsets: both sides in one allocation.
    private final class RunBuffer: @unchecked Sendable {
        let capacity: Int
        let left: UnsafeMutablePointer<Point>
        let right: UnsafeMutablePointer<Point>
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            left = .allocate(capacity: 2 * capacity)
            right = left + capacity
        }

        deinit {
            left.deallocate()
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
        isIdentity = transform.isIdentity
        let determinant = abs(transform.a * transform.d - transform.b * transform.c)
        scale = determinant.isFinite && determinant > 0 ? determinant.squareRoot() : 1
        nib = NibGeometry(nib: options.nib, transform: transform)
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
        if vertices.isEmpty {
            vertices = [Vertex](unsafeUninitializedCapacity: points.count) { buffer, count in
                var previous: Vertex?
                for point in points {
                    guard let vertex = makeVertex(point, after: previous) else { continue }
                    buffer.baseAddress!.advanced(by: count).initialize(to: vertex)
                    count += 1
                    previous = vertex
                }
            }
        } else {
            var previous = vertices.last
            for point in points {
                guard let vertex = makeVertex(point, after: previous) else { continue }
                vertices.append(vertex)
                previous = vertex
            }
        }
        advance(finishing: false)
    }

    /// The vertex of `point` following `previous`; nil when it lies on top of `previous`.
    @inline(__always)
    private func makeVertex(_ point: StrokePoint, after previous: Vertex?) -> Vertex? {
        let position = isIdentity ? point.location : transform.apply(to: point.location)
        let radius = max(max(point.size.width, point.size.height) / 2 * scale + expansion, 0)
        guard let previous else { return Vertex(position: position, baseRadius: radius, distance: 0) }
        let delta = position - previous.position
        let step = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        guard step > 0, step.isFinite else { return nil }
        return Vertex(position: position, baseRadius: radius, distance: previous.distance + step, unit: delta * (1 / step))
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
    public var contours: ContourList {
        guard !isFinished else { return finishedContours }
        var all = finishedContours
        all.append(contentsOf: provisionalContours)
        return all
    }

    /// The contours after `finishedContours` that may still change.
    ///
    /// - Complexity: O(chunk + taper).
    public var provisionalContours: ContourList {
        guard !isFinished, processed < vertices.count else { return ContourList() }
        var open = run
        open.makeUnique()
        var contours = ContourList()
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
        finishedContours = ContourList()
        run = Run()
        open.makeUnique()
        if contours.isEmpty { contours.reserve(3 * (end - processed) + 32) }
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

    /// The offset at a bend: the nib's support along the bisector `sum` (of length 2·cos(turn/2)), pushed
    /// out by 1/cos(turn/2) so the band keeps its width. Turns that reach here are under 60°, so that
    /// factor stays below 1.16. For a round nib the offset is `sum · 2r / |sum|²`, without a square root.
    @inline(__always)
    private func miteredOffset(along sum: Point, lengthSquared: Double, radius: Double) -> Point {
        if nib.aspectRatio == 1 { return sum * (2 * radius / lengthSquared) }
        let inverseLength = 1 / lengthSquared.squareRoot()
        return nib.support(sum * inverseLength, radius: 2 * radius * inverseLength)
    }

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
                      contours: inout ContourList) {
        let vertex = vertices[index]
        let point = vertex.position
        let radius = radius(of: vertex, at: index, tapers: tapers)
        let last = vertices.count - 1
        if last == 0 {
            nib.polygon(around: point, radius: vertices[0].baseRadius, into: &contours)
            return
        }
        if index == 0 {
            let direction = vertices[1].unit
            let normal = Self.leftNormal(direction)
            run.add(point, offset: nib.support(normal, radius: radius), direction: direction, radius: radius, distance: 0)
            run.startCap = Cap(center: point, radius: radius, normal: normal * -1)
            return
        }
        let incomingNormal = Self.leftNormal(vertex.unit)
        if index == last {
            run.add(point, offset: nib.support(incomingNormal, radius: radius), direction: vertex.unit, radius: radius,
                    distance: vertex.distance)
            run.close(endCap: Cap(center: point, radius: radius, normal: incomingNormal), nib: nib, into: &contours)
            return
        }
        let outgoing = vertices[index + 1]
        if run.count > 0, Self.isSkippable(vertex, outgoing: outgoing, radius: radius, run: run) { return }
        let outgoingNormal = Self.leftNormal(outgoing.unit)
        // The two normals' sum points along the bisector and is 2·cos(turn/2) long.
        let sum = incomingNormal + outgoingNormal
        let sumSquared = sum.x * sum.x + sum.y * sum.y
        let reversal = sumSquared < 1e-18
        var cut = reversal || sumSquared < 4 * Self.cosineOfHalfMaximumTurn * Self.cosineOfHalfMaximumTurn
        var mitered = Point.zero
        if !cut {
            mitered = miteredOffset(along: sum, lengthSquared: sumSquared, radius: radius)
            cut = Self.folds(from: run, to: point, offset: mitered, along: vertex.unit)
        }
        if cut {
            run.add(point, offset: nib.support(incomingNormal, radius: radius), direction: vertex.unit, radius: radius,
                    distance: vertex.distance)
            run.close(endCap: nil, nib: nib, into: &contours)
            join(at: point, radius: radius, incoming: vertex.unit, outgoing: outgoing.unit, reversal: reversal,
                 into: &contours)
            run.add(point, offset: nib.support(outgoingNormal, radius: radius), direction: outgoing.unit, radius: radius,
                    distance: vertex.distance)
            return
        }
        run.add(point, offset: mitered, direction: vertex.unit, radius: radius, distance: vertex.distance)
        if run.count >= Self.chunkSize {
            run.close(endCap: nil, nib: nib, into: &contours)
            run.add(point, offset: mitered, direction: vertex.unit, radius: radius, distance: vertex.distance)
        }
    }

    /// What fills the outer side of a corner where the band is cut: the slice of the nib between the
    /// two bands' flat ends (their inner sides overlap), or the whole nib where the stroke turns back.
    private func join(at point: Point, radius: Double, incoming: Point, outgoing: Point, reversal: Bool,
                      into contours: inout ContourList) {
        guard !reversal, incoming.x * outgoing.x + incoming.y * outgoing.y > Self.cosineOfWedgeLimit else {
            nib.polygon(around: point, radius: radius, into: &contours)
            return
        }
        let incomingNormal = Self.leftNormal(incoming), outgoingNormal = Self.leftNormal(outgoing)
        if incoming.x * outgoing.y - incoming.y * outgoing.x > 0 {
            nib.wedge(around: point, radius: radius, from: outgoingNormal * -1, to: incomingNormal * -1, into: &contours)
        } else {
            nib.wedge(around: point, radius: radius, from: incomingNormal, to: outgoingNormal, into: &contours)
        }
    }

    /// Turns sharper than this (cosine of about 170°) get the whole nib rather than a slice of it.
    static let cosineOfWedgeLimit = -0.984807753012208

    /// Whether a vertex adds nothing visible to the band since the last one kept: the band has turned
    /// by θ over a span L since then, so its outer edge (L + r·θ long) bows out by about (L + r·θ)·θ/8.
    @inline(__always)
    private static func isSkippable(_ vertex: Vertex, outgoing: Vertex, radius: Double, run: Run) -> Bool {
        let anchor = run.anchorDirection
        let span = vertex.distance - run.anchorDistance
        guard span < maximumSkippedSpan, abs(radius - run.anchorRadius) <= skippableRadiusChange * run.anchorRadius,
              outgoing.unit.x * anchor.x + outgoing.unit.y * anchor.y > 0.7 else { return false }
        let turn = abs(outgoing.unit.x * anchor.y - outgoing.unit.y * anchor.x)
        return (span + radius * turn) * turn < 8 * skippableDeviation
    }
}
