import MarkupModel

/// What editing the selection does to a shape: recoloring and mirroring it.
extension Shape {
    /// Gives the shape `color`: its outline, and a fill made from the outline's color (a tint or
    /// solid) along with it, keeping the fill's own opacity; a fill of another color stays. A shape
    /// with a fill and no outline takes `color` as its fill.
    mutating func recolor(_ color: Color) {
        guard let outline = strokeColor else {
            if let fill = fillColor { fillColor = Color(red: color.red, green: color.green, blue: color.blue, alpha: fill.alpha) }
            else { strokeColor = color }
            return
        }
        if let fill = fillColor, fill.opaque == outline.opaque {
            fillColor = Color(red: color.red, green: color.green, blue: color.blue, alpha: fill.alpha)
        }
        strokeColor = color
    }

    /// Mirrors the shape within its frame, left to right or top to bottom; true when the mirror image
    /// is the shape turned half round instead (a block arrow flipped left to right, a pentagon, a
    /// five-pointed star, a heart or a cloud upside down), which the caller then turns.
    mutating func mirror(horizontally: Bool) -> Bool {
        func mirrored(_ point: Point) -> Point { horizontally ? Point(x: 1 - point.x, y: point.y) : Point(x: point.x, y: 1 - point.y) }
        switch configuration {
        case .line(let from, let to, let start, let end):
            configuration = .line(from: mirrored(from), to: mirrored(to), startMarker: start, endMarker: end)
            lineMiddle = lineMiddle.map(mirrored)
            lineCorners = lineCorners?.map(mirrored)
        case .chatBubble(let tail): configuration = .chatBubble(tail: mirrored(tail))
        case .arrowShape: return horizontally
        // The same on the left as on the right.
        case .heart, .cloud: return !horizontally
        // The first corner is at the top: symmetric left to right, and top to bottom when even.
        case .regularPolygon(let corners), .star(let corners, _): return !horizontally && corners % 2 == 1
        case .rectangle, .roundedRectangle, .ellipse: break
        }
        return false
    }
}
