import MarkupModel

/// The style the selected elements share, for a toolbar to show (as tldraw's style panel does):
/// each part is there only when every selected element that has it agrees.
public struct SelectionStyle: Hashable, Sendable {
    /// Ink, outline or text color, opaque (a stroke's translucency is its `opacity`).
    public var color: Color?
    /// A stroke's ink width or a shape's line width, in points.
    public var width: Double?
    /// A stroke's ink alpha or a shape's opacity, 0…1.
    public var opacity: Double?
    /// How the shapes with an inside are filled (nil too when a fill is not one made from the outline).
    public var fill: ShapeFill?
    /// How the shapes' outlines are drawn.
    public var dash: ShapeDash?
    /// The lines' markers at their start and at their end (nil when no line is selected).
    public var startMarker: LineMarker?
    public var endMarker: LineMarker?
    /// Whether the lines are elbow lines (nil when no line is selected).
    public var elbow: Bool?
    /// Whether the shapes are drawn by hand (nil when no shape is selected).
    public var sketchy: Bool?
    /// The text boxes' font, by their runs (each part nil where they differ, or with no text box),
    /// and their alignment.
    public var fontFamily: String?
    public var fontSize: Double?
    public var bold: Bool?
    public var italic: Bool?
    public var alignment: TextAlignment?
    /// Whether a text box is among the elements.
    public var hasText = false
    /// The loupes' magnification, when every selected loupe has the same (nil with no loupe).
    public var magnification: Double?
    /// Whether a loupe is among the elements.
    public var hasLoupe = false

    public init(color: Color? = nil, width: Double? = nil, opacity: Double? = nil, fill: ShapeFill? = nil, dash: ShapeDash? = nil,
                startMarker: LineMarker? = nil, endMarker: LineMarker? = nil, elbow: Bool? = nil, sketchy: Bool? = nil) {
        (self.color, self.width, self.opacity, self.fill, self.dash) = (color, width, opacity, fill, dash)
        (self.startMarker, self.endMarker, self.elbow, self.sketchy) = (startMarker, endMarker, elbow, sketchy)
    }

    /// The style `elements` share, in one pass (a selection of every element of a large document
    /// included).
    public init(of elements: [Element]) {
        var color = Agreement<Color>(), width = Agreement<Double>(), opacity = Agreement<Double>()
        var fill = Agreement<ShapeFill?>(), dash = Agreement<ShapeDash>(), startMarker = Agreement<LineMarker>(), endMarker = Agreement<LineMarker>()
        var elbow = Agreement<Bool>(), sketchy = Agreement<Bool>()
        var family = Agreement<String>(), size = Agreement<Double>(), bold = Agreement<Bool>(), italic = Agreement<Bool>()
        var alignment = Agreement<TextAlignment>(), hasText = false, magnification = Agreement<Double>(), hasLoupe = false
        for element in elements {
            switch element.content {
            case .stroke(let stroke):
                color.take(stroke.ink.color.opaque)
                width.take(stroke.ink.width)
                opacity.take(stroke.ink.color.alpha)
            case .shape(let shape):
                if let outline = shape.strokeColor { color.take(outline.opaque) }
                width.take(shape.lineWidth)
                opacity.take(shape.opacity)
                if ShapeFill.canFill(shape) { fill.take(ShapeFill(of: shape)) }
                dash.take(shape.dash)
                sketchy.take(shape.isSketchy)
                if case .line(_, _, let start, let end) = shape.configuration {
                    startMarker.take(start)
                    endMarker.take(end)
                    elbow.take(shape.lineCorners != nil)
                }
            case .textBox(let box):
                if let first = box.text.runs.first?.color { color.take(first.opaque) }
                hasText = true
                alignment.take(box.alignment)
                for run in box.text.runs {
                    family.take(run.font.family)
                    size.take(run.font.size)
                    bold.take(run.font.weight >= 600)
                    italic.take(run.font.italic)
                }
            case .loupe(let loupe):
                magnification.take(loupe.magnification)
                hasLoupe = true
            case .image, .sticker, .link:
                break
            }
        }
        self.init(color: color.value, width: width.value, opacity: opacity.value, fill: fill.value ?? nil, dash: dash.value,
                  startMarker: startMarker.value, endMarker: endMarker.value, elbow: elbow.value,
                  sketchy: sketchy.value)
        (fontFamily, fontSize, self.bold, self.italic, self.alignment) = (family.value, size.value, bold.value, italic.value, alignment.value)
        self.hasText = hasText
        self.magnification = magnification.value
        self.hasLoupe = hasLoupe
    }
}

/// The value every one taken agrees on: nil before any, and for good once two differ.
private struct Agreement<Value: Equatable> {
    private(set) var value: Value?
    private var disagrees = false

    mutating func take(_ new: Value) {
        guard !disagrees else { return }
        if let value, value != new { (self.value, disagrees) = (nil, true) } else { value = new }
    }
}

extension ShapeFill {
    /// How `shape` is filled, when its fill is none or one made from its outline's color.
    init?(of shape: Shape) {
        guard let fill = shape.fillColor else { self = .none; return }
        guard let outline = shape.strokeColor, fill.opaque == outline.opaque else { return nil }
        let whole = abs(fill.alpha - outline.alpha) < 1e-9
        switch shape.fillStyle {
        case .hatched where whole: self = .hatched
        case .crossHatched where whole: self = .crossHatched
        case .solid where whole: self = .solid
        case .solid where abs(fill.alpha - outline.alpha * Self.tintOpacity) < 1e-9: self = .tint
        default: return nil
        }
    }
}

extension Color {
    /// The color with full alpha.
    var opaque: Color { Color(red: red, green: green, blue: blue) }
}
