import Dispatch
import MarkupCore
import MarkupInk
import MarkupModel

/// The next elements to draw and their stroke outlines, found and computed on a background queue.
final class GeometryBatch: @unchecked Sendable {
    /// An element that meets the area drawn, with its outline when it is a stroke.
    struct Item {
        let index: Int
        let geometry: StrokeGeometry?
    }

    private var items: [Item] = []
    private var end = 0
    private let done = DispatchSemaphore(value: 0)

    /// Starts looking through `elements` from `start` for the next `count` that meet `visible` (every
    /// element when nil), and computing the outlines of the strokes among them. The scan runs beside
    /// the drawing of the batch before, so an area that shows a few elements of many costs the
    /// drawing thread no pass over all of them.
    static func start(_ elements: [Element], from start: Int, count: Int, visible: Rect?) -> GeometryBatch {
        let batch = GeometryBatch()
        DispatchQueue.global(qos: .userInitiated).async {
            var items = [Item](), index = start
            items.reserveCapacity(min(count, elements.count - start))
            while index < elements.count, items.count < count {
                let element = elements[index]
                if visible.map({ element.renderFrame.intersects($0) }) ?? true {
                    var geometry: StrokeGeometry?
                    if case .stroke(let stroke) = element.content { geometry = StrokeGeometry(stroke: stroke) }
                    items.append(Item(index: index, geometry: geometry))
                }
                index += 1
            }
            (batch.items, batch.end) = (items, index)
            batch.done.signal()
        }
        return batch
    }

    /// The batch's elements and the index where the next batch starts, once found.
    func wait() -> (items: [Item], end: Int) {
        done.wait()
        return (items, end)
    }
}
