import Foundation
import MarkupModel

/// The lines a hatched fill draws across a shape (docs/FORMAT.md §1.13), as Excalidraw's hachure and
/// cross-hatch fills: parallel lines 41° up to the right (cross-hatched, the lines at right angles to
/// them too), spaced by the outline's width, one through the frame's middle so they move and turn
/// with the shape, each cut to the frame (so the drawing's box is the shape's). The shape's outline
/// clips them.
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
                guard let (start, end) = cut(from: middle - along * reach, to: middle + along * reach, to: frame) else { continue }
                path.move(to: start)
                path.line(to: end)
            }
        }
        return path
    }

    /// The part of the line from `start` to `end` inside `frame` (Liang–Barsky); nil when none is.
    static func cut(from start: Point, to end: Point, to frame: Rect) -> (Point, Point)? {
        let delta = end - start
        var (enter, leave) = (0.0, 1.0)
        for (step, room) in [(-delta.x, start.x - frame.minX), (delta.x, frame.maxX - start.x), (-delta.y, start.y - frame.minY), (delta.y, frame.maxY - start.y)] {
            if step == 0 {
                if room < 0 { return nil }
                continue
            }
            let fraction = room / step
            if step < 0 { enter = max(enter, fraction) } else { leave = min(leave, fraction) }
        }
        guard enter < leave else { return nil }
        return (start + delta * enter, start + delta * leave)
    }
}
