import Foundation
import MarkupRender
import MarkupTestSupport
import Testing

/// Pictures told whole or damaged from their structure, before they become a document's.
struct PictureCheckTests {
    static let png = SamplePDF.quartersPNG(width: 40, height: 20)
    static let jpeg = Data(JPEGTests.blueJPEG)

    @Test func wholePicturesPass() {
        #expect(MarkupRenderer.pictureProblem(Self.png) == nil)
        #expect(MarkupRenderer.pictureProblem(Self.jpeg) == nil)
        // Bytes after a JPEG's end, as some cameras write, are not its picture's.
        #expect(MarkupRenderer.pictureProblem(Self.jpeg + Data(repeating: 0x20, count: 100)) == nil)
    }

    @Test func picturesCutShortAreRefused() {
        for length in [9, 30, Self.png.count / 2, Self.png.count - 1] {
            #expect(MarkupRenderer.pictureProblem(Self.png.prefix(length)) != nil, "PNG of \(length) bytes")
        }
        for length in [4, 30, Self.jpeg.count / 2, Self.jpeg.count - 2] {
            #expect(MarkupRenderer.pictureProblem(Self.jpeg.prefix(length)) != nil, "JPEG of \(length) bytes")
        }
        #expect(MarkupRenderer.pictureProblem(Self.png.prefix(Self.png.count - 12)) == "the PNG is cut short")
        #expect(MarkupRenderer.pictureProblem(Self.jpeg.prefix(Self.jpeg.count - 2)) == "the JPEG is cut short")
    }

    @Test func aChangedByteIsFound() {
        var damaged = Self.png
        damaged[damaged.count - 20] ^= 0x40
        #expect(MarkupRenderer.pictureProblem(damaged) == "a chunk of the PNG is damaged")
        let signatureAlone = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("not a picture at all".utf8)
        #expect(MarkupRenderer.pictureProblem(signatureAlone) != nil)
        #expect(MarkupRenderer.pictureProblem(Data([0xFF, 0xD8, 0xFF]) + Data("junk".utf8)) != nil)
        #expect(MarkupRenderer.pictureProblem(Data("GIF89a".utf8)) == "it is neither a PNG nor a JPEG")
    }

    /// What readers pass over is passed over: a damaged chunk the picture does not need, stray bytes
    /// between a JPEG's segments.
    @Test func whatReadersPassOverPasses() {
        var bytes = [UInt8](Self.png)
        let text: [UInt8] = [0, 0, 0, 4] + Array("tEXt".utf8) + Array("a\0bc".utf8.prefix(4)) + [0xDE, 0xAD, 0xBE, 0xEF]
        bytes.insert(contentsOf: text, at: 33)
        #expect(MarkupRenderer.pictureProblem(Data(bytes)) == nil)
        var jpeg = [UInt8](Self.jpeg)
        jpeg.insert(contentsOf: [0x00, 0x00, 0x00], at: 20)
        #expect(MarkupRenderer.pictureProblem(Data(jpeg)) == nil)
    }

    @Test func aDamagedBackgroundIsRefusedInWords() {
        #expect(throws: RenderError.invalidPicture("the PNG is cut short")) {
            try BackgroundDocuments.markup(background: Self.png.prefix(Self.png.count - 12), title: "Cut")
        }
        #expect(throws: Never.self) { try BackgroundDocuments.markup(background: Self.png, title: "Whole") }
    }
}
