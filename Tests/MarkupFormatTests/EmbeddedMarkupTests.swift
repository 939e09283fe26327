import Foundation
import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// A `.markup` file carried inside a PNG: put right after the header, read back whole, and nothing
/// read from a PNG that does not carry one soundly.
struct EmbeddedMarkupTests {
    static let png = SamplePDF.quartersPNG(width: 20, height: 10)

    /// The chunks of `png` in turn: type and data length.
    static func chunks(_ png: Data) -> [(String, Int)] {
        let bytes = [UInt8](png)
        var found = [(String, Int)](), offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            found.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), length))
            offset += 12 + length
        }
        return found
    }

    @Test func aFileCarriedInAPictureComesBackWholeAndThePictureStaysAPNG() throws {
        let file = try MarkupFile(markup: RandomDocuments.make(seed: 5, elementCount: 40)).encoded()
        let carrying = try #require(EmbeddedMarkup.embedding(file, in: Self.png))
        #expect(EmbeddedMarkup.file(in: carrying) == file)
        #expect(try MarkupFile.decode(#require(EmbeddedMarkup.file(in: carrying))).markup.elements.count == 40)
        // Right after the header, everything else as it was.
        let before = Self.chunks(Self.png), after = Self.chunks(carrying)
        #expect(after.map(\.0) == [before[0].0, "mkDc"] + before.dropFirst().map(\.0))
        #expect(after[1].1 == file.count && carrying.count == Self.png.count + file.count + 12)
        #expect(EmbeddedMarkup.file(in: Self.png) == nil)
    }

    @Test func nothingIsReadFromAPNGThatDoesNotCarryOneSoundly() throws {
        let file = Data("not really a markup file".utf8)
        let carrying = try #require(EmbeddedMarkup.embedding(file, in: Self.png))
        // A checksum that does not hold, a PNG cut short inside the chunk, or one whose chunk says
        // it is longer than what follows.
        var corrupt = [UInt8](carrying)
        let start = 8 + 25
        corrupt[start + 8] ^= 0xFF
        #expect(EmbeddedMarkup.file(in: Data(corrupt)) == nil)
        #expect(EmbeddedMarkup.file(in: carrying.prefix(start + 10)) == nil)
        var overlong = [UInt8](carrying)
        overlong.replaceSubrange(start..<start + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(EmbeddedMarkup.file(in: Data(overlong)) == nil)
        // Not a PNG at all, or past the picture's end: nothing.
        #expect(EmbeddedMarkup.file(in: Data("GIF89a".utf8) + carrying.dropFirst(8)) == nil)
        #expect(EmbeddedMarkup.embedding(file, in: Data("plain text, long enough to look like a header".utf8)) == nil)
        #expect(EmbeddedMarkup.embedding(file, in: Data()) == nil)
        var afterTheEnd = [UInt8](Self.png)
        afterTheEnd += [UInt8](carrying[start..<start + 12 + file.count])
        #expect(EmbeddedMarkup.file(in: Data(afterTheEnd)) == nil)
        #expect(EmbeddedMarkup.file(in: Data()) == nil && EmbeddedMarkup.file(in: Data(repeating: 0, count: 3)) == nil)
    }
}
