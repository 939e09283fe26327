import Foundation
import MarkupInk
import MarkupModel

/// Draws a document's elements onto any canvas, in z-order: the single description of how MarkupKit
/// content looks, shared by PNG, PDF and SVG.
struct SceneRenderer: Sendable {
    let markup: Markup
    let options: RenderOptions
    let style: ColorStyle
    /// Which text boxes label lines (drawn over a patch of the page).
    let lineLabels: LineLabels
    /// What this render may still draw again inside loupes.
    let loupeAllowance = LoupeAllowance()

    /// Only these schemes become clickable: a `javascript:` URL in a shared document must not run.
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    static func isSafeLink(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        return linkSchemes.contains(url[..<colon].lowercased())
    }

    /// The gray of a loupe's rim and a link's outline.
    static let chromeColor = Color(red: 0.35, green: 0.35, blue: 0.38)
    /// The tint behind a link.
    static let linkColor = Color(hex: "#0a84ff")!

    /// `lineLabels`: a renderer's own, shared by the scenes it draws (one element each, for a page), so
    /// the document is looked through once for them all.
    init(markup: Markup, options: RenderOptions, lineLabels: LineLabels? = nil) {
        self.markup = markup
        self.options = options
        style = ColorStyle(darkAppearance: options.darkAppearance, maximumExposure: options.maximumExposure ?? markup.maximumLinearExposure)
        self.lineLabels = lineLabels ?? LineLabels(markup: markup)
    }

    /// Fills `rect` with the page color the options ask for, then draws the paper's ruling or the
    /// background's pages.
    func drawBackground<C: RenderCanvas>(in rect: Rect, on canvas: inout C) {
        if let color = options.backgroundColor(for: markup) {
            var path = RenderPath()
            path.addRect(rect)
            canvas.fill(path, color: color, rule: .nonZero)
        }
        if let paper = markup.visiblePaper {
            let (lines, dots) = PaperPattern.marks(of: paper, on: markup.bounds, within: rect)
            if !lines.isEmpty { canvas.stroke(lines, color: PaperPattern.color, width: PaperPattern.lineWidth) }
            if !dots.isEmpty { canvas.fill(dots, color: PaperPattern.color, rule: .nonZero) }
        }
        drawPages(in: rect, on: &canvas)
    }

    /// The background's pages that meet `rect`, each on white (PDF pages are often transparent).
    /// Pages out of view are never opened, which keeps a long PDF fast.
    func drawPages<C: RenderCanvas>(in rect: Rect, on canvas: inout C) {
        guard let background = markup.background, let data = markup.blobs[background.source.blob] else { return }
        let visible = background.pages.filter { $0.frame.intersects(rect) }
        guard !visible.isEmpty else { return }
        func paper(_ page: PageBackground.Page) {
            var paper = RenderPath()
            paper.addRect(page.frame)
            canvas.fill(paper, color: .white, rule: .nonZero)
            // A blank page is ruled as the document's paper asks, from its own top left corner.
            guard page.isBlank, let ruling = markup.blankPagePaper else { return }
            let (lines, dots) = PaperPattern.marks(of: ruling, on: page.frame, within: rect)
            if !lines.isEmpty { canvas.stroke(lines, color: PaperPattern.color, width: PaperPattern.lineWidth) }
            if !dots.isEmpty { canvas.fill(dots, color: PaperPattern.color, rule: .nonZero) }
        }
        // A blank page put in among them is white paper alone.
        switch background.source {
        case .image(let blob):
            let bytes = [UInt8](data)
            for page in visible {
                if page.isBlank { paper(page) } else { canvas.drawImage(blob, data: bytes, in: page.frame, crop: nil) }
            }
        case .pdf(let blob):
            guard let file = try? PDFCache.shared.file(blob, data: data) else {
                for page in visible {
                    if page.isBlank { paper(page) } else { canvas.drawImage(blob, data: [], in: page.frame, crop: nil) }
                }
                return
            }
            for page in visible {
                paper(page)
                if !page.isBlank { canvas.drawPDFPage(file, index: page.index, in: page.frame) }
            }
        }
    }

    /// Draws every element whose area meets `visible` (all when nil). The next batch of elements in
    /// view is found, and its stroke outlines computed, on another core while this batch is drawn.
    func drawElements<C: RenderCanvas>(visible: Rect?, on canvas: inout C) {
        let elements = markup.elements
        guard !elements.isEmpty else { return }
        var pending = GeometryBatch.start(elements, from: 0, count: Self.batchSize, visible: visible)
        while true {
            let (items, end) = pending.wait()
            let isLast = end == elements.count
            if !isLast { pending = GeometryBatch.start(elements, from: end, count: Self.batchSize, visible: visible) }
            for item in items {
                draw(elements[item.index], on: &canvas, geometry: item.geometry)
            }
            if isLast { return }
        }
    }

    /// Elements drawn between two hand-overs of stroke outlines computed in the background.
    static let batchSize = 128

    /// Draws one element inside its own group.
    func draw<C: RenderCanvas>(_ element: Element, on canvas: inout C, geometry: StrokeGeometry? = nil) {
        canvas.beginElement(element)
        let rotated = element.rotation != 0
        if rotated {
            canvas.save()
            canvas.concatenate(Transform2D(rotationAbout: element.frame.center, radians: element.rotation))
        }
        switch element.content {
        case .stroke(let stroke): drawStroke(stroke, geometry: geometry ?? StrokeGeometry(stroke: stroke), on: &canvas)
        case .shape(let shape): drawShape(shape, in: element.frame, id: element.id, on: &canvas)
        case .textBox(let box): drawTextBox(box, in: element.frame, onLine: lineLabels.isLineLabel(element), on: &canvas)
        case .image(let image): drawBlob(image.blob, in: element.frame, crop: image.crop, on: &canvas)
        case .sticker(.emoji(let emoji)): drawEmoji(emoji, in: element.frame, on: &canvas)
        case .sticker(.image(let blob)): drawBlob(blob, in: element.frame, crop: nil, on: &canvas)
        case .loupe(let loupe): drawLoupe(loupe, element: element, on: &canvas)
        case .link(let link): drawLink(link, in: element.frame, on: &canvas)
        }
        if rotated { canvas.restore() }
        canvas.endElement()
    }

    // MARK: - Kinds

    func drawStroke<C: RenderCanvas>(_ stroke: Stroke, geometry: StrokeGeometry, on canvas: inout C) {
        for layer in geometry.layers where !layer.outline.isEmpty {
            var color = stroke.ink.color
            color.alpha *= layer.opacity
            guard case .grain(let grain)? = layer.texture, let bounds = layer.outline.bounds,
                  (canvas.pixelsPerPoint ?? .infinity) * grain.dotRadius >= Self.smallestVisibleDotRadius else {
                canvas.fill(layer.outline, color: color)
                continue
            }
            canvas.fill(layer.outline, color: color, leavingOut: grain, over: bounds)
        }
    }

    /// Text whose largest letters would be smaller than this many pixels is left off a bitmap: it
    /// could not be read, and laying it out is the costliest thing a far-out view would do.
    static let smallestVisibleTextSize = 1.0

    /// Grain dots smaller than this many pixels in radius would not show on a bitmap and are left out.
    static let smallestVisibleDotRadius = 0.2

    /// Grain dots are octagons: round to the eye at their size, and cheap for every backend.
    static let dotSides = 8

    /// Grain is drawn over at most this many cells a layer (pencil's fine grain over about 1,300 pt
    /// square); a larger stroke, which only a huge scale makes, is drawn without it, so no document
    /// can make a render unboundedly large.
    static let maximumGrainCells = 200_000.0

    /// Tiles further than this from the origin are not counted out (far beyond any page; whole numbers
    /// stay exact up to 2⁵³).
    static let farthestGrainTile = 1e15

    /// Whether a layer over `bounds` shows `grain`: not one spread over more than
    /// `maximumGrainCells` cells, nor one further out than `farthestGrainTile` tiles.
    static func showsGrain(_ grain: GrainPattern, over bounds: Rect) -> Bool {
        let tile = grain.tileSize
        let cells = (bounds.width / grain.cellSize) * (bounds.height / grain.cellSize)
        let farthest = max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY)) / tile
        return tile > 0 && cells.isFinite && cells <= Self.maximumGrainCells && farthest < Self.farthestGrainTile
    }

    /// A grain dot as every backend draws it.
    static func dotPolygon(at center: Point, radius: Double) -> [Point] {
        (0..<dotSides).map { side in
            let angle = 2 * Double.pi * Double(side) / Double(dotSides)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    /// `bounds` with the grain's dots as holes (even-odd): tiles anchored at the page origin, so grain
    /// lies still as strokes move over it.
    static func grainPath(_ grain: GrainPattern, over bounds: Rect) -> RenderPath {
        var path = RenderPath()
        let reach = grain.largestDotRadius
        path.addRect(bounds.expanded(by: reach))
        let tile = grain.tileSize
        guard showsGrain(grain, over: bounds) else { return path }
        let dots = grain.dots
        let firstColumn = Int((bounds.minX / tile).rounded(.down)), lastColumn = Int((bounds.maxX / tile).rounded(.down))
        let firstRow = Int((bounds.minY / tile).rounded(.down)), lastRow = Int((bounds.maxY / tile).rounded(.down))
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let origin = Point(x: Double(column) * tile, y: Double(row) * tile)
                for dot in dots {
                    let center = origin + dot.center
                    guard center.x >= bounds.minX - reach, center.x <= bounds.maxX + reach,
                          center.y >= bounds.minY - reach, center.y <= bounds.maxY + reach else { continue }
                    path.addPolygon(dotPolygon(at: center, radius: dot.radius))
                }
            }
        }
        return path
    }

    /// Draws `shape` in `frame`; a sketchy one's outline wobbles as its element's `id` says.
    func drawShape<C: RenderCanvas>(_ shape: Shape, in frame: Rect, id: ElementID? = nil, on canvas: inout C) {
        let grouped = shape.opacity < 1
        if grouped { canvas.beginGroup(opacity: shape.opacity) }
        let path = ShapePaths.path(for: shape, in: frame)
        let seed = shape.isSketchy ? id.map(Self.seed(of:)) ?? 0 : 0
        if let fill = shape.fillColor, shape.configuration.type != .line {
            if shape.fillStyle == .solid {
                canvas.fill(path, color: fill, rule: .nonZero)
            } else {
                // Hatched: lines across the frame, clipped to the outline (drawn by hand in a sketchy shape).
                let lines = HatchLines.path(shape.fillStyle, in: frame, lineWidth: shape.lineWidth)
                canvas.save()
                canvas.clip(path, rule: .nonZero)
                canvas.stroke(shape.isSketchy ? SketchyPath.path(lines, seed: ~seed, lineWidth: shape.lineWidth) : lines, color: fill,
                              width: HatchLines.width(forLineWidth: shape.lineWidth))
                canvas.restore()
            }
        }
        if let strokeColor = shape.strokeColor, shape.lineWidth > 0 {
            let outline = shape.isSketchy ? SketchyPath.path(path, seed: seed, lineWidth: shape.lineWidth) : path
            canvas.stroke(outline, color: strokeColor, width: shape.lineWidth, dash: shape.dash.pattern(forLineWidth: shape.lineWidth))
            for (markerPath, filled) in ShapePaths.markers(of: shape, in: frame) {
                if filled {
                    canvas.fill(markerPath, color: strokeColor, rule: .nonZero)
                } else {
                    canvas.stroke(markerPath, color: strokeColor, width: shape.lineWidth)
                }
            }
        }
        if grouped { canvas.endGroup() }
    }

    /// A number an element's id gives for its sketchy wobble: the same wherever the element goes.
    static func seed(of id: ElementID) -> UInt64 {
        withUnsafeBytes(of: id.uuid.uuid) {
            UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) ^ UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// `onLine`: the text labels a line, which is hidden behind its words by a patch of the page's color.
    func drawTextBox<C: RenderCanvas>(_ box: TextBox, in frame: Rect, onLine: Bool = false, on canvas: inout C) {
        guard frame.width > 0, frame.height > 0 else { return }
        let largestFont = box.text.runs.map(\.font.size).max() ?? 0
        if let pixels = canvas.pixelsPerPoint, largestFont * pixels < Self.smallestVisibleTextSize { return }
        let layout = TextLayout(text: box.text, width: frame.width, alignment: box.alignment, rightToLeft: options.rightToLeft, style: style)
        if onLine, let page = options.backgroundColor(for: markup), let left = layout.spans.map(\.x).min(),
           let right = layout.spans.map({ $0.x + $0.width }).max() {
            let margin = Self.lineLabelMargin
            var patch = RenderPath()
            patch.addRect(Rect(x: frame.minX + left - margin, y: frame.minY, width: right - left + 2 * margin,
                               height: min(layout.size.height, frame.height)))
            canvas.fill(patch, color: page, rule: .nonZero)
        }
        canvas.save()
        var clip = RenderPath()
        clip.addRect(frame)
        canvas.clip(clip, rule: .nonZero)
        canvas.drawText(layout, at: frame.origin)
        canvas.restore()
    }

    func drawBlob<C: RenderCanvas>(_ blob: BlobID, in frame: Rect, crop: Rect?, on canvas: inout C) {
        guard let data = markup.blobs[blob] else { return }
        canvas.drawImage(blob, data: [UInt8](data), in: frame, crop: crop)
    }

    /// The emoji as large as fits the frame, centred.
    func drawEmoji<C: RenderCanvas>(_ emoji: String, in frame: Rect, on canvas: inout C) {
        let size = min(frame.width, frame.height) * Self.emojiScale
        guard size > 0 else { return }
        let text = AttributedText(emoji, font: TextFont(family: Self.emojiFontFamily, size: size), color: .black)
        let layout = TextLayout(text: text, width: nil, alignment: .center, rightToLeft: false, style: style)
        let origin = Point(x: frame.center.x - layout.size.width / 2, y: frame.center.y - layout.size.height / 2)
        canvas.drawText(layout, at: origin)
    }

    /// How far the page's patch behind a line's label reaches past its words, in points.
    static let lineLabelMargin = 4.0

    /// Emoji fill this share of the shorter side: the rest is the glyph's own line spacing.
    static let emojiScale = 0.75
    /// A color emoji font first, the system's fallbacks after.
    static let emojiFontFamily = "Noto Color Emoji, Sans"

    /// A circle showing the elements under the loupe magnified about its centre, with a rim.
    func drawLoupe<C: RenderCanvas>(_ loupe: Loupe, element: Element, on canvas: inout C) {
        let frame = element.frame
        let radius = min(frame.width, frame.height) / 2
        guard radius > 0 else { return }
        let center = frame.center
        var circle = RenderPath()
        circle.addCircle(center: center, radius: radius)
        canvas.save()
        canvas.clip(circle, rule: .nonZero)
        drawBackground(in: frame, on: &canvas)
        if loupeAllowance.takeLoupe() { drawMagnified(below: element, about: center, radius: radius, by: loupe.magnification, on: &canvas) }
        canvas.restore()
        canvas.stroke(circle, color: Self.chromeColor, width: max(1, radius * 0.03))
    }

    /// What lies below `element` (its loupes aside) within `radius` / `magnification` of `center`,
    /// drawn again magnified about `center`, as far as the render's loupe allowance goes.
    private func drawMagnified<C: RenderCanvas>(below element: Element, about center: Point, radius: Double, by magnification: Double,
                                                on canvas: inout C) {
        let magnification = min(max(magnification, 1), Loupe.maximumMagnification)
        canvas.concatenate(Transform2D(translationX: -center.x, y: -center.y)
            .concatenating(Transform2D(scaleX: magnification, y: magnification))
            .concatenating(Transform2D(translationX: center.x, y: center.y)))
        let reach = Rect(x: center.x - radius / magnification, y: center.y - radius / magnification,
                         width: 2 * radius / magnification, height: 2 * radius / magnification)
        let under = markup.elements.filter { below in
            if case .loupe = below.content { return false }
            return below.zIndex < element.zIndex && below.renderFrame.intersects(reach)
        }
        // All of what is below, or none of it.
        guard loupeAllowance.takeElements(under.count) else { return }
        for below in under { canvas.repeatElement(below) { canvas in draw(below, on: &canvas) } }
    }

    /// `url` laid out in the link's color, cut short with an ellipsis where it is wider than `width`
    /// (the longest beginning that fits with it, found by halving).
    private func fittedLayout(of url: String, fontSize: Double, width: Double) -> TextLayout {
        func layout(_ shown: String) -> TextLayout {
            TextLayout(text: AttributedText(shown, font: TextFont(size: fontSize), color: Self.linkColor), width: nil, alignment: .leading,
                       rightToLeft: false, style: style)
        }
        let whole = layout(url)
        guard whole.size.width > width, width > 0 else { return whole }
        let characters = Array(url)
        var (fits, tooLong) = (0, characters.count)
        var best = layout("…")
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            let tried = layout(String(characters[..<middle]) + "…")
            if tried.size.width <= width { (fits, best) = (middle, tried) } else { tooLong = middle }
        }
        return best
    }

    /// A pill with the URL, which PDF and SVG make clickable.
    func drawLink<C: RenderCanvas>(_ link: Link, in frame: Rect, on canvas: inout C) {
        guard frame.width > 0, frame.height > 0 else { return }
        var pill = RenderPath()
        pill.addRoundedRect(frame, radius: min(frame.height / 2, 12))
        var tint = Self.linkColor
        tint.alpha = 0.12
        canvas.fill(pill, color: tint, rule: .nonZero)
        canvas.stroke(pill, color: Self.linkColor, width: 1)
        let fontSize = min(max(frame.height * 0.5, 6), 17)
        let inset = min(frame.height / 2, 12)
        let layout = fittedLayout(of: link.url, fontSize: fontSize, width: frame.width - 2 * inset)
        canvas.save()
        canvas.clip(pill, rule: .nonZero)
        canvas.drawText(layout, at: Point(x: frame.minX + inset, y: frame.center.y - layout.size.height / 2))
        canvas.restore()
        if Self.isSafeLink(link.url) { canvas.addLink(to: link.url, over: frame) }
    }
}
