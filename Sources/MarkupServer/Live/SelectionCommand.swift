import MarkupEditor
import MarkupModel

/// What a page does to the selection: set it, move, resize, rotate, delete, duplicate, recolor, order.
enum SelectionCommand {
    /// Pages share the document's selection, so an action names the elements the page showed
    /// selected: another page's selection made in between is not what it acts on.
    static func perform(_ message: ClientMessage, on controller: MarkupController) throws {
        let named = message.ids.map { Set($0.compactMap(ElementID.init)) }
        if let named, message.action != "set", named != controller.selection { controller.select(named) }
        switch message.action ?? "" {
        case "set":
            controller.select(named ?? [])
        case "move":
            try controller.moveSelection(by: Point(x: message.dx ?? 0, y: message.dy ?? 0))
        case "resize":
            guard let rect = message.rect else { throw EditorError.invalidGeometry("resize needs a rect") }
            try controller.resizeSelection(to: rect, keepingAspectRatio: message.keepAspect ?? false)
        case "rotate":
            try controller.rotateSelection(by: message.angle ?? 0)
        case "delete": try controller.deleteSelection()
        case "duplicate": try controller.duplicateSelection()
        case "front": try controller.bringSelectionToFront()
        case "back": try controller.sendSelectionToBack()
        case "recolor":
            guard let color = try ToolChoice.color(message.color) else { throw EditorError.invalidGeometry("recolor needs a color") }
            try controller.recolorSelection(color)
        case let action: throw EditorError.invalidGeometry("unknown selection action '\(action)'")
        }
    }
}
