import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// The contents of a PDF background, as a reader lists them.
struct PDFOutlineTests {
    @Test func theOutlineListsEachEntryWithItsPageAndDepth() throws {
        let pdf = SamplePDF.make(pages: 4, outline: [("Introduction", 1, nil), ("Methods", 2, nil), ("Samples", 3, 1), ("Results — “café”", 4, nil)])
        let markup = try BackgroundDocuments.markup(background: pdf, title: "Paper")
        #expect(try PDFOutline.entries(in: markup) == [
            PDFOutline.Entry(title: "Introduction", page: 1, depth: 0), PDFOutline.Entry(title: "Methods", page: 2, depth: 0),
            PDFOutline.Entry(title: "Samples", page: 3, depth: 1), PDFOutline.Entry(title: "Results — “café”", page: 4, depth: 0),
        ])
    }

    @Test func aDocumentWithoutOneHasNoOutline() throws {
        #expect(try PDFOutline.entries(in: try BackgroundDocuments.markup(background: SamplePDF.make(pages: 2), title: "Plain")).isEmpty)
        #expect(try PDFOutline.entries(in: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).isEmpty)
    }
}
