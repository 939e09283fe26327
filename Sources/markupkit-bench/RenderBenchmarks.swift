import CCairo
import Foundation
import MarkupInk
import MarkupModel
import MarkupRender

/// Rendering the generated document to a 2048 × 2048 PNG and to SVG, and, in the same run, Cairo
/// alone filling the same outline polygons: the measure of our overhead.
struct RenderBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument

    static let side = 2048

    let caseNames = [
        "render.png.seconds", "render.svg.seconds", "render.svg.megabytes", "render.cairoAlone.seconds", "render.overhead.percent",
        "render.strokesOnly.png.seconds", "render.strokesOnly.overhead.percent", "render.png.cpuSeconds", "render.cairoAlone.cpuSeconds",
    ]

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let markup = document.markup
        let renderer = MarkupRenderer(markup: markup)
        var results = [Measurement]()
        let wantsOverhead = filter("render.overhead.percent")
        if filter("render.png.seconds") || filter("render.cairoAlone.seconds") || wantsOverhead
            || filter("render.strokesOnly.png.seconds") || filter("render.strokesOnly.overhead.percent") {
            // Ours, ours on the strokes alone, and Cairo alone take turns, so all see the same machine;
            // the best of each counts. The strokes-only render draws exactly the polygons Cairo alone fills.
            var strokesOnly = markup
            strokesOnly.replaceElements(markup.elements.filter { $0.content.kind == .stroke })
            let strokesRenderer = MarkupRenderer(markup: strokesOnly)
            let bare = Self.bareCairo(markup, area: renderer.defaultArea)
            var pngSeconds = Double.infinity, strokesSeconds = Double.infinity, cairoSeconds = Double.infinity
            var pngCPU = Double.infinity, cairoCPU = Double.infinity
            var png = Data()
            for _ in 0..<Self.rounds {
                let ours = try Clock.wallAndCPU { png = try renderer.png(width: Self.side, height: Self.side) }
                (pngSeconds, pngCPU) = (min(pngSeconds, ours.wall), min(pngCPU, ours.cpu))
                strokesSeconds = min(strokesSeconds, try Clock.seconds { _ = try strokesRenderer.png(width: Self.side, height: Self.side) })
                let cairo = Clock.wallAndCPU(bare)
                (cairoSeconds, cairoCPU) = (min(cairoSeconds, cairo.wall), min(cairoCPU, cairo.cpu))
            }
            guard png.count > 1000 else { throw BenchmarkError.mismatch("the PNG is empty") }
            results.append(Measurement(name: "render.png.seconds", value: pngSeconds,
                                       unit: "s wall (both cores: the next batch's outlines are built on the second while Cairo fills)"))
            results.append(Measurement(name: "render.png.cpuSeconds", value: pngCPU, unit: "s of CPU, both cores together"))
            results.append(Measurement(name: "render.cairoAlone.seconds", value: cairoSeconds,
                                       unit: "s wall (one core; the outlines were computed before the clock started, and are left out)"))
            results.append(Measurement(name: "render.cairoAlone.cpuSeconds", value: cairoCPU, unit: "s of CPU"))
            results.append(Measurement(name: "render.overhead.percent", value: (pngSeconds / cairoSeconds - 1) * 100, unit: "% over Cairo alone"))
            results.append(Measurement(name: "render.strokesOnly.png.seconds", value: strokesSeconds, unit: "s"))
            results.append(Measurement(name: "render.strokesOnly.overhead.percent", value: (strokesSeconds / cairoSeconds - 1) * 100,
                                       unit: "% over Cairo alone"))
        }
        if filter("render.svg.seconds") || filter("render.svg.megabytes") {
            var svg = ""
            let svgSeconds = try Clock.bestOf(2) { svg = try renderer.svg() }
            results.append(Measurement(name: "render.svg.seconds", value: svgSeconds, unit: "s"))
            results.append(Measurement(name: "render.svg.megabytes", value: Double(svg.utf8.count) / 1e6, unit: "MB"))
        }
        return results.filter { filter($0.name) }
    }

    /// Rounds of each measurement; the fastest counts.
    static let rounds = 5

    /// Cairo alone filling every stroke's outline layers, computed beforehand, into the same surface
    /// with the same transform and colors, then writing the PNG: what rendering costs at the least.
    static func bareCairo(_ markup: Markup, area: Rect) -> () -> Void {
        var layers = [(points: [Point], ends: [Int], red: Double, green: Double, blue: Double, alpha: Double)]()
        for element in markup.elements {
            guard case .stroke(let stroke) = element.content else { continue }
            for layer in StrokeGeometry(stroke: stroke).layers {
                let color = stroke.ink.color
                layers.append((layer.outline.points, layer.outline.ends, Color.sRGBFromLinear(color.red), Color.sRGBFromLinear(color.green),
                               Color.sRGBFromLinear(color.blue), color.alpha * layer.opacity))
            }
        }
        return {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))
            let context = cairo_create(surface)
            let scale = min(Double(side) / area.width, Double(side) / area.height)
            cairo_translate(context, (Double(side) - area.width * scale) / 2, (Double(side) - area.height * scale) / 2)
            cairo_scale(context, scale, scale)
            cairo_translate(context, -area.minX, -area.minY)
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            for layer in layers {
                var start = 0
                for end in layer.ends {
                    cairo_move_to(context, layer.points[start].x, layer.points[start].y)
                    for index in (start + 1)..<end { cairo_line_to(context, layer.points[index].x, layer.points[index].y) }
                    cairo_close_path(context)
                    start = end
                }
                cairo_set_source_rgba(context, layer.red, layer.green, layer.blue, layer.alpha)
                cairo_fill(context)
            }
            cairo_surface_write_to_png_stream(surface, { _, _, _ in CAIRO_STATUS_SUCCESS }, nil)
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
    }
}
