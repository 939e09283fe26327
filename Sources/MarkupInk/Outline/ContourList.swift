import MarkupCore

/// Closed contours stored end to end in one array, as a path of subpaths: the form renderers draw,
/// built without an allocation per contour.
public struct ContourList: Hashable, Sendable {
    /// Every contour's vertices, one contour after another.
    public private(set) var points: [Point] = []
    /// The index in `points` just past each contour.
    public private(set) var ends: [Int] = []
    private var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    public init() {}

    /// The list of `contours`, in order.
    public init(_ contours: [[Point]]) {
        for contour in contours { append(contour) }
    }

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }

    /// The vertices of contour `index`.
    public subscript(index: Int) -> ArraySlice<Point> {
        points[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Each contour as an array of its own.
    public var contours: [[Point]] { (0..<count).map { Array(self[$0]) } }

    /// The contours from `index` on.
    public func suffix(from index: Int) -> ContourList {
        guard index > 0 else { return self }
        var list = ContourList()
        let start = index < count ? ends[index - 1] : points.count
        for point in points[start...] { list.add(point) }
        list.ends = ends[index...].map { $0 - start }
        return list
    }

    public mutating func append<C: Collection>(_ contour: C) where C.Element == Point {
        for point in contour { add(point) }
        closeContour()
    }

    public mutating func append(contentsOf other: ContourList) {
        let offset = points.count
        points.append(contentsOf: other.points)
        ends.append(contentsOf: other.ends.map { $0 + offset })
        (minX, minY) = (min(minX, other.minX), min(minY, other.minY))
        (maxX, maxY) = (max(maxX, other.maxX), max(maxY, other.maxY))
    }

    /// Makes room for `points` more vertices in `contours` more contours.
    mutating func reserve(points: Int, contours: Int) {
        self.points.reserveCapacity(self.points.count + points)
        ends.reserveCapacity(ends.count + contours)
    }

    /// Adds `count` vertices from `start` to the contour being built.
    @inline(__always)
    mutating func add(_ start: UnsafePointer<Point>, count: Int) {
        let buffer = UnsafeBufferPointer(start: start, count: count)
        points.append(contentsOf: buffer)
        for point in buffer {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
    }

    /// Adds one vertex to the contour being built.
    @inline(__always)
    mutating func add(_ point: Point) {
        points.append(point)
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// Ends the contour being built.
    mutating func closeContour() {
        if points.count > (ends.last ?? 0) { ends.append(points.count) }
    }

    /// The box around every vertex, kept as they are added; nil when empty.
    public var bounds: Rect? {
        points.isEmpty ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static func == (lhs: ContourList, rhs: ContourList) -> Bool {
        lhs.points == rhs.points && lhs.ends == rhs.ends
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(points)
        hasher.combine(ends)
    }
}
