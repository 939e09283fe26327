import Foundation
import MarkupFormat
import MarkupModel

/// A saved signature as every store keeps it: a `.markup` part holding its strokes.
enum Signatures {
    static func encode(_ strokes: [Stroke]) throws(StoreError) -> Data {
        var carrier = Markup(bounds: .zero)
        for stroke in strokes { carrier.insertNewStroke(stroke) }
        do throws(MarkupError) {
            return try MarkupFile(markup: carrier).encodedPart()
        } catch {
            throw .document(error)
        }
    }

    /// Each stored signature (its id and part), in the order given; one that does not decode is skipped.
    static func decode(_ stored: [(id: Int64, data: Data)]) -> [SavedSignature] {
        stored.compactMap { id, data in
            guard let markup = try? MarkupFile.decodePart(data).markup else { return nil }
            return SavedSignature(id: id, strokes: markup.elements.compactMap { element in
                if case .stroke(let stroke) = element.content { return stroke }
                return nil
            })
        }
    }
}
