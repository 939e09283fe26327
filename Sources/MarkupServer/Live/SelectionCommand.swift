import MarkupEditor
import MarkupModel

/// What a page does to the selection: set it, select everything, move, resize, rotate, delete,
/// duplicate, copy, cut and paste, recolor, restyle, edit its text, order.
enum SelectionCommand {
    /// Pages share the document's selection, so an action names the elements the page showed
    /// selected: another page's selection made in between is not what it acts on.
    static func perform(_ action: ClientMessage.SelectionAction, ids: [String]?, on controller: MarkupController) throws {
        let named = ids.map { Set($0.compactMap(ElementID.init)) }
        if let named, action.actsOnNamedElements, named != controller.selection { controller.select(named) }
        switch action {
        case .set: controller.select(named ?? [])
        case .all: controller.selectAll()
        case .move(let dx, let dy): try controller.moveSelection(by: Point(x: dx, y: dy))
        case .resize(let rect, let keepAspect): try controller.resizeSelection(to: rect, keepingAspectRatio: keepAspect)
        case .rotate(let angle): try controller.rotateSelection(by: angle)
        case .delete: try controller.deleteSelection()
        case .duplicate: try controller.duplicateSelection()
        case .front: try controller.bringSelectionToFront()
        case .back: try controller.sendSelectionToBack()
        case .copy: controller.copySelection()
        case .cut: try controller.cutSelection()
        case .paste(let view):
            if let view { try controller.setContentVisibleFrame(view.frame, viewSize: view.size) }
            try controller.paste(within: view == nil ? nil : controller.contentVisibleFrame)
        case .recolor(let text):
            guard let color = try ToolChoice.color(text) else { throw EditorError.invalidGeometry("recolor needs a color") }
            try controller.recolorSelection(color)
        case .restyle(let width, let opacity): try controller.restyleSelection(width: width, opacity: opacity)
        case .editText(let string, let style):
            guard controller.selection.count == 1, let id = controller.selection.first,
                  case .textBox(let box)? = controller.markup.element(withID: id)?.content else {
                throw EditorError.invalidGeometry("select one text box to edit its text")
            }
            let color = box.text.runs.first?.color ?? .black
            let (text, alignment) = try ToolChoice.text(string, style: style, color: color)
            try controller.editTextbox(id, text: text, alignment: alignment)
        }
    }
}
