import Foundation
import MarkupModel

/// Random documents that use every element kind and every option, for round-trip property tests.
public enum RandomDocuments {
    /// A one-pixel PNG, for image elements and stickers.
    public static let onePixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// A document of `elementCount` random elements of every kind, drawn from `seed`.
    public static func make(seed: UInt64, elementCount: Int = 24) -> Markup {
        var random = SeededRandom(seed: seed)
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: random.uniform(100...2000), height: random.uniform(100...2000)),
                            title: random.unit() < 0.5 ? "Random \(seed)" : "",
                            createdAt: Date(timeIntervalSince1970: random.uniform(0...2e9)))
        markup.modifiedAt = Date(timeIntervalSince1970: random.uniform(0...2e9))
        if random.unit() < 0.5 { markup.backgroundColor = color(&random) }
        for index in 0..<elementCount {
            let frame = Rect(x: random.uniform(-100...1000), y: random.uniform(-100...1000),
                             width: random.uniform(0...500), height: random.uniform(0...500))
            let rotation = random.unit() < 0.5 ? 0 : random.uniform(-.pi...(.pi))
            let content: ElementContent
            switch ElementKind.allCases[index % ElementKind.allCases.count] {
            case .stroke: content = .stroke(stroke(&random))
            case .shape: content = .shape(shape(&random))
            case .textBox: content = .textBox(textBox(&random))
            case .image:
                let blob = markup.addBlob(Data(onePixelPNG + [UInt8(random.next() % 4)]))
                // Wide pictures cropped, from numbers already drawn, so the documents' other elements stay as they were.
                content = .image(ImageElement(blob: blob, description: random.unit() < 0.5 ? "photo \(index)" : "",
                                              crop: frame.width > 250 ? Rect(x: 0.1, y: 0.25, width: 0.5, height: 0.7) : nil))
            case .sticker:
                if random.unit() < 0.5 {
                    content = .sticker(.emoji(["👍", "⭐️", "🎉", "✅"][Int(random.next() % 4)]))
                } else {
                    content = .sticker(.image(markup.addBlob(Data(onePixelPNG))))
                }
            case .loupe: content = .loupe(Loupe(magnification: random.uniform(1...Loupe.maximumMagnification)))
            case .link: content = .link(Link(url: "https://example.com/\(random.next() % 1000)?q=a&b=\"c\""))
            }
            markup.insert(content, frame: frame, rotation: rotation)
        }
        return markup
    }

    static func color(_ random: inout SeededRandom) -> Color {
        Color(red: random.uniform(0...1.5), green: random.uniform(-0.1...1), blue: random.uniform(0...4), alpha: random.uniform(0...1))
    }

    static func stroke(_ random: inout SeededRandom) -> Stroke {
        let type = InkType.allCases[Int(random.next() % UInt64(InkType.allCases.count))]
        let count = Int(random.next() % 60)
        var time = 0.0
        let points = (0..<count).map { _ in
            time += random.uniform(0...0.02)
            return StrokePoint(
                location: Point(x: random.uniform(-1e4...1e4), y: random.uniform(-1e4...1e4)), timeOffset: time,
                size: Size(width: random.uniform(0...40), height: random.uniform(0...40)), opacity: random.unit(),
                force: random.uniform(0...5), azimuth: random.uniform(-10...10), altitude: random.uniform(0...1.6))
        }
        let transform = random.unit() < 0.5 ? Transform2D.identity
            : Transform2D(rotationRadians: random.uniform(-3...3)).concatenating(Transform2D(translationX: random.uniform(-50...50), y: 7))
        return Stroke(ink: Ink(type, color: color(&random), width: random.uniform(0...60)), points: points,
                      transform: transform, randomSeed: UInt32(truncatingIfNeeded: random.next()))
    }

    static func shape(_ random: inout SeededRandom) -> Shape {
        let markers = LineMarker.allCases
        // One number picks the kind (a block arrow, a heart or a cloud from the same eighth), so the
        // numbers drawn after it stay as they were before hearts and clouds.
        let pick = random.next()
        let configuration: ShapeConfiguration = switch ShapeType.allCases[Int(pick % 8)] {
        case .rectangle: .rectangle
        case .roundedRectangle: .roundedRectangle(cornerRadius: random.uniform(0...30))
        case .ellipse: .ellipse
        case .line: .line(from: Point(x: random.unit(), y: random.unit()), to: Point(x: random.unit(), y: random.unit()),
                          startMarker: markers[Int(random.next() % 6)], endMarker: markers[Int(random.next() % 6)])
        case .chatBubble: .chatBubble(tail: Point(x: random.uniform(-1...2), y: random.uniform(-1...2)))
        case .regularPolygon: .regularPolygon(sides: 3 + Int(random.next() % 10))
        case .star: .star(points: 3 + Int(random.next() % 10), innerRadius: random.unit())
        case .arrowShape, .heart, .cloud: [ShapeConfiguration.arrowShape, .heart, .cloud][Int(pick / 8 % 3)]
        }
        var shape = Shape(configuration: configuration, fillColor: random.unit() < 0.5 ? color(&random) : nil,
                          strokeColor: random.unit() < 0.5 ? color(&random) : nil, lineWidth: random.uniform(0...20), opacity: random.unit())
        // Half the lines bent and a quarter turning a corner, and the faintest shapes drawn by hand,
        // from numbers already drawn, so the documents' other elements stay as they were.
        shape.isSketchy = shape.opacity < 0.3
        if case .line(let from, let to, _, _) = configuration {
            if from.x > to.x { shape.lineMiddle = Point(x: from.y, y: to.x) } else if from.y > to.y { shape.lineCorners = [Point(x: to.x, y: from.y)] }
        }
        return shape
    }

    static func textBox(_ random: inout SeededRandom) -> TextBox {
        let samples = ["Hello", " world", "</text><script>alert(1)</script>", "Ünïcødé ✍️", "\n", "多言語"]
        let runs = (0..<(1 + Int(random.next() % 4))).map { _ in
            TextRun(samples[Int(random.next() % UInt64(samples.count))],
                    font: TextFont(family: ["Sans", "Serif", "DejaVu Sans Mono"][Int(random.next() % 3)],
                                   size: random.uniform(6...72), weight: 100 * (1 + Int(random.next() % 9)), italic: random.unit() < 0.3),
                    color: color(&random))
        }
        return TextBox(text: AttributedText(runs: runs), alignment: TextAlignment.allCases[Int(random.next() % 4)])
    }
}
