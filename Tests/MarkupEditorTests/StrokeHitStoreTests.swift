import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

struct StrokeHitStoreTests {
    /// A wandering stroke of `count` points inside a 200 pt square, sometimes transformed.
    static func stroke(_ random: inout SeededRandom, count: Int) -> Stroke {
        var location = Point(x: random.uniform(0...200), y: random.uniform(0...200))
        let points = (0..<count).map { index in
            location = Point(x: location.x + random.uniform(-9...9), y: location.y + random.uniform(-9...9))
            return StrokePoint(location: location, timeOffset: Double(index) / 120,
                               size: Size(width: random.uniform(0.5...12), height: random.uniform(0.5...12)))
        }
        let transform = random.unit() < 0.5 ? Transform2D.identity
            : Transform2D(rotationRadians: random.uniform(-3...3)).concatenating(Transform2D(translationX: random.uniform(-40...40), y: 9))
        return Stroke(ink: Ink(.pen), points: points, transform: transform)
    }

    @Test func answersExactlyAsTheStrokeThroughUpdatesRemovalsAndCompaction() {
        var random = SeededRandom(seed: 31)
        var store = StrokeHitStore()
        var strokes = [ElementID: Stroke]()
        var queries = 0, hits = 0
        for step in 0..<3000 {
            let choice = random.next() % 10
            if choice < 5 || strokes.isEmpty {
                // Counts around the run length cover strokes that end exactly on, or just past, a run.
                let count = [1, 2, 16, 17, 18, 33, Int(random.next() % 90) + 1][Int(random.next() % 7)]
                let element = Element(zIndex: Int64(step), frame: .zero, content: .stroke(Self.stroke(&random, count: count)))
                store.update(element)
                strokes[element.id] = Self.stroke(from: element)
            } else if choice < 7 {
                let id = strokes.keys.randomElement(using: &random)!
                let old = strokes[id]!
                // Half the updates keep the point count (a move), half change it (an edit).
                let count = random.unit() < 0.5 ? old.points.count : Int(random.next() % 50) + 1
                let element = Element(id: id, zIndex: Int64(step), frame: .zero, content: .stroke(Self.stroke(&random, count: count)))
                store.update(element)
                strokes[id] = Self.stroke(from: element)
            } else {
                let id = strokes.keys.randomElement(using: &random)!
                store.remove(id)
                strokes[id] = nil
                #expect(store.intersects(id, sweptCircleFrom: .zero, to: .zero, radius: 1e9) == nil)
            }
            #expect(store.count == strokes.count)
            for _ in 0..<4 {
                // Sweeps start near some stroke's ink, so both answers come up.
                let near = strokes.values.randomElement(using: &random)!.documentLocations.randomElement(using: &random)!
                let start = Point(x: near.x + random.uniform(-25...25), y: near.y + random.uniform(-25...25))
                let end = Point(x: start.x + random.uniform(-30...30), y: start.y + random.uniform(-30...30))
                let radius = random.uniform(0...10)
                for (id, stroke) in strokes.shuffled(using: &random).prefix(12) {
                    let expected = stroke.intersects(sweptCircleFrom: start, to: end, radius: radius)
                    #expect(store.intersects(id, sweptCircleFrom: start, to: end, radius: radius) == expected)
                    queries += 1
                    if expected { hits += 1 }
                }
            }
        }
        // Both answers must have come up often enough for the comparison to mean something.
        #expect(hits > 1000 && queries - hits > 1000, "\(hits) of \(queries)")
    }

    @Test func elementsOtherThanStrokesAreNotKept() {
        var store = StrokeHitStore()
        let shape = Element(zIndex: 0, frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .shape(Shape(configuration: .rectangle)))
        store.update(shape)
        #expect(store.count == 0)
        #expect(store.intersects(shape.id, sweptCircleFrom: .zero, to: .zero, radius: 100) == nil)
    }

    static func stroke(from element: Element) -> Stroke {
        guard case .stroke(let stroke) = element.content else { fatalError("not a stroke") }
        return stroke
    }
}
