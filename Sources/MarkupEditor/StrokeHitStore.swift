import MarkupInk
import MarkupModel

/// The centre lines of a document's strokes in document space, packed end to end in one array in
/// drawing order, so that strokes drawn near each other sit near each other in memory. Each stroke's
/// record is a box per run of `runLength` segments (its centres' bounds grown by the largest ink
/// radius), then every point's centre and ink radius: an eraser skips whole runs by their boxes and
/// reads a few cache lines. Answers exactly as `Stroke.intersects(sweptCircleFrom:to:radius:)` does.
public struct StrokeHitStore: Sendable {
    /// Segments covered by one run box.
    static let runLength = 16

    private struct Record {
        var start: Int
        var pointCount: Int
        var runCount: Int { Swift.max((pointCount - 1 + StrokeHitStore.runLength - 1) / StrokeHitStore.runLength, 1) }
        var length: Int { 4 * runCount + 3 * pointCount }
    }

    private var storage: [Double] = []
    private var records: [ElementID: Record] = [:]
    private var unusedLength = 0

    public init() {}

    /// A store holding every stroke of `markup`.
    public init(_ markup: Markup) {
        storage.reserveCapacity(markup.elements.reduce(0) { total, element in
            guard case .stroke(let stroke) = element.content else { return total }
            return total + Record(start: 0, pointCount: stroke.points.count).length
        })
        for element in markup.elements { update(element) }
    }

    /// The number of strokes stored.
    public var count: Int { records.count }

    /// Stores `element` if it is a stroke, replacing what was kept for its id (in place when the point
    /// count is unchanged, as after a move); forgets the id otherwise.
    public mutating func update(_ element: Element) {
        guard let stroke = element.placedStroke, !stroke.points.isEmpty else {
            remove(element.id)
            return
        }
        var record: Record
        if let stored = records[element.id], stored.pointCount == stroke.points.count {
            record = stored
        } else {
            // Removing may compact the array, so the new record's place is taken after it.
            remove(element.id)
            record = Record(start: storage.count, pointCount: stroke.points.count)
            storage.append(contentsOf: repeatElement(0, count: record.length))
            records[element.id] = record
        }
        let transform = stroke.transform, isIdentity = transform.isIdentity
        let scale = stroke.documentScale, runCount = record.runCount
        storage.withUnsafeMutableBufferPointer { buffer in
            let discs = record.start + 4 * runCount
            for (offset, point) in stroke.points.enumerated() {
                let center = isIdentity ? point.location : transform.apply(to: point.location)
                buffer[discs + 3 * offset] = center.x
                buffer[discs + 3 * offset + 1] = center.y
                buffer[discs + 3 * offset + 2] = max(point.size.width, point.size.height) / 2 * scale
            }
            for run in 0..<runCount {
                var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                var radius = 0.0
                for offset in (run * Self.runLength)...min((run + 1) * Self.runLength, record.pointCount - 1) {
                    let base = discs + 3 * offset
                    minX = min(minX, buffer[base]); maxX = max(maxX, buffer[base])
                    minY = min(minY, buffer[base + 1]); maxY = max(maxY, buffer[base + 1])
                    radius = max(radius, buffer[base + 2])
                }
                let box = record.start + 4 * run
                buffer[box] = minX - radius
                buffer[box + 1] = minY - radius
                buffer[box + 2] = maxX + radius
                buffer[box + 3] = maxY + radius
            }
        }
    }

    /// Forgets `id`. The space is reclaimed once more than half the array is unused.
    public mutating func remove(_ id: ElementID) {
        guard let record = records.removeValue(forKey: id) else { return }
        unusedLength += record.length
        if unusedLength > 65536, unusedLength * 2 > storage.count { compact() }
    }

    /// Whether the stroke `id` is touched by a circle of `radius` moved from `start` to `end`; nil
    /// when no stroke with that id is stored.
    public func intersects(_ id: ElementID, sweptCircleFrom start: Point, to end: Point, radius: Double) -> Bool? {
        guard let record = records[id] else { return nil }
        let sweepMinX = min(start.x, end.x) - radius, sweepMaxX = max(start.x, end.x) + radius
        let sweepMinY = min(start.y, end.y) - radius, sweepMaxY = max(start.y, end.y) + radius
        return storage.withUnsafeBufferPointer { buffer in
            let discs = record.start + 4 * record.runCount
            for run in 0..<record.runCount {
                let box = record.start + 4 * run
                guard buffer[box] <= sweepMaxX, buffer[box + 2] >= sweepMinX,
                      buffer[box + 1] <= sweepMaxY, buffer[box + 3] >= sweepMinY else { continue }
                let first = run * Self.runLength
                let chain = min(Self.runLength + 1, record.pointCount - first)
                let touches = PlaneGeometry.sweptCircle(from: start, to: end, radius: radius, touchesDiscs: chain) { offset in
                    let base = discs + 3 * (first + offset)
                    return (Point(x: buffer[base], y: buffer[base + 1]), buffer[base + 2])
                }
                if touches { return true }
            }
            return false
        }
    }

    /// Rewrites the array without the forgotten strokes, keeping the stored ones in their order.
    private mutating func compact() {
        var packed = [Double]()
        packed.reserveCapacity(storage.count - unusedLength)
        for (id, record) in records.sorted(by: { $0.value.start < $1.value.start }) {
            records[id] = Record(start: packed.count, pointCount: record.pointCount)
            packed.append(contentsOf: storage[record.start..<(record.start + record.length)])
        }
        storage = packed
        unusedLength = 0
    }
}
