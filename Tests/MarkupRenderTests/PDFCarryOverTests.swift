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

    /// An address that would end the PDF's string early (and add actions of its own) is written
    /// percent-encoded, as is one with letters past ASCII; only web and mail addresses are written.
    @Test func addressesAreWrittenSafely() throws {
        let hostile = "https://a/) /S /JavaScript /JS (app.alert(1)"
        #expect(PDFLinkAddress.attribute(hostile) == "'https://a/%29%20/S%20/JavaScript%20/JS%20%28app.alert%281%29'")
        #expect(PDFLinkAddress.attribute("https://example.org/caf\u{E9}?q='x'\\") == "'https://example.org/caf%C3%A9?q=%27x%27%5C'")
        #expect(PDFLinkAddress.attribute("javascript:alert(1)") == nil && PDFLinkAddress.attribute("file:///etc/passwd") == nil)
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 300, height: 100))
        markup.insertNewLink(url: hostile, frame: Rect(x: 0, y: 0, width: 200, height: 30))
        let pdf = try MarkupRenderer(markup: markup).pdf()
        #expect(!String(decoding: pdf, as: UTF8.self).contains("/JavaScript /JS"))
        let links = try PDFFile(data: pdf).links(page: 0, limit: 10)
        #expect(links.map(\.target) == [.address("https://a/%29%20/S%20/JavaScript%20/JS%20%28app.alert%281%29")], "\(links)")
    }
}
