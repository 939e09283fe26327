import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// Text found in a PDF background (Ctrl+F). Each sample page has "Page N" (36 pt, baseline 120 pt
/// down) and "Original text of page N, kept as text under the markup." (14 pt, baseline 160 pt down).
struct PDFTextSearchTests {
    static let markup: Markup = {
        (try? BackgroundDocuments.markup(background: SamplePDF.make(pages: 3), title: "Find")) ?? Markup(bounds: .zero)
    }()

    @Test func aMatchIsWhereItsTextIsOnItsPage() throws {
        let found = try PDFTextSearch.matches(of: "Page 2", in: Self.markup, from: 0)
        #expect(found.nextPage == nil, "three pages: all read at once")
        // The heading, and "page 2" in the line below it (case aside).
        #expect(found.matches.count == 2)
        let page2 = try #require(Self.markup.background?.pages[1].frame)
        let heading = try #require(found.matches.first), inLine = try #require(found.matches.last)
        #expect(abs(heading.minX - 72) < 2 && heading.minY > page2.minY + 80 && heading.maxY < page2.minY + 130, "\(heading) on \(page2)")
        #expect(inLine.minX > 150 && inLine.minY > page2.minY + 140 && inLine.maxY < page2.minY + 170, "\(inLine) on \(page2)")
    }

    @Test func caseIsIgnoredAndEveryPageIsRead() throws {
        let found = try PDFTextSearch.matches(of: "ORIGINAL TEXT", in: Self.markup, from: 0)
        let pages = try #require(Self.markup.background?.pages.map(\.frame))
        #expect(found.matches.count == 3)
        for (match, page) in zip(found.matches, pages) { #expect(page.contains(match), "in page order: \(match)") }
        #expect(try PDFTextSearch.matches(of: "original", in: Self.markup, from: 2).matches.count == 1, "from the third page on")
        #expect(try PDFTextSearch.matches(of: "nowhere to be found", in: Self.markup, from: 0).matches.isEmpty)
    }

    @Test func aLongPDFIsReadAStretchAtATime() throws {
        let long = try BackgroundDocuments.markup(background: SamplePDF.make(pages: PDFTextSearch.pagesPerSearch + 5), title: "Long")
        let first = try PDFTextSearch.matches(of: "kept as text", in: long, from: 0)
        #expect(first.matches.count == PDFTextSearch.pagesPerSearch && first.nextPage == PDFTextSearch.pagesPerSearch)
        let rest = try PDFTextSearch.matches(of: "kept as text", in: long, from: PDFTextSearch.pagesPerSearch)
        #expect(rest.matches.count == 5 && rest.nextPage == nil)
    }

    @Test func whatCannotBeSearchedIsRefusedOrFindsNothing() throws {
        #expect(throws: RenderError.invalidQuery(maximumLength: PDFTextSearch.maximumQueryLength)) {
            try PDFTextSearch.matches(of: "", in: Self.markup, from: 0)
        }
        #expect(throws: RenderError.self) {
            try PDFTextSearch.matches(of: String(repeating: "a", count: PDFTextSearch.maximumQueryLength + 1), in: Self.markup, from: 0)
        }
        #expect(try PDFTextSearch.matches(of: "Page", in: Self.markup, from: 3).matches.isEmpty, "past the last page")
        #expect(try PDFTextSearch.matches(of: "Page", in: Self.markup, from: -1).matches.isEmpty)
        #expect(try PDFTextSearch.matches(of: "Page", in: Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792)), from: 0).matches.isEmpty)
    }
}
