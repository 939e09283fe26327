import CCairo
import CGdkPixbuf
import Foundation

/// Decodes PNG and JPEG blobs into Cairo image surfaces through gdk-pixbuf.
enum ImageDecoder {
    /// Images larger than this many pixels are not decoded: they would take gigabytes.
    static let maximumPixels = 100_000_000

    /// A new ARGB32 surface with the image, or nil when the bytes do not decode; the caller destroys it.
    static func surface(from data: [UInt8]) -> OpaquePointer? {
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
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        return surface(from: pixbuf)
    }

    private static func surface(from pixbuf: OpaquePointer) -> OpaquePointer? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard width > 0, height > 0, width * height <= maximumPixels, channels >= 3,
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
