import CCairo
import CPango
import MarkupInk
import MarkupModel

/// Draws onto a Cairo context: an image surface for PNG, a PDF surface for PDF.
struct CairoCanvas: RenderCanvas {
    let context: OpaquePointer
    let style: ColorStyle
    let images: ImageCache
    /// Whether the target is a bitmap, where detail below a pixel can be left out; vector targets
    /// (PDF) get link annotations instead.
    let isBitmap: Bool

    init(context: OpaquePointer, style: ColorStyle, images: ImageCache, isBitmap: Bool) {
        self.context = context
        self.style = style
        self.images = images
        self.isBitmap = isBitmap
    }

    var pixelsPerPoint: Double? {
        guard isBitmap else { return nil }
        var dx = 1.0, dy = 0.0
        cairo_user_to_device_distance(context, &dx, &dy)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Clips to `rect` grown to whole device pixels, which Cairo clips without a mask.
    func clipToPixels(_ rect: Rect) {
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(context, &x0, &y0)
        cairo_user_to_device(context, &x1, &y1)
        cairo_save(context)
        cairo_identity_matrix(context)
        let left = min(x0, x1).rounded(.down), top = min(y0, y1).rounded(.down)
        cairo_rectangle(context, left, top, max(x0, x1).rounded(.up) - left, max(y0, y1).rounded(.up) - top)
        cairo_restore(context)
        cairo_clip(context)
    }

    func beginElement(_ element: Element) {}
    func endElement() {}

    func save() { cairo_save(context) }
    func restore() { cairo_restore(context) }

    func concatenate(_ transform: Transform2D) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(context, &matrix)
    }

    private mutating func setColor(_ color: Color) {
        if color != lastColor {
            lastEncoded = style.encoded(color)
            lastColor = color
        }
        cairo_set_source_rgba(context, lastEncoded.red, lastEncoded.green, lastEncoded.blue, lastEncoded.alpha)
    }

    /// The last color set and its encoding: consecutive strokes mostly share an ink.
    private var lastColor: Color?
    private var lastEncoded = (red: 0.0, green: 0.0, blue: 0.0, alpha: 0.0)

    private func setPath(_ path: RenderPath) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let point): cairo_move_to(context, point.x, point.y)
            case .line(let point): cairo_line_to(context, point.x, point.y)
            case .curve(let c1, let c2, let point): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, point.x, point.y)
            case .close: cairo_close_path(context)
            }
        }
    }

    private func setPath(_ contours: ContourList) {
        cairo_new_path(context)
        contours.points.withUnsafeBufferPointer { points in
            var start = 0
            for end in contours.ends {
                cairo_move_to(context, points[start].x, points[start].y)
                for index in (start + 1)..<end { cairo_line_to(context, points[index].x, points[index].y) }
                cairo_close_path(context)
                start = end
            }
        }
    }

    private func setRule(_ rule: FillRule) {
        cairo_set_fill_rule(context, rule == .nonZero ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
    }

    mutating func fill(_ path: RenderPath, color: Color, rule: FillRule) {
        setPath(path)
        setRule(rule)
        setColor(color)
        cairo_fill(context)
    }

    mutating func fill(_ contours: ContourList, color: Color) {
        setPath(contours)
        setRule(.nonZero)
        setColor(color)
        cairo_fill(context)
    }

    mutating func stroke(_ path: RenderPath, color: Color, width: Double, dash: [Double]) {
        setPath(path)
        setColor(color)
        cairo_set_line_width(context, width)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        guard !dash.isEmpty else { return cairo_stroke(context) }
        cairo_set_dash(context, dash, Int32(dash.count), 0)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    func clip(_ path: RenderPath, rule: FillRule) {
        setPath(path)
        setRule(rule)
        cairo_clip(context)
    }

    func clip(_ contours: ContourList) {
        setPath(contours)
        setRule(.nonZero)
        cairo_clip(context)
    }

    /// The opacities of the open groups.
    private var groupOpacities: [Double] = []

    mutating func beginGroup(opacity: Double) {
        cairo_push_group(context)
        groupOpacities.append(opacity)
    }

    mutating func endGroup() {
        cairo_pop_group_to_source(context)
        cairo_paint_with_alpha(context, groupOpacities.removeLast())
    }

    mutating func drawImage(_ blob: BlobID, data: [UInt8], in rect: Rect, crop: Rect?) {
        guard rect.width > 0, rect.height > 0 else { return }
        // A PDF takes a turned photograph's JPEG as it is, turned as it is drawn.
        if !isBitmap, crop == nil, let orientation = JPEGHeader(data)?.orientation, orientation != 1,
           let stored = images.surface(for: blob, data: data, upright: false) {
            return paint(stored, turnedBy: orientation, in: rect)
        }
        guard let surface = images.surface(for: blob, data: data) else {
            drawMissingImage(in: rect)
            return
        }
        // A PDF embeds only the part shown of a cropped picture; a bitmap draws from the whole.
        if let crop, !isBitmap {
            guard let part = ImageDecoder.cropped(surface, to: crop) else { return }
            defer { cairo_surface_destroy(part.surface) }
            return paint(part.surface, in: ImageElement.wholePicture(in: rect, crop: crop), showing: part.part, clippedTo: rect)
        }
        paint(surface, in: ImageElement.wholePicture(in: rect, crop: crop), showing: Rect(x: 0, y: 0, width: 1, height: 1), clippedTo: rect)
    }

    /// Paints `surface`, which holds the part `shown` (unit coordinates) of a picture whose whole
    /// lies over `whole`, clipped to `rect`.
    private mutating func paint(_ surface: OpaquePointer, in whole: Rect, showing shown: Rect, clippedTo rect: Rect) {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        let target = Rect(x: whole.minX + shown.minX * whole.width, y: whole.minY + shown.minY * whole.height,
                          width: shown.width * whole.width, height: shown.height * whole.height)
        var scale = cairo_matrix_t()
        cairo_matrix_init_scale(&scale, target.width / width, target.height / height)
        scale.x0 = target.minX
        scale.y0 = target.minY
        paint(surface, placedBy: scale, clippedTo: rect)
    }

    /// Paints `surface` with its pixels placed on the page by `placement`, clipped to `rect`.
    private mutating func paint(_ surface: OpaquePointer, placedBy placement: cairo_matrix_t, clippedTo rect: Rect) {
        var placement = placement
        cairo_save(context)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(context)
        cairo_transform(context, &placement)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Paints `surface`, a JPEG's pixels as stored, over `rect` turned and mirrored as its EXIF
    /// `orientation` (2–8) says it is seen.
    private mutating func paint(_ surface: OpaquePointer, turnedBy orientation: Int, in rect: Rect) {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        let quarter = orientation >= 5
        let (seenWidth, seenHeight) = quarter ? (height, width) : (width, height)
        // Where a stored pixel (u, v) is seen: x = xx·u + xy·v + x0, y = yx·u + yy·v + y0.
        let (xx, yx, xy, yy, x0, y0): (Double, Double, Double, Double, Double, Double) = switch orientation {
        case 2: (-1, 0, 0, 1, width, 0)
        case 3: (-1, 0, 0, -1, width, height)
        case 4: (1, 0, 0, -1, 0, height)
        case 5: (0, 1, 1, 0, 0, 0)
        case 6: (0, 1, -1, 0, height, 0)
        case 7: (0, -1, -1, 0, height, width)
        case 8: (0, -1, 1, 0, 0, width)
        default: (1, 0, 0, 1, 0, 0)
        }
        var turn = cairo_matrix_t(), seen = cairo_matrix_t(), placement = cairo_matrix_t()
        cairo_matrix_init(&turn, xx, yx, xy, yy, x0, y0)
        cairo_matrix_init(&seen, rect.width / seenWidth, 0, 0, rect.height / seenHeight, rect.minX, rect.minY)
        cairo_matrix_multiply(&placement, &turn, &seen)
        paint(surface, placedBy: placement, clippedTo: rect)
    }

    mutating func drawPDFPage(_ file: PDFFile, index: Int, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        file.draw(page: index, into: context, in: rect, forPrinting: !isBitmap)
    }

    /// A crossed box where an image's bytes would not decode.
    private mutating func drawMissingImage(in rect: Rect) {
        var box = RenderPath()
        box.addRect(rect)
        fill(box, color: Color(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.5), rule: .nonZero)
        var cross = RenderPath()
        cross.addPolyline([Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY)])
        cross.addPolyline([Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX, y: rect.maxY)])
        stroke(cross, color: Color(red: 0.4, green: 0.4, blue: 0.4), width: 1)
    }

    func drawText(_ layout: TextLayout, at origin: Point) {
        FontEngine.serialized {
            cairo_save(context)
            cairo_move_to(context, origin.x, origin.y)
            pango_cairo_show_layout(context, layout.layout)
            cairo_restore(context)
        }
    }

    func addLink(to url: String, over rect: Rect) {
        guard !isBitmap, let quoted = PDFLinkAddress.attribute(url) else { return }
        var user = (rect.minX, rect.minY), far = (rect.maxX, rect.maxY)
        cairo_user_to_device(context, &user.0, &user.1)
        cairo_user_to_device(context, &far.0, &far.1)
        let attributes = "rect=[\(user.0) \(user.1) \(far.0 - user.0) \(far.1 - user.1)] uri=\(quoted)"
        cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }

    func repeatElement(_ element: Element, draw: (inout CairoCanvas) -> Void) {
        var copy = self
        draw(&copy)
    }
}
