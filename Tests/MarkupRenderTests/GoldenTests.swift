import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// Small renders of every ink and every element kind, compared with checked-in PNGs. Run with
/// `MARKUPKIT_UPDATE_GOLDENS=1` to write them anew after a deliberate change, then look at them.
struct GoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = repository.appendingPathComponent("Tests/MarkupRenderTests/Goldens")
    static let updating = ProcessInfo.processInfo.environment["MARKUPKIT_UPDATE_GOLDENS"] == "1"
    static let gallery = GallerySample.make()

    static var shapesTop: Double { GallerySample.inkRowsTop + 8 * GallerySample.inkRowHeight + 16 }

    static let cases: [(name: String, area: Rect)] = InkType.allCases.map { ("ink-\($0.rawValue)", GallerySample.row(of: $0)) } + [
        ("shapes", Rect(x: 10, y: shapesTop - 6, width: 620, height: 64)),
        ("line-and-text", Rect(x: 10, y: shapesTop + 60, width: 450, height: 70)),
        ("image-and-sticker", Rect(x: 460, y: shapesTop + 56, width: 170, height: 70)),
        ("image-sticker-and-link", Rect(x: 10, y: shapesTop + 104, width: 300, height: 50)),
        ("loupe", Rect(x: 286, y: shapesTop + 44, width: 104, height: 104)),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesItsGolden(name: String) throws {
        let area = Self.cases.first { $0.name == name }!.area
        let png = try MarkupRenderer(markup: Self.gallery).png(area: area, width: Int(area.width), height: Int(area.height))
        let url = Self.goldens.appendingPathComponent("\(name).png")
        if Self.updating { try png.write(to: url) }
        let golden = Pixels(png: try Data(contentsOf: url))
        let rendered = Pixels(png: png)
        #expect(golden.isValid && rendered.isValid)
        let difference = rendered.difference(from: golden)
        #expect(difference.mean < 1.5, "\(name): mean difference \(difference.mean)")
        #expect(difference.outliers < 0.01, "\(name): \(difference.outliers * 100)% of pixels differ")
        #expect(rendered.countDiffering(from: "#ffffff", in: (0..<rendered.width, 0..<rendered.height)) > 50, "\(name) shows something")
    }

    @Test func theGallerySampleIsCheckedIn() throws {
        let url = Self.repository.appendingPathComponent("docs/samples/gallery.markup.json")
        if Self.updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try MarkupJSON.encode(MarkupFile(markup: Self.gallery)).write(to: url)
        }
        #expect(try MarkupJSON.decode(Data(contentsOf: url)).markup == Self.gallery)
    }
}
