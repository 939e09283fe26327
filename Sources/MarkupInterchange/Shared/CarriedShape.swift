import Foundation
import MarkupModel

/// A MarkupKit shape carried alongside the outline another app draws of it (a Xournal++ stroke's
/// attribute, an Excalidraw line's `customData`): base64 of its element's JSON, so MarkupKit reads the
/// shape back rather than the outline.
enum CarriedShape {
    /// `element` as carried.
    static func encoded(_ element: Element) -> String? {
        (try? JSONEncoder().encode(element))?.base64EncodedString()
    }

    /// The shape element `text` carries, with no attachments (the ids it was attached to are not the
    /// file's); nil for anything else, so the outline stays as it is.
    static func decoded(_ text: String) -> Element? {
        guard text.utf8.count <= 1 << 20, let json = Data(base64Encoded: text),
              let element = try? JSONDecoder().decode(Element.self, from: json), case .shape(var shape) = element.content,
              element.frame.isFinite, element.rotation.isFinite else { return nil }
        (shape.startConnection, shape.endConnection) = (nil, nil)
        return Element(zIndex: 0, frame: element.frame, rotation: element.rotation, content: .shape(shape))
    }
}
