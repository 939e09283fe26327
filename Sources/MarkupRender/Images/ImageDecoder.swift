import CCairo
import CGdkPixbuf
import Foundation
import MarkupModel

/// Decodes PNG and JPEG blobs into Cairo image surfaces through gdk-pixbuf.
enum ImageDecoder {
    /// Images larger than this many pixels are not decoded: 64 million pixels (an 8000 × 8000 scan)
    /// take 256 MB as a surface, and as much again while gdk-pixbuf decodes them.
    static let maximumPixels = 64_000_000

    /// Why a picture of `size` is not drawn, in words; nil when it is.
    static func oversizeProblem(_ size: (width: Int, height: Int)) -> String? {
        guard size.width > maximumPixels / max(size.height, 1) else { return nil }
        return "the picture is \(size.width) × \(size.height) pixels; MarkupKit draws pictures of up to "
            + "\(maximumPixels / 1_000_000) million pixels, 8,000 × 8,000: make it smaller first"
    }

    /// A new ARGB32 surface with the image, or nil when the bytes do not decode; the caller destroys it.
    /// Turned upright as a JPEG's EXIF orientation says, or (`upright` false) its pixels as stored,
    /// for a drawing that turns them itself. The size the header declares is checked before anything
    /// is decoded, so a hostile image cannot make the decoder allocate gigabytes.
    static func surface(from data: [UInt8], upright: Bool = true) -> OpaquePointer? {
        guard let size = declaredSize(of: data), size.width > 0, size.height > 0,
              size.width <= maximumPixels / size.height else { return nil }
        guard let loader = gdk_pixbuf_loader_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var writeError: UnsafeMutablePointer<GError>?
        var closeError: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBufferPointer { buffer in
            gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), &writeError)
        }
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if let writeError { g_error_free(writeError) }
        if let closeError { g_error_free(closeError) }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),
              let turned = upright ? gdk_pixbuf_apply_embedded_orientation(pixbuf) : g_object_ref(UnsafeMutableRawPointer(pixbuf)).map(OpaquePointer.init)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(turned)) }
        guard let surface = surface(from: turned) else { return nil }
        // Only pixels as stored (gdk-pixbuf turned nothing) are the JPEG's.
        if turned == pixbuf { keepJPEG(data, with: surface) }
        return surface
    }

    /// Gives a JPEG's surface (its pixels as stored) the JPEG itself, so a PDF embeds those bytes
    /// rather than its pixels compressed again (several times larger for a photograph): only for
    /// one in grey or RGB, which PDF readers show as the surface does.
    private static func keepJPEG(_ data: [UInt8], with surface: OpaquePointer) {
        guard let header = JPEGHeader(data), header.isPDFReadable, Int(cairo_image_surface_get_width(surface)) == header.storedWidth,
              Int(cairo_image_surface_get_height(surface)) == header.storedHeight, let copy = malloc(data.count) else { return }
        data.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: data.count) }
        let status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                                 UInt(data.count), { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
    }

    /// A new surface holding only the pixels of `surface` that `crop` (unit coordinates) covers,
    /// whole pixels out, and the part of the picture they are (unit coordinates); nil when none;
    /// the caller destroys the surface. What vector outputs embed of a cropped picture, so the
    /// part cropped away does not travel with them.
    static func cropped(_ surface: OpaquePointer, to crop: Rect) -> (surface: OpaquePointer, part: Rect)? {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        let left = max((crop.minX * width).rounded(.down), 0), top = max((crop.minY * height).rounded(.down), 0)
        let right = min((crop.maxX * width).rounded(.up), width), bottom = min((crop.maxY * height).rounded(.up), height)
        guard right > left, bottom > top, let part = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(right - left), Int32(bottom - top)) else {
            return nil
        }
        guard let context = cairo_create(part) else {
            cairo_surface_destroy(part)
            return nil
        }
        cairo_set_source_surface(context, surface, -left, -top)
        cairo_paint(context)
        cairo_destroy(context)
        return (part, Rect(x: left / width, y: top / height, width: (right - left) / width, height: (bottom - top) / height))
    }

    /// The width and height a PNG's IHDR or a JPEG's start-of-frame declares, a JPEG's as its EXIF
    /// orientation turns it upright; nil when neither is found.
    static func declaredSize(of data: [UInt8]) -> (width: Int, height: Int)? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            guard data.count >= 24 else { return nil }
            func bigEndian(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (bigEndian(16), bigEndian(20))
        }
        return JPEGHeader(data)?.uprightSize
    }

    private static func surface(from pixbuf: OpaquePointer) -> OpaquePointer? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard width > 0, height > 0, width <= maximumPixels / height, channels >= 3,
              gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let destination = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        for row in 0..<height {
            let source = pixels + row * rowStride
            let target = UnsafeMutableRawPointer(destination + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let pixel = source + column * channels
                let alpha = hasAlpha ? UInt32(pixel[3]) : 255
                func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                target[column] = alpha << 24 | premultiplied(pixel[0]) << 16 | premultiplied(pixel[1]) << 8 | premultiplied(pixel[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
