import Foundation
import MarkupModel
import MarkupTestSupport
import Testing

struct MarkupTests {
    static func stroke(_ ink: InkType = .pen, at origin: Point = .zero, color: Color = .black) -> Stroke {
        let points = (0..<10).map { index in
            StrokePoint(location: Point(x: origin.x + Double(index) * 5, y: origin.y), timeOffset: Double(index) / 240,
                        size: Size(width: 4, height: 4))
        }
        return Stroke(ink: Ink(ink, color: color, width: 4), points: points)
    }

    @Test func insertionsStackInZOrder() {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let first = markup.insertNewShape(configuration: .rectangle, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let second = markup.insertNewStroke(Self.stroke())
        let third = markup.insertNewTextbox(attributedText: AttributedText("hi"), frame: Rect(x: 5, y: 5, width: 50, height: 20))
        #expect(markup.elements.map(\.id) == [first, second, third])
        #expect(zip(markup.elements, markup.elements.dropFirst()).allSatisfy { $0.zIndex < $1.zIndex })
        #expect(markup.element(withID: second)?.content.kind == .stroke)
        #expect(markup.element(withID: ElementID()) == nil)
    }

    @Test func insertingAtATakenZIndexMakesRoom() throws {
        var markup = Markup(bounds: .zero)
        let bottom = markup.insertNewShape(configuration: .ellipse, frame: .zero)
        let top = markup.insertNewShape(configuration: .ellipse, frame: .zero)
        let zIndex = try #require(markup.element(withID: top)?.zIndex)
        let middle = Element(zIndex: zIndex, frame: .zero, content: .loupe(Loupe()))
        markup.insert(middle)
        #expect(markup.elements.map(\.id) == [bottom, middle.id, top])
        try markup.validate()
    }

    @Test func removingAndReplacing() throws {
        var markup = Markup(bounds: .zero)
        let id = markup.insertNewLink(url: "https://a.example", frame: .zero)
        #expect(markup.updateElement(withID: id) { $0.rotation = 1 })
        #expect(markup.element(withID: id)?.rotation == 1)
        #expect(markup.removeElement(withID: id)?.id == id)
        #expect(markup.removeElement(withID: id) == nil)
        #expect(!markup.updateElement(withID: id) { _ in })
        #expect(markup.elements.isEmpty)
    }

    @Test func strokeFrameFollowsItsPoints() throws {
        var markup = Markup(bounds: .zero)
        let id = markup.insertNewStroke(Self.stroke(at: Point(x: 100, y: 50)))
        let frame = try #require(markup.element(withID: id)?.frame)
        #expect(frame.minX <= 100 - 2 && frame.maxX >= 145 + 2)
        #expect(frame.minY <= 48 && frame.maxY >= 52)
    }

    @Test func contentsRenderFrameCoversRotatedElements() {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 500, height: 500))
        #expect(markup.contentsRenderFrame == .zero)
        markup.insertNewShape(configuration: .rectangle, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        markup.insertNewShape(configuration: .rectangle, frame: Rect(x: 100, y: 100, width: 20, height: 20), rotation: .pi / 4)
        let frame = markup.contentsRenderFrame
        #expect(frame.minX == 0 && frame.minY == 0)
        #expect(abs(frame.maxX - (110 + 10 * 2.squareRoot())) < 1e-9)
    }

    @Test func indexableContentHoldsAllText() {
        var markup = Markup(bounds: .zero, title: "Plans")
        markup.insertNewTextbox(attributedText: AttributedText(runs: [TextRun("Hello "), TextRun("world")]), frame: .zero)
        markup.insertNewLink(url: "https://markupkit.example/doc", frame: .zero)
        markup.insertNewStroke(Self.stroke())
        #expect(markup.indexableContent == "Plans\nHello world\nhttps://markupkit.example/doc")
    }

    @Test func featureSetListsWhatIsUsed() throws {
        var markup = Markup(bounds: .zero)
        #expect(markup.featureSet == FeatureSet.empty)
        markup.insertNewStroke(Self.stroke(.crayon, color: Color(red: 3, green: 0, blue: 0)))
        markup.insertNewLine(frame: Rect(x: 0, y: 0, width: 10, height: 10), from: .zero, to: Point(x: 10, y: 10),
                             startMarker: .none, endMarker: .arrow)
        try markup.insertNewImage(Data(RandomDocuments.onePixelPNG), frame: .zero)
        markup.insertNewSticker(emoji: "⭐️", frame: .zero)
        let used = markup.featureSet
        #expect(used.features == [.drawing, .images, .stickers, .shapeStrokes])
        #expect(used.inks == [.crayon])
        #expect(used.shapes == [.line])
        #expect(used.lineMarkerPositions == .end)
        #expect(used.colorMaximumLinearExposure == 3)
        #expect(markup.contentVersion == .version2)
    }

    @Test func insertNewImageRefusesOtherBytes() {
        var markup = Markup(bounds: .zero)
        #expect(throws: MarkupError.malformedData(reason: "image data is neither PNG nor JPEG")) {
            try markup.insertNewImage(Data("GIF89a".utf8), frame: .zero)
        }
        #expect(markup.elements.isEmpty && markup.blobs.isEmpty)
    }

    @Test func blobsAreStoredOnce() throws {
        var markup = Markup(bounds: .zero)
        let png = Data(RandomDocuments.onePixelPNG)
        try markup.insertNewImage(png, frame: .zero)
        try markup.insertNewImage(png, frame: .zero)
        #expect(markup.blobs.count == 1)
        #expect(markup.blobs.keys.first == BlobID(of: png))
    }

    @Test func removeContentUnsupportedStripsAndClamps() throws {
        var markup = Markup(bounds: .zero)
        markup.insertNewStroke(Self.stroke(.reed))
        let pen = markup.insertNewStroke(Self.stroke(.pen, color: Color(red: 5, green: 0.5, blue: 0)))
        markup.insertNewTextbox(attributedText: AttributedText("gone"), frame: .zero)
        var filled = Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .circle, endMarker: .arrow),
                           fillColor: .white, strokeColor: .black, lineWidth: 2, opacity: 0.5)
        filled.fillColor = Color(red: 0, green: 0, blue: 1)
        let shape = markup.insert(.shape(filled), frame: .zero)
        try markup.insertNewImage(Data(RandomDocuments.onePixelPNG), frame: .zero)

        var supported = FeatureSet.version1
        supported.remove(.text)
        supported.remove(.images)
        supported.remove(.shapeFills)
        supported.remove(.shapeOpacity)
        supported.lineMarkerPositions = .end
        markup.removeContentUnsupported(by: supported)

        #expect(markup.elements.map(\.id) == [pen, shape])
        #expect(markup.blobs.isEmpty)
        guard case .stroke(let stroke) = markup.element(withID: pen)?.content,
              case .shape(let kept) = markup.element(withID: shape)?.content else {
            Issue.record("kept elements changed kind")
            return
        }
        #expect(stroke.ink.color == Color(red: 1, green: 0.5, blue: 0))
        #expect(kept.fillColor == nil && kept.opacity == 1 && kept.strokeColor == .black)
        #expect(kept.configuration == .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        #expect(markup.featureSet.isSubset(of: supported))
    }

    @Test func transformContentMovesEverything() throws {
        var markup = Markup(bounds: .zero)
        let stroke = markup.insertNewStroke(Self.stroke())
        let box = markup.insertNewShape(configuration: .rectangle, frame: Rect(x: 0, y: 0, width: 10, height: 20))
        let before = try #require(markup.element(withID: stroke)?.frame)
        markup.transformContent(Transform2D(scaleX: 2, y: 2).concatenating(Transform2D(translationX: 100, y: 0)))
        let after = try #require(markup.element(withID: stroke)?.frame)
        #expect(abs(after.minX - (before.minX * 2 + 100)) < 1e-9)
        #expect(markup.element(withID: box)?.frame == Rect(x: 100, y: 0, width: 20, height: 40))

        markup.transformContent(Transform2D(rotationAbout: Point(x: 120, y: 20), radians: .pi / 2))
        let rotated = try #require(markup.element(withID: box))
        #expect(abs(rotated.rotation - .pi / 2) < 1e-12)
        #expect(abs(rotated.frame.center.x - 120) < 1e-9 && abs(rotated.frame.center.y - 10) < 1e-9)
    }

    @Test func appendGivesCollidingIDsNewOnes() throws {
        var first = Markup(bounds: .zero)
        let shared = first.insertNewShape(configuration: .ellipse, frame: .zero)
        var second = Markup(bounds: .zero)
        second.insert(.shape(Shape(configuration: .star(points: 5, innerRadius: 0.5))), frame: .zero, id: shared)
        try second.insertNewImage(Data(RandomDocuments.onePixelPNG), frame: .zero)
        first.append(contentsOf: second)
        #expect(first.elements.count == 3)
        #expect(Set(first.elements.map(\.id)).count == 3)
        #expect(first.elements[1].content == second.elements[0].content)
        #expect(first.blobs == second.blobs)
        try first.validate()
    }

    @Test func validateNamesBrokenInvariants() {
        var markup = Markup(bounds: .zero)
        let id = ElementID()
        markup.replaceElements([
            Element(id: id, zIndex: 1, frame: .zero, content: .loupe(Loupe())),
            Element(id: id, zIndex: 2, frame: .zero, content: .loupe(Loupe())),
        ])
        #expect(throws: MarkupError.malformedData(reason: "element id \(id) appears twice")) { try markup.validate() }

        let other = ElementID()
        markup.replaceElements([
            Element(id: id, zIndex: 2, frame: .zero, content: .loupe(Loupe())),
            Element(id: other, zIndex: 1, frame: .zero, content: .loupe(Loupe())),
        ])
        #expect(throws: MarkupError.malformedData(reason: "element \(other) is out of z-order")) { try markup.validate() }

        markup.replaceElements([Element(id: id, zIndex: 1, frame: Rect(x: .nan, y: 0, width: 1, height: 1), content: .loupe(Loupe()))])
        #expect(throws: MarkupError.self) { try markup.validate() }

        let missing = BlobID(of: Data([1, 2, 3]))
        markup.replaceElements([Element(id: id, zIndex: 1, frame: .zero, content: .image(ImageElement(blob: missing)))])
        #expect(throws: MarkupError.malformedData(reason: "element \(id) draws blob \(missing), which is missing")) { try markup.validate() }
    }

    /// A straight line whose ends a file put outside its frame covers them: what the spatial index,
    /// the canvas limit and a view's elements go by.
    @Test func aLineCoversItsEndsOutsideItsFrame() {
        let line = Element(zIndex: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                           content: .shape(Shape(configuration: .line(from: Point(x: -1, y: -1), to: Point(x: 2, y: 2), startMarker: .none, endMarker: .none))))
        #expect(line.renderFrame == Rect(x: -10, y: -10, width: 30, height: 30))
        let inside = Element(zIndex: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                             content: .shape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))))
        #expect(inside.renderFrame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    /// Nothing of a document read from outside lies past the canvas, or stacks where the next
    /// element's z-index would overflow: what a drawing, a ruling or a copy computes from them stays
    /// finite.
    @Test func validateKeepsDocumentsWithinTheCanvas() throws {
        let id = ElementID()
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        markup.replaceElements([Element(id: id, zIndex: 1, frame: Rect(x: 0, y: 0, width: 1.5e308, height: 1.5e308),
                                        content: .shape(Shape(configuration: .rectangle)))])
        #expect(throws: MarkupError.malformedData(reason: "element \(id): it lies outside the canvas (±1000000000 points)")) { try markup.validate() }
        markup.replaceElements([Element(id: id, zIndex: 1, frame: Rect(x: 9e8, y: 0, width: 2e8, height: 10), content: .loupe(Loupe()))])
        #expect(throws: MarkupError.self) { try markup.validate() }
        markup.replaceElements([Element(id: id, zIndex: .max, frame: .zero, content: .loupe(Loupe()))])
        #expect(throws: MarkupError.malformedData(reason: "element \(id): its z-index is out of range")) { try markup.validate() }
        markup.replaceElements([Element(id: id, zIndex: Markup.zIndexLimit, frame: Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), content: .loupe(Loupe()))])
        try markup.validate()
        markup.bounds = Rect(x: 0, y: 0, width: 1e157, height: 1e157)
        #expect(throws: MarkupError.malformedData(reason: "document bounds are invalid")) { try markup.validate() }
    }

    @Test func timestampsKeepWholeMilliseconds() {
        var markup = Markup(bounds: .zero, createdAt: Date(timeIntervalSince1970: 1.23456789))
        #expect(markup.createdAt.millisecondsSince1970 == 1235)
        #expect(markup.createdAt == Date(millisecondsSince1970: 1235))
        markup.modifiedAt = Date(timeIntervalSince1970: 2.0004)
        #expect(markup.modifiedAt.millisecondsSince1970 == 2000)
    }
}

struct ExposureTests {
    @Test func maximumLinearExposureMatchesTheFeatureSet() {
        for seed in 0..<20 as Range<UInt64> {
            let markup = RandomDocuments.make(seed: seed)
            #expect(markup.maximumLinearExposure == markup.featureSet.colorMaximumLinearExposure)
        }
        #expect(Markup(bounds: .zero).maximumLinearExposure == 1)
    }
}

/// A selection taken out of its document, as a picture of it is drawn.
struct MarkupSubsetTests {
    @Test func keepingOnlySomeElementsKeepsThemInOrderWithoutTheBackground() {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 800))
        markup.backgroundColor = Color(hex: "#fff8e0")
        let ids = (0..<20_000).map { index in
            markup.insertNewShape(configuration: .rectangle, frame: Rect(x: Double(index % 500), y: Double(index / 500), width: 10, height: 10))
        }
        let wanted: Set = [ids[19_999], ids[7], ids[12_345]]
        let subset = markup.keeping(only: wanted)
        #expect(subset.elements.map(\.id) == [ids[7], ids[12_345], ids[19_999]])
        #expect(subset.backgroundColor == nil && subset.background == nil && markup.elements.count == 20_000)
        #expect(subset.element(withID: ids[12_345]) != nil && subset.element(withID: ids[8]) == nil)
        #expect(markup.keeping(only: []).elements.isEmpty)
    }
}

/// Many elements removed at once (a large selection deleted or cut, a document cleared).
struct ManyRemovalsTests {
    @Test func manyGoInOnePassAndComeBackInTheOrderNamed() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 800))
        let ids = (0..<200).map { index in
            markup.insertNewShape(configuration: .ellipse, frame: Rect(x: Double(index), y: Double(index), width: 10, height: 10))
        }
        let named = Array(ids[50..<150].reversed()) + [ids[60], ElementID()]
        let before = markup
        let backward = markup.apply(MarkupChange(removed: named))
        #expect(backward.added.map(\.id) == Array(ids[50..<150].reversed()), "each once, in the order named; the unknown id skipped")
        #expect(markup.elements.map(\.id) == Array(ids[..<50] + ids[150...]))
        #expect(markup.element(withID: ids[70]) == nil && markup.element(withID: ids[170]) != nil)
        try markup.validate()
        markup.apply(backward)
        #expect(markup == before)
        // A few go one by one, the same way.
        #expect(markup.apply(MarkupChange(removed: [ids[3], ids[1]])).added.map(\.id) == [ids[3], ids[1]])
    }

    @Test func manyInsertedAtOnceEndAsWhenInsertedOneByOne() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 800))
        let ids = (0..<300).map { index in
            markup.insertNewShape(configuration: .rectangle, frame: Rect(x: Double(index), y: 0, width: 10, height: 10))
        }
        func element(z: Int64, id: ElementID = ElementID()) -> Element {
            Element(id: id, zIndex: z, frame: Rect(x: Double(z % 500), y: 5, width: 4, height: 4), content: .sticker(.emoji("⭐️")))
        }
        let zs = markup.elements.map(\.zIndex)
        let cases: [(String, [Element])] = [
            ("between the others, in any order", stride(from: 299, through: 0, by: -7).map { element(z: zs[$0] + 1) }),
            ("below and above everything", (0..<40).map { element(z: $0 % 2 == 0 ? zs[0] - Int64($0) - 1 : zs[299] + Int64($0)) }),
            ("one on another's z-index", (0..<30).map { element(z: $0 == 17 ? zs[100] : zs[$0 * 9] + 2) }),
            ("two on one z-index", (0..<30).map { element(z: zs[$0 % 29 * 9] + 3) }),
            ("one id twice", { var list = (0..<30).map { element(z: zs[$0 * 9] + 4) }; list[20] = element(z: zs[250] + 4, id: list[3].id); return list }()),
            ("replacing elements at their own z-index and at new ones", (0..<30).map { index in
                index % 3 == 0 ? element(z: zs[index * 9], id: ids[index * 9]) : element(z: zs[index * 9] + 6, id: ids[index * 9 + 1])
            }),
            ("replacing elements, one at its own z-index, one at another's", (0..<30).map { index in
                index == 5 ? element(z: zs[5], id: ids[5]) : index == 6 ? element(z: zs[200], id: ids[6]) : element(z: zs[index * 9] + 5, id: ids[index * 9 + 1])
            }),
        ]
        for (name, added) in cases {
            var together = markup, inTurn = markup
            together.insertElements(added)
            for element in added { inTurn.insert(element) }
            #expect(together == inTurn, "\(name)")
            #expect(together.elements.map(\.zIndex) == together.elements.map(\.zIndex).sorted(), "\(name)")
            #expect(together.elements.allSatisfy { together.element(withID: $0.id)?.zIndex == $0.zIndex }, "\(name)")
        }
    }
}
