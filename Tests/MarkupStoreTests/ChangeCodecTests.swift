import Foundation
import MarkupFormat
import MarkupModel
import MarkupStore
import MarkupTestSupport
import Testing

/// Journal entries carry every part of an element.
struct ChangeCodecTests {
    @Test func aGroupedElementsGroupIsJournaled() throws {
        let markup = RandomDocuments.make(seed: 11, elementCount: 6)
        let group = GroupID()
        let updated = markup.elements.prefix(3).map { element in
            var copy = element
            copy.groupID = group
            return copy
        }
        let change = MarkupChange(added: [markup.elements[4]], updated: updated, removed: [markup.elements[5].id])
        let back = try ChangeCodec.decode(ChangeCodec.encode(change))
        #expect(back.updated.map(\.groupID) == [group, group, group] && back.added.map(\.groupID) == [nil])
        #expect(back == change)
    }

    /// A change of the paper (to ruled paper or back to plain) or of the page's size is an entry of
    /// version 2; every other change stays version 1, which a MarkupKit from before such changes reads.
    @Test func aPaperChangeIsJournaledAsVersionTwoAndOtherChangesStayVersionOne() throws {
        let markup = RandomDocuments.make(seed: 12, elementCount: 3)
        let plain = MarkupChange(removed: [markup.elements[0].id])
        #expect(try ChangeCodec.encode(plain)[4] == 1)
        for paper in [Paper(ruling: .dotted, spacing: 20), nil] {
            let change = MarkupChange(added: [markup.elements[1]], paper: PaperChange(to: paper))
            let bytes = try ChangeCodec.encode(change)
            #expect(bytes[4] == 2 && bytes[5] == 1)
            #expect(try ChangeCodec.decode(bytes) == change)
        }
        let longer = MarkupChange(paper: PaperChange(to: Paper(ruling: .lined)),
                                  page: PageChange(bounds: Rect(x: 0, y: 0, width: 768, height: 2048), sheetHeight: 1024))
        let longerBytes = try ChangeCodec.encode(longer)
        #expect(longerBytes[4] == 2 && longerBytes[5] == 3)
        #expect(try ChangeCodec.decode(longerBytes) == longer)
        let back = PageChange(bounds: Rect(x: -5, y: 0, width: 10, height: 20), sheetHeight: nil)
        #expect(try ChangeCodec.decode(ChangeCodec.encode(MarkupChange(page: back))).page == back, "a page back to one sheet")
        var unknownFlag = try ChangeCodec.encode(MarkupChange(paper: PaperChange(to: nil)))
        unknownFlag[5] = 9
        #expect(throws: StoreError.document(.malformedData(reason: "change entry flags 9 unknown"))) { try ChangeCodec.decode(unknownFlag) }
        // The background's pages rearranged (a blank page put in before a PDF's second page, the
        // page longer), the background's blob left to the document that holds it.
        let pdf = BlobID(bytes: Array(repeating: 7, count: 32))!
        let pages = MarkupChange(updated: [markup.elements[2]], page: PageChange(bounds: Rect(x: 0, y: 0, width: 612, height: 2424), sheetHeight: nil),
                                 background: PageBackground(source: .pdf(pdf), pages: [
                                    .init(index: 0, frame: Rect(x: 0, y: 0, width: 612, height: 792)),
                                    .blank(Rect(x: 0, y: 816, width: 612, height: 792)),
                                    .init(index: 1, frame: Rect(x: 0, y: 1632, width: 612, height: 792))]))
        let pagesBytes = try ChangeCodec.encode(pages)
        #expect(pagesBytes[4] == 2 && pagesBytes[5] == 6)
        #expect(try ChangeCodec.decode(pagesBytes) == pages)
        var withoutBackground = try ChangeCodec.encode(MarkupChange(paper: PaperChange(to: nil)))
        withoutBackground[5] = 4
        #expect(throws: StoreError.document(.malformedData(reason: "a change of the background without one"))) { try ChangeCodec.decode(withoutBackground) }
        #expect(throws: StoreError.document(.malformedData(reason: "change entry truncated"))) {
            try ChangeCodec.decode(Data("MKCH".utf8) + [2])
        }
    }

    /// A journal holding a paper change reopens on that paper, and the entries after it apply on top.
    @Test(arguments: StoreBackend.allCases) func aDocumentReopensOnThePaperItsJournalPutItOn(_ backend: StoreBackend) throws {
        let store = try backend.library().open()
        let markup = RandomDocuments.make(seed: 13, elementCount: 4)
        let summary = try store.create(title: "Ruled", encoded: try MarkupFile(markup: markup).encoded())
        let changes = [MarkupChange(paper: PaperChange(to: Paper(ruling: .lined))), MarkupChange(removed: [markup.elements[0].id])]
        for (index, change) in changes.enumerated() {
            _ = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(change))], to: summary.id,
                                 expectingHead: index == 0 ? nil : Int64(index))
        }
        let opened = try store.open(summary.id)
        #expect(opened.summary.readOnlyReason == nil)
        #expect(opened.markup.paper == Paper(ruling: .lined, spacing: 24))
        #expect(opened.markup.elements.map(\.id) == markup.elements.dropFirst().map(\.id))
    }
}
