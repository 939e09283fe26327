import Foundation
import MarkupModel

/// What Excalidraw's numbers mean in MarkupKit's terms, shared by the reader and the writer.
enum ExcalidrawStyle {
    /// Excalidraw draws freehand lines with perfect-freehand at `size = 4.25 × strokeWidth` and
    /// thinning 0.6: a mark about 3 × strokeWidth wide at normal pressure, which MarkupKit's pen
    /// gives at an ink width of 3.5 × strokeWidth.
    static let penWidthPerStrokeWidth = 3.5
    /// The opacity a marker's stroke is written with besides its colour's own, as its layer draws it.
    static let markerLayerOpacity = 0.45

    /// The width Excalidraw draws a freehand point of `pressure` (0 to 1) at.
    static func freehandWidth(strokeWidth: Double, pressure: Double) -> Double {
        let eased = sin(Double.pi / 2 * min(max(0.5 - 0.6 * (0.5 - pressure), 0), 1))
        return 4.25 * strokeWidth * eased
    }

    /// Excalidraw's font families by number.
    static func family(_ number: Int) -> (family: String, isHandDrawn: Bool) {
        switch number {
        case 3, 8: ("Monospace", false)
        case 1, 5, 7: ("Sans", true)
        default: ("Sans", false)
        }
    }

    static func familyNumber(_ family: String) -> Int {
        family.lowercased().contains("mono") ? 3 : 2
    }

    /// The corner radius Excalidraw's adaptive rounding gives a rectangle.
    static func cornerRadius(width: Double, height: Double) -> Double {
        min(32, 0.25 * min(abs(width), abs(height)))
    }

    /// Excalidraw's name for a fill style.
    static func fillStyleName(_ style: ShapeFillStyle) -> String {
        switch style {
        case .solid: "solid"
        case .hatched: "hachure"
        case .crossHatched: "cross-hatch"
        }
    }

    /// The fill style Excalidraw's `name` is (its zigzag, lines across too, is hatched); nil for one
    /// MarkupKit has no likeness of.
    static func fillStyle(named name: String) -> ShapeFillStyle? {
        switch name {
        case "solid": .solid
        case "hachure", "zigzag": .hatched
        case "cross-hatch": .crossHatched
        default: nil
        }
    }

    static func marker(_ name: String?) -> LineMarker? {
        switch name {
        case nil: LineMarker.none
        case "arrow": .openArrow
        case "triangle", "triangle_outline": .arrow
        case "bar": .bar
        case "dot", "circle", "circle_outline": .circle
        case "diamond", "diamond_outline": .square
        default: nil
        }
    }

    static func arrowhead(_ marker: LineMarker) -> String? {
        switch marker {
        case .none: nil
        case .openArrow: "arrow"
        case .arrow: "triangle"
        case .bar: "bar"
        case .circle: "dot"
        case .square: "diamond"
        }
    }

    /// MarkupKit's per-point numbers from a stroke's `customData`: six a point; empty when malformed.
    static func samples(_ text: String) -> [[Double]] {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = DecimalScanner(bytes)
            var values: [Double] = []
            while let value = scanner.number() { values.append(value) }
            scanner.skipWhitespace()
            guard scanner.isAtEnd, values.count % 6 == 0 else { return [] }
            return stride(from: 0, to: values.count, by: 6).map { Array(values[$0..<$0 + 6]) }
        }
    }
}
