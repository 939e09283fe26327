import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Shapes drawn by hand in a `.markup` file: the ancillary `skch` section.
struct SketchSectionTests {
    /// Strokes, then a sketchy rectangle, a clean ellipse and a sketchy line.
    static func sketched() -> (Markup, rectangle: Int) {
        var markup = RandomDocuments.make(seed: 9, elementCount: 3).straightened()
        var rectangle = Shape(configuration: .rectangle)
        rectangle.isSketchy = true
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 0, width: 100, height: 60), content: .shape(rectangle)))
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 200, y: 0, width: 80, height: 60), content: .shape(Shape(configuration: .ellipse))))
        var line = Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        line.isSketchy = true
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 200, width: 50, height: 50), content: .shape(line)))
        return (markup, markup.elements.count - 3)
    }

    @Test func sketchyShapesComeBackInBothFormsAndAReaderThatSkipsThemDrawsThemClean() throws {
        let (markup, rectangle) = Self.sketched()
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(!SketchSection.tag.isCritical)
        let skipped = try MarkupFile.decode(bytes: DocumentSectionTests.file(markup, replacing: SketchSection.tag, with: nil)).markup
        guard case .shape(let clean) = skipped.elements[rectangle].content else { Issue.record("not a shape"); return }
        #expect(!clean.isSketchy)
        #expect(String(decoding: try MarkupJSON.encode(MarkupFile(markup: markup)), as: UTF8.self).contains(#""sketchy" : true"#))
        let plain = DocumentSectionTests.dashed().straightened()
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: plain).encoded())).sections.allSatisfy { $0.tag != SketchSection.tag })
    }

    @Test func aDamagedSketchSectionIsRefusedWithTheReason() throws {
        let (markup, rectangle) = Self.sketched()
        try DocumentSectionTests.expectRefused(markup, section: SketchSection.tag, [
            ([1, UInt8(markup.elements.count)], "past the document's elements"),
            ([1, 0], "not a shape"),
            ([1, UInt8(rectangle), 0], "stray bytes"),
            ([2, UInt8(rectangle), 0], "out of order"),
        ])
    }
}
