import Foundation
import MarkupEditor
import MarkupModel

/// The insertion menu's items, performed on the controller.
enum Insertion {
    /// Inserts `item` at the suggested frame of the controller's visible frame (the page's view).
    /// Signatures are the document's to handle (`signature(on:save:)`), as they touch the library.
    static func perform(_ item: ClientMessage.Insertable, color: String?, on controller: MarkupController) throws {
        let color = try ToolChoice.color(color) ?? .black
        switch item {
        case .rectangle: try controller.insertShape(Shape(configuration: .rectangle, strokeColor: color))
        case .roundedRectangle: try controller.insertShape(Shape(configuration: .roundedRectangle(cornerRadius: 12), strokeColor: color))
        case .ellipse: try controller.insertShape(Shape(configuration: .ellipse, strokeColor: color))
        case .star: try controller.insertShape(Shape(configuration: .star(points: 5, innerRadius: 0.45), strokeColor: color), size: Size(width: 100, height: 100))
        case .polygon: try controller.insertShape(Shape(configuration: .regularPolygon(sides: 6), strokeColor: color), size: Size(width: 100, height: 100))
        case .chatBubble: try controller.insertShape(Shape(configuration: .chatBubble(tail: Point(x: 0.2, y: 1.25)), strokeColor: color))
        case .arrowShape: try controller.insertShape(Shape(configuration: .arrowShape, strokeColor: color))
        case .line, .arrow:
            let frame = controller.suggestedFrameForInserting(size: Size(width: 160, height: 0))
            try controller.insertLine(from: Point(x: frame.minX, y: frame.center.y), to: Point(x: frame.maxX, y: frame.center.y),
                                      endMarker: item == .arrow ? .arrow : .none, color: color)
        case .text(let text): try controller.insertTextbox(AttributedText(text.isEmpty ? "Text" : text, color: color))
        case .sticker(let emoji): try controller.insertSticker(emoji: emoji)
        case .image(let encoded):
            guard let data = Data(base64Encoded: encoded) else { throw EditorError.invalidImage }
            try controller.insertImage(data)
        case .loupe: try controller.insertLoupe()
        case .link(let url): try controller.insertLink(url: url)
        case .signature: throw EditorError.invalidGeometry("signatures are handled by the document")
        }
    }

    /// With strokes selected, they become a saved signature (kept in the library for every
    /// document); with none, the newest saved signature is inserted. Returns a note for the page.
    static func signature(on controller: MarkupController, save: ([Stroke]) throws -> Void) throws -> String? {
        let strokes = controller.selectedElements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element.content { return stroke }
            return nil
        }
        if !strokes.isEmpty {
            try save(strokes)
            controller.saveSignature(strokes)
            return "Signature saved: choose Signature with nothing selected to insert it, in any document."
        }
        guard !controller.savedSignatures.isEmpty else {
            throw EditorError.invalidGeometry("no signature saved yet: write it, select it with the lasso, then choose Signature")
        }
        try controller.insertSignature(controller.savedSignatures.count - 1)
        return nil
    }
}
