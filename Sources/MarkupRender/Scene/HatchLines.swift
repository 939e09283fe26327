import Foundation
import MarkupModel

/// The lines a hatched fill draws across a shape (docs/FORMAT.md §1.13), as Excalidraw's hachure and
/// cross-hatch fills: parallel lines 41° up to the right (cross-hatched, the lines at right angles to
/// them too), spaced by the outline's width, one through the frame's middle so they move and turn
/// with the shape. The shape's outline clips them.
enum HatchLines {
    /// The lines' slope above the horizontal.
    static let angle = 41 * Double.pi / 180
    /// Past this many lines a way, a huge shape's lines are spaced wider.
    static let maximumLinesEachWay = 2_000

    /// How wide a line is for an outline `lineWidth` wide.
    static func width(forLineWidth lineWidth: Double) -> Double { max(lineWidth / 2, 0.5) }

    /// How far apart the lines are for an outline `lineWidth` wide.
    static func gap(forLineWidth lineWidth: Double) -> Double { max(4 * lineWidth, 4) }

    /// The lines of a `style` fill over `frame` (none for a solid one), each a subpath of two points.
    static func path(_ style: ShapeFillStyle, in frame: Rect, lineWidth: Double) -> RenderPath {
        var path = RenderPath()
        let reach = hypot(frame.width, frame.height) / 2
        guard style != .solid, frame.isFinite, reach > 0 else { return path }
        let gap = max(gap(forLineWidth: lineWidth), 2 * reach / Double(maximumLinesEachWay))
        let steps = Int((reach / gap).rounded(.up))
        let directions = style == .crossHatched ? [angle, angle - Double.pi / 2] : [angle]
        for slope in directions {
            let along = Point(x: cos(slope), y: -sin(slope)), across = Point(x: sin(slope), y: cos(slope))
            for step in -steps...steps {
                let middle = frame.center + across * (Double(step) * gap)
                path.move(to: middle - along * reach)
                path.line(to: middle + along * reach)
            }
        }
        return path
    }
}
