import Foundation
import MarkupModel
import Testing

/// Typed text found with Ctrl+F: the text boxes that hold it.
struct TextSearchTests {
    static let markup: Markup = {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792))
        _ = markup.insertNewTextbox(attributedText: AttributedText("Call the printer"), frame: Rect(x: 300, y: 400, width: 150, height: 30))
        _ = markup.insertNewTextbox(attributedText: AttributedText("Café opens at nine"), frame: Rect(x: 50, y: 100, width: 150, height: 30))
        _ = markup.insertNewTextbox(attributedText: AttributedText("PRINTER ink"), frame: Rect(x: 50, y: 400, width: 100, height: 30))
        return markup
    }()

    @Test func theBoxesHoldingTheTextAreFoundTopToBottomCaseAndAccentsAside() {
        #expect(Self.markup.textBoxes(containing: "printer", limit: 10) == [Rect(x: 50, y: 400, width: 100, height: 30),
                                                                            Rect(x: 300, y: 400, width: 150, height: 30)])
        #expect(Self.markup.textBoxes(containing: "cafe", limit: 10) == [Rect(x: 50, y: 100, width: 150, height: 30)])
        #expect(Self.markup.textBoxes(containing: "printer", limit: 1).count == 1)
        #expect(Self.markup.textBoxes(containing: "nowhere", limit: 10).isEmpty && Self.markup.textBoxes(containing: "", limit: 10).isEmpty)
    }
}
