import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender

/// How a PNG, SVG or PDF export is drawn (tldraw's and Excalidraw's export options): the named
/// elements alone (a selection), in the dark appearance, without a page behind them, at a scale,
/// and for a PNG whether it carries what it shows, to be opened as a drawing again (`embed`, as
/// Excalidraw's "embed scene"). A whole document's come in the query (`?dark=1&transparent=1&scale=2`),
/// a selection's in a JSON body with its `ids`.
struct ExportOptions: Decodable, Equatable {
    /// The elements to draw alone, a margin around them; nil draws the document.
    var ids: [String]?
    var dark = false
    var transparent = false
    /// PNG pixels a point, 0.25…4; nil fits the page in about 2,048 pixels (a selection: 2).
    var scale: Double?
    /// A PNG carries the `.markup` file of what it shows (`EmbeddedMarkup`).
    var embed = false

    static let scales = 0.25...4.0
    /// The margin around a selection drawn alone, in points.
    static let selectionMargin = 8.0

    enum Problem: Error, CustomStringConvertible {
        case invalid(String)
        /// More than the export can hold.
        case tooLarge(String)
        var description: String { switch self { case .invalid(let reason), .tooLarge(let reason): reason } }
    }

    private enum CodingKeys: String, CodingKey { case ids, dark, transparent, scale, embed }

    init(ids: [String]? = nil, dark: Bool = false, transparent: Bool = false, scale: Double? = nil, embed: Bool = false) {
        (self.ids, self.dark, self.transparent, self.scale, self.embed) = (ids, dark, transparent, scale, embed)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ids = try container.decodeIfPresent([String].self, forKey: .ids)
        dark = try container.decodeIfPresent(Bool.self, forKey: .dark) ?? false
        transparent = try container.decodeIfPresent(Bool.self, forKey: .transparent) ?? false
        scale = try container.decodeIfPresent(Double.self, forKey: .scale)
        embed = try container.decodeIfPresent(Bool.self, forKey: .embed) ?? false
        if let problem { throw DecodingError.dataCorruptedError(forKey: .scale, in: container, debugDescription: problem) }
    }

    /// The options a query gives: `dark`, `transparent` and `embed` as `1`, `true`, `0` or `false`,
    /// `scale` a number in `scales`.
    init(query: [String: String]) throws(Problem) {
        func flag(_ name: String) throws(Problem) -> Bool {
            switch query[name] {
            case nil, "0", "false": return false
            case "1", "true": return true
            default: throw .invalid("\(name) is 1 or 0")
            }
        }
        dark = try flag("dark")
        transparent = try flag("transparent")
        embed = try flag("embed")
        if let text = query["scale"] {
            guard let value = Double(text) else { throw .invalid("scale is a number") }
            scale = value
        }
        if let problem { throw .invalid(problem) }
    }

    private var problem: String? {
        guard let scale else { return nil }
        return scale.isFinite && Self.scales.contains(scale) ? nil : "scale is 0.25 to 4 pixels a point"
    }

    /// Whether these are the options of a plain export (the page as it is, the usual size).
    var arePlain: Bool { self == ExportOptions() }

    /// `png` carrying `markup`, when the options ask for it.
    func embedding(_ markup: Markup, in png: Data) throws -> Data {
        guard embed else { return png }
        guard let carrying = EmbeddedMarkup.embedding(try MarkupFile(markup: markup).encoded(), in: png) else {
            throw Problem.tooLarge("the document is too large to carry inside a PNG (at most \(EmbeddedMarkup.maximumBytes >> 20) MB)")
        }
        return carrying
    }

    var renderOptions: RenderOptions {
        RenderOptions(darkAppearance: dark, background: transparent ? .transparent : .document)
    }

    /// The area a selection of `subset`'s elements is drawn in: their box and the margin.
    static func selectionArea(of subset: Markup) -> Rect {
        subset.contentsRenderFrame.expanded(by: selectionMargin)
    }

    /// The pixels a point a PNG of `area` is drawn at: `preferred` (the options' scale, else the
    /// export's own), within what a PNG may hold.
    static func pngScale(of area: Rect, preferred: Double) -> Double {
        min(preferred, 32_000 / max(area.width, area.height), (0.98 * Double(MarkupRenderer.maximumPixels) / (area.width * area.height)).squareRoot())
    }
}
