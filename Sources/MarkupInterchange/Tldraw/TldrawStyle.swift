import MarkupModel

/// What tldraw's named styles mean in MarkupKit's terms: its light theme's colours, its sizes in
/// points, its fonts and its arrowheads.
enum TldrawStyle {
    /// One named colour's tints: the line, the light fill, the hatched fill, the sticky note's
    /// paper and the highlighter's.
    struct Tints {
        let solid: String, semi: String, pattern: String, linedFill: String, note: String, highlight: String
    }

    static let palette: [String: Tints] = [
        "black": Tints(solid: "#1d1d1d", semi: "#e8e8e8", pattern: "#494949", linedFill: "#363636", note: "#fce19c", highlight: "#fddd00"),
        "grey": Tints(solid: "#9fa8b2", semi: "#eceef0", pattern: "#bcc3c9", linedFill: "#bbc1c9", note: "#c0cad3", highlight: "#cbe7f1"),
        "light-violet": Tints(solid: "#e085f4", semi: "#f5eafa", pattern: "#e9acf8", linedFill: "#e9abf7", note: "#dfb0f9", highlight: "#ff88ff"),
        "violet": Tints(solid: "#ae3ec9", semi: "#ecdcf2", pattern: "#bd63d3", linedFill: "#be68d4", note: "#db91fd", highlight: "#c77cff"),
        "blue": Tints(solid: "#4465e9", semi: "#dce1f8", pattern: "#6681ee", linedFill: "#6580ec", note: "#8aa3ff", highlight: "#10acff"),
        "light-blue": Tints(solid: "#4ba1f1", semi: "#ddedfa", pattern: "#6fbbf8", linedFill: "#7abaf5", note: "#9bc4fd", highlight: "#00f4ff"),
        "yellow": Tints(solid: "#f1ac4b", semi: "#f9f0e6", pattern: "#fecb92", linedFill: "#f5c27a", note: "#fed49a", highlight: "#fddd00"),
        "orange": Tints(solid: "#e16919", semi: "#f8e2d4", pattern: "#f78438", linedFill: "#ea8643", note: "#faa475", highlight: "#ffa500"),
        "green": Tints(solid: "#099268", semi: "#d3e9e3", pattern: "#39a785", linedFill: "#0bad7c", note: "#6fc896", highlight: "#00ffc8"),
        "light-green": Tints(solid: "#4cb05e", semi: "#dbf0e0", pattern: "#65cb78", linedFill: "#7ec88c", note: "#98d08a", highlight: "#65f641"),
        "light-red": Tints(solid: "#f87777", semi: "#f4dadb", pattern: "#fe9e9e", linedFill: "#f99a9a", note: "#f7a5a1", highlight: "#ff7fa3"),
        "red": Tints(solid: "#e03131", semi: "#f4dadb", pattern: "#e55959", linedFill: "#e75f5f", note: "#fc8282", highlight: "#ff636e"),
        "white": Tints(solid: "#ffffff", semi: "#f5f5f5", pattern: "#f9f9f9", linedFill: "#ffffff", note: "#ffffff", highlight: "#ffffff"),
    ]

    /// The tints of colour `name`; black's for a name tldraw does not have.
    static func tints(_ name: String?) -> Tints { name.flatMap { palette[$0] } ?? palette["black"]! }

    static func color(_ hex: String, opacity: Double = 1) -> Color {
        var color = Color(hex: hex) ?? .black
        color.alpha *= opacity
        return color
    }

    /// A shape's fill as tldraw paints it: `solid` in the colour's light tint, `fill` in the colour
    /// itself, `semi` in the theme's near-white, `pattern` and `lined-fill` hatched; nil for none.
    static func fill(_ name: String?, tints: Tints) -> (color: String, style: ShapeFillStyle)? {
        switch name {
        case "semi": ("#fcfffe", .solid)
        case "solid": (tints.semi, .solid)
        case "fill": (tints.solid, .solid)
        case "pattern": (tints.pattern, .hatched)
        case "lined-fill": (tints.linedFill, .hatched)
        default: nil
        }
    }

    /// The widths of tldraw's lines (`STROKE_SIZES`), of a text shape's letters and a highlighter
    /// (`FONT_SIZES`), of a shape's or note's label and of an arrow's, by size name.
    static func strokeWidth(_ size: String?) -> Double { value(size, [2, 3.5, 5, 10]) }
    static func fontSize(_ size: String?) -> Double { value(size, [18, 24, 36, 44]) }
    static func labelFontSize(_ size: String?) -> Double { value(size, [18, 22, 26, 32]) }
    static func arrowLabelFontSize(_ size: String?) -> Double { value(size, [18, 20, 24, 28]) }

    private static func value(_ size: String?, _ values: [Double]) -> Double {
        switch size {
        case "s": values[0]
        case "l": values[2]
        case "xl": values[3]
        default: values[1]
        }
    }

    /// tldraw's pen mark at normal pressure is about 0.7 of its freehand size, which MarkupKit's pen
    /// draws at an ink width of 0.85 of it.
    static let penWidthPerFreehandSize = 0.85

    /// The family a tldraw font is set in; its hand-drawn font has no counterpart here.
    static func family(_ font: String?) -> (family: String, isHandDrawn: Bool) {
        switch font {
        case "serif": ("Serif", false)
        case "mono": ("Monospace", false)
        case "sans": ("Sans", false)
        default: ("Sans", true)
        }
    }

    static func alignment(_ align: String?) -> TextAlignment {
        switch align {
        case "start", "start-legacy", "justify": .leading
        case "end", "end-legacy": .trailing
        default: .center
        }
    }

    /// MarkupKit's marker for a tldraw arrowhead, and whether it is only the nearest one.
    static func marker(_ name: String?) -> (marker: LineMarker, isExact: Bool) {
        switch name {
        case nil, "none": (.none, true)
        case "arrow", "triangle": (.arrow, true)
        case "square": (.square, true)
        case "dot": (.circle, true)
        case "bar", "pipe": (.bar, true)
        default: (.arrow, false)
        }
    }

    /// The shape a tldraw geo kind is drawn as, and whether it is only the nearest MarkupKit has.
    static func configuration(_ geo: String?, width: Double, height: Double) -> (ShapeConfiguration, isExact: Bool) {
        switch geo {
        case "ellipse": (.ellipse, true)
        case "diamond": (.regularPolygon(sides: 4), true)
        case "pentagon": (.regularPolygon(sides: 5), true)
        case "hexagon": (.regularPolygon(sides: 6), true)
        case "octagon": (.regularPolygon(sides: 8), true)
        case "star": (.star(points: 5, innerRadius: 0.5), true)
        case "oval": (.roundedRectangle(cornerRadius: min(width, height) / 2), true)
        case "arrow-right", "arrow-left", "arrow-up", "arrow-down": (.arrowShape, true)
        case "triangle": (.regularPolygon(sides: 3), true)
        case "cloud": (.cloud, true)
        case "heart": (.heart, true)
        case nil, "rectangle": (.rectangle, true)
        default: (.rectangle, false)
        }
    }

    /// Where MarkupKit's frame of a tldraw geo shape lies, in unit coordinates of tldraw's box:
    /// tldraw stretches a polygon's corners to the box's edges, and widens its star's radii by what
    /// the star leaves empty, where MarkupKit's corners lie on the frame's inscribed ellipse, so the
    /// frame reaches past the box where the corners leave it empty (the unit square for the others).
    static func frameInBox(_ configuration: ShapeConfiguration) -> Rect {
        switch configuration {
        case .regularPolygon(let sides):
            guard let corners = Rect.enclosing(ShapeConfiguration.polygonCorners(count: sides, in: unit, innerRadius: nil)) else { return unit }
            return Rect(x: -corners.minX / corners.width, y: -corners.minY / corners.height, width: 1 / corners.width, height: 1 / corners.height)
        case .star(let points, let innerRadius):
            guard let corners = Rect.enclosing(ShapeConfiguration.polygonCorners(count: points, in: unit, innerRadius: innerRadius)) else { return unit }
            let width = 2 - corners.width, height = 2 - corners.height
            return Rect(x: 0.5 - width / 2, y: 0, width: width, height: height)
        default:
            return unit
        }
    }

    /// The whole box, in its own unit coordinates.
    static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// How far a block arrow of `geo` is turned from pointing right.
    static func arrowTurn(_ geo: String?) -> Double {
        switch geo {
        case "arrow-left": .pi
        case "arrow-up": -.pi / 2
        case "arrow-down": .pi / 2
        default: 0
        }
    }
}
