import Foundation
import MarkupModel

/// Makes realistic synthetic documents: lines of cursive-like strokes sampled at Apple Pencil's
/// 240 Hz with varying pressure, tilt and sensor noise, plus some shapes and text boxes.
///
/// `markupkit generate`, the tests and the benchmarks share it, so a seed names the same document
/// everywhere.
public struct HandwritingGenerator {
    public struct Options: Sendable {
        public var strokes: Int
        public var seed: UInt64
        /// How wide a line of writing runs before wrapping, in points.
        public var pageWidth: Double = 800
        /// One shape for this many strokes; 0 for none.
        public var strokesPerShape: Int = 60
        /// One text box for this many strokes; 0 for none.
        public var strokesPerTextBox: Int = 250

        public init(strokes: Int, seed: UInt64) {
            self.strokes = strokes
            self.seed = seed
        }
    }

    /// Apple Pencil reports 240 samples a second.
    static let sampleInterval = 1.0 / 240
    /// Apple Pencil's positional noise, in points (one standard deviation).
    static let locationNoise = 0.04
    /// Distance between baselines, in points.
    static let lineHeight = 42.0

    private var random: SeededRandom
    private let options: Options
    private var cursor = Point(x: 20, y: 40)
    private let writerAzimuth: Double
    private let writerAltitude: Double

    public init(_ options: Options) {
        self.options = options
        random = SeededRandom(seed: options.seed)
        writerAzimuth = random.uniform(2.0...2.8)
        writerAltitude = random.uniform(0.8...1.2)
    }

    /// The generated document, with ids drawn from the seed.
    public mutating func generate() -> Markup {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: options.pageWidth, height: 1100),
                            title: "Generated \(options.strokes) strokes, seed \(options.seed)",
                            createdAt: Date(timeIntervalSince1970: 1_767_225_600))
        markup.modifiedAt = markup.createdAt
        for index in 0..<options.strokes {
            markup.insert(Element(id: nextID(), zIndex: markup.nextZIndex, frame: .zero, content: .stroke(nextStroke())))
            if options.strokesPerShape > 0, index % options.strokesPerShape == options.strokesPerShape - 1 {
                markup.insert(.shape(nextShape()), frame: nextFrame(), rotation: 0, id: nextID())
            }
            if options.strokesPerTextBox > 0, index % options.strokesPerTextBox == options.strokesPerTextBox - 1 {
                let text = AttributedText(Self.phrases[Int(random.next() % UInt64(Self.phrases.count))])
                markup.insert(.textBox(TextBox(text: text)), frame: nextFrame(), rotation: 0, id: nextID())
            }
        }
        markup.bounds.size.height = max(markup.bounds.height, cursor.y + Self.lineHeight)
        return markup
    }

    private mutating func nextID() -> ElementID {
        let high = random.next(), low = random.next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> UInt64(8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return ElementID(UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                     bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])))
    }

    /// A cursive-like stroke: steady rightward motion with letter-sized loops, 20 to 180 samples.
    private mutating func nextStroke() -> Stroke {
        let ink = nextInk()
        let count = 20 + Int(random.next() % 161)
        let speed = random.uniform(70...130)
        let letterHeight = random.uniform(8...16)
        let loopFrequency = random.uniform(4...7) * 2 * .pi
        let loopWidth = random.uniform(3...8)
        let phase = random.uniform(0...(2 * .pi))
        let peakForce = random.uniform(0.6...2.2)
        var time = 0.0
        var points = [StrokePoint]()
        points.reserveCapacity(count)
        for index in 0..<count {
            let progress = Double(index) / Double(max(count - 1, 1))
            let angle = loopFrequency * time + phase
            let x = cursor.x + speed * time + loopWidth * cos(angle) + random.gaussian(deviation: Self.locationNoise)
            let y = cursor.y - letterHeight * (0.5 + 0.5 * sin(angle)) + 2 * sin(time * 3)
                + random.gaussian(deviation: Self.locationNoise)
            let envelope = min(1, progress / 0.12, (1 - progress) / 0.12)
            let force = max(0.05, peakForce * (0.35 + 0.65 * envelope) * (1 + 0.15 * sin(time * 11))
                + random.gaussian(deviation: 0.015))
            let width = ink.width * (0.55 + 0.3 * min(force, 1.5))
            points.append(StrokePoint(
                location: Point(x: x, y: y), timeOffset: time, size: Size(width: width, height: width),
                opacity: ink.type == .pencil ? min(1, 0.4 + 0.4 * force) : 1, force: force,
                azimuth: writerAzimuth + 0.1 * sin(time * 2) + random.gaussian(deviation: 0.004),
                altitude: writerAltitude + 0.05 * sin(time * 1.7) + random.gaussian(deviation: 0.003)))
            time += Self.sampleInterval + random.gaussian(deviation: 0.00008)
        }
        advanceCursor(by: speed * time + random.uniform(6...18))
        return Stroke(ink: ink, points: points, randomSeed: UInt32(truncatingIfNeeded: random.next()))
    }

    private mutating func nextInk() -> Ink {
        let roll = random.unit()
        let type: InkType = switch roll {
        case ..<0.70: .pen
        case ..<0.80: .pencil
        case ..<0.88: .marker
        default: InkType.allCases[3 + Int(random.next() % 5)]
        }
        let color = Self.palette[Int(random.next() % UInt64(Self.palette.count))]
        return Ink(type, color: color, width: type.defaultWidth * random.uniform(0.7...1.4))
    }

    private mutating func nextShape() -> Shape {
        let configurations: [ShapeConfiguration] = [
            .rectangle, .roundedRectangle(cornerRadius: 8), .ellipse,
            .line(from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), startMarker: .none, endMarker: .arrow),
            .chatBubble(tail: Point(x: 0.2, y: 1.3)), .regularPolygon(sides: 6), .star(points: 5, innerRadius: 0.45),
            .arrowShape,
        ]
        let configuration = configurations[Int(random.next() % UInt64(configurations.count))]
        let fill = random.unit() < 0.3 ? Self.palette[Int(random.next() % UInt64(Self.palette.count))] : nil
        return Shape(configuration: configuration, fillColor: fill, strokeColor: .black, lineWidth: 2)
    }

    private mutating func nextFrame() -> Rect {
        let size = Size(width: random.uniform(60...200), height: random.uniform(30...120))
        let origin = Point(x: random.uniform(0...(options.pageWidth - size.width)), y: max(0, cursor.y - random.uniform(0...400)))
        return Rect(origin: origin, size: size)
    }

    private mutating func advanceCursor(by distance: Double) {
        cursor.x += distance
        if cursor.x > options.pageWidth - 60 {
            cursor.x = 20 + random.uniform(0...10)
            cursor.y += Self.lineHeight
        }
    }

    static let palette: [Color] = ["#1c1c1e", "#0a84ff", "#ff3b30", "#34c759", "#ff9f0a", "#5e5ce6"].map { Color(hex: $0)! }

    static let phrases = [
        "Check the figures on page 3", "Meeting notes — Thursday", "TODO: redraw the diagram",
        "Σ of the series converges", "Questions for the review", "日本語のメモ",
    ]
}
