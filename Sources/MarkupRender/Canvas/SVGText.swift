/// A growing UTF-8 buffer with fast, locale-free number formatting for SVG output.
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `value` rounded to 1/100: ample for points (a 200th of a point is far below any display).
    mutating func append(number value: Double) {
        append(hundredths: SVGText.hundredths(value))
    }

    /// `value` in whole hundredths, as written by `append(number:)`.
    static func hundredths(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64(max(min((value * 100).rounded(), 9e17), -9e17))
    }

    /// A number given in hundredths, in its shortest form: no trailing zeros, no leading zero
    /// before the point ("-.5" for -0.5).
    mutating func append(hundredths: Int64) {
        var magnitude = hundredths.magnitude
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let whole = magnitude / 100
        let fraction = Int(magnitude % 100)
        if whole > 0 || fraction == 0 {
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                         UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            magnitude = whole
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                    count += 1
                } while magnitude > 0
                for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
            }
        }
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
    }

    /// `text` with XML's special characters escaped, safe inside element content and quoted attributes.
    mutating func append(escaped text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&apos;")
            case 0..<0x20 where byte != 0x09 && byte != 0x0A && byte != 0x0D: break
            default: bytes.append(byte)
            }
        }
    }
}
