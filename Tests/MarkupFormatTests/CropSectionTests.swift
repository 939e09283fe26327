import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Cropped pictures in a `.markup` file: the ancillary `crop` section.
struct CropSectionTests {
    /// Strokes, then a cropped picture, a whole one and a rectangle.
    static func cropped() -> (Markup, picture: Int) {
        var markup = RandomDocuments.make(seed: 11, elementCount: 3).straightened()
        let blob = markup.addBlob(SamplePDF.quartersPNG(width: 20, height: 10))
        markup.insert(.image(ImageElement(blob: blob, crop: Rect(x: 0.25, y: 0, width: 0.5, height: 0.75))), frame: Rect(x: 0, y: 0, width: 100, height: 75))
        markup.insert(.image(ImageElement(blob: blob)), frame: Rect(x: 200, y: 0, width: 200, height: 100))
        markup.insert(.shape(Shape(configuration: .rectangle)), frame: Rect(x: 0, y: 200, width: 50, height: 50))
        return (markup, markup.elements.count - 3)
    }

    @Test func cropsComeBackInBothFormsAndAReaderThatSkipsThemShowsThePicturesWhole() throws {
        let (markup, picture) = Self.cropped()
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(!CropSection.tag.isCritical)
        let skipped = try MarkupFile.decode(bytes: DocumentSectionTests.file(markup, replacing: CropSection.tag, with: nil)).markup
        guard case .image(let whole) = skipped.elements[picture].content else { Issue.record("not a picture"); return }
        #expect(whole.crop == nil && skipped.elements[picture].frame == markup.elements[picture].frame)
        let plain = DocumentSectionTests.dashed()
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: plain).encoded())).sections.allSatisfy { $0.tag != CropSection.tag })
    }

    @Test func aDamagedCropSectionIsRefusedWithTheReason() throws {
        let (markup, picture) = Self.cropped()
        func doubles(_ values: Double...) -> [UInt8] { values.flatMap { value in withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } } }
        let at = UInt8(picture)
        try DocumentSectionTests.expectRefused(markup, section: CropSection.tag, [
            ([1, UInt8(markup.elements.count)] + doubles(0, 0, 1, 1), "past the document's elements"),
            ([1, at] + doubles(0.5, 0, 0.6, 1), "reaches outside"),
            ([1, at] + doubles(-0.1, 0, 0.5, 1), "reaches outside"),
            ([1, at] + doubles(0, 0, 0, 1), "reaches outside"),
            ([1, at] + doubles(0, 0, .nan, 1), "not a finite number"),
            ([1, at] + doubles(0, 0, 1), "ends early"),
            ([1, at] + doubles(0, 0, 1, 1) + [7], "stray bytes"),
            ([1, UInt8(picture + 2)] + doubles(0, 0, 1, 1), "not a picture"),
        ])
    }

    @Test func aJSONFormWithACropOutOfRangeIsRefused() throws {
        let (markup, _) = Self.cropped()
        let text = String(decoding: try MarkupJSON.encode(MarkupFile(markup: markup)), as: UTF8.self)
        #expect(text.contains(#""crop""#))
        let broken = text.replacingOccurrences(of: #""width" : 0.5"#, with: #""width" : 1.5"#)
        #expect(broken != text)
        #expect(throws: MarkupError.self) { try MarkupJSON.decode(Data(broken.utf8)) }
    }
}
