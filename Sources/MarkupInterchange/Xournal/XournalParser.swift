import Foundation
import MarkupInk
import MarkupModel

/// The XML of a Xournal++ file as pages of elements, before anything is laid out.
struct XournalParser {
    enum Background: Hashable {
        case solid(Color, style: String)
        /// Page `number` (from 1) of the background PDF.
        case pdf(number: Int)
        case pixmap(XournalImporter.Companion)
        /// The same image as page `page` (from 0).
        case clone(page: Int)
    }

    /// The ink a stroke MarkupKit wrote had, kept in attributes Xournal++ passes over.
    struct OwnInk {
        var type: InkType
        var color: Color
        var width: Double
        var seed: UInt32
    }

    /// What a stroke MarkupKit wrote for one of its shapes says of it: the first carries the shape
    /// (its frame on its page), the others are more of it.
    enum OwnShape {
        case whole(Element)
        case part
    }

    enum Item {
        /// `fill`: the opacity (1–255) its inside is filled with in its colour, when it is.
        case stroke(tool: String, color: Color, widths: [Double], points: [Point], fill: Int?, dashed: Bool, own: OwnInk?, shape: OwnShape?)
        case text(String, font: String, size: Double, origin: Point, color: Color)
        case image(Data, frame: Rect, latex: String?)
    }

    struct Page {
        var size: Size
        var background = Background.solid(.white, style: "plain")
        var items: [Item] = []
        var layers = 0
    }

    private(set) var pages: [Page] = []
    private(set) var title = ""
    /// The background PDF named on the first PDF page.
    private(set) var pdf: XournalImporter.Companion?
    private(set) var audioCount = 0
    private var itemCount = 0

    mutating func read(_ reader: XMLReader) throws(InterchangeError) {
        guard case .start(let root, _)? = try reader.next(), root == "xournal" || root == "MrWriter" else {
            throw .notThisFormat(.xournal, reason: "the root element is not <xournal>")
        }
        while let event = try reader.next() {
            guard case .start(let name, let isEmpty) = event else { continue }
            switch name {
            case "title" where !isEmpty: title = try reader.elementText()
            case "page": try readPage(reader, isEmpty: isEmpty)
            default: if !isEmpty { try reader.skipElement() }
            }
        }
        guard !pages.isEmpty else { throw .malformed(.xournal, reason: "the document has no pages") }
    }

    private mutating func readPage(_ reader: XMLReader, isEmpty: Bool) throws(InterchangeError) {
        guard pages.count < InterchangeLimits.maximumPages else {
            throw .tooLarge(.xournal, reason: "more than \(InterchangeLimits.maximumPages) pages")
        }
        let width = try number(reader, "width"), height = try number(reader, "height")
        guard width > 0, height > 0, width <= 1e6, height <= 1e6 else {
            throw .malformed(.xournal, reason: "page \(pages.count + 1) has an invalid size \(width)×\(height)")
        }
        var page = Page(size: Size(width: width, height: height))
        if !isEmpty {
            while let event = try reader.next() {
                if case .end("page") = event { break }
                guard case .start(let name, let isEmpty) = event else { continue }
                switch name {
                case "background": page.background = try background(reader)
                    if !isEmpty { try reader.skipElement() }
                case "layer":
                    page.layers += 1
                    if !isEmpty { try readLayer(reader, into: &page) }
                default: if !isEmpty { try reader.skipElement() }
                }
            }
        }
        pages.append(page)
    }

    private mutating func background(_ reader: XMLReader) throws(InterchangeError) -> Background {
        switch reader.attribute("type") ?? "solid" {
        case "pdf":
            if let filename = reader.attribute("filename"), pdf == nil {
                pdf = XournalImporter.Companion(filename: filename, isAttached: reader.attribute("domain") == "attach")
            }
            // Xournal++ 1.0 wrote the number with a suffix ("3ll"); its readers take the leading digits.
            let digits = (reader.attribute("pageno") ?? "").prefix { $0.isASCII && $0.isNumber }
            let number = digits.isEmpty ? pages.count + 1 : Int(digits) ?? Int.max
            guard number >= 1, number <= 1_000_000 else { throw .malformed(.xournal, reason: "page \(pages.count + 1)'s PDF page number \(number) is out of range") }
            return .pdf(number: number)
        case "pixmap":
            let filename = reader.attribute("filename") ?? ""
            switch reader.attribute("domain") ?? "absolute" {
            case "clone":
                guard let page = Int(filename), (0..<pages.count).contains(page) else { return .solid(.white, style: "plain") }
                return .clone(page: page)
            case let domain:
                return .pixmap(XournalImporter.Companion(filename: filename, isAttached: domain == "attach"))
            }
        default:
            let color = reader.attribute("color").flatMap(ColorText.color) ?? .white
            return .solid(color, style: reader.attribute("style") ?? "plain")
        }
    }

    private mutating func readLayer(_ reader: XMLReader, into page: inout Page) throws(InterchangeError) {
        while let event = try reader.next() {
            if case .end("layer") = event { return }
            guard case .start(let name, let isEmpty) = event else { continue }
            itemCount += 1
            guard itemCount <= InterchangeLimits.maximumElements else {
                throw .tooLarge(.xournal, reason: "more than \(InterchangeLimits.maximumElements) elements")
            }
            if reader.attribute("fn").map({ !$0.isEmpty }) ?? false { audioCount += 1 }
            switch name {
            case "stroke": page.items.append(try stroke(reader, isEmpty: isEmpty))
            case "text":
                let font = reader.attribute("font") ?? "Sans"
                let size = try number(reader, "size"), x = try number(reader, "x"), y = try number(reader, "y")
                guard size > 0, size <= 10_000 else { throw .malformed(.xournal, reason: "a text has font size \(size)") }
                let color = reader.attribute("color").flatMap(ColorText.color) ?? .black
                let text = isEmpty ? "" : try reader.elementText()
                page.items.append(.text(text, font: font, size: size, origin: Point(x: x, y: y), color: color))
            case "image", "teximage":
                let frame = try imageFrame(reader)
                let latex = name == "teximage" ? reader.attribute("text") ?? "" : nil
                let encoded = isEmpty ? "" : try reader.elementText()
                guard let bytes = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
                    throw .malformed(.xournal, reason: "an image's data is not base64")
                }
                page.items.append(.image(bytes, frame: frame, latex: latex))
            default:
                if !isEmpty { try reader.skipElement() }
            }
        }
    }

    private func stroke(_ reader: XMLReader, isEmpty: Bool) throws(InterchangeError) -> Item {
        let tool = reader.attribute("tool") ?? "pen"
        guard let color = reader.attribute("color").flatMap(ColorText.color) else {
            throw .malformed(.xournal, reason: "a stroke's colour \"\(reader.attribute("color") ?? "")\" is not a colour")
        }
        var widths = try numbers(reader.attribute("width") ?? "", what: "a stroke's width")
        if let pressures = reader.attribute("pressures") { widths = Array(widths.prefix(1)) + (try numbers(pressures, what: "a stroke's pressures")) }
        guard let base = widths.first, base > 0, base <= 10_000 else { throw .malformed(.xournal, reason: "a stroke has no valid width") }
        let fill = reader.attribute("fill").flatMap { Int($0) }.flatMap { (1...255).contains($0) ? $0 : nil }
        let dashed = reader.attribute("style").map { $0 != "plain" && !$0.isEmpty } ?? false
        var own: OwnInk?
        if let type = reader.attribute("markupkit-ink").flatMap(InkType.init(rawValue:)),
           let inkColor = reader.attribute("markupkit-color").flatMap(ColorText.color),
           let width = reader.attribute("markupkit-width").flatMap(Double.init), width.isFinite {
            own = OwnInk(type: type, color: inkColor, width: width, seed: reader.attribute("markupkit-seed").flatMap(UInt32.init) ?? 0)
        }
        let shape: OwnShape? = reader.attribute("markupkit-shape-part") == "1" ? .part
            : reader.attribute("markupkit-shape").flatMap(CarriedShape.decoded).map(OwnShape.whole)
        var points: [Point] = []
        if !isEmpty {
            while let event = try reader.next() {
                if case .end = event { break }
                guard event == .text else { continue }
                try reader.withText { (bytes) throws(InterchangeError) in
                    var scanner = DecimalScanner(bytes)
                    while true {
                        guard let x = scanner.number() else { break }
                        guard let y = scanner.number() else { throw .malformed(.xournal, reason: "a stroke has an odd count of coordinates") }
                        guard points.count < 1_000_000 else { throw .tooLarge(.xournal, reason: "a stroke has more than a million points") }
                        points.append(Point(x: x, y: y))
                    }
                    scanner.skipWhitespace()
                    guard scanner.isAtEnd else { throw .malformed(.xournal, reason: "a stroke's coordinates are not numbers") }
                }
            }
        }
        guard !points.isEmpty else { throw .malformed(.xournal, reason: "a stroke has no points") }
        return .stroke(tool: tool, color: color, widths: widths, points: points, fill: fill, dashed: dashed, own: own, shape: shape)
    }

    private func imageFrame(_ reader: XMLReader) throws(InterchangeError) -> Rect {
        let left = try number(reader, "left"), top = try number(reader, "top")
        let right = try number(reader, "right"), bottom = try number(reader, "bottom")
        guard right > left, bottom > top else { throw .malformed(.xournal, reason: "an image has an empty frame") }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    private func number(_ reader: XMLReader, _ name: String) throws(InterchangeError) -> Double {
        guard let text = reader.attribute(name) else { throw .malformed(.xournal, reason: "<\(reader.localName)> has no \(name)") }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= 1e9 else {
            throw .malformed(.xournal, reason: "<\(reader.localName)>'s \(name) \"\(text)\" is not a number")
        }
        return value
    }

    private func numbers(_ text: String, what: String) throws(InterchangeError) -> [Double] {
        var text = text
        let result = text.withUTF8 { bytes -> Result<[Double], InterchangeError> in
            do throws(InterchangeError) { return .success(try Self.numbers(bytes, what: what)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private static func numbers(_ bytes: UnsafeBufferPointer<UInt8>, what: String) throws(InterchangeError) -> [Double] {
        var scanner = DecimalScanner(bytes)
        var values: [Double] = []
        while let value = scanner.number() {
            guard values.count <= 1_000_001 else { throw .tooLarge(.xournal, reason: "\(what) has too many values") }
            guard value.isFinite, value >= 0, value <= 1e6 else { throw .malformed(.xournal, reason: "\(what) holds \(value)") }
            values.append(value)
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw .malformed(.xournal, reason: "\(what) is not a list of numbers") }
        return values
    }
}
