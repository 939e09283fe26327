import Foundation

/// How deeply JSON text nests arrays and objects, found by one pass over its bytes before any parser
/// sees it: Foundation's parser recurses once per level, so a message of 100,000 `[` would exhaust a
/// server thread's stack.
public enum JSONNesting {
    /// Deeper than any MarkupKit document (about 10 levels) or message (4) ever nests.
    public static let maximumDepth = 64

    /// Whether `data` nests no deeper than `limit` (strings are skipped, escapes included).
    public static func isWithin(_ data: Data, limit: Int = maximumDepth) -> Bool {
        var depth = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return true
    }
}
