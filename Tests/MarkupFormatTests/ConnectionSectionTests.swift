import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Lines attached to other elements in a `.markup` file: the ancillary `cnct` section.
struct ConnectionSectionTests {
    /// Strokes, then a rectangle, an ellipse, an arrow from the rectangle's middle to a spot on the
    /// ellipse, and a free line.
    static func connected() -> (Markup, arrow: Int) {
        var markup = RandomDocuments.make(seed: 9, elementCount: 3)
        let box = Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 0, width: 100, height: 60), content: .shape(Shape(configuration: .rectangle)))
        markup.insert(box)
        let ellipse = Element(zIndex: markup.nextZIndex, frame: Rect(x: 300, y: 0, width: 80, height: 80), content: .shape(Shape(configuration: .ellipse)))
        markup.insert(ellipse)
        var arrow = Shape(configuration: .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .none, endMarker: .arrow))
        arrow.startConnection = LineConnection(element: box.id)
        arrow.endConnection = LineConnection(element: ellipse.id, anchor: Point(x: 0.25, y: 1), isExact: true)
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 106, y: 30, width: 190, height: 0), content: .shape(arrow)))
        markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: 0, y: 200, width: 50, height: 50),
                              content: .shape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .none)))))
        return (markup, markup.elements.count - 2)
    }

    @Test func connectionsComeBackInBothFormsAndAReaderThatSkipsThemDrawsTheSameLines() throws {
        let (markup, arrow) = Self.connected()
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(!ConnectionSection.tag.isCritical)
        let skipped = try MarkupFile.decode(bytes: DocumentSectionTests.file(markup, replacing: ConnectionSection.tag, with: nil)).markup
        guard case .shape(let free) = skipped.elements[arrow].content, case .shape(let attached) = markup.elements[arrow].content else {
            Issue.record("the arrow is not a shape")
            return
        }
        #expect(free.startConnection == nil && free.endConnection == nil && free.configuration == attached.configuration)
        // A document without connections writes no section and says nothing of them in JSON.
        let plain = DocumentSectionTests.dashed()
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: plain).encoded())).sections.allSatisfy { $0.tag != ConnectionSection.tag })
        #expect(!String(decoding: try MarkupJSON.encode(MarkupFile(markup: plain)), as: UTF8.self).contains("Connection"))
    }

    @Test func aDamagedConnectionSectionIsRefusedWithTheReason() throws {
        let (markup, arrow) = Self.connected()
        let id = Array(withUnsafeBytes(of: markup.elements[arrow - 2].id.uuid.uuid) { Array($0) })
        let own = Array(withUnsafeBytes(of: markup.elements[arrow].id.uuid.uuid) { Array($0) })
        func double(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
        let line = UInt8(arrow), half = double(0.5) + double(0.5)
        try DocumentSectionTests.expectRefused(markup, section: ConnectionSection.tag, [
            ([1, UInt8(markup.elements.count), 1] + id + half, "past the document's elements"),
            ([1, line, 16] + id + half, "flags 16 are not known"),
            ([1, line, 0], "flags 0 are not known"),
            ([1, line, 4] + id + half, "flags 4 are not known"),
            ([1, line, 1] + id + double(0.5) + double(1.5), "outside 0…1"),
            ([1, line, 1] + id + double(0.5) + double(.nan), "not a finite number"),
            ([1, line, 1] + id + double(0.5), "ends early"),
            ([1, line, 1] + id + half + [0], "stray bytes"),
            ([1, 0, 1] + id + half, "not a line"),
            ([1, line, 1] + own + half, "connected to itself"),
        ])
    }

    @Test func aJSONFormWithAConnectionOutOfPlaceIsRefused() throws {
        let (markup, arrow) = Self.connected()
        let text = String(decoding: try MarkupJSON.encode(MarkupFile(markup: markup)), as: UTF8.self)
        let own = markup.elements[arrow].id.description, box = markup.elements[arrow - 2].id.description
        #expect(text.contains(#""exact" : true"#) && text.contains(#""element" : "\#(box)""#), "the JSON names the element and the exact end")
        // An anchor past the element's frame, a line attached to itself, and a rectangle with a connection.
        let broken = [
            text.replacingOccurrences(of: #""x" : 0.25"#, with: #""x" : 1.25"#),
            text.replacingOccurrences(of: #""element" : "\#(box)""#, with: #""element" : "\#(own)""#),
        ]
        for json in broken {
            #expect(throws: MarkupError.self) { try MarkupJSON.decode(Data(json.utf8)) }
        }
        var rectangle = Shape(configuration: .rectangle)
        rectangle.startConnection = LineConnection(element: markup.elements[0].id)
        var misplaced = markup
        misplaced.insert(Element(zIndex: misplaced.nextZIndex, frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .shape(rectangle)))
        #expect(throws: MarkupError.self) { try misplaced.validate() }
    }

    @Test func copiesKeepTheirConnectionsOnlyToWhatCameWithThem() throws {
        let (markup, arrow) = Self.connected()
        var document = markup
        // Appended to itself, every id is taken: the copies get new ones, and the copied arrow is
        // attached to the copied rectangle and ellipse.
        document.append(contentsOf: markup)
        let count = markup.elements.count
        guard case .shape(let copied) = document.elements[count + arrow].content else { Issue.record("not a shape"); return }
        #expect(copied.startConnection?.element == document.elements[count + arrow - 2].id)
        #expect(copied.endConnection?.element == document.elements[count + arrow - 1].id)
        #expect(copied.endConnection?.anchor == Point(x: 0.25, y: 1) && copied.endConnection?.isExact == true)
        try document.validate()
    }
}
