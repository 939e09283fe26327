import Foundation
import MarkupEditor
import MarkupModel
import MarkupTestSupport
import Testing

/// Pictures cropped to a part of them: what stays shown stays where it is, the frame around just
/// that part, and the rest comes back when the crop is widened.
struct CropTests {
    /// A 200 × 100 pt picture at (100, 100), maybe turned.
    static func controller(rotation: Double = 0) throws -> (MarkupController, ElementID) {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0)))
        controller.undoScope = "page"
        let id = try controller.insertImage(SamplePDF.quartersPNG(width: 20, height: 10), frame: Rect(x: 100, y: 100, width: 200, height: 100))
        if rotation != 0 {
            controller.select([id])
            try controller.rotateSelection(by: rotation)
        }
        return (controller, id)
    }

    static func image(_ id: ElementID, in controller: MarkupController) throws -> (Element, ImageElement) {
        let element = try #require(controller.markup.element(withID: id))
        guard case .image(let image) = element.content else { throw EditorError.invalidGeometry("not a picture") }
        return (element, image)
    }

    /// Where the point `unit` of the whole picture (unit coordinates) lies on the page.
    static func pagePoint(_ unit: Point, of element: Element, crop: Rect?) -> Point {
        let whole = ImageElement.wholePicture(in: element.frame, crop: crop)
        let local = Point(x: whole.minX + unit.x * whole.width, y: whole.minY + unit.y * whole.height)
        return element.documentPoint(Point(x: (local.x - element.frame.minX) / element.frame.width, y: (local.y - element.frame.minY) / element.frame.height))
    }

    @Test func aCroppedPictureKeepsWhatItShowsInPlaceAndUndoShowsItWhole() throws {
        let (controller, id) = try Self.controller()
        try controller.cropImage(id, to: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))
        var (element, image) = try Self.image(id, in: controller)
        #expect(image.crop == Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))
        #expect(element.frame == Rect(x: 200, y: 100, width: 100, height: 50), "the top right quarter, where it was")
        // Widened again to the whole, the frame is the whole picture's and nothing is cropped.
        try controller.cropImage(id, to: Rect(x: 0, y: 0, width: 1, height: 1))
        (element, image) = try Self.image(id, in: controller)
        #expect(image.crop == nil && element.frame == Rect(x: 100, y: 100, width: 200, height: 100))
        try controller.undo()
        #expect(try Self.image(id, in: controller).0.frame == Rect(x: 200, y: 100, width: 100, height: 50))
        try controller.undo()
        (element, image) = try Self.image(id, in: controller)
        #expect(image.crop == nil && element.frame == Rect(x: 100, y: 100, width: 200, height: 100))
    }

    @Test(arguments: [0.0, 0.7, -2.1])
    func aTurnedPictureCroppedKeepsEachPixelWhereItWas(rotation: Double) throws {
        let (controller, id) = try Self.controller(rotation: rotation)
        let spots = [Point(x: 0.6, y: 0.2), Point(x: 0.9, y: 0.45), Point(x: 0.3, y: 0.9)]
        let (before, _) = try Self.image(id, in: controller)
        let was = spots.map { Self.pagePoint($0, of: before, crop: nil) }
        try controller.cropImage(id, to: Rect(x: 0.25, y: 0.1, width: 0.7, height: 0.85))
        try controller.cropImage(id, to: Rect(x: 0.2, y: 0.15, width: 0.75, height: 0.8))
        let (after, image) = try Self.image(id, in: controller)
        #expect(after.rotation == before.rotation)
        for (spot, place) in zip(spots, was) {
            #expect(Self.pagePoint(spot, of: after, crop: image.crop).distance(to: place) < 1e-9, "\(spot)")
        }
    }

    /// An arrow's end fixed on a spot of the picture stays on that spot as it is cropped; one whose
    /// spot is cropped away lets go; undo puts both back.
    @Test func anArrowOnASpotOfThePictureStaysOnItAsItIsCropped() throws {
        let (controller, id) = try Self.controller()
        // Spots near the top right (270, 110) and the bottom left (110, 190) of the 200 × 100 picture at (100, 100).
        let kept = try controller.insertLine(from: Point(x: 500, y: 50), to: Point(x: 270, y: 110), connecting: true)
        let lost = try controller.insertLine(from: Point(x: 50, y: 400), to: Point(x: 110, y: 190), connecting: true)
        #expect(try ConnectionTests.shape(kept, in: controller).endConnection?.isExact == true)
        try controller.cropImage(id, to: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))
        #expect(ConnectionTests.near(try ConnectionTests.ends(kept, in: controller).end, Point(x: 270, y: 110)))
        #expect(try ConnectionTests.shape(kept, in: controller).endConnection?.element == id)
        #expect(try ConnectionTests.shape(lost, in: controller).endConnection == nil, "its spot was cropped away")
        try controller.undo()
        #expect(try ConnectionTests.shape(lost, in: controller).endConnection?.element == id)
    }

    /// A picture described says what it shows (trimmed), in one step; blank, the description goes;
    /// one too long, or a shape, is refused.
    @Test func aPictureIsDescribed() throws {
        let (controller, id) = try Self.controller()
        try controller.describeImage(id, as: "  Four quarters: red, green, blue and black \n")
        #expect(try Self.image(id, in: controller).1.description == "Four quarters: red, green, blue and black")
        try controller.describeImage(id, as: " ")
        #expect(try Self.image(id, in: controller).1.description.isEmpty)
        try controller.undo()
        #expect(try Self.image(id, in: controller).1.description == "Four quarters: red, green, blue and black")
        #expect(throws: EditorError.self) { try controller.describeImage(id, as: String(repeating: "é", count: ImageElement.maximumDescriptionBytes)) }
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: EditorError.self) { try controller.describeImage(shape, as: "a box") }
    }

    @Test func badCropsAreRefusedAndChangeNothing() throws {
        let (controller, id) = try Self.controller()
        let before = controller.markup
        for crop in [Rect(x: -0.1, y: 0, width: 0.5, height: 0.5), Rect(x: 0.6, y: 0, width: 0.5, height: 0.5), Rect(x: 0, y: 0, width: 0, height: 1),
                     Rect(x: .nan, y: 0, width: 0.5, height: 0.5), Rect(x: 0, y: 0, width: 0.0001, height: 1)] {
            #expect(throws: EditorError.self) { try controller.cropImage(id, to: crop) }
        }
        // A picture squeezed flat is not cropped (its crop would be no number).
        var flat = try #require(controller.markup.element(withID: id))
        flat.frame = Rect(x: 100, y: 100, width: 200, height: 0)
        let squeezed = MarkupController(markup: { var markup = controller.markup; markup.updateElement(withID: id) { $0 = flat }; return markup }())
        #expect(throws: EditorError.self) { try squeezed.cropImage(id, to: Rect(x: 0, y: 0, width: 0.5, height: 0.5)) }
        let shape = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: EditorError.self) { try controller.cropImage(shape, to: Rect(x: 0, y: 0, width: 0.5, height: 0.5)) }
        try controller.undo()
        #expect(controller.markup == before)
    }
}
