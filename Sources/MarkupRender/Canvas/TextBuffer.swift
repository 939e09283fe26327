/// A growing UTF-8 buffer with fast, locale-free number formatting and XML escaping: what the SVG
/// writer and the writers of other apps' formats build their text in.
public struct TextBuffer: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Text already in UTF-8, as it is.
    public mutating func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// `value` rounded to 1/100: ample for points (a 200th of a point is far below any display).
    public mutating func append(number value: Double) {
        append(hundredths: TextBuffer.hundredths(value))
    }

    /// `value` rounded to `decimals` (0 to 9) places, in its shortest form.
    public mutating func append(number value: Double, decimals: Int) {
        let places = min(max(decimals, 0), 9)
        let scale = Self.powersOfTen[places]
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        let scaled = Int64(max(min((value * Double(scale)).rounded(), 9e17), -9e17))
        var magnitude = scaled.magnitude
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(magnitude / scale)
        magnitude %= scale
        guard magnitude > 0 else { return }
        var shown = places
        while magnitude % 10 == 0 { magnitude /= 10; shown -= 1 }
        bytes.append(UInt8(ascii: "."))
        var divisor = Self.powersOfTen[shown - 1]
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    private static let powersOfTen: [UInt64] = (0...9).map { exponent in (0..<exponent).reduce(1) { value, _ in value * 10 } }

    /// The decimal digits of `value`, most significant first.
    private mutating func appendDigits(_ value: UInt64) {
        var divisor: UInt64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A whole number, in decimal.
    mutating func append(integer value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
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

    /// `text` with XML's special characters escaped, safe inside element content and quoted attributes;
    /// what XML allows no document to hold (control characters, U+FFFE and U+FFFF) is left out.
    public mutating func append(escaped text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                case UInt8(ascii: "\""): append("&quot;")
                case UInt8(ascii: "'"): append("&apos;")
                case 0..<0x20 where byte != 0x09 && byte != 0x0A && byte != 0x0D: break
                case 0xEF where index + 1 < utf8.count && utf8[index] == 0xBF && utf8[index + 1] >= 0xBE:
                    index += 2
                default: bytes.append(byte)
                }
            }
        }
    }

    /// `text` as a quoted JSON string; the runs between characters that need escaping are copied whole.
    public mutating func append(jsonString text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    append("\\u00")
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 15)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
