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

    public init(color: Color? = nil, width: Double? = nil, opacity: Double? = nil, fill: ShapeFill? = nil, dash: ShapeDash? = nil) {
        (self.color, self.width, self.opacity, self.fill, self.dash) = (color, width, opacity, fill, dash)
    }

    /// The style `elements` share.
    public init(of elements: [Element]) {
        var colors = [Color](), widths = [Double](), opacities = [Double](), fills = [ShapeFill?](), dashes = [ShapeDash]()
        for element in elements {
            switch element.content {
            case .stroke(let stroke):
                colors.append(stroke.ink.color.opaque)
                widths.append(stroke.ink.width)
                opacities.append(stroke.ink.color.alpha)
            case .shape(let shape):
                if let outline = shape.strokeColor { colors.append(outline.opaque) }
                widths.append(shape.lineWidth)
                opacities.append(shape.opacity)
                if ShapeFill.canFill(shape) { fills.append(ShapeFill(of: shape)) }
                dashes.append(shape.dash)
            case .textBox(let box):
                if let color = box.text.runs.first?.color { colors.append(color.opaque) }
            case .image, .sticker, .loupe, .link:
                break
            }
        }
        func shared<Value: Equatable>(_ values: [Value]) -> Value? {
            guard let first = values.first, values.allSatisfy({ $0 == first }) else { return nil }
            return first
        }
        self.init(color: shared(colors), width: shared(widths), opacity: shared(opacities), fill: shared(fills) ?? nil,
                  dash: shared(dashes))
    }
}

extension ShapeFill {
    /// How `shape` is filled, when its fill is none or one made from its outline's color.
    init?(of shape: Shape) {
        guard let fill = shape.fillColor else { self = .none; return }
        guard let outline = shape.strokeColor, fill.opaque == outline.opaque else { return nil }
        if abs(fill.alpha - outline.alpha) < 1e-9 { self = .solid }
        else if abs(fill.alpha - outline.alpha * Self.tintOpacity) < 1e-9 { self = .tint }
        else { return nil }
    }
}

extension Color {
    /// The color with full alpha.
    var opaque: Color { Color(red: red, green: green, blue: blue) }
}
