/// Reads decimal numbers out of UTF-8 text without going through `String`: the points of a
/// Xournal++ stroke or an InkML trace. Exact for the numbers these files hold (up to 15 significant
/// digits, as the classic fast path of correctly rounded parsing); longer ones go through the
/// standard library's parser.
struct DecimalScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte at the current position, if any.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func advance() { position += 1 }

    /// Skips spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The number at the current position (after white space), or nil when none starts there; the
    /// position moves past it. Non-finite results (`1e999`) are nil too.
    mutating func number() -> Double? {
        skipWhitespace()
        let start = position
        var negative = false
        if let sign = current, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            advance()
        }
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        var sawDigit = false
        while let byte = current, byte &- 0x30 < 10 {
            sawDigit = true
            if digits < 19 { mantissa = mantissa * 10 + UInt64(byte &- 0x30); if mantissa > 0 { digits += 1 } } else { scale += 1 }
            advance()
        }
        if current == UInt8(ascii: ".") {
            advance()
            while let byte = current, byte &- 0x30 < 10 {
                sawDigit = true
                if digits < 19 { mantissa = mantissa * 10 + UInt64(byte &- 0x30); if mantissa > 0 { digits += 1 }; scale -= 1 }
                advance()
            }
        }
        guard sawDigit else { position = start; return nil }
        if let e = current, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            let beforeExponent = position
            advance()
            var exponentNegative = false
            if let sign = current, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                advance()
            }
            var exponent = 0, exponentDigits = 0
            while let byte = current, byte &- 0x30 < 10 {
                exponent = min(exponent * 10 + Int(byte &- 0x30), 100_000)
                exponentDigits += 1
                advance()
            }
            if exponentDigits == 0 { position = beforeExponent } else { scale += exponentNegative ? -exponent : exponent }
        }
        let value: Double
        if digits <= 15, abs(scale) <= 22 {
            value = scale >= 0 ? Double(mantissa) * Self.powersOfTen[scale] : Double(mantissa) / Self.powersOfTen[-scale]
            return negative ? -value : value
        }
        guard let parsed = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)),
              parsed.isFinite else { return nil }
        return parsed
    }
}
