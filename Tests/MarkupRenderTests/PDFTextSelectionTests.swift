import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// The text a drag across a PDF background selects: what the text highlighter covers. Each sample
/// page has "Page N" (36 pt, baseline 120 pt down) and a line of 14 pt text (baseline 160 pt down),
/// both from 72 pt in.
struct PDFTextSelectionTests {
    static let markup: Markup = {
        (try? BackgroundDocuments.markup(background: SamplePDF.make(pages: 2), title: "Text")) ?? Markup(bounds: .zero)
    }()

    static var page2: Rect { markup.background?.pages[1].frame ?? .zero }

    @Test func aDragAlongALineSelectsItsWordsWhole() throws {
        let top = Self.page2.minY
        // From inside "Original" to inside "text": whole words, one box on the line's height.
        let boxes = try PDFTextSelection.boxes(in: Self.markup, from: Point(x: 80, y: top + 155), to: Point(x: 150, y: top + 155))
        #expect(boxes.count == 1)
        let box = try #require(boxes.first)
        #expect(abs(box.minX - 72) < 2, "the first word begins at its start: \(box)")
        #expect(box.maxX > 150 && box.maxX < 230, "to the end of the word the drag ended in: \(box)")
        #expect(box.minY > top + 140 && box.minY < top + 152 && box.maxY > top + 160 && box.maxY < top + 168, "\(box)")
    }

    @Test func aDragDownSelectsEveryLineBetween() throws {
        let top = Self.page2.minY
        let boxes = try PDFTextSelection.boxes(in: Self.markup, from: Point(x: 74, y: top + 110), to: Point(x: 300, y: top + 156))
        #expect(boxes.count >= 2, "\(boxes)")
        #expect(boxes.contains { $0.minY < top + 100 && $0.maxY > top + 115 }, "the heading: \(boxes)")
        #expect(boxes.contains { $0.minY > top + 140 && $0.maxY < top + 168 }, "the line: \(boxes)")
        for (index, box) in boxes.enumerated() {
            #expect(Self.page2.contains(box), "on the page the drag began on")
            for other in boxes[(index + 1)...] {
                let overlap = min(box.maxX, other.maxX) > max(box.minX, other.minX) && min(box.maxY, other.maxY) > max(box.minY, other.minY)
                #expect(!overlap, "boxes never overlap, so a translucent highlight is even: \(box) \(other)")
            }
        }
    }

    @Test func nothingIsSelectedWhereThereIsNoText() throws {
        let top = Self.page2.minY
        let below = try PDFTextSelection.boxes(in: Self.markup, from: Point(x: 100, y: top + 400), to: Point(x: 400, y: top + 500)); #expect(below.isEmpty, "\(below) \(top)")
        // Between the pages, off the pages, not finite, and on a document with no PDF: nothing.
        #expect(try PDFTextSelection.boxes(in: Self.markup, from: Point(x: 100, y: top - 10), to: Point(x: 300, y: top + 160)).isEmpty)
        #expect(try PDFTextSelection.boxes(in: Self.markup, from: Point(x: -50, y: 150), to: Point(x: 300, y: 160)).isEmpty)
        #expect(try PDFTextSelection.boxes(in: Self.markup, from: Point(x: .nan, y: 150), to: Point(x: 300, y: 160)).isEmpty)
        #expect(try PDFTextSelection.boxes(in: Self.markup, from: Point(x: 80, y: 155), to: Point(x: .infinity, y: 160)).isEmpty)
        #expect(try PDFTextSelection.boxes(in: Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792)), from: Point(x: 80, y: 155), to: Point(x: 300, y: 160)).isEmpty)
    }

    @Test func aDragPastThePageStopsAtItsEdge() throws {
        let top = Self.page2.minY
        // Dragged far below page 2 (over the gap and off the document): held to page 2.
        let boxes = try PDFTextSelection.boxes(in: Self.markup, from: Point(x: 74, y: top + 150), to: Point(x: 5_000, y: top + 5_000))
        #expect(!boxes.isEmpty && boxes.allSatisfy { Self.page2.contains($0) }, "\(boxes)")
    }
}
