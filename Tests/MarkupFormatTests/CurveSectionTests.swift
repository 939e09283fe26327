import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Bent lines in a `.markup` file: the ancillary `curv` section.
struct CurveSectionTests {
    /// Strokes, then a rectangle, a bent arrow and a straight line.
    static func curved() -> (Markup, arrow: Int) {
        var markup = RandomDocuments.make(seed: 9, elementCount: 3).straightened()
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 0, width: 100, height: 60), content: .shape(Shape(configuration: .rectangle))))
        var arrow = Shape(configuration: .line(from: Point(x: 0, y: 1), to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        arrow.lineMiddle = Point(x: 0.5, y: 0)
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 100, y: 100, width: 200, height: 50), content: .shape(arrow)))
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 200, width: 50, height: 50),
                              content: .shape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .none)))))
        return (markup, markup.elements.count - 2)
    }

    @Test func curvesComeBackInBothFormsAndAReaderThatSkipsThemDrawsStraightLines() throws {
        let (markup, arrow) = Self.curved()
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(!CurveSection.tag.isCritical)
        let skipped = try MarkupFile.decode(bytes: DocumentSectionTests.file(markup, replacing: CurveSection.tag, with: nil)).markup
        guard case .shape(let straight) = skipped.elements[arrow].content, case .shape(let bent) = markup.elements[arrow].content else {
            Issue.record("the arrow is not a shape")
            return
        }
        #expect(straight.lineMiddle == nil && bent.lineMiddle != nil && straight.configuration == bent.configuration)
        // A document without bent lines writes no section and says nothing of them in JSON.
        let plain = DocumentSectionTests.dashed().straightened()
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: plain).encoded())).sections.allSatisfy { $0.tag != CurveSection.tag })
        #expect(!String(decoding: try MarkupJSON.encode(MarkupFile(markup: plain)), as: UTF8.self).contains("lineMiddle"))
    }

    @Test func aDamagedCurveSectionIsRefusedWithTheReason() throws {
        let (markup, arrow) = Self.curved()
        func double(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
        let line = UInt8(arrow), half = double(0.5) + double(0.5)
        try DocumentSectionTests.expectRefused(markup, section: CurveSection.tag, [
            ([1, UInt8(markup.elements.count)] + half, "past the document's elements"),
            ([1, line] + double(0.5) + double(1.5), "outside 0…1"),
            ([1, line] + double(-0.1) + double(0.5), "outside 0…1"),
            ([1, line] + double(0.5) + double(.infinity), "not a finite number"),
            ([1, line] + double(0.5), "ends early"),
            ([1, line] + half + [0], "stray bytes"),
            ([1, UInt8(arrow - 1)] + half, "not a line"),
            ([2, line, 0] + half + half, "out of order"),
        ])
    }

    @Test func aJSONFormWithAMiddleOutOfPlaceIsRefused() throws {
        let (markup, _) = Self.curved()
        let text = String(decoding: try MarkupJSON.encode(MarkupFile(markup: markup)), as: UTF8.self)
        #expect(text.contains(#""lineMiddle""#))
        var outside = markup, rectangle = Shape(configuration: .rectangle)
        rectangle.lineMiddle = Point(x: 0.5, y: 0.5)
        var misplaced = markup
        misplaced.insert(Element(zIndex: misplaced.nextZIndex, frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .shape(rectangle)))
        #expect(throws: MarkupError.self) { try misplaced.validate() }
        guard case .shape(var bent) = outside.elements[outside.elements.count - 2].content else { Issue.record("not a shape"); return }
        bent.lineMiddle = Point(x: 0.5, y: 2)
        let id = outside.elements[outside.elements.count - 2].id
        outside.updateElement(withID: id) { $0.setContent(.shape(bent)) }
        #expect(throws: MarkupError.self) { try outside.validate() }
    }
}
