import Foundation
import MarkupModel

/// Whether a pen path is a scribble back and forth, the gesture that scratches ink out (GoodNotes'
/// scribble to erase, Apple's scratch to delete): five or more passes along one way, each nearly as
/// long as the scribble is wide, packed close beside each other, turning sharply at their ends.
/// Handwriting turns round at the tops of its letters and moves on; a zigzag drawn to shade turns
/// sharply but is left alone unless it lies over ink (the controller's concern).
public enum Scribble {
    /// At least this many passes (four turns).
    static let fewestPasses = 5
    /// Passes at least this long, in points.
    static let shortestPass = 4.0
    /// How far apart passes may lie beside each other, at most, as a share of their length.
    static let widestSpacing = 0.4
    /// A turn counts once the path has come back this share of the scribble's extent that way.
    static let turnBack = 0.35
    /// The share of turns that must be sharp: the way in and the way out at least 120° apart.
    static let sharpTurns = 0.75
    /// The inks a scratch-out is written with: the pens, not the marker, pencil, crayon or
    /// watercolor, which shade and highlight back and forth on purpose.
    public static let inks: Set<InkType> = [.pen, .monoline, .fountainPen, .reed]
    /// The most points looked at: a scratch-out takes a few seconds at most.
    public static let maximumPoints = 5_000

    /// Whether `points` (in order along the path) scribble back and forth.
    public static func isScribble(_ points: [Point]) -> Bool {
        guard points.count >= 2 * fewestPasses, points.count <= maximumPoints, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return false
        }
        let count = Double(points.count)
        let mean = Point(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
        var (xx, xy, yy) = (0.0, 0.0, 0.0)
        for point in points {
            let (dx, dy) = (point.x - mean.x, point.y - mean.y)
            (xx, xy, yy) = (xx + dx * dx, xy + dx * dy, yy + dy * dy)
        }
        // The path's main direction and the one across it: a scribble goes back and forth along
        // one of them (along its length in place, across it while moving over a word).
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        let main = Point(x: cos(angle), y: sin(angle)), across = Point(x: -sin(angle), y: cos(angle))
        return goesBackAndForth(points, along: main, beside: across) || goesBackAndForth(points, along: across, beside: main)
    }

    private static func goesBackAndForth(_ points: [Point], along axis: Point, beside other: Point) -> Bool {
        let values = points.map { $0.x * axis.x + $0.y * axis.y }
        let turns = turningPoints(values)
        guard turns.count + 1 >= fewestPasses else { return false }
        let ends = [0] + turns + [values.count - 1]
        let lengths = zip(ends, ends.dropFirst()).map { abs(values[$1] - values[$0]) }.sorted()
        let passLength = lengths[lengths.count / 2]
        guard passLength >= shortestPass else { return false }
        let sideways = points.map { $0.x * other.x + $0.y * other.y }
        let spread = (sideways.max() ?? 0) - (sideways.min() ?? 0)
        guard spread / Double(turns.count + 1) <= widestSpacing * passLength else { return false }
        let sharp = turns.filter { isSharp(points, at: $0, within: 0.3 * passLength) }.count
        return Double(sharp) >= sharpTurns * Double(turns.count)
    }

    /// Where `values` turn back by at least `turnBack` of their range: the index of each extreme.
    private static func turningPoints(_ values: [Double]) -> [Int] {
        guard let low = values.min(), let high = values.max(), high > low else { return [] }
        let back = turnBack * (high - low)
        var turns = [Int](), extreme = 0, rising: Bool?
        for index in values.indices.dropFirst() {
            let value = values[index]
            switch rising {
            case nil:
                if abs(value - values[0]) >= back { (rising, extreme) = (value > values[0], index) }
            case true?:
                if value > values[extreme] { extreme = index } else if values[extreme] - value >= back { turns.append(extreme); (rising, extreme) = (false, index) }
            case false?:
                if value < values[extreme] { extreme = index } else if value - values[extreme] >= back { turns.append(extreme); (rising, extreme) = (true, index) }
            }
        }
        return turns
    }

    /// Whether the path turns by at least 120° within `reach` (path length) either side of `index`.
    private static func isSharp(_ points: [Point], at index: Int, within reach: Double) -> Bool {
        func reached(_ step: Int) -> Point {
            var at = index, travelled = 0.0
            while travelled < reach, points.indices.contains(at + step) {
                travelled += hypot(points[at + step].x - points[at].x, points[at + step].y - points[at].y)
                at += step
            }
            return points[at]
        }
        let turn = points[index], before = reached(-1), after = reached(1)
        let way = Point(x: turn.x - before.x, y: turn.y - before.y), onward = Point(x: after.x - turn.x, y: after.y - turn.y)
        let lengths = hypot(way.x, way.y) * hypot(onward.x, onward.y)
        guard lengths > 0 else { return true }
        return (way.x * onward.x + way.y * onward.y) / lengths <= -0.5
    }
}
