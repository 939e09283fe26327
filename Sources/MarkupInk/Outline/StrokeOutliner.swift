import MarkupCore

/// Builds the outline of one layer of a stroke along its centre line, incrementally.
///
/// The outline is the nib swept along the points: a band (left offsets forward, right offsets back)
/// with round caps. The band is cut into separate contours, all of one orientation, wherever it
/// would fold over itself — at a turn sharper than 60°, or a curve tighter than the nib — with the
/// slice of the nib between the two flat ends drawn at the cut; filled together with the non-zero rule they make the exact union, free of the
/// "elbow" and "hair" artifacts a single folded outline gets. Every `chunkSize` vertices the band is
/// also cut cleanly, so finished contours never change and extending a live stroke costs
/// O(new points + taper), not O(stroke).
struct StrokeOutliner: Sendable {
    /// The band is cut into contours of at most this many vertices a side.
    static let chunkSize = 64
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
    private let expansion: Double
    private let startTaper: Double
    private let endTaper: Double
    private let roughens: Bool

    private typealias Vertex = StrokeCenterline.Vertex

    /// Contours that are complete and will not change.
    private(set) var finishedContours = ContourList()
    private var run = Run()
    private var processed = 0
    private(set) var isFinished = false

    /// A round cap to draw at a contour's end: half the nib's rim from the support point of `normal`.
    private struct Cap: Sendable {
        var center: Point
        var radius: Double
        var normal: Point
    }

    /// The open part of the band: offsets so far and the start cap if it begins the stroke. The
    /// offsets live in a fixed buffer, copied on write, since this is the innermost loop of inking.
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
        var lastRight: Point { buffer.rightEnd[-buffer.count] }

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
            buffer.count += 1
            buffer.rightEnd[-buffer.count] = center - offset
            (anchorDirection, anchorRadius, anchorDistance) = (direction, radius, distance)
        }

        /// Closes the band into a contour: left side forward, the end cap, right side back, the start cap.
        mutating func close(endCap: Cap?, nib: NibGeometry, into contours: inout ContourList) {
            let count = self.count
            guard count > 0 else { return }
            contours.add(buffer.left, count: count)
            if let endCap { nib.halfRim(around: endCap.center, radius: endCap.radius, from: endCap.normal, into: &contours) }
            contours.add(buffer.rightEnd - count, count: count)
            if let startCap { nib.halfRim(around: startCap.center, radius: startCap.radius, from: startCap.normal, into: &contours) }
            contours.closeContour()
            buffer.count = 0
            startCap = nil
        }
    }

    /// Fixed storage for a run's offsets: both sides in one allocation, the right side filled from
    /// the end backwards, so that each side goes into a contour in the order it is walked, in one copy.
    private final class RunBuffer: @unchecked Sendable {
        let capacity: Int
        let left: UnsafeMutablePointer<Point>
        /// Just past the right side's first offset; its latest is at `rightEnd - count`.
        let rightEnd: UnsafeMutablePointer<Point>
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            left = .allocate(capacity: 2 * capacity)
            rightEnd = left + 2 * capacity
        }

        deinit {
            left.deallocate()
        }

        func copy() -> RunBuffer {
            let copy = RunBuffer(capacity: capacity)
            copy.left.initialize(from: left, count: count)
            (copy.rightEnd - count).initialize(from: rightEnd - count, count: count)
            copy.count = count
            return copy
        }
    }

    /// An outliner for one layer of a stroke drawn with `options` along `centerline`, its radius grown
    /// by `expansion` points.
    init(options: InkOptions, transform: Transform2D, centerline: StrokeCenterline, expansion: Double) {
        nib = NibGeometry(nib: options.nib, transform: transform)
        self.expansion = expansion
        startTaper = options.startTaper * centerline.scale
        endTaper = options.endTaper * centerline.scale
        roughens = centerline.roughness > 0
    }

    // MARK: - Input

    /// Extends the finished contours as far as they are certain, after `centerline` has grown.
    mutating func advance(along centerline: StrokeCenterline) {
        precondition(!isFinished, "append after finish")
        advance(along: centerline, finishing: false)
    }

    /// Ends the stroke: the end taper and cap are applied and every contour is finished.
    mutating func finish(along centerline: StrokeCenterline) {
        guard !isFinished else { return }
        advance(along: centerline, finishing: true)
        isFinished = true
    }

    /// Every contour: the finished ones, then the open band as it would look if the stroke ended now
    /// (without the end taper, which only a finished stroke gets).
    ///
    /// - Complexity: O(finished contours) to copy them, plus O(chunk + taper) to build the rest.
    func contours(along centerline: StrokeCenterline) -> ContourList {
        guard !isFinished else { return finishedContours }
        var all = finishedContours
        all.append(contentsOf: provisionalContours(along: centerline))
        return all
    }

    /// The contours after `finishedContours` that may still change.
    ///
    /// - Complexity: O(chunk + taper).
    func provisionalContours(along centerline: StrokeCenterline) -> ContourList {
        guard !isFinished, processed < centerline.count else { return ContourList() }
        var open = run
        open.makeUnique()
        var contours = ContourList()
        let tapers = tapers(along: centerline, finishing: false)
        centerline.vertices.withUnsafeBufferPointer { vertices in
            for index in processed..<vertices.count {
                emit(vertex: index, of: vertices, tapers: tapers, run: &open, contours: &contours)
            }
        }
        return contours
    }

    // MARK: - Building

    /// Emits every vertex whose shape can no longer change.
    private mutating func advance(along centerline: StrokeCenterline, finishing: Bool) {
        let vertices = centerline.vertices
        var end = vertices.count
        if !finishing {
            let length = centerline.totalLength
            guard length >= startTaper + endTaper else { return }
            while end > processed, end == vertices.count || length - vertices[end - 1].distance < endTaper { end -= 1 }
        }
        guard processed < end else { return }
        var contours = finishedContours
        var open = run
        finishedContours = ContourList()
        run = Run()
        open.makeUnique()
        // Room for about three vertices a point, and a contour every four (jittery handwriting cuts the
        // band about every eighth).
        if contours.isEmpty { contours.reserve(points: 3 * (end - processed) + 32, contours: (end - processed) / 4 + 8) }
        let tapers = tapers(along: centerline, finishing: finishing)
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

    /// How long the end taper of the finished stroke is, fitted to its length (on the page, scaled).
    func endTaper(along centerline: StrokeCenterline) -> Double { tapers(along: centerline, finishing: true).end }

    private func tapers(along centerline: StrokeCenterline, finishing: Bool) -> Tapers {
        let length = centerline.totalLength
        let fit = startTaper + endTaper > 0 ? min(1, length / (startTaper + endTaper)) : 1
        return Tapers(length: length, start: startTaper * fit, end: finishing ? endTaper * fit : 0)
    }

    /// The layer's radius at a vertex before tapers: the point's, grown by the layer's expansion.
    @inline(__always)
    private func baseRadius(of vertex: Vertex) -> Double { max(vertex.halfWidth + expansion, 0) }

    /// The radius at a vertex: its point's, tapered near the ends and roughened for waxy inks.
    @inline(__always)
    private func radius(of vertex: Vertex, tapers: Tapers) -> Double {
        let base = baseRadius(of: vertex)
        var radius = base
        if vertex.distance < tapers.start {
            radius *= max(Self.ease(vertex.distance / tapers.start), Self.minimumTaper)
        }
        let remaining = tapers.length - vertex.distance
        if remaining < tapers.end {
            radius = min(radius, base * max(Self.ease(remaining / tapers.end), Self.minimumTaper))
        }
        if roughens { radius *= vertex.roughening }
        return radius
    }

    private static func ease(_ t: Double) -> Double { t * (2 - t) }

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
        let radius = radius(of: vertex, tapers: tapers)
        let last = vertices.count - 1
        if last == 0 {
            nib.polygon(around: point, radius: baseRadius(of: vertices[0]), into: &contours)
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
