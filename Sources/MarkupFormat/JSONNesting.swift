import Foundation

/// How deeply JSON text nests arrays and objects, found by one pass over its bytes before any parser
/// sees it: Foundation's parser recurses once per level, so a message of 100,000 `[` would exhaust a
/// server thread's stack.
public enum JSONNesting {
    /// Deeper than any MarkupKit document (about 10 levels) or message (4) ever nests.
    public static let maximumDepth = 64

    /// Whether `data` nests no deeper than `limit` (strings are skipped, escapes included).
    public static func isWithin(_ data: Data, limit: Int = maximumDepth) -> Bool {
        data.withUnsafeBytes { measure($0).depth <= limit }
    }

    /// How deep `bytes` nests, and at most how many values it holds (every value but the first
    /// follows a `[`, `{` or `,`; a member's key and value make one node), so a parser's memory can
    /// be bounded before it runs.
    public static func measure(_ bytes: UnsafeRawBufferPointer) -> (depth: Int, values: Int) {
        var depth = 0, deepest = 0, values = 1, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                values += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","): values += 1
            default: break
            }
        }
        return (deepest, values)
    }
}
