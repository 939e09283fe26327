import CPango
import Foundation
import MarkupModel
@testable import MarkupRender
import Testing

/// A text with a word far longer than its box is wide is wrapped at any character, which Pango does
/// in time growing with its length (between words, it took 28 s for a word of 65,536 letters).
struct LongWordTests {
    @Test func theLongestWordIsCountedBetweenSpacesAndLineBreaks() {
        #expect(TextLayout.longestWord(in: Array("one three\nfifteen\tx".utf8)) == 7)
        #expect(TextLayout.longestWord(in: []) == 0)
    }

    @Test func aVeryLongWordWrapsAtAnyCharacterWithinTheBox() {
        func layout(_ string: String) -> TextLayout {
            TextLayout(text: AttributedText(string), width: 100, alignment: .leading, rightToLeft: false, style: ColorStyle(darkAppearance: false))
        }
        let long = layout(String(repeating: "x", count: 5_000))
        #expect(pango_layout_get_wrap(long.layout) == PANGO_WRAP_CHAR)
        #expect(long.size.width <= 100.5 && pango_layout_get_line_count(long.layout) > 100)
        let words = layout(String(repeating: "a few words ", count: 400))
        #expect(pango_layout_get_wrap(words.layout) == PANGO_WRAP_WORD_CHAR)
        // Chinese breaks between its characters: a long paragraph of it is no long word.
        let chinese = layout(String(repeating: "这是一个很长的段落没有空格", count: 200))
        #expect(pango_layout_get_wrap(chinese.layout) == PANGO_WRAP_WORD_CHAR)
    }
}
