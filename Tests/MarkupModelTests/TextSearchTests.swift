import Foundation
import MarkupModel
import Testing

/// Typed text found with Ctrl+F: the text boxes that hold it, and pictures and links by their
/// descriptions and addresses.
struct TextSearchTests {
    static let markup: Markup = {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792))
        _ = markup.insertNewTextbox(attributedText: AttributedText("Call the printer"), frame: Rect(x: 300, y: 400, width: 150, height: 30))
        _ = markup.insertNewTextbox(attributedText: AttributedText("Café opens at nine"), frame: Rect(x: 50, y: 100, width: 150, height: 30))
        _ = markup.insertNewTextbox(attributedText: AttributedText("PRINTER ink"), frame: Rect(x: 50, y: 400, width: 100, height: 30))
        return markup
    }()

    @Test func theBoxesHoldingTheTextAreFoundTopToBottomCaseAndAccentsAside() {
        #expect(Self.markup.boxes(containing: "printer", limit: 10) == [Rect(x: 50, y: 400, width: 100, height: 30),
                                                                            Rect(x: 300, y: 400, width: 150, height: 30)])
        #expect(Self.markup.boxes(containing: "cafe", limit: 10) == [Rect(x: 50, y: 100, width: 150, height: 30)])
        #expect(Self.markup.boxes(containing: "printer", limit: 1).count == 1)
        #expect(Self.markup.boxes(containing: "nowhere", limit: 10).isEmpty && Self.markup.boxes(containing: "", limit: 10).isEmpty)
    }

    @Test func aPictureIsFoundByItsDescriptionAndALinkByItsAddress() {
        var markup = Self.markup
        let blob = markup.addBlob(Data([0x89, 0x50, 0x4E, 0x47]))
        _ = markup.insert(.image(ImageElement(blob: blob, description: "The printer's wiring diagram")), frame: Rect(x: 0, y: 600, width: 200, height: 100))
        _ = markup.insert(.link(Link(url: "https://example.com/printers")), frame: Rect(x: 400, y: 700, width: 150, height: 30))
        _ = markup.insert(.image(ImageElement(blob: blob)), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(markup.boxes(containing: "printer", limit: 10) == [Rect(x: 50, y: 400, width: 100, height: 30), Rect(x: 300, y: 400, width: 150, height: 30),
                                                                   Rect(x: 0, y: 600, width: 200, height: 100), Rect(x: 400, y: 700, width: 150, height: 30)])
        #expect(markup.boxes(containing: "wiring", limit: 10) == [Rect(x: 0, y: 600, width: 200, height: 100)])
    }
}
