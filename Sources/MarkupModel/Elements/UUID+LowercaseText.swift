import Foundation

extension UUID {
    /// The UUID's lower-case string, as ids are written everywhere in MarkupKit, made directly from
    /// its bytes: `uuidString.lowercased()` formats it with `sprintf` and then lower-cases it as
    /// Unicode, a cost paid for every id of every change a server sends and journals.
    public var lowercaseText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                let digits: StaticString = "0123456789abcdef"
                var written = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    text[written] = digits.utf8Start[Int(byte >> 4)]
                    text[written + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    written += 2
                }
                return written
            }
        }
    }
}
