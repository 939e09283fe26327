import CCairo
import Foundation
import MarkupModel
import MarkupRender

/// A rendered bitmap the tests can read pixel by pixel.
final class Pixels {
    let width: Int
    let height: Int
    private let surface: OpaquePointer

    /// Renders `area` of `markup` into `width` × `height` pixels.
    init(_ markup: Markup, area: Rect? = nil, width: Int, height: Int, options: RenderOptions = RenderOptions()) throws {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        try MarkupRenderer(markup: markup, options: options).draw(into: context, area: area, frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        cairo_surface_flush(surface)
    }

    /// Decodes PNG bytes.
    init(png: Data) {
        let box = PNGSource(bytes: [UInt8](png))
        surface = cairo_image_surface_create_from_png_stream(readPNG, Unmanaged.passUnretained(box).toOpaque())
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    var isValid: Bool { cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS && width > 0 }

    /// Red, green, blue and alpha of a pixel, 0…255, un-premultiplied.
    subscript(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
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
    func matches(x: Int, y: Int, _ hex: String, tolerance: Int = 8) -> Bool {
        let expected = Color(hex: hex)!.hex
        let pixel = self[x, y]
        let target = [1, 3, 5].map { Int(expected.dropFirst($0).prefix(2), radix: 16)! }
        return abs(pixel.red - target[0]) <= tolerance && abs(pixel.green - target[1]) <= tolerance
            && abs(pixel.blue - target[2]) <= tolerance && pixel.alpha >= 250
    }

    /// How many pixels in the box differ from `hex` by more than `tolerance`.
    func countDiffering(from hex: String, in box: (x: Range<Int>, y: Range<Int>), tolerance: Int = 24) -> Int {
        var count = 0
        for y in box.y { for x in box.x where !matches(x: x, y: y, hex, tolerance: tolerance) { count += 1 } }
        return count
    }

    /// The mean absolute difference per channel from `other`, 0…255, and the share of pixels that differ
    /// by more than 64 on some channel.
    func difference(from other: Pixels) -> (mean: Double, outliers: Double) {
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

final class PNGSource {
    let bytes: [UInt8]
    var offset = 0
    init(bytes: [UInt8]) { self.bytes = bytes }
}

func readPNG(_ closure: UnsafeMutableRawPointer?, _ data: UnsafeMutablePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    let source = Unmanaged<PNGSource>.fromOpaque(closure!).takeUnretainedValue()
    guard source.offset + Int(length) <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
    for index in 0..<Int(length) { data![index] = source.bytes[source.offset + index] }
    source.offset += Int(length)
    return CAIRO_STATUS_SUCCESS
}
