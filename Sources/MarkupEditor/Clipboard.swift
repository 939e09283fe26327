import MarkupInk
import MarkupModel

/// What a person copied or cut: the elements as they were then and the pictures they show, so a
/// paste brings back what was copied even after the originals changed or went, in this document or
/// another; and how many times it has been pasted, each paste landing a step further down and right.
public struct Clipboard: Sendable {
    var elements: [Element]
    var blobs: [BlobID: [UInt8]]
    var pasteCount: Int

    /// About how much memory it holds: its pictures' bytes and its strokes' points (what a server
    /// that keeps many bounds them by).
    public var byteCount: Int { Self.byteCount(of: elements, blobs: blobs) }

    /// About how much memory `elements` and `blobs` hold, as a clipboard counts it.
    static func byteCount(of elements: [Element], blobs: [BlobID: [UInt8]]) -> Int {
        blobs.values.reduce(0) { $0 + $1.count } + elements.reduce(0) { total, element in
            if case .stroke(let stroke) = element.content { return total + elementBytes + stroke.points.count * pointBytes }
            return total + elementBytes
        }
    }

    static let elementBytes = 256
    static let pointBytes = MemoryLayout<StrokePoint>.stride
}

extension Clipboard {
    /// `elements` of `markup`, with the pictures they show.
    init(_ elements: [Element], of markup: Markup, pasteCount: Int = 0) {
        let blobs = Dictionary(elements.compactMap(\.content.blobReference).compactMap { id in
            markup.blobs[id].map { (id, [UInt8]($0)) }
        }, uniquingKeysWith: { first, _ in first })
        self.init(elements: elements, blobs: blobs, pasteCount: pasteCount)
    }

    /// Everything `markup` holds, bottom first, to paste as if it had been copied: a drawing that
    /// came inside a picture, dropped on a document.
    public init(everythingIn markup: Markup) {
        self.init(markup.elements.sorted { $0.zIndex < $1.zIndex }, of: markup)
    }
}
