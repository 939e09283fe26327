import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Elbow lines in a `.markup` file: the ancillary `elbw` section.
struct ElbowSectionTests {
    /// Strokes, then a rectangle, an elbow arrow turning twice, an elbow line without corners and a
    /// straight line.
    static func elbowed() -> (Markup, arrow: Int) {
        var markup = RandomDocuments.make(seed: 9, elementCount: 3).straightened()
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 0, width: 100, height: 60), content: .shape(Shape(configuration: .rectangle))))
        var arrow = Shape(configuration: .line(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        arrow.lineCorners = [Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)]
        arrow.elbowMiddle = Point(x: 0.25, y: -2)
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 100, y: 100, width: 200, height: 50), content: .shape(arrow)))
        var level = Shape(configuration: .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .none, endMarker: .none))
        level.lineCorners = []
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 300, width: 80, height: 0), content: .shape(level)))
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 200, width: 50, height: 50),
                              content: .shape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .none)))))
        return (markup, markup.elements.count - 3)
    }

    @Test func elbowLinesComeBackInBothFormsAndAReaderThatSkipsThemDrawsStraightLines() throws {
        let (markup, arrow) = Self.elbowed()
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(!ElbowSection.tag.isCritical)
        let skipped = try MarkupFile.decode(bytes: DocumentSectionTests.file(markup, replacing: ElbowSection.tag, with: nil)).markup
        guard case .shape(let straight) = skipped.elements[arrow].content, case .shape(let elbow) = markup.elements[arrow].content else {
            Issue.record("the arrow is not a shape")
            return
        }
        #expect(straight.lineCorners == nil && straight.elbowMiddle == nil && elbow.lineCorners?.count == 2 && straight.configuration == elbow.configuration)
        #expect(elbow.elbowMiddle == Point(x: 0.25, y: -2))
        // A document without elbow lines writes no section and says nothing of them in JSON.
        let plain = DocumentSectionTests.dashed().straightened()
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: plain).encoded())).sections.allSatisfy { $0.tag != ElbowSection.tag })
        #expect(!String(decoding: try MarkupJSON.encode(MarkupFile(markup: plain)), as: UTF8.self).contains("lineCorners"))
    }

    @Test func aDamagedElbowSectionIsRefusedWithTheReason() throws {
        let (markup, arrow) = Self.elbowed()
        func double(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
        let line = UInt8(arrow), corner = double(0.5) + double(0.5)
        try DocumentSectionTests.expectRefused(markup, section: ElbowSection.tag, [
            ([1, UInt8(markup.elements.count), 1] + corner, "past the document's elements"),
            ([1, line, 1] + double(0.5) + double(1.5), "outside 0…1"),
            ([1, line, 1] + double(-0.1) + double(0.5), "outside 0…1"),
            ([1, line, 1] + double(0.5) + double(.nan), "not a finite number"),
            ([1, line, 2] + corner, "ends early"),
            ([1, line, 17] + Array(repeating: corner, count: 17).flatMap { $0 }, "more than 16 corners"),
            ([1, line, 1] + corner + [0], "stray bytes"),
            ([1, UInt8(arrow - 1), 1] + corner, "not a straight line"),
            ([2, line, 0, 1] + corner + [1] + corner, "out of order"),
            ([1, line, 0x81] + corner, "ends early"),
            ([1, line, 0x81] + corner + double(0.5) + double(200), "too far"),
            ([1, line, 0x80] + double(0.5) + double(.infinity), "not a finite number"),
        ])
    }

    @Test func aBentLineWithCornersTooIsRefused() throws {
        var (markup, _) = CurveSectionTests.curved()
        let bent = markup.elements.firstIndex { element in
            if case .shape(let shape) = element.content { shape.lineMiddle != nil } else { false }
        }!
        let refused = !markup.setLineCorners([[Point(x: 0.5, y: 0.5)]], middles: [nil], ofLinesAt: [bent])
        #expect(refused)
        guard case .shape(var shape) = markup.elements[bent].content else { return }
        shape.lineCorners = [Point(x: 0.5, y: 0.5)]
        markup.updateElement(withID: markup.elements[bent].id) { $0.setContent(.shape(shape)) }
        #expect(throws: MarkupError.self) { try markup.validate() }
    }
}
