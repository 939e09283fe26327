import MarkupEditor
import MarkupModel
import MarkupRender

/// What a page does to the selection: set it, select everything, move, resize, rotate, delete,
/// duplicate, copy, cut and paste, recolor, restyle, edit its text, order, align, distribute, flip,
/// group and ungroup, lock and unlock, move a line's end or bend it, crop or describe a picture, and
/// set loupes' magnification.
enum SelectionCommand {
    /// Each page selects its own (`LiveDocument.useSelection`); an action names the elements the page
    /// showed selected, so it acts on what the person saw, whatever changed meanwhile.
    /// Copy, cut and paste go through `clipboards`, under `page` (the page's undo scope) or, for a
    /// paste that names the tab that copied, under that tab's.
    static func perform(_ action: ClientMessage.SelectionAction, ids: [String]?, on controller: MarkupController,
                        clipboards: ClipboardStore, page: String) throws {
        let named = ids.map { Set($0.compactMap(ElementID.init)) }
        if let named, action.actsOnNamedElements, named != controller.selection { controller.select(named) }
        switch action {
        case .set: controller.select(named ?? [])
        case .all: controller.selectAll()
        case .pick(let point): controller.selectElement(at: point)
        case .move(let dx, let dy): try controller.moveSelection(by: Point(x: dx, y: dy))
        case .resize(let rect, let keepAspect, let flipping):
            try controller.asOneStep { () throws(EditorError) in
                for axis in SelectionAxis.allCases where flipping.contains(axis) { try controller.flipSelection(axis) }
                try controller.resizeSelection(to: rect, keepingAspectRatio: keepAspect)
            }
        case .rotate(let angle): try controller.rotateSelection(by: angle)
        case .delete: try controller.deleteSelection()
        case .duplicate(let offset): try controller.duplicateSelection(offset: offset)
        case .front: try controller.bringSelectionToFront()
        case .back: try controller.sendSelectionToBack()
        case .forward: try controller.bringSelectionForward()
        case .backward: try controller.sendSelectionBackward()
        case .copy:
            if let clipboard = controller.clipboardOfSelection(cut: false) { clipboards.put(clipboard, for: page) }
        case .cut:
            guard let clipboard = controller.clipboardOfSelection(cut: true) else { return }
            try controller.deleteSelection()
            clipboards.put(clipboard, for: page)
        case .paste(let view, let source, let point):
            let owner = source.map { PageSession.undoScope(ofPage: $0) } ?? page
            guard var clipboard = clipboards.clipboard(for: owner) else { throw EditorError.nothingToPaste }
            if let view { try controller.setContentVisibleFrame(view.frame, viewSize: view.size) }
            try controller.paste(&clipboard, within: view == nil ? nil : controller.contentVisibleFrame, at: point)
            clipboards.put(clipboard, for: owner)
        case .recolor(let text):
            guard let color = try ToolChoice.color(text) else { throw EditorError.invalidGeometry("recolor needs a color") }
            try controller.recolorSelection(color)
        case .restyle(let width, let opacity, let fill, let dash, let startMarker, let endMarker, let elbow, let sketchy, let color):
            try controller.restyleSelection(width: width, opacity: opacity, fill: fill, dash: dash, startMarker: startMarker, endMarker: endMarker,
                                            elbow: elbow, sketchy: sketchy, color: try ToolChoice.color(color))
        case .align(let alignment): try controller.alignSelection(alignment)
        case .distribute(let axis): try controller.distributeSelection(along: axis)
        case .flip(let axis): try controller.flipSelection(axis)
        case .group: try controller.groupSelection()
        case .ungroup: try controller.ungroupSelection()
        case .lock: try controller.lockSelection()
        case .unlock: try controller.unlock(named ?? [])
        case .unlockAll: try controller.unlockAll()
        case .straighten: try controller.straightenSelectedStrokes()
        case .moveEnd(let end, let point, let connects):
            try controller.moveLineEnd(try selectedLine(in: controller, "select one line to move its end"), end, to: point, connecting: connects)
        case .bend(let point):
            try controller.bendLine(try selectedLine(in: controller, "select one line to bend it"), through: point)
        case .crop(let rect):
            try controller.cropImage(try selectedPicture(in: controller, "select one picture to crop it"), to: rect)
        case .magnify(let magnification): try controller.magnifySelectedLoupes(magnification)
        case .describe(let text):
            try controller.describeImage(try selectedPicture(in: controller, "select one picture to describe it"), as: text)
        case .restyleText(let family, let size, let bold, let italic, let alignment):
            try ToolChoice.checkFont(family: family, size: size)
            try controller.restyleSelectedText(family: family, size: size, weight: bold.map { $0 ? 700 : 400 }, italic: italic, alignment: alignment) {
                MarkupRenderer.naturalSize(of: $0, width: $1).height.rounded(.up)
            }
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

    /// The one picture selected.
    private static func selectedPicture(in controller: MarkupController, _ complaint: String) throws -> ElementID {
        let selected = controller.selectedElements
        guard selected.count == 1, case .image = selected[0].content else { throw EditorError.invalidGeometry(complaint) }
        return selected[0].id
    }

    /// The one line selected, alone or with its labels (a tap selects its group whole).
    private static func selectedLine(in controller: MarkupController, _ complaint: String) throws -> ElementID {
        let selected = controller.selectedElements
        let lines = selected.filter { element in
            if case .shape(let shape) = element.content { shape.configuration.type == .line } else { false }
        }
        guard lines.count == 1, selected.allSatisfy({ $0.id == lines[0].id || $0.content.kind == .textBox }) else {
            throw EditorError.invalidGeometry(complaint)
        }
        return lines[0].id
    }
}
