import Foundation
import MarkupModel
import MarkupRender
import Testing

/// A photograph's EXIF orientation followed as browsers follow it, and a JPEG kept as it is in a PDF.
struct JPEGOrientationTests {
    /// The 16 × 8 blue JPEG with an EXIF segment saying it is seen turned a quarter (orientation 6),
    /// as a phone writes it, in the byte order `littleEndian` says.
    static func turnedJPEG(littleEndian: Bool = true) -> Data {
        func short(_ value: Int) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func long(_ value: Int) -> [UInt8] { littleEndian ? short(value & 0xFFFF) + short(value >> 16) : short(value >> 16) + short(value & 0xFFFF) }
        let tiff = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + short(42) + long(8)
            + short(2) + short(0x010F) + short(2) + long(4) + Array("cam\0".utf8) + short(0x0112) + short(3) + long(1) + short(6) + short(0) + long(0)
        let payload = Array("Exif\0\0".utf8) + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        return Data(JPEGTests.blueJPEG.prefix(2) + segment + JPEGTests.blueJPEG.dropFirst(2))
    }

    @Test func aTurnedPhotographIsSeenUpright() throws {
        #expect(MarkupRenderer.imagePixelSize(Data(JPEGTests.blueJPEG)) ?? (0, 0) == (16, 8))
        for littleEndian in [true, false] {
            let turned = Self.turnedJPEG(littleEndian: littleEndian)
            #expect(MarkupRenderer.pictureProblem(turned) == nil)
            #expect(MarkupRenderer.imagePixelSize(turned) ?? (0, 0) == (8, 16))
            let page = try #require(try BackgroundDocuments.markup(background: turned, title: "Photo").background?.pages.first?.frame)
            #expect(page.width == 8 && page.height == 16)
        }
    }

    @Test func aPDFKeepsAnUprightJPEGAsItIs() throws {
        func pdf(of picture: Data) throws -> String {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
            try markup.insertNewImage(picture, frame: Rect(x: 10, y: 10, width: 80, height: 40))
            return String(decoding: try MarkupRenderer(markup: markup).pdf(), as: UTF8.self)
        }
        #expect(try pdf(of: Data(JPEGTests.blueJPEG)).contains("/DCTDecode"))
        // One seen turned is drawn from its pixels turned upright.
        #expect(try !pdf(of: Self.turnedJPEG()).contains("/DCTDecode"))
    }
}
