import MarkupModel

/// The marks of ruled paper (`Paper`) on a page: lines, a grid or dots, in a light blue, as a
/// notebook's. Only the marks that meet the area drawn are made, and at most `maximumMarks` of
/// them: past that (a page zoomed far out) every other row and column is left out, as they would
/// blur into a tint anyway.
enum PaperPattern {
    static let color = Color(hex: "#a5c8f2")!
    static let lineWidth = 0.6
    static let dotRadius = 0.9
    static let maximumMarks = 20_000.0

    /// The lines to stroke (lined and squared paper) and the dots to fill (dotted), on `page`,
    /// within `area`.
    static func marks(of paper: Paper, on page: Rect, within area: Rect) -> (lines: RenderPath, dots: RenderPath) {
        var lines = RenderPath(), dots = RenderPath()
        let minX = max(page.minX, area.minX), maxX = min(page.maxX, area.maxX)
        let minY = max(page.minY, area.minY), maxY = min(page.maxY, area.maxY)
        guard minX < maxX, minY < maxY, paper.problem == nil else { return (lines, dots) }
        let visible = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let origin = Point(x: page.minX, y: page.minY + (paper.ruling == .lined ? Paper.linedTopMargin : 0))
        var step = paper.spacing
        func marks(at step: Double) -> Double { (visible.height / step) * (paper.ruling == .lined ? 1 : visible.width / step) }
        while marks(at: step) > maximumMarks, step.isFinite { step *= 2 }
        guard step.isFinite else { return (lines, dots) }
        // The rows (and columns) on the paper's own grid that fall inside the visible part.
        func positions(from start: Double, in range: ClosedRange<Double>) -> StrideThrough<Double> {
            let first = start + ((range.lowerBound - start) / step).rounded(.up) * step
            return stride(from: max(first, start), through: range.upperBound, by: step)
        }
        let rows = positions(from: origin.y, in: visible.minY...visible.maxY)
        switch paper.ruling {
        case .lined:
            for y in rows {
                lines.move(to: Point(x: visible.minX, y: y))
                lines.line(to: Point(x: visible.maxX, y: y))
            }
        case .squared:
            for y in rows {
                lines.move(to: Point(x: visible.minX, y: y))
                lines.line(to: Point(x: visible.maxX, y: y))
            }
            for x in positions(from: origin.x, in: visible.minX...visible.maxX) {
                lines.move(to: Point(x: x, y: visible.minY))
                lines.line(to: Point(x: x, y: visible.maxY))
            }
        case .dotted:
            let xs = Array(positions(from: origin.x, in: visible.minX...visible.maxX))
            for y in rows {
                for x in xs { dots.addCircle(center: Point(x: x, y: y), radius: dotRadius) }
            }
        }
        return (lines, dots)
    }
}
