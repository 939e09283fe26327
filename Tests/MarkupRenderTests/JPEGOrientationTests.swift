import CGdkPixbuf
import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// A photograph's EXIF orientation followed as browsers follow it, and a JPEG kept as it is in a PDF.
struct JPEGOrientationTests {
    /// The 16 × 8 blue JPEG with an EXIF segment saying it is seen turned a quarter (orientation 6),
    /// as a phone writes it, in the byte order `littleEndian` says.
    static func turnedJPEG(littleEndian: Bool = true) -> Data {
        withOrientation(6, Data(JPEGTests.blueJPEG), littleEndian: littleEndian)
    }

    /// `jpeg` with an EXIF segment giving `orientation` put in after its start, as a short (EXIF's
    /// type 3) or, with `asLong`, a long (type 4, as some writers put it).
    static func withOrientation(_ orientation: Int, _ jpeg: Data, littleEndian: Bool = true, asLong: Bool = false) -> Data {
        func short(_ value: Int) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func long(_ value: Int) -> [UInt8] { littleEndian ? short(value & 0xFFFF) + short(value >> 16) : short(value >> 16) + short(value & 0xFFFF) }
        let tiff = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + short(42) + long(8)
            + short(2) + short(0x010F) + short(2) + long(4) + Array("cam\0".utf8) + short(0x0112) + (asLong ? short(4) + long(1) + long(orientation) : short(3) + long(1) + short(orientation) + short(0)) + long(0)
        let payload = Array("Exif\0\0".utf8) + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    /// The quarters picture (red, green / blue, black), 40 × 20 pixels, as a JPEG gdk-pixbuf writes.
    static func quartersJPEG() throws -> Data {
        let png = [UInt8](SamplePDF.quartersPNG(width: 40, height: 20))
        let loader = try #require(gdk_pixbuf_loader_new())
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        _ = png.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil) }
        _ = gdk_pixbuf_loader_close(loader, nil)
        let pixbuf = try #require(gdk_pixbuf_loader_get_pixbuf(loader))
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        let saved = "jpeg".withCString { type in
            "quality".withCString { key in
                "98".withCString { value in
                    var keys: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: key), nil]
                    var values: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: value), nil]
                    return gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, nil)
                }
            }
        }
        #expect(saved != 0)
        defer { g_free(buffer) }
        return Data(bytes: try #require(buffer), count: Int(size))
    }

    /// Every orientation is seen the same in a PDF (which takes the JPEG as it is, turned as it is
    /// drawn) as in a PNG (drawn from its pixels turned upright), and a quarter turn is the one
    /// browsers show.
    @Test func everyOrientationIsSeenAlikeInAPDFAsInAPicture() throws {
        let stored = try Self.quartersJPEG()
        /// Each quarter's color, red, green and blue each on (1) or off (0): top left, top right,
        /// bottom left, bottom right.
        func colors(_ pixels: Pixels, _ width: Int, _ height: Int) -> [String] {
            let spots: [(Int, Int)] = [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)]
            return spots.map { (spot: (Int, Int)) -> String in
                let pixel = pixels[spot.0, spot.1]
                let channels: [Int] = [pixel.red, pixel.green, pixel.blue]
                return channels.map { $0 > 128 ? "1" : "0" }.joined()
            }
        }
        for orientation in 1...8 {
            let jpeg = Self.withOrientation(orientation, stored)
            let (width, height) = orientation >= 5 ? (20, 40) : (40, 20)
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
            try markup.insertNewImage(jpeg, frame: markup.bounds)
            let picture = try Pixels(markup, width: width * 4, height: height * 4)
            let pdf = try MarkupRenderer(markup: markup).pdf()
            let printed = try Pixels(try BackgroundDocuments.markup(background: pdf, title: "Printed"), width: width * 4, height: height * 4)
            #expect(colors(printed, width * 4, height * 4) == colors(picture, width * 4, height * 4), "orientation \(orientation)")
            if orientation == 6 {
                // Turned a quarter clockwise: blue comes to the top left, red to the top right.
                #expect(colors(picture, width * 4, height * 4) == ["001", "100", "000", "010"])
            }
        }
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
        let long = Self.withOrientation(6, Data(JPEGTests.blueJPEG), asLong: true)
        #expect(MarkupRenderer.imagePixelSize(long) ?? (0, 0) == (8, 16))
    }

    @Test func aPDFKeepsAnUprightJPEGAsItIs() throws {
        func pdf(of picture: Data) throws -> String {
            var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
            try markup.insertNewImage(picture, frame: Rect(x: 10, y: 10, width: 80, height: 40))
            return String(decoding: try MarkupRenderer(markup: markup).pdf(), as: UTF8.self)
        }
        #expect(try pdf(of: Data(JPEGTests.blueJPEG)).contains("/DCTDecode"))
        // One seen turned too, turned as it is drawn.
        #expect(try pdf(of: Self.turnedJPEG()).contains("/DCTDecode"))
    }
}
