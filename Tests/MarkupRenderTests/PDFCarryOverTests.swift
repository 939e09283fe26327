import Foundation
import MarkupModel
@testable import MarkupRender
import MarkupTestSupport
import Testing

/// The annotated PDF keeps the links and the outline of the PDF it was made from, going to where
/// the pages are in the document now.
struct PDFCarryOverTests {
    static let outline: [(title: String, page: Int, parent: Int?)] = [("Start", 1, nil), ("Middle", 2, nil), ("Inside", 3, 1)]

    @Test func linksAndTheOutlineComeAlong() throws {
        let markup = try BackgroundDocuments.markup(background: SamplePDF.make(pages: 3, outline: Self.outline, links: true), title: "Linked")
        let exported = try PDFFile(data: MarkupRenderer(markup: markup).annotatedPDF())
        for page in 0..<3 {
            let links = exported.links(page: page, limit: 10)
            #expect(links.contains { $0.target == .address("https://example.org/page/\(page + 1)") && abs($0.area.minX - 72) < 1 && abs($0.area.minY - 84) < 1 },
                    "\(links)")
            #expect(links.contains { $0.target == .page(2) }, "\(links)")
        }
        let outline = exported.outline(limit: 10)
        #expect(outline.map(\.title) == ["Start", "Middle", "Inside"] && outline.map(\.page) == [0, 1, 2] && outline.map(\.depth) == [0, 0, 1])
    }

    /// The pages moved and one taken out: links and entries go to where their pages are now; a link
    /// to the page taken out goes, and its entry goes to the page of the entry before it.
    @Test func theyFollowThePagesMovedAndTakenOut() throws {
        var markup = try BackgroundDocuments.markup(background: SamplePDF.make(pages: 3, outline: Self.outline, links: true), title: "Linked")
        var background = try #require(markup.background)
        let frames = background.pages.map(\.frame)
        // Pages 2 and 1 of the PDF, in that order; its page 3 left out.
        background.pages = [PageBackground.Page(index: 1, frame: frames[0]), PageBackground.Page(index: 0, frame: frames[1])]
        markup.background = background
        markup.bounds = background.bounds
        let exported = try PDFFile(data: MarkupRenderer(markup: markup).annotatedPDF())
        #expect(exported.pageCount == 2)
        #expect(exported.links(page: 0, limit: 10).map(\.target) == [.address("https://example.org/page/2")])
        #expect(exported.links(page: 1, limit: 10).map(\.target) == [.address("https://example.org/page/1")])
        let outline = exported.outline(limit: 10)
        #expect(outline.map(\.title) == ["Start", "Middle", "Inside"] && outline.map(\.page) == [1, 0, 0], "\(outline)")
    }
}
