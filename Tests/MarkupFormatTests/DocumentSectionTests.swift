import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Groups, locks, dashed outlines, sheets and paper in a `.markup` file: the ancillary `grup`,
/// `lock`, `dash` and `shet` sections and the critical `PAPR`.
struct DocumentSectionTests {
    /// A document of 10 elements: 1, 4 and 7 in one group, 2 and 3 in another.
    static func grouped() -> Markup {
        var markup = RandomDocuments.make(seed: 7, elementCount: 10)
        markup.setGroup(GroupID(), ofElementsAt: [1, 4, 7])
        markup.setGroup(GroupID(), ofElementsAt: [2, 3])
        return markup
    }

    static func decode(_ bytes: [UInt8]) -> Result<MarkupFile, MarkupError> {
        Result { () throws(MarkupError) -> MarkupFile in try MarkupFile.decode(bytes: bytes) }
    }

    /// The file of `markup` with section `tag`'s payload replaced by `payload` (or the section left
    /// out when nil).
    static func file(_ markup: Markup, replacing tag: SectionTag, with payload: [UInt8]?) throws -> [UInt8] {
        let bytes = [UInt8](try MarkupFile(markup: markup).encoded())
        let container = try MarkupContainer.read(bytes)
        let sections = container.sections.compactMap { section -> (SectionTag, [UInt8])? in
            if section.tag == .end { return nil }
            if section.tag == tag { return payload.map { (section.tag, $0) } }
            return (section.tag, Array(bytes[section.payload]))
        }
        return MarkupContainer.write(formatVersion: container.formatVersion, contentVersion: container.contentVersion, sections: sections)
    }

    /// Each of `payloads` in section `tag` of `markup`'s file makes it malformed, for the reason given.
    static func expectRefused(_ markup: Markup, section tag: SectionTag, _ payloads: [([UInt8], String)]) throws {
        for (payload, reason) in payloads {
            switch decode(try file(markup, replacing: tag, with: payload)) {
            case .failure(.malformedData(let said)): #expect(said.contains(reason), "\(said)")
            case let other: Issue.record("\(payload): \(other)")
            }
        }
    }

    @Test func groupsComeBackInBothForms() throws {
        let markup = Self.grouped()
        let back = try MarkupFile.decode(MarkupFile(markup: markup).encoded()).markup
        #expect(back.elements.map(\.groupID) == markup.elements.map(\.groupID))
        #expect(back == markup)
        let json = try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup
        #expect(json.elements.map(\.groupID) == markup.elements.map(\.groupID))
        // An ungrouped document writes no group section: its bytes are as before groups.
        let plain = RandomDocuments.make(seed: 7, elementCount: 10)
        let bytes = [UInt8](try MarkupFile(markup: plain).encoded())
        #expect(try MarkupContainer.read(bytes).sections.allSatisfy { $0.tag != GroupSection.tag })
    }

    @Test func locksComeBackAndADamagedLockSectionIsRefused() throws {
        var markup = Self.grouped()
        markup.lockElements(at: [0, 4, 9])
        let back = try MarkupFile.decode(MarkupFile(markup: markup).encoded()).markup
        #expect(back.elements.map(\.isLocked) == markup.elements.map(\.isLocked) && back == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        try Self.expectRefused(markup, section: LockSection.tag, [([1, 10], "past the document's elements"), ([2, 3, 0], "out of order"),
                                                                  ([1, 3, 3], "stray bytes"), ([0], "no members")])
    }

    /// A document of shapes, the second dashed and the fourth dotted, among strokes.
    static func dashed() -> Markup {
        var markup = RandomDocuments.make(seed: 8, elementCount: 4)
        for (index, dash) in [ShapeDash.solid, .dashed, .solid, .dotted].enumerated() {
            markup.insert(Element(zIndex: markup.nextZIndex, frame: Rect(x: Double(index) * 50, y: 0, width: 40, height: 30),
                                  content: .shape(Shape(configuration: .rectangle, dash: dash))))
        }
        return markup
    }

    @Test func dashedOutlinesComeBackAndADamagedDashSectionIsRefused() throws {
        let markup = Self.dashed()
        let dashes = markup.elements.compactMap { element -> ShapeDash? in if case .shape(let shape) = element.content { shape.dash } else { nil } }
        #expect(dashes.suffix(4) == [.solid, .dashed, .solid, .dotted])
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup == markup)
        #expect(!DashSection.tag.isCritical, "a reader that skips it draws the outlines whole")
        // Left out, the same shapes come back whole: what an older reader shows.
        let skipped = try MarkupFile.decode(bytes: Self.file(markup, replacing: DashSection.tag, with: nil)).markup
        #expect(skipped.elements.allSatisfy { element in if case .shape(let shape) = element.content { shape.dash == .solid } else { true } })
        let first = markup.elements.count - 4
        let stroke = try #require(markup.elements.firstIndex { if case .stroke = $0.content { true } else { false } })
        try Self.expectRefused(markup, section: DashSection.tag, [
            ([1, UInt8(markup.elements.count), 0], "past the document's elements"), ([1, UInt8(first + 1), 2], "unknown kind"),
            ([1, UInt8(first + 1)], "ends early"), ([1, UInt8(first + 1), 0, 0], "stray bytes"), ([1, UInt8(stroke), 0], "not a shape"),
        ])
        let solid = RandomDocuments.make(seed: 8, elementCount: 4)
        #expect(!String(decoding: try MarkupJSON.encode(MarkupFile(markup: solid)), as: UTF8.self).contains("\"dash\""), "a whole outline says nothing")
        #expect(try MarkupContainer.read([UInt8](try MarkupFile(markup: solid).encoded())).sections.allSatisfy { $0.tag != DashSection.tag })
    }

    @Test func aLongPagesSheetsComeBackAndADamagedSheetSectionIsRefused() throws {
        var markup = Self.grouped()
        markup.bounds = Rect(x: 0, y: 0, width: 768, height: 3072)
        markup.sheetHeight = 1024
        let bytes = try MarkupFile(markup: markup).encoded()
        let back = try MarkupFile.decode(bytes).markup
        #expect(back == markup && back.sheets.count == 3)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup.sheetHeight == 1024)
        #expect(!SheetSection.tag.isCritical, "a reader that skips it shows the same long page")
        let skipped = try MarkupFile.decode(bytes: Self.file(markup, replacing: SheetSection.tag, with: nil)).markup
        #expect(skipped.sheets == [markup.bounds])
        try Self.expectRefused(markup, section: SheetSection.tag, [(SheetSection.encode(-1), "not a positive number"),
                                                                   (SheetSection.encode(1024) + [0], "stray bytes"), ([1, 2], "ends early")])
    }

    @Test(arguments: Paper.Ruling.allCases)
    func paperComesBackAndNeedsContentVersionFive(_ ruling: Paper.Ruling) throws {
        var markup = Self.grouped()
        markup.paper = Paper(ruling: ruling, spacing: 20)
        let bytes = try MarkupFile(markup: markup).encoded()
        #expect(try MarkupFile.versions(of: bytes).contentVersion == .version5)
        #expect(try MarkupFile.decode(bytes).markup == markup)
        #expect(try MarkupJSON.decode(MarkupJSON.encode(MarkupFile(markup: markup))).markup.paper == markup.paper)
        #expect(PaperSection.tag.isCritical, "a reader that skipped it would show the page without its ruling")
    }

    @Test func aDamagedPaperSectionIsRefused() throws {
        var markup = Self.grouped()
        markup.paper = Paper(ruling: .lined)
        var spacing = ByteWriter()
        spacing.writeDouble(200)
        var nan = ByteWriter()
        nan.writeDouble(.nan)
        try Self.expectRefused(markup, section: PaperSection.tag, [
            ([7] + spacing.bytes, "unknown paper ruling"), ([0] + spacing.bytes, "spacing"), ([1] + nan.bytes, "spacing"), ([0], "ends early"),
            ([0] + [UInt8](repeating: 0, count: 8) + [1], "stray bytes"),
        ])
    }

    @Test func aReaderThatSkipsTheSectionShowsTheSameElementsUngrouped() throws {
        let markup = Self.grouped()
        let skipped = try #require(try? Self.decode(Self.file(markup, replacing: GroupSection.tag, with: nil)).get())
        #expect(skipped.markup.elements.allSatisfy { $0.groupID == nil })
        #expect(skipped.markup.elements.map(\.id) == markup.elements.map(\.id))
    }

    @Test(arguments: [
        ([1, 0x11] + [UInt8](repeating: 1, count: 15) + [1, 10], "past the document's elements"),
        ([1, 0x11] + [UInt8](repeating: 1, count: 15) + [2, 3, 0], "out of order"),
        ([2, 0x11] + [UInt8](repeating: 1, count: 15) + [1, 3] + [0x22] + [UInt8](repeating: 2, count: 15) + [2, 1, 2], "two groups"),
        ([2, 0x11] + [UInt8](repeating: 1, count: 15) + [1, 3] + [0x11] + [UInt8](repeating: 1, count: 15) + [1, 4], "named twice"),
        ([1, 0x11] + [UInt8](repeating: 1, count: 15) + [0, 0], "no members"),
        ([1, 0x11] + [UInt8](repeating: 1, count: 15) + [1, 3, 9], "stray bytes"),
        ([200, 0x11] + [UInt8](repeating: 1, count: 15) + [1, 3], "more than the data can hold"),
        ([1, 0x11] + [UInt8](repeating: 1, count: 15) + [1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f], "past the document's elements"),
    ] as [([UInt8], String)])
    func aDamagedGroupSectionIsRefusedWithTheReason(_ payload: [UInt8], _ reason: String) throws {
        try Self.expectRefused(Self.grouped(), section: GroupSection.tag, [(payload, reason)])
    }
}
