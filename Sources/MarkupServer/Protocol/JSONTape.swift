import Foundation
import MarkupFormat

/// JSON text (RFC 8259, strictly) read in one pass into a flat list of its values, each knowing
/// its container and where its own values end, so a message is read without a node allocated per
/// value. A stroke's samples are hundreds of numbers: those of up to 15 significant digits and a
/// power of ten within ±22 are converted exactly by one multiplication or division (Clinger's fast
/// path), the rest by the standard library's correctly rounded parser. The tape never holds more
/// than `maximumValues` values or nests deeper than `maximumDepth`; a number beyond a Double's range
/// is refused.
final class JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, bool, null
    }

    /// One value. Ranges are byte offsets into the text: a string's between its quotes, a member's
    /// name likewise.
    struct Node {
        var kind: Kind
        /// A bool's value; for a string, whether it holds escapes.
        var flag = false
        var nameIsEscaped = false
        /// The container's index, -1 for the root.
        var parent: Int32
        /// The index just past this value and everything inside it: its next sibling's.
        var end: Int32 = 0
        /// How many values a container holds.
        var count: Int32 = 0
        var nameStart: Int32 = -1, nameEnd: Int32 = -1
        var start: Int32 = 0, stop: Int32 = 0
        var number = 0.0

        var hasName: Bool { nameStart >= 0 }
    }

    static let maximumDepth = JSONNesting.maximumDepth

    /// The values read, in order: the first `count` of `storage`.
    var nodes: UnsafeBufferPointer<Node> { UnsafeBufferPointer(rebasing: storage[0..<count]) }
    let text: UnsafeRawBufferPointer
    /// Room for every value the text can hold, allocated once: a value takes at least two bytes with
    /// its comma or its brackets (the last one byte), and at most `maximumDepth` containers are
    /// open and not yet closed. Never more than `maximumValues`.
    private let storage: UnsafeMutableBufferPointer<Node>
    private var count = 0

    /// Reads `text` whole; only white space may follow its one value.
    init(_ text: UnsafeRawBufferPointer, maximumValues: Int) throws(ProtocolError) {
        guard text.count < Int(Int32.max) else { throw .tooComplex }
        self.text = text
        storage = .allocate(capacity: min(maximumValues, text.count / 2 + 1 + Self.maximumDepth))
        try read()
    }

    deinit {
        storage.baseAddress?.deinitialize(count: count)
        storage.deallocate()
    }

    // MARK: - Reading

    private func byte(_ offset: Int) -> UInt8 { offset < text.count ? text[offset] : 0 }

    private func skipSpace(_ offset: Int) -> Int {
        var offset = offset
        while offset < text.count {
            switch text[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return offset
            }
        }
        return offset
    }

    private enum Expecting { case value, firstMember, firstElement, afterValue }

    private func read() throws(ProtocolError) {
        // The open containers, innermost last, each with how many values it holds so far.
        let containers = UnsafeMutablePointer<(index: Int32, count: Int32)>.allocate(capacity: Self.maximumDepth)
        defer { containers.deallocate() }
        var depth = 0
        var offset = skipSpace(0)
        var expecting = Expecting.value
        var name: (start: Int, end: Int, escaped: Bool)?
        while true {
            switch expecting {
            case .value:
                offset = try readValue(at: offset, parent: depth > 0 ? containers[depth - 1].index : -1, name: name)
                if depth > 0 { containers[depth - 1].count += 1 }
                name = nil
                let kind = storage[count - 1].kind
                if kind == .object || kind == .array {
                    guard depth < Self.maximumDepth else { throw .tooComplex }
                    containers[depth] = (Int32(count - 1), 0)
                    depth += 1
                    expecting = kind == .object ? .firstMember : .firstElement
                } else {
                    expecting = .afterValue
                }
            case .firstMember, .firstElement:
                offset = skipSpace(offset)
                let isObject = expecting == .firstMember
                if byte(offset) == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth -= 1
                    offset = close(containers[depth], at: offset)
                    expecting = .afterValue
                } else {
                    if isObject { (offset, name) = try readName(at: offset) }
                    expecting = .value
                }
            case .afterValue:
                offset = skipSpace(offset)
                guard depth > 0 else {
                    guard offset == text.count else { throw .notJSON }
                    return
                }
                let isObject = storage[Int(containers[depth - 1].index)].kind == .object
                switch byte(offset) {
                case UInt8(ascii: ","):
                    offset = skipSpace(offset + 1)
                    if isObject { (offset, name) = try readName(at: offset) }
                    expecting = .value
                case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                    depth -= 1
                    offset = close(containers[depth], at: offset)
                default:
                    throw .notJSON
                }
            }
        }
    }

    private func close(_ container: (index: Int32, count: Int32), at offset: Int) -> Int {
        storage[Int(container.index)].end = Int32(count)
        storage[Int(container.index)].count = container.count
        return offset + 1
    }

    /// A member's name and the colon after it; `offset` is at the name's opening quote.
    private func readName(at offset: Int) throws(ProtocolError) -> (Int, (start: Int, end: Int, escaped: Bool)) {
        guard byte(offset) == UInt8(ascii: "\"") else { throw .notJSON }
        let (end, escaped) = try scanString(from: offset + 1)
        let colon = skipSpace(end + 1)
        guard byte(colon) == UInt8(ascii: ":") else { throw .notJSON }
        return (skipSpace(colon + 1), (offset + 1, end, escaped))
    }

    /// Appends the value at `offset` (a container only opened) and returns the offset after it.
    private func readValue(at offset: Int, parent: Int32, name: (start: Int, end: Int, escaped: Bool)?) throws(ProtocolError) -> Int {
        guard count < storage.count else { throw .tooComplex }
        var node = Node(kind: .null, parent: parent)
        if let name { (node.nameStart, node.nameEnd, node.nameIsEscaped) = (Int32(name.start), Int32(name.end), name.escaped) }
        var next: Int
        switch byte(offset) {
        case UInt8(ascii: "{"): (node.kind, next) = (.object, offset + 1)
        case UInt8(ascii: "["): (node.kind, next) = (.array, offset + 1)
        case UInt8(ascii: "\""):
            let (end, escaped) = try scanString(from: offset + 1)
            (node.kind, node.flag, node.start, node.stop, next) = (.string, escaped, Int32(offset + 1), Int32(end), end + 1)
        case UInt8(ascii: "t"): (node.kind, node.flag, next) = (.bool, true, try literal("true", at: offset))
        case UInt8(ascii: "f"): (node.kind, next) = (.bool, try literal("false", at: offset))
        case UInt8(ascii: "n"): next = try literal("null", at: offset)
        default:
            node.kind = .number
            (node.number, next) = try readNumber(at: offset)
        }
        node.end = Int32(count + 1)
        (storage.baseAddress! + count).initialize(to: node)
        count += 1
        return next
    }

    private func literal(_ word: StaticString, at offset: Int) throws(ProtocolError) -> Int {
        let count = word.utf8CodeUnitCount
        guard offset + count <= text.count else { throw .notJSON }
        for index in 0..<count where text[offset + index] != word.utf8Start[index] { throw .notJSON }
        return offset + count
    }

    /// The offset of the closing quote of the string whose characters start at `offset`, and
    /// whether it holds escapes; every escape is checked (a high surrogate must be followed by a low one).
    private func scanString(from offset: Int) throws(ProtocolError) -> (Int, Bool) {
        var offset = offset, escaped = false
        while offset < text.count {
            let character = text[offset]
            if character == UInt8(ascii: "\"") { return (offset, escaped) }
            guard character >= 0x20 else { throw .notJSON }
            guard character == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            escaped = true
            switch byte(offset + 1) {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                offset += 2
            case UInt8(ascii: "u"):
                let unit = try hexUnit(at: offset + 2)
                offset += 6
                if (0xDC00...0xDFFF).contains(unit) { throw .notJSON }
                if (0xD800...0xDBFF).contains(unit) {
                    guard byte(offset) == UInt8(ascii: "\\"), byte(offset + 1) == UInt8(ascii: "u"),
                          (0xDC00...0xDFFF).contains(try hexUnit(at: offset + 2)) else { throw .notJSON }
                    offset += 6
                }
            default:
                throw .notJSON
            }
        }
        throw .notJSON
    }

    private func hexUnit(at offset: Int) throws(ProtocolError) -> UInt32 {
        guard offset + 4 <= text.count, let unit = Self.hexUnit(UnsafeRawBufferPointer(rebasing: text[offset..<(offset + 4)])) else {
            throw .notJSON
        }
        return unit
    }

    /// The UTF-16 unit four hex digits spell, or nil when they are not four hex digits.
    private static func hexUnit(_ digits: UnsafeRawBufferPointer) -> UInt32? {
        guard digits.count == 4 else { return nil }
        var unit: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): unit = unit << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): unit = unit << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): unit = unit << 4 | UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return unit
    }

    /// 10^`power` for `power` in 0...22, every one exactly a Double (a table the compiler lays out).
    private static func exactPowerOfTen(_ power: Int) -> Double {
        switch power {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        case 22: 1e22
        default: .nan
        }
    }

    private func isDigit(_ offset: Int) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte(offset)) }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `offset`, and the offset after it.
    private func readNumber(at start: Int) throws(ProtocolError) -> (Double, Int) {
        var offset = start
        let negative = byte(offset) == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard isDigit(offset) else { throw .notJSON }
        // The first 19 significant digits make the mantissa; the digits after them only scale it.
        var mantissa: UInt64 = 0, digits = 0, power = 0, exact = true
        if byte(offset) == UInt8(ascii: "0") {
            offset += 1
        } else {
            while offset < text.count, case let digit = text[offset] &- UInt8(ascii: "0"), digit < 10 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    digits += 1
                } else {
                    exact = false
                    power += 1
                }
                offset += 1
            }
        }
        if byte(offset) == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(offset) else { throw .notJSON }
            while offset < text.count, case let digit = text[offset] &- UInt8(ascii: "0"), digit < 10 {
                if mantissa == 0 && digit == 0 {
                    power -= 1
                } else if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    digits += 1
                    power -= 1
                } else {
                    exact = false
                }
                offset += 1
            }
        }
        if byte(offset) == UInt8(ascii: "e") || byte(offset) == UInt8(ascii: "E") {
            offset += 1
            let negativeExponent = byte(offset) == UInt8(ascii: "-")
            if negativeExponent || byte(offset) == UInt8(ascii: "+") { offset += 1 }
            guard isDigit(offset) else { throw .notJSON }
            var exponent = 0
            while isDigit(offset) {
                exponent = min(exponent * 10 + Int(text[offset] - UInt8(ascii: "0")), 1_000_000)
                offset += 1
            }
            power += negativeExponent ? -exponent : exponent
        }
        var value: Double
        if mantissa == 0 {
            value = 0
        } else if exact, mantissa <= 1 << 53, abs(power) <= 22 {
            value = power < 0 ? Double(mantissa) / Self.exactPowerOfTen(-power) : Double(mantissa) * Self.exactPowerOfTen(power)
        } else {
            let spelled = String(decoding: UnsafeRawBufferPointer(rebasing: text[start..<offset]), as: UTF8.self)
            // A number too large for a Double is refused, not read as infinity.
            guard let parsed = Double(spelled), parsed.isFinite else { throw .notJSON }
            value = abs(parsed)
        }
        if negative { value = -value }
        return (value, offset)
    }

    // MARK: - Values

    static func bytes(_ start: Int32, _ end: Int32, in text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: text[Int(start)..<Int(end)])
    }

    /// A string's characters (or a member's name) in `text`, escapes resolved.
    static func string(_ start: Int32, _ end: Int32, escaped: Bool, in text: UnsafeRawBufferPointer) -> String {
        let raw = bytes(start, end, in: text)
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        var characters = [UInt8]()
        characters.reserveCapacity(raw.count)
        var offset = 0
        // The text was checked when it was read: every escape is whole, every surrogate paired.
        func unit(at offset: Int) -> UInt32 { hexUnit(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 4)])) ?? 0xFFFD }
        while offset < raw.count {
            guard raw[offset] == UInt8(ascii: "\\") else {
                characters.append(raw[offset])
                offset += 1
                continue
            }
            let escape = raw[offset + 1]
            offset += 2
            switch escape {
            case UInt8(ascii: "b"): characters.append(0x08)
            case UInt8(ascii: "f"): characters.append(0x0C)
            case UInt8(ascii: "n"): characters.append(0x0A)
            case UInt8(ascii: "r"): characters.append(0x0D)
            case UInt8(ascii: "t"): characters.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = unit(at: offset)
                offset += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(at: offset + 2) - 0xDC00)
                    offset += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { characters.append($0) }
            default: characters.append(escape)
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The name of member `node` in `text`.
    static func name(of node: Node, in text: UnsafeRawBufferPointer) -> String {
        string(node.nameStart, node.nameEnd, escaped: node.nameIsEscaped, in: text)
    }

    /// Whether member `node`'s name in `text` is `key`.
    static func name(of node: Node, in text: UnsafeRawBufferPointer, is key: String) -> Bool {
        guard !node.nameIsEscaped else { return name(of: node, in: text) == key }
        var key = key
        return key.withUTF8 { key in
            let name = bytes(node.nameStart, node.nameEnd, in: text)
            return name.count == key.count && (key.isEmpty || memcmp(name.baseAddress!, key.baseAddress!, key.count) == 0)
        }
    }
}
