import MarkupInk
import MarkupModel

/// The one drawing abstraction every backend implements: Cairo (PNG and PDF) and the SVG writer.
/// The scene renderer issues the same calls to each, so the geometry is the same in all of them.
protocol RenderCanvas {
    /// Starts the drawing of one element: SVG opens a `<g>` with the element's id.
    mutating func beginElement(_ element: Element)
    mutating func endElement()

    mutating func save()
    mutating func restore()
    mutating func concatenate(_ transform: Transform2D)

    mutating func fill(_ path: RenderPath, color: Color, rule: FillRule)
    /// Fills closed contours as one path with the non-zero rule: a stroke layer.
    mutating func fill(_ contours: ContourList, color: Color)
    /// Fills a textured stroke layer: the contours non-zero, `grain`'s dots left unpainted; `bounds`
    /// are the contours' bounds.
    mutating func fill(_ contours: ContourList, color: Color, leavingOut grain: GrainPattern, over bounds: Rect)
    /// Strokes `path` with round caps and joins, in dashes of the lengths `dash` gives, on and off in
    /// turn, when it has any (a dash of length 0 is a dot).
    mutating func stroke(_ path: RenderPath, color: Color, width: Double, dash: [Double])
    /// Intersects the clip with `path`.
    mutating func clip(_ path: RenderPath, rule: FillRule)
    /// Intersects the clip with contours filled non-zero.
    mutating func clip(_ contours: ContourList)

    /// Draws what follows, up to `endGroup()`, as one layer at `opacity`.
    mutating func beginGroup(opacity: Double)
    mutating func endGroup()

    /// Draws image `blob`'s bytes (PNG or JPEG) stretched over `rect`: the part `crop` names (unit
    /// coordinates of the picture), or all of it.
    mutating func drawImage(_ blob: BlobID, data: [UInt8], in rect: Rect, crop: Rect?)
    /// Draws page `index` of a background PDF stretched over `rect`.
    mutating func drawPDFPage(_ file: PDFFile, index: Int, in rect: Rect)
    /// Draws laid-out text with its top-left corner at `origin`.
    mutating func drawText(_ layout: TextLayout, at origin: Point)
    /// Makes `rect` a link to `url` where the output supports it.
    mutating func addLink(to url: String, over rect: Rect)

    /// How many device pixels a point currently covers, for a bitmap; nil for vector outputs, which
    /// may be zoomed without limit. Detail smaller than a pixel can then be left out.
    var pixelsPerPoint: Double? { get }

    /// Draws again an element drawn earlier: SVG refers back to it, Cairo runs `draw`.
    mutating func repeatElement(_ element: Element, draw: (inout Self) -> Void)
}

/// Which points a path with self-overlaps covers.
enum FillRule: Sendable {
    case nonZero, evenOdd
}

extension RenderCanvas {
    /// Strokes `path` whole.
    mutating func stroke(_ path: RenderPath, color: Color, width: Double) { stroke(path, color: color, width: width, dash: []) }

    mutating func fill(_ contours: ContourList, color: Color, leavingOut grain: GrainPattern, over bounds: Rect) {
        fillClipped(contours, color: color, leavingOut: grain, over: bounds)
    }

    /// The grain's dots over `bounds` as holes in one path, clipped to the contours: what every
    /// backend can draw.
    mutating func fillClipped(_ contours: ContourList, color: Color, leavingOut grain: GrainPattern, over bounds: Rect) {
        save()
        clip(contours)
        fill(SceneRenderer.grainPath(grain, over: bounds), color: color, rule: .evenOdd)
        restore()
    }
}
