import MarkupEditor
import MarkupModel
import MarkupRender

/// The text highlighter's edit, performed on the controller: the PDF text a drag selects
/// (`PDFTextSelection`) highlighted.
enum TextHighlighter {
    /// The highlighter's color when the page names none.
    static let yellow = Color(red: 1, green: 0.8, blue: 0)

    /// Highlights that text in `color` (yellow when nil), as one step; refused when there is none.
    static func highlight(from: Point, to: Point, color: String?, on controller: MarkupController) throws {
        let boxes = try PDFTextSelection.boxes(in: controller.markup, from: from, to: to)
        guard !boxes.isEmpty else { throw EditorError.invalidGeometry("there is no text of a PDF page there to highlight") }
        try controller.insertHighlight(boxes, color: try ToolChoice.color(color) ?? yellow)
    }
}
