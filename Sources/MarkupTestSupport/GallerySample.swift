import Foundation
import MarkupInk
import MarkupModel

/// The sample document behind docs/gallery.png and the golden images: every ink and every kind of
/// element, built the same way every time.
public enum GallerySample {
    /// A 12 × 8 gradient PNG, for the image element and the image sticker.
    public static let gradientPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x00, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x42, 0x86, 0x89, 0xA6, 0x00, 0x00, 0x00, 0x24, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x64, 0xA8, 0xF8, 0x2F, 0xCE, 0xF0, 0x56, 0x9C, 0xE1, 0x1D, 0x1C, 0x49, 0xA0, 0x73, 0xDF, 0xB1, 0x30, 0xF0, 0x31, 0x10, 0x04, 0xD4, 0x54, 0xC4, 0x3F, 0xE8, 0xAC, 0x03, 0x00, 0x07, 0x8B, 0x0D, 0x30, 0xF0, 0xBD, 0xCE, 0x16, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82
    ]

    /// The height of each ink's row.
    public static let inkRowHeight = 48.0
    /// Where the ink rows start and how wide the page is.
    public static let inkRowsTop = 40.0
    public static let pageWidth = 640.0

    /// The area of `ink`'s row, for pictures of one ink.
    public static func row(of ink: InkType) -> Rect {
        let index = Double(InkType.allCases.firstIndex(of: ink)!)
        return Rect(x: 0, y: inkRowsTop + index * inkRowHeight, width: pageWidth, height: inkRowHeight)
    }

    /// The gallery: a row per ink (a word of handwriting with rising pressure), then shapes, text,
    /// an image, stickers, a loupe and a link.
    public static func make() -> Markup {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: pageWidth, height: 600), title: "MarkupKit gallery",
                            createdAt: Date(timeIntervalSince1970: 1_767_225_600))
        var random = SeededRandom(seed: 2026)
        func id() -> ElementID {
            var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            return ElementID(UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                         bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])))
        }
        markup.insert(.textBox(TextBox(text: AttributedText("MarkupKit — every ink and every element", font: TextFont(size: 20, weight: 700)))),
                      frame: Rect(x: 20, y: 8, width: 600, height: 30), id: id())
        let colors = ["#1c1c1e", "#5e5ce6", "#ff9f0a", "#34c759", "#0a84ff", "#ff3b30", "#bf5af2", "#1c1c1e"].map { Color(hex: $0)! }
        for (index, ink) in InkType.allCases.enumerated() {
            let row = row(of: ink)
            // Labelled in words (the Welcome document a new library starts with is this one).
            let label = ink == .fountainPen ? "fountain pen" : ink.rawValue
            markup.insert(.textBox(TextBox(text: AttributedText(label, font: TextFont(size: 13), color: Color(hex: "#6e6e73")!))),
                          frame: Rect(x: 20, y: row.minY + 16, width: 100, height: 20), id: id())
            let stroke = handwriting(ink: Ink(ink, color: colors[index], width: ink.defaultWidth), from: Point(x: 130, y: row.center.y + 8))
            markup.insert(.stroke(stroke), frame: .zero, id: id())
        }
        let shapesTop = inkRowsTop + 8 * inkRowHeight + 16
        let configurations: [ShapeConfiguration] = [
            .rectangle, .roundedRectangle(cornerRadius: 10), .ellipse, .chatBubble(tail: Point(x: 0.1, y: 1.2)),
            .regularPolygon(sides: 6), .star(points: 5, innerRadius: 0.45), .arrowShape,
        ]
        for (index, configuration) in configurations.enumerated() {
            let frame = Rect(x: 20 + Double(index) * 88, y: shapesTop, width: 72, height: 52)
            let fill = index % 2 == 0 ? Color(hex: "#0a84ff")!.withAlpha(0.25) : nil
            markup.insert(.shape(Shape(configuration: configuration, fillColor: fill, strokeColor: Color(hex: "#1c1c1e"), lineWidth: 2,
                                       opacity: index == 6 ? 0.6 : 1)), frame: frame, id: id())
        }
        markup.insert(.shape(Shape(configuration: .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .circle, endMarker: .arrow),
                                   strokeColor: Color(hex: "#ff3b30"), lineWidth: 3)),
                      frame: Rect(x: 20, y: shapesTop + 72, width: 180, height: 20), id: id())
        let text = AttributedText(runs: [
            TextRun("Text boxes wrap inside their frame, with ", font: TextFont(size: 14)),
            TextRun("bold", font: TextFont(size: 14, weight: 700)),
            TextRun(", ", font: TextFont(size: 14)),
            TextRun("italic", font: TextFont(size: 14, italic: true)),
            TextRun(" and colored runs.", font: TextFont(size: 14), color: Color(hex: "#ff3b30")!),
        ])
        markup.insert(.textBox(TextBox(text: text)), frame: Rect(x: 220, y: shapesTop + 66, width: 230, height: 60), id: id())
        let image = markup.addBlob(Data(gradientPNG))
        markup.insert(.image(ImageElement(blob: image, description: "a gradient")), frame: Rect(x: 470, y: shapesTop + 66, width: 72, height: 48),
                      rotation: -0.08, id: id())
        markup.insert(.sticker(.emoji("⭐️")), frame: Rect(x: 560, y: shapesTop + 62, width: 56, height: 56), id: id())
        markup.insert(.sticker(.image(image)), frame: Rect(x: 20, y: shapesTop + 110, width: 40, height: 40), id: id())
        markup.insert(.link(Link(url: "https://example.com/markupkit")), frame: Rect(x: 80, y: shapesTop + 116, width: 220, height: 28), id: id())
        markup.insert(.loupe(Loupe(magnification: 2)), frame: Rect(x: 296, y: shapesTop + 54, width: 84, height: 84), id: id())
        return markup
    }

    /// A word of cursive-like handwriting, sampled at 240 Hz with pressure rising along it.
    static func handwriting(ink: Ink, from start: Point) -> Stroke {
        var sampler = StrokeSampler(ink: ink)
        let count = 720
        let samples = (0..<count).map { index -> InputSample in
            let t = Double(index) / 240
            let angle = t * 2 * Double.pi * 3.2 - Double.pi / 2
            let location = Point(x: start.x + t * 110 - 9 * cos(angle), y: start.y - 14 * (0.5 + 0.5 * sin(angle)))
            return InputSample(location: location, time: t, force: 0.4 + 1.4 * Double(index) / Double(count),
                               azimuth: 0.8, altitude: 0.9 + 0.4 * Double(index) / Double(count), pointerKind: .pen)
        }
        _ = try? sampler.append(samples)
        sampler.finish()
        return Stroke(ink: ink, points: sampler.points, randomSeed: 7)
    }
}

private extension Color {
    func withAlpha(_ alpha: Double) -> Color {
        var copy = self
        copy.alpha = alpha
        return copy
    }
}
