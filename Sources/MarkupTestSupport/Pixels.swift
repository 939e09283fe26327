import CCairo
import Foundation
import MarkupModel

/// A bitmap the tests can read pixel by pixel: a render, or a PNG another program made.
public final class Pixels {
    public let width: Int
    public let height: Int
    private let surface: OpaquePointer

    /// A cleared `width` × `height` image that `draw` paints into through a Cairo context.
    public init(width: Int, height: Int, draw: (OpaquePointer) throws -> Void) rethrows {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        try draw(context)
        cairo_surface_flush(surface)
    }

    /// Decodes PNG bytes.
    public init(png: Data) {
        let box = PNGSource(bytes: [UInt8](png))
        surface = cairo_image_surface_create_from_png_stream(readPNG, Unmanaged.passUnretained(box).toOpaque())
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    public var isValid: Bool { cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS && width > 0 }

    /// Red, green, blue and alpha of a pixel, 0…255, un-premultiplied.
    public subscript(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let value = UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self)
        let alpha = Int(value >> 24)
        func channel(_ shift: UInt32) -> Int {
            let premultiplied = Int((value >> shift) & 0xFF)
            return alpha == 0 ? 0 : min(255, (premultiplied * 255 + alpha / 2) / alpha)
        }
        return (channel(16), channel(8), channel(0), alpha)
    }

    /// Whether the pixel is within `tolerance` of the color on every channel.
    public func matches(x: Int, y: Int, _ hex: String, tolerance: Int = 8) -> Bool {
        let expected = Color(hex: hex)!.hex
        let pixel = self[x, y]
        let target = [1, 3, 5].map { Int(expected.dropFirst($0).prefix(2), radix: 16)! }
        return abs(pixel.red - target[0]) <= tolerance && abs(pixel.green - target[1]) <= tolerance
            && abs(pixel.blue - target[2]) <= tolerance && pixel.alpha >= 250
    }

    /// How many pixels in the box differ from `hex` by more than `tolerance`.
    public func countDiffering(from hex: String, in box: (x: Range<Int>, y: Range<Int>), tolerance: Int = 24) -> Int {
        var count = 0
        for y in box.y { for x in box.x where !matches(x: x, y: y, hex, tolerance: tolerance) { count += 1 } }
        return count
    }

    /// The mean absolute difference per channel from `other`, 0…255, and the share of pixels that differ
    /// by more than 64 on some channel.
    public func difference(from other: Pixels) -> (mean: Double, outliers: Double) {
        guard width == other.width, height == other.height else { return (255, 1) }
        var total = 0, outliers = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = self[x, y], b = other[x, y]
                let deltas = [abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha)]
                total += deltas.reduce(0, +)
                if deltas.contains(where: { $0 > 64 }) { outliers += 1 }
            }
        }
        return (Double(total) / Double(width * height * 4), Double(outliers) / Double(width * height))
    }
}

// MARK: - Comparing with another renderer

extension Pixels {
    /// A pixel's colour over white paper, 0…255 per channel.
    public func onWhite(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let pixel = self[x, y]
        func over(_ channel: Int) -> Int { (channel * pixel.alpha + 255 * (255 - pixel.alpha) + 127) / 255 }
        return (over(pixel.red), over(pixel.green), over(pixel.blue))
    }

    /// Which pixels are ink: over white, darker or more coloured than paper by more than `threshold`.
    public func inkMask(threshold: Int = 48) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = onWhite(x: x, y: y)
                mask[y * width + x] = 255 - min(pixel.red, pixel.green, pixel.blue) > threshold
            }
        }
        return mask
    }

    /// The share of this image's ink that lies within `radius` pixels of ink in `other` (same size):
    /// 1 when every mark drawn here is drawn there too.
    public func inkShare(coveredBy other: Pixels, radius: Int, threshold: Int = 48) -> Double {
        guard width == other.width, height == other.height else { return 0 }
        let mine = inkMask(threshold: threshold), theirs = other.inkMask(threshold: threshold)
        var near = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width where theirs[y * width + x] {
                for ny in max(y - radius, 0)...min(y + radius, height - 1) {
                    for nx in max(x - radius, 0)...min(x + radius, width - 1) { near[ny * width + nx] = true }
                }
            }
        }
        var ink = 0, covered = 0
        for index in mine.indices where mine[index] {
            ink += 1
            if near[index] { covered += 1 }
        }
        return ink == 0 ? 1 : Double(covered) / Double(ink)
    }

    /// The mean difference per channel (0…255) between the two images' colours over white, where
    /// both have ink.
    public func inkColorDifference(from other: Pixels, threshold: Int = 48) -> Double {
        guard width == other.width, height == other.height else { return 255 }
        let mine = inkMask(threshold: threshold), theirs = other.inkMask(threshold: threshold)
        var total = 0, count = 0
        for y in 0..<height {
            for x in 0..<width where mine[y * width + x] && theirs[y * width + x] {
                let a = onWhite(x: x, y: y), b = other.onWhite(x: x, y: y)
                total += abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue)
                count += 3
            }
        }
        return count == 0 ? 255 : Double(total) / Double(count)
    }
}

private final class PNGSource {
    let bytes: [UInt8]
    var offset = 0
    init(bytes: [UInt8]) { self.bytes = bytes }
}

private func readPNG(_ closure: UnsafeMutableRawPointer?, _ data: UnsafeMutablePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    let source = Unmanaged<PNGSource>.fromOpaque(closure!).takeUnretainedValue()
    guard source.offset + Int(length) <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
    for index in 0..<Int(length) { data![index] = source.bytes[source.offset + index] }
    source.offset += Int(length)
    return CAIRO_STATUS_SUCCESS
}
