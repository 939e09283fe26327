import CCairo
import Foundation
import MarkupInk
import MarkupModel

/// Renders a document to PNG, PDF or SVG, or into a Cairo context, as PaperKit's
/// `draw(in:frame:)` does: any part of the document (a crop) into a target size, aspect-fit.
public struct MarkupRenderer: Sendable {
    public let markup: Markup
    public let options: RenderOptions
    /// Which text boxes label lines, looked for once for every scene this renderer draws.
    let lineLabels: LineLabels

    /// The largest bitmap rendered, in pixels (about 400 MB of memory).
    public static let maximumPixels = 100_000_000

    /// Draws `markup` as `options` say; a document over a background is drawn in its own colors
    /// in the dark appearance too (`RenderOptions.drawing(_:)`).
    public init(markup: Markup, options: RenderOptions = RenderOptions()) {
        self.markup = markup
        self.options = options.drawing(markup)
        lineLabels = LineLabels(markup: markup)
    }

    /// The area drawn when none is given: the page, or the content when the page is empty.
    public var defaultArea: Rect {
        if markup.bounds.width > 0, markup.bounds.height > 0 { return markup.bounds }
        let content = markup.contentsRenderFrame
        return content.width > 0 && content.height > 0 ? content : Rect(x: 0, y: 0, width: 1, height: 1)
    }

    /// The pixel size of `area` drawn at `scale` pixels per point, at least one pixel each way.
    public static func pixelSize(of area: Rect, scale: Double) -> (width: Int, height: Int) {
        func pixels(_ length: Double) -> Int {
            let value = (length * scale).rounded()
            return value.isFinite ? Int(min(max(value, 1), 1e9)) : 1
        }
        return (pixels(area.width), pixels(area.height))
    }

    // MARK: - PNG

    /// A PNG of `area` (the page by default), `width` × `height` pixels, aspect-fit and centred.
    public func png(area: Rect? = nil, width: Int, height: Int) throws(RenderError) -> Data {
        let area = try validated(area ?? defaultArea)
        guard width > 0, height > 0, width <= 32767, height <= 32767, width * height <= Self.maximumPixels else {
            // Said with the largest that would do, at this shape.
            let scale = min(1, 32767 / Double(max(width, height, 1)), (Double(Self.maximumPixels) / max(Double(width) * Double(height), 1)).squareRoot())
            let hint = width > 0 && height > 0 ? "; the most is 32,767 pixels a side and \(Self.maximumPixels / 1_000_000) million in all: \(Int(Double(width) * scale))×\(Int(Double(height) * scale)) at this shape" : ""
            throw .invalidSize("\(width)×\(height) pixels is not a size that can be rendered\(hint)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .cairo("cannot create an image surface")
        }
        defer { cairo_surface_destroy(surface) }
        try draw(on: surface, area: area, frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), isBitmap: true)
        return Data(try pngBytes(of: surface).get())
    }

    /// A PNG whose longer side is `maximumPixelSize`: the thumbnail PaperKit apps show (of a page
    /// grown long, its first sheet).
    public func thumbnail(maximumPixelSize: Int = 256) throws(RenderError) -> Data {
        let page = defaultArea == markup.bounds ? markup.firstSheet : defaultArea
        let area = try validated(markup.background?.pages.first?.frame ?? page)
        guard (1...32767).contains(maximumPixelSize) else { throw .invalidSize("a thumbnail is 1 to 32,767 pixels") }
        let scale = Double(maximumPixelSize) / max(area.width, area.height)
        let size = Self.pixelSize(of: area, scale: scale)
        return try png(area: area, width: size.width, height: size.height)
    }

    // MARK: - PDF

    /// A one-page vector PDF of `area`, the page `pageSize` points (the area's size by default).
    /// Text stays selectable and links clickable.
    public func pdf(area: Rect? = nil, pageSize: Size? = nil) throws(RenderError) -> Data {
        let area = try validated(area ?? defaultArea)
        let page = pageSize ?? area.size
        guard page.width > 0, page.height > 0, page.width <= 14400, page.height <= 14400 else {
            throw .invalidSize("a PDF page must be between 1 and 14,400 points a side")
        }
        return try pdfData(firstPage: page) { surface throws(RenderError) in
            try draw(on: surface, area: area, frame: Rect(origin: .zero, size: page), isBitmap: false)
        }
    }

    /// A PDF in memory with MarkupKit's metadata; `drawPages` draws on its surface (the first page
    /// `firstPage` large).
    func pdfData(firstPage: Size, _ drawPages: (OpaquePointer) throws(RenderError) -> Void) throws(RenderError) -> Data {
        // The sink must outlive the surface, which writes to it until it is destroyed.
        let sink = ByteSink()
        defer { withExtendedLifetime(sink) {} }
        guard let surface = cairo_pdf_surface_create_for_stream(appendToByteSink, Unmanaged.passUnretained(sink).toOpaque(),
                                                               firstPage.width, firstPage.height) else {
            throw .cairo("cannot create a PDF surface")
        }
        defer { FontEngine.serialized { cairo_surface_destroy(surface) } }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "MarkupKit")
        if !markup.title.isEmpty { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, markup.title) }
        try drawPages(surface)
        FontEngine.serialized { cairo_surface_finish(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return Data(sink.bytes)
    }

    // MARK: - SVG

    /// An SVG document of `area`, `size` points large (the area's size by default), with one
    /// `<g id="e-…">` per element. Images are embedded as data URIs unless `imageReference` names
    /// them otherwise.
    public func svg(area: Rect? = nil, size: Size? = nil,
                    imageReference: @escaping @Sendable (BlobID, [UInt8]) -> String = MarkupRenderer.dataURI) throws(RenderError) -> String {
        let area = try validated(area ?? defaultArea)
        let size = size ?? area.size
        guard size.width > 0, size.height > 0, size.isFinite else { throw .invalidSize("the SVG size must be positive") }
        let scene = SceneRenderer(markup: markup, options: options, lineLabels: lineLabels)
        var canvas = SVGCanvas(style: scene.style, imageReference: imageReference)
        canvas.sharesGrain = true
        canvas.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" ")
        canvas.append("width=\"\(SVGCanvas.format(size.width))\" height=\"\(SVGCanvas.format(size.height))\" ")
        canvas.append("viewBox=\"\(SVGCanvas.format(area.minX)) \(SVGCanvas.format(area.minY)) \(SVGCanvas.format(area.width)) \(SVGCanvas.format(area.height))\">\n")
        if !markup.title.isEmpty {
            canvas.append("<title>")
            canvas.appendEscaped(markup.title)
            canvas.append("</title>\n")
        }
        scene.drawBackground(in: area, on: &canvas)
        canvas.append("\n")
        scene.drawElements(visible: area, on: &canvas)
        canvas.append("</svg>\n")
        return canvas.text
    }

    /// What a fragment's text reserves at first: a stroke's fits, and a server writing thousands a
    /// second does not fault in a fresh 64 KB for each.
    static let fragmentCapacity = 4096

    /// The SVG of one element alone, its `<g id="e-…">` group, for a page that patches its DOM.
    /// `geometry`, for a stroke, is its outline when the caller has it already (a gesture just
    /// finished); it must be the stroke's own.
    public func svgFragment(for element: Element, geometry: StrokeGeometry? = nil,
                            imageReference: @escaping @Sendable (BlobID, [UInt8]) -> String = MarkupRenderer.dataURI) -> String {
        let scene = SceneRenderer(markup: markup, options: options, lineLabels: lineLabels)
        var canvas = SVGCanvas(style: scene.style, capacity: Self.fragmentCapacity, imageReference: imageReference)
        canvas.keepsWholePictures = true
        scene.draw(element, on: &canvas, geometry: geometry)
        return canvas.text
    }

    /// A data URI of image bytes: how SVG output embeds images by default.
    @Sendable public static func dataURI(_ blob: BlobID, _ data: [UInt8]) -> String {
        let type = ImageFormat(sniffing: Data(data.prefix(8))) == .jpeg ? "image/jpeg" : "image/png"
        return "data:\(type);base64," + Data(data).base64EncodedString()
    }

    // MARK: - Cairo

    /// Draws `area` of the document into `frame` of a Cairo context, aspect-fit and centred.
    public func draw(into context: OpaquePointer, area: Rect? = nil, frame: Rect) throws(RenderError) {
        let area = try validated(area ?? defaultArea)
        guard frame.width > 0, frame.height > 0, frame.isFinite else { throw .invalidSize("the frame must be positive") }
        let isBitmap = cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE
        cairo_save(context)
        defer { cairo_restore(context) }
        try render(into: context, area: area, frame: frame, isBitmap: isBitmap)
    }

    func draw(on surface: OpaquePointer, area: Rect, frame: Rect, isBitmap: Bool) throws(RenderError) {
        guard let context = cairo_create(surface) else { throw .cairo("cannot create a context") }
        defer { FontEngine.serialized { cairo_destroy(context) } }
        try render(into: context, area: area, frame: frame, isBitmap: isBitmap)
    }

    /// The scene drawn into a context: clipped to the area (on whole pixels for bitmaps), the page,
    /// then the elements. Vector outputs get link annotations.
    private func render(into context: OpaquePointer, area: Rect, frame: Rect, isBitmap: Bool) throws(RenderError) {
        let scene = SceneRenderer(markup: markup, options: options, lineLabels: lineLabels)
        var canvas = CairoCanvas(context: context, style: scene.style, images: ImageCache(), isBitmap: isBitmap)
        canvas.concatenate(Self.fitting(area, into: frame))
        if isBitmap {
            canvas.clipToPixels(area)
        } else {
            var clip = RenderPath()
            clip.addRect(area)
            canvas.clip(clip, rule: .nonZero)
        }
        scene.drawBackground(in: area, on: &canvas)
        scene.drawElements(visible: area, on: &canvas)
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Maps `area` into `frame`, aspect-fit and centred.
    static func fitting(_ area: Rect, into frame: Rect) -> Transform2D {
        let scale = min(frame.width / area.width, frame.height / area.height)
        let offset = Point(x: frame.minX + (frame.width - area.width * scale) / 2, y: frame.minY + (frame.height - area.height * scale) / 2)
        return Transform2D(translationX: -area.minX, y: -area.minY)
            .concatenating(Transform2D(scaleX: scale, y: scale))
            .concatenating(Transform2D(translationX: offset.x, y: offset.y))
    }

    private func validated(_ area: Rect) throws(RenderError) -> Rect {
        guard area.isFinite, area.width > 0, area.height > 0 else {
            throw .invalidArea("the area to draw must have a positive finite size")
        }
        return area
    }
}
