import MarkupModel

/// A stroke's points where they are drawn: through the stroke's transform and its element's
/// rotation, each with its width scaled alike. What writers of formats without transforms need.
struct PlacedStroke {
    struct Sample {
        var location: Point
        var width: Double
        var point: StrokePoint
    }

    let stroke: Stroke
    let samples: [Sample]
    /// How much the stroke is scaled on the page.
    let scale: Double

    init(_ stroke: Stroke, in element: Element) {
        self.stroke = stroke
        let transform = element.placement(of: stroke)
        let size = transform.scale
        let scale = (size.width + size.height) / 2
        self.scale = scale
        samples = stroke.points.map { Sample(location: transform.apply(to: $0.location), width: $0.size.width * scale, point: $0) }
    }

    /// Whether a point's opacity differs from the ink's: what a format with one opacity a stroke loses.
    var hasVaryingOpacity: Bool { samples.contains { $0.point.opacity < 1 } }
    /// Whether the points say when they were drawn or how the pen was held.
    var hasTimingOrTilt: Bool { samples.contains { $0.point.timeOffset > 0 || $0.point.azimuth != 0 || $0.point.altitude < .pi / 2 - 1e-3 } }
}

/// Which of a document's pages each element goes on, for formats made of pages: the page its
/// centre is on, or the nearest one.
struct PageAssignment {
    let frames: [Rect]

    func page(of element: Element) -> Int {
        let center = element.renderFrame.center
        if let index = frames.firstIndex(where: { $0.contains(Rect(origin: center, size: .zero)) }) { return index }
        var best = 0, bestDistance = Double.infinity
        for (index, frame) in frames.enumerated() {
            let dx = max(frame.minX - center.x, 0, center.x - frame.maxX), dy = max(frame.minY - center.y, 0, center.y - frame.maxY)
            if dx * dx + dy * dy < bestDistance { (best, bestDistance) = (index, dx * dx + dy * dy) }
        }
        return best
    }
}
