/// Why a page's message was not understood. Nothing it asked for was done.
public enum ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON text.
    case notJSON
    /// Nested deeper than `JSONNesting.maximumDepth`, or more values than `JSONTree.maximumValues`.
    case tooComplex
    /// `field` (a dotted path, `""` for the message itself) is missing.
    case missing(String)
    /// `field` is there with a value of the wrong kind: `expected` says which it must be.
    case wrongType(String, expected: String)
    /// `field` holds a name the protocol does not have, such as an unknown `type` or `tool`.
    case unknown(String, value: String)

    public var description: String {
        switch self {
        case .notJSON: "not JSON"
        case .tooComplex: "nested too deep or too many values"
        case .missing(let field): "'\(field)' is missing"
        case .wrongType(let field, let expected): field.isEmpty ? "a message is \(expected)" : "'\(field)' must be \(expected)"
        case .unknown(let field, let value): "unknown \(field) '\(value.prefix(64))'"
        }
    }
}
