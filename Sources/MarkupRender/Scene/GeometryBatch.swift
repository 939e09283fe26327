import Dispatch
import MarkupInk
import MarkupModel

/// Stroke outlines for a batch of elements, computed on a background queue.
final class GeometryBatch: @unchecked Sendable {
    private var geometries: [StrokeGeometry?] = []
    private let done = DispatchSemaphore(value: 0)

    /// Starts computing the outline of every stroke in `range` of `elements` (nil for other kinds).
    static func start(_ elements: [Element], _ range: Range<Int>) -> GeometryBatch {
        let batch = GeometryBatch()
        DispatchQueue.global(qos: .userInitiated).async {
            batch.geometries = range.map { index in
                if case .stroke(let stroke) = elements[index].content { return StrokeGeometry(stroke: stroke) }
                return nil
            }
            batch.done.signal()
        }
        return batch
    }

    /// The outlines, once computed.
    func wait() -> [StrokeGeometry?] {
        done.wait()
        return geometries
    }
}
