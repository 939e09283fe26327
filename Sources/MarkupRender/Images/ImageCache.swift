import CCairo
import MarkupModel

/// Decoded image surfaces for one render, each blob decoded once however often it is drawn, within
/// a budget of pixels for the whole render: a document of many large images draws those past the
/// budget as missing rather than take gigabytes.
final class ImageCache {
    private var surfaces: [BlobID: OpaquePointer?] = [:]
    /// JPEGs' pixels as stored, for a drawing that turns them as their EXIF orientation says.
    private var storedSurfaces: [BlobID: OpaquePointer?] = [:]
    /// Pixels still free for decoding in this render.
    private(set) var remainingPixels: Int

    /// 128 million pixels: 512 MB of surfaces, two of the largest images `ImageDecoder` takes.
    static let pixelBudget = 2 * ImageDecoder.maximumPixels

    init(pixelBudget: Int = ImageCache.pixelBudget) {
        remainingPixels = pixelBudget
    }

    /// The surface of `blob`, upright (or, with `upright` false, a JPEG's pixels as stored), or nil
    /// when its bytes do not decode or it would exceed the budget.
    func surface(for blob: BlobID, data: [UInt8], upright: Bool = true) -> OpaquePointer? {
        if let cached = upright ? surfaces[blob] : storedSurfaces[blob] { return cached }
        var surface: OpaquePointer?
        if let size = ImageDecoder.declaredSize(of: data), size.width > 0, size.height > 0,
           size.width <= remainingPixels / size.height {
            surface = ImageDecoder.surface(from: data, upright: upright)
            if let surface {
                remainingPixels -= Int(cairo_image_surface_get_width(surface)) * Int(cairo_image_surface_get_height(surface))
            }
        }
        if upright { surfaces[blob] = surface } else { storedSurfaces[blob] = surface }
        return surface
    }

    deinit {
        for case let surface? in Array(surfaces.values) + Array(storedSurfaces.values) { cairo_surface_destroy(surface) }
    }
}
