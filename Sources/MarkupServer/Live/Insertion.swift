import Foundation
import MarkupEditor
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupStore

/// The insertion menu's items, performed on the controller.
enum Insertion {
    /// Inserts `item` where `placement` says (a frame dragged out, a line's ends, or centred on a
    /// tap), or else at the suggested frame of the controller's visible frame (the page's view); a
    /// shape or line in `style` (a shape turned only when placed in a frame).
    /// Signatures are the document's to handle (`signature(_:on:in:)`), as they touch the library.
    /// Returns a note for the page: what a drawing pasted did not carry over.
    @discardableResult
    static func perform(_ item: ClientMessage.Insertable, color: String?, placement: ClientMessage.Placement? = nil,
                        style: ClientMessage.ShapeStyle = .init(), on controller: MarkupController) throws -> String? {
        try MarkupController.checkStyle(width: style.lineWidth, opacity: style.opacity)
        guard style.rotation.isFinite else { throw EditorError.invalidGeometry("the angle must be finite") }
        let color = try ToolChoice.color(color) ?? .black
        if var shape = shape(item, color: color, style: style), case .frame(let frame)? = placement {
            shape.lineWidth = style.lineWidth ?? shape.lineWidth
            shape.opacity = style.opacity ?? shape.opacity
            try controller.insertShape(shape, frame: frame, rotation: style.rotation)
            return nil
        }
        if case .text(let string, let style) = item, case .frame(let frame)? = placement {
            let (text, alignment) = try ToolChoice.text(string.isEmpty ? "Text" : string, style: style, color: color)
            try controller.insertTextbox(text, alignment: alignment, frame: frame)
            return nil
        }
        if case .image(let encoded) = item, case .frame(let frame)? = placement {
            return try picture(encoded, frame: frame, on: controller)
        }
        if item == .line || item == .arrow, case .line(let from, let to)? = placement {
            let (start, end) = markers(item, style: style)
            try controller.insertLine(from: from, to: to, startMarker: start, endMarker: end, color: color,
                                      lineWidth: style.lineWidth ?? 2, opacity: style.opacity ?? 1, dash: style.dash ?? .solid,
                                      elbow: style.elbow, sketchy: style.sketchy, connecting: style.connects)
            return nil
        }
        return try at(placement, on: controller) { () throws in try perform(item, color: color, style: style, on: controller) }
    }

    /// Inserts the text `item` in the frame `placement` gives as the label of the element `id`,
    /// grouped with it, as one step.
    static func label(_ item: ClientMessage.Insertable, color: String?, placement: ClientMessage.Placement?, for id: String,
                      on controller: MarkupController) throws {
        guard case .text(let string, let style) = item, case .frame(let frame)? = placement else {
            throw EditorError.invalidGeometry("a label is a text in a frame")
        }
        guard let element = ElementID(id) else { throw ProtocolError.wrongType("labelFor", expected: "an element id") }
        let (text, alignment) = try ToolChoice.text(string, style: style, color: try ToolChoice.color(color) ?? .black)
        try controller.insertLabel(text, alignment: alignment, frame: frame, for: element)
    }

    /// Runs `insert` with the controller's insertion point at `placement`'s centre, if it has one.
    static func at<Result>(_ placement: ClientMessage.Placement?, on controller: MarkupController, _ insert: () throws -> Result) throws -> Result {
        switch placement {
        case .center(let point)?: controller.insertionPoint = point
        case .frame(let frame)?: controller.insertionPoint = frame.center
        case .line(let from, let to)?: controller.insertionPoint = Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
        case nil: break
        }
        defer { controller.insertionPoint = nil }
        return try insert()
    }

    /// The markers at the ends of a line or an arrow: an arrow's as `style` chooses them (an
    /// arrowhead at its end when it does not), a plain line's none.
    private static func markers(_ item: ClientMessage.Insertable, style: ClientMessage.ShapeStyle) -> (start: LineMarker, end: LineMarker) {
        item == .arrow ? (style.startMarker ?? .none, style.endMarker ?? .arrow) : (.none, .none)
    }

    /// The shape an item of the shape menu is, outlined in `color`, filled and its outline drawn as
    /// `style` says; nil for the other items.
    private static func shape(_ item: ClientMessage.Insertable, color: Color, style: ClientMessage.ShapeStyle) -> Shape? {
        let configuration: ShapeConfiguration
        switch item {
        case .rectangle: configuration = .rectangle
        case .roundedRectangle: configuration = .roundedRectangle(cornerRadius: 12)
        case .ellipse: configuration = .ellipse
        case .star: configuration = .star(points: 5, innerRadius: 0.45)
        case .polygon: configuration = .regularPolygon(sides: 6)
        case .diamond: configuration = .regularPolygon(sides: 4)
        case .chatBubble: configuration = .chatBubble(tail: Point(x: 0.2, y: 1.25))
        case .arrowShape: configuration = .arrowShape
        case .heart: configuration = .heart
        case .cloud: configuration = .cloud
        default: return nil
        }
        var shape = Shape(configuration: configuration, fillColor: style.fill?.color(outlinedIn: color), strokeColor: color, dash: style.dash ?? .solid)
        shape.fillStyle = style.fill?.style ?? .solid
        shape.isSketchy = style.sketchy
        return shape
    }

    private static func perform(_ item: ClientMessage.Insertable, color: Color, style: ClientMessage.ShapeStyle, on controller: MarkupController) throws -> String? {
        if let shape = shape(item, color: color, style: style) {
            let square = item == .star || item == .polygon || item == .heart
            try controller.insertShape(shape, size: square ? Size(width: 100, height: 100) : Size(width: 120, height: 80))
            return nil
        }
        switch item {
        case .rectangle, .roundedRectangle, .ellipse, .diamond, .star, .polygon, .chatBubble, .arrowShape, .heart, .cloud: break
        case .line, .arrow:
            let frame = controller.suggestedFrameForInserting(size: Size(width: 160, height: 0))
            let (start, end) = markers(item, style: style)
            try controller.insertLine(from: Point(x: frame.minX, y: frame.center.y), to: Point(x: frame.maxX, y: frame.center.y),
                                      startMarker: start, endMarker: end, color: color, dash: style.dash ?? .solid, elbow: style.elbow,
                                      sketchy: style.sketchy)
        case .text(let string, let style):
            let (text, alignment) = try ToolChoice.text(string.isEmpty ? "Text" : string, style: style, color: color)
            try controller.insertTextbox(text, alignment: alignment)
        case .sticker(let emoji): try controller.insertSticker(emoji: emoji)
        case .image(let encoded): return try picture(encoded, frame: nil, on: controller)
        case .loupe: try controller.insertLoupe()
        case .link(let url): try controller.insertLink(url: url)
        case .signature: throw EditorError.invalidGeometry("signatures are handled by the document")
        case .drawing(let encoded, let name): return try drawing(encoded, name: name, on: controller)
        }
        return nil
    }

    /// A picture's bytes (base64) put in `frame`, or where insertions go: the drawing it carries when
    /// MarkupKit exported it editable or Excalidraw with its scene, pasted with its middle there as a
    /// copy of it would be, as Excalidraw opens its own PNGs; else (one that does not read too) the
    /// picture.
    private static func picture(_ encoded: String, frame: Rect?, on controller: MarkupController) throws -> String? {
        guard let data = Data(base64Encoded: encoded) else { throw EditorError.invalidImage }
        if let carried = try? carriedDrawing(data, name: ""), !carried.markup.elements.isEmpty {
            return try paste(carried, named: "the picture's drawing", at: frame?.center ?? controller.insertionPoint, on: controller)
        }
        if ImageFormat(sniffing: data) != nil, let problem = MarkupRenderer.pictureProblem(data) { throw EditorError.unreadableImage(problem) }
        if let frame { try controller.insertImage(data, frame: frame) } else { try controller.insertImage(data) }
        return nil
    }

    /// Pastes the elements of a drawing's file where insertions go: a `.markup` file, or one
    /// `carriedDrawing` reads.
    private static func drawing(_ encoded: String, name: String, on controller: MarkupController) throws -> String? {
        guard let data = Data(base64Encoded: encoded) else { throw ProtocolError.wrongType("drawing", expected: "a file in base64") }
        let drawing = try carriedDrawing(data, name: name) ?? ImportedDocument(markup: MarkupFile.decode(data).markup, report: ConversionReport())
        return try paste(drawing, named: name.isEmpty ? "the drawing" : name, at: controller.insertionPoint, on: controller)
    }

    /// The drawing `data` carries, as an import reads it: the `.markup` file a PNG MarkupKit exported
    /// editable holds, or another app's file (told by `name`'s extension, else by its content; a PNG
    /// Excalidraw exported with its scene among them), with what did not map; nil for anything else.
    static func carriedDrawing(_ data: Data, name: String) throws -> ImportedDocument? {
        if let carried = EmbeddedMarkup.file(in: data) { return ImportedDocument(markup: try MarkupFile.decode(carried).markup, report: ConversionReport()) }
        guard let format = InterchangeFormat(path: name) ?? InterchangeFormat.detect(data) else { return nil }
        return try Interchange.decode(data, format: format)
    }

    /// Pastes `drawing`'s elements as a copy of them would be, their middle at `point` (or where
    /// pastes go); its background (a PDF's pages, a picture) is not pasted. Returns what did not
    /// come across, for the page.
    private static func paste(_ drawing: ImportedDocument, named name: String, at point: Point?, on controller: MarkupController) throws -> String? {
        var notes = drawing.report.lines
        if drawing.markup.background != nil { notes.append("its background is not pasted: import the file to keep it") }
        guard !drawing.markup.elements.isEmpty else { throw EditorError.nothingToPaste }
        var clipboard = Clipboard(everythingIn: drawing.markup)
        try controller.paste(&clipboard, within: controller.contentVisibleFrame, at: point)
        return notes.isEmpty ? nil : "Pasted \(name); not carried over exactly: " + notes.joined(separator: "; ")
    }

    /// Inserts saved signature `id` from the library's `store`. With none named, strokes selected
    /// become a saved signature (for every document), and with none selected the newest saved one
    /// is inserted. Returns a note for the page.
    static func signature(_ id: Int64?, on controller: MarkupController, in store: any DocumentStore) throws -> String? {
        if let id {
            guard let saved = try store.signatures().first(where: { $0.id == id }) else {
                throw EditorError.invalidGeometry("that signature is no longer saved")
            }
            try controller.insertSignature(strokes: saved.strokes)
            return nil
        }
        let strokes = controller.selectedElements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element.content { return stroke }
            return nil
        }
        if !strokes.isEmpty {
            try store.addSignature(strokes)
            return "Signature saved: it is in Insert → Signature…, in every document."
        }
        guard let newest = try store.signatures().last else {
            throw EditorError.invalidGeometry("no signature saved yet: write it, select it with the lasso, then choose Signature")
        }
        try controller.insertSignature(strokes: newest.strokes)
        return nil
    }
}
