import MarkupRender
import Testing

@Suite struct TextBufferTests {
    @Test(arguments: [
        (0.0, 4, "0"), (1, 4, "1"), (-1, 4, "-1"), (0.5, 4, "0.5"), (0.015625, 6, "0.015625"), (123.45678, 4, "123.4568"),
        (-0.00004, 4, "0"), (-2.5, 0, "-3"), (12.05, 2, "12.05"), (1_000_000.0001, 4, "1000000.0001"), (0.1, 9, "0.1"),
        (.nan, 4, "0"), (7.000049, 4, "7"),
    ])
    func numbersAreWrittenShortestWithTheirPlaces(_ value: Double, _ decimals: Int, _ expected: String) {
        var buffer = TextBuffer()
        buffer.append(number: value, decimals: decimals)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
    }

    /// What no XML document may hold (control characters, U+FFFE, U+FFFF) is left out; U+FFFD and
    /// what is near it stay.
    @Test func textForXMLLeavesOutWhatXMLForbids() {
        var buffer = TextBuffer()
        buffer.append(escaped: "a\u{FFFE}b\u{FFFF}c\u{1}d\u{FFFD}\u{FFEE}<&>\u{FFFF}")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "abcd\u{FFFD}\u{FFEE}&lt;&amp;&gt;")
    }

    @Test func stringsAreQuotedAsJSON() {
        var buffer = TextBuffer()
        buffer.append(jsonString: "a \"b\" \\ c\nd\u{1}é")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #""a \"b\" \\ c\nd\u0001é""#)
    }
}
