import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel
import Testing

/// The hit-test store built on another thread from an earlier markup, then handed back: it must
/// answer for the document as it is when adopted, not as it was when handed out.
struct StrokeHitHandOutTests {
    @Test func aStoreBuiltElsewhereCatchesUpOnTheChangesMadeMeanwhile() throws {
        let controller = try PointerInputTests.controller()
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 100, y: 100), to: Point(x: 400, y: 100)))
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 100, y: 200), to: Point(x: 400, y: 200)))
        let build = controller.strokeHitStoreBuilder()
        // Meanwhile: a stroke is added, and the one at y = 200 is erased (the eraser builds its own
        // store, which is then the one kept).
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 100, y: 300), to: Point(x: 400, y: 300)))
        let built = try #require(Thread.runAndWait(build))
        controller.adoptStrokeHits(built)
        #expect(controller.element(at: Point(x: 250, y: 300)) != nil, "the stroke added meanwhile is hit")
        #expect(controller.element(at: Point(x: 250, y: 100)) != nil)
        controller.tool = .eraser(.vector, width: 10)
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 250, y: 280), to: Point(x: 250, y: 320), count: 10))
        #expect(PointerInputTests.strokes(controller).count == 2)
        #expect(controller.element(at: Point(x: 250, y: 300)) == nil, "the erased stroke is gone from the store")
    }

    @Test func aStoreHandedBackAfterRemovalsForgetsTheRemovedStrokes() throws {
        let controller = try PointerInputTests.controller()
        try PointerInputTests.drag(controller, PointerInputTests.line(from: Point(x: 100, y: 100), to: Point(x: 400, y: 100)))
        let build = controller.strokeHitStoreBuilder()
        #expect(try controller.undo())
        controller.adoptStrokeHits(try #require(Thread.runAndWait(build)))
        #expect(controller.markup.elements.isEmpty)
        #expect(controller.element(at: Point(x: 250, y: 100)) == nil)
        #expect(try controller.redo())
        #expect(controller.element(at: Point(x: 250, y: 100)) != nil, "a stroke brought back is hit again")
    }
}

extension Thread {
    /// `work`'s result, computed on a thread of its own.
    static func runAndWait<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Thread { box.value = work(); done.signal() }.start()
        done.wait()
        return box.value
    }
}

/// What another thread computed, read once it has signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
