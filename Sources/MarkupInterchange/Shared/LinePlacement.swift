import MarkupModel

/// Where a straight line between two document points goes: the box around them (at least a point
/// across, so a level or upright line still has one) and its ends in that box's unit coordinates.
enum LinePlacement {
    static func straight(from start: Point, to end: Point) -> (frame: Rect, from: Point, to: Point) {
        let box = Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        let frame = box.width > 0 && box.height > 0 ? box
            : Rect(x: box.minX - (box.width > 0 ? 0 : 0.5), y: box.minY - (box.height > 0 ? 0 : 0.5),
                   width: max(box.width, 1), height: max(box.height, 1))
        return (frame, frame.unitPoint(of: start), frame.unitPoint(of: end))
    }
}
