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
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        var scaled = Int64((value * 100).rounded())
        if scaled < 0 {
            bytes.append(UInt8(ascii: "-"))
            scaled = -scaled
        }
        appendDigits(scaled / 100)
        let fraction = Int(scaled % 100)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
    }

    private mutating func appendDigits(_ value: Int64) {
        if value >= 10 { appendDigits(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
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
