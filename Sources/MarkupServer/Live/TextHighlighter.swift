import MarkupEditor
import MarkupModel
import MarkupRender

/// The text highlighter's messages, performed on the controller: the PDF text a drag selects, and
/// that text highlighted.
enum TextHighlighter {
    /// The highlighter's color when the page names none.
    static let yellow = Color(red: 1, green: 0.8, blue: 0)

    /// The boxes around the text of the document's PDF a drag from `from` to `to` selects.
    static func boxes(from: Point, to: Point, on controller: MarkupController) throws -> [Rect] {
        try PDFTextSelection.boxes(in: controller.markup, from: from, to: to)
    }

    /// Highlights that text in `color` (yellow when nil), as one step; refused when there is none.
    static func highlight(from: Point, to: Point, color: String?, on controller: MarkupController) throws {
        let boxes = try boxes(from: from, to: to, on: controller)
        guard !boxes.isEmpty else { throw EditorError.invalidGeometry("there is no text of a PDF page there to highlight") }
        try controller.insertHighlight(boxes, color: try ToolChoice.color(color) ?? yellow)
    }
}
