import Foundation
import MarkupEditor
import MarkupModel
import MarkupTestSupport
import Testing

struct SpatialIndexTests {
    static func randomRect(_ random: inout SeededRandom, extent: Double = 1000) -> Rect {
        Rect(x: random.uniform(0...extent), y: random.uniform(0...extent), width: random.uniform(0...40), height: random.uniform(0...40))
    }

    @Test func queriesMatchABruteForceScanThroughInsertsMovesAndRemovals() {
        var random = SeededRandom(seed: 12)
        var index = SpatialIndex()
        var boxes = [ElementID: Rect]()
        for step in 0..<4000 {
            switch random.next() % 10 {
            case 0..<6:
                let id = ElementID()
                let rect = Self.randomRect(&random)
                index.insert(id, frame: rect)
                boxes[id] = rect
            case 6..<8:
                guard let id = boxes.keys.randomElement(using: &random) else { continue }
                let rect = Self.randomRect(&random)
                index.insert(id, frame: rect)
                boxes[id] = rect
            default:
                guard let id = boxes.keys.randomElement(using: &random) else { continue }
                index.remove(id)
                boxes[id] = nil
            }
            if step % 40 == 0 {
                let query = Self.randomRect(&random).expanded(by: random.uniform(0...150))
                let expected = Set(boxes.filter { $0.value.minX <= query.maxX && query.minX <= $0.value.maxX && $0.value.minY <= query.maxY && query.minY <= $0.value.maxY }.keys)
                #expect(Set(index.elements(intersecting: query)) == expected, "step \(step)")
                #expect(index.count == boxes.count)
            }
        }
    }

    @Test func sortedInsertionsStayBalanced() {
        var index = SpatialIndex()
        for row in 0..<100 {
            for column in 0..<100 {
                index.insert(ElementID(), frame: Rect(x: Double(column) * 10, y: Double(row) * 10, width: 8, height: 8))
            }
        }
        #expect(index.count == 10_000)
        #expect(index.height <= 2 * 14, "height \(index.height) for 10,000 leaves")
        #expect(index.elements(intersecting: Rect(x: 0, y: 0, width: 5, height: 5)).count == 1)
        #expect(index.elements(intersecting: Rect(x: 0, y: 0, width: 995, height: 995)).count == 10_000)
    }

    @Test func indexingADocument() {
        var generator = HandwritingGenerator(.init(strokes: 300, seed: 3))
        let markup = generator.generate()
        let index = SpatialIndex(markup)
        #expect(index.count == markup.elements.count)
        for element in markup.elements.prefix(50) {
            #expect(index.elements(intersecting: element.renderFrame).contains(element.id))
        }
        var emptied = index
        for element in markup.elements { emptied.remove(element.id) }
        #expect(emptied.count == 0 && emptied.elements(intersecting: markup.bounds).isEmpty)
        #expect(index.count == markup.elements.count, "a copy is independent")
    }

    /// Built by median splits, the tree is as short as a balanced binary tree can be, and finds
    /// what a scan of every element finds.
    @Test func aBuiltIndexIsBalancedAndFindsWhatAScanFinds() {
        var generator = HandwritingGenerator(.init(strokes: 3000, seed: 11))
        let markup = generator.generate()
        let index = SpatialIndex(markup)
        let leaves = markup.elements.count
        #expect(index.height == Int(ceil(log2(Double(leaves)))))
        var random = SeededRandom(seed: 5)
        for _ in 0..<200 {
            let rect = Rect(x: random.uniform(markup.bounds.minX...markup.bounds.maxX), y: random.uniform(markup.bounds.minY...markup.bounds.maxY),
                            width: random.uniform(1...200), height: random.uniform(1...200))
            let scanned = Set(markup.elements.filter { element in
                let frame = element.renderFrame
                return frame.minX <= rect.maxX && rect.minX <= frame.maxX && frame.minY <= rect.maxY && rect.minY <= frame.maxY
            }.map(\.id))
            #expect(Set(index.elements(intersecting: rect)) == scanned)
        }
    }
}
