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

    /// A PDF whose text is in Helvetica, not embedded (as forms and older contracts are), drawn
    /// again into the annotated PDF with a font of Helvetica's measure, so its words are still
    /// found there whole.
    @Test func unembeddedHelveticaKeepsItsWordsInTheAnnotatedPDF() throws {
        let stream = "BT /F1 14 Tf 72 700 Td (Services Agreement between the parties) Tj ET"
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        ]
        var pdf = "%PDF-1.4\n", offsets = [Int]()
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        objects.removeAll()
        let original = try BackgroundDocuments.markup(background: Data(pdf.utf8), title: "Contract")
        #expect(try PDFTextSearch.matches(of: "Services Agreement", in: original, from: 0).matches.count == 1)
        let annotated = try BackgroundDocuments.markup(background: try MarkupRenderer(markup: original).pdf(), title: "Annotated")
        #expect(try PDFTextSearch.matches(of: "Services Agreement", in: annotated, from: 0).matches.count == 1)
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
