import Dispatch
import MarkupInk
import MarkupModel

/// Stroke outlines for a batch of elements, computed on a background queue.
final class GeometryBatch: @unchecked Sendable {
    private var geometries: [StrokeGeometry?] = []
    private let done = DispatchSemaphore(value: 0)

    /// Starts computing the outline of every stroke in `elements` (nil for other kinds).
    static func start(_ elements: ArraySlice<Element>) -> GeometryBatch {
        let batch = GeometryBatch()
        let elements = Array(elements)
        DispatchQueue.global(qos: .userInitiated).async {
            batch.geometries = elements.map { element in
                if case .stroke(let stroke) = element.content { return StrokeGeometry(stroke: stroke) }
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
