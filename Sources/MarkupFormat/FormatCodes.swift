import MarkupModel

/// The single-byte codes the body uses for enumerations: each case's position in its `allCases`,
/// which is why new cases may only ever be added at the end.
enum FormatCodes {
    static func code<T: CaseIterable & Equatable>(of value: T) -> UInt8 {
        UInt8(Array(T.allCases).firstIndex(of: value)!)
    }

    static func value<T: CaseIterable>(_ code: UInt8, as type: T.Type) throws(MarkupError) -> T {
        let cases = Array(T.allCases)
        guard Int(code) < cases.count else { throw .malformedData(reason: "unknown \(T.self) code \(code)") }
        return cases[Int(code)]
    }
}
