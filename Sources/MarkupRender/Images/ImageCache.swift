import CCairo
import MarkupModel

/// Decoded image surfaces for one render, each blob decoded once however often it is drawn.
final class ImageCache {
    private var surfaces: [BlobID: OpaquePointer?] = [:]

    /// The surface of `blob`, or nil when its bytes do not decode.
    func surface(for blob: BlobID, data: [UInt8]) -> OpaquePointer? {
        if let cached = surfaces[blob] { return cached }
        let surface = ImageDecoder.surface(from: data)
        surfaces[blob] = surface
        return surface
    }

    deinit {
        for case let surface? in surfaces.values { cairo_surface_destroy(surface) }
    }
}
