/// A four-letter section name. As in PNG, a tag starting with an upper-case letter is critical
/// (a reader that does not know it must refuse the file); lower-case ones may be skipped.
struct SectionTag: Hashable, CustomStringConvertible {
    let rawValue: UInt32

    init(_ name: StaticString) {
        let bytes = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        precondition(bytes.count == 4, "section tags are four ASCII letters")
        rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << UInt32(8 * $1.offset) }
    }

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    static let thumbnail = SectionTag("THMB")
    static let body = SectionTag("BODY")
    static let blob = SectionTag("BLOB")
    static let end = SectionTag("END ")

    var isCritical: Bool { (0x41...0x5A).contains(rawValue & 0xFF) }

    var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> UInt32(8 * $0)) }
        let printable = bytes.allSatisfy { (0x20...0x7E).contains($0) }
        return printable ? String(decoding: bytes, as: UTF8.self) : "0x" + String(rawValue, radix: 16)
    }
}
