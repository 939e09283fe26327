import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Hatched fills in a `.markup` file: the ancillary `hach` section.
struct HatchSectionTests {
    /// Strokes, then a hatched rectangle, an evenly filled ellipse and a cross-hatched star.
    static func hatched() -> (Markup, rectangle: Int) {
        var markup = RandomDocuments.make(seed: 12, elementCount: 3).straightened()
        for (index, (configuration, style)) in [(ShapeConfiguration.rectangle, ShapeFillStyle.hatched), (.ellipse, .solid),
                                                (.star(points: 5, innerRadius: 0.45), .crossHatched)].enumerated() {
            var shape = Shape(configuration: configuration, fillColor: .black)
            shape.fillStyle = style
            markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: Double(index) * 120, y: 0, width: 100, height: 60), content: .shape(shape)))
        }
        return (markup, markup.elements.count - 3)
    }

    @Test func hatchedFillsComeBackInBothFormsAndAReaderThatSkipsThemFillsEvenly() throws {
        let (markup, rectangle) = Self.hatched()
        let bytes = try MarkupFile(markup: markup).encoded()
        let back = try MarkupFile.decode(bytes).markup
        #expect(back == markup)
        let styles = back.elements.suffix(3).map { element -> ShapeFillStyle? in if case .shape(let shape) = element.content { shape.fillStyle } else { nil } }
        #expect(styles == [.hatched, .solid, .crossHatched])
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(String(decoding: try MarkupJSON.encode(MarkupFile(markup: markup)), as: UTF8.self).contains(#""fillStyle" : "crossHatched""#))
        #expect(!HatchSection.tag.isCritical)
        let skipped = try MarkupFile.decode(bytes: DocumentSectionTests.file(markup, replacing: HatchSection.tag, with: nil)).markup
        guard case .shape(let even) = skipped.elements[rectangle].content else { Issue.record("not a shape"); return }
        #expect(even.fillStyle == .solid && even.fillColor == .black)
        let plain = DocumentSectionTests.dashed()
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: plain).encoded())).sections.allSatisfy { $0.tag != HatchSection.tag })
    }

    @Test func aDamagedHatchSectionIsRefusedWithTheReason() throws {
        let (markup, rectangle) = Self.hatched()
        try DocumentSectionTests.expectRefused(markup, section: HatchSection.tag, [
            ([1, UInt8(markup.elements.count), 0], "past the document's elements"),
            ([1, 0, 0], "not a shape"),
            ([1, UInt8(rectangle), 2], "unknown kind 2"),
            ([1, UInt8(rectangle)], "data ends early"),
            ([1, UInt8(rectangle), 0, 0], "stray bytes"),
            ([2, UInt8(rectangle), 0, 0, 0], "out of order"),
        ])
    }
}
