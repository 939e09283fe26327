import MarkupModel

extension MarkupController {
    /// `elements` brought from elsewhere (a paste from another document or another app's file) as
    /// this document's feature set takes them, as a document of another version is opened: a kind,
    /// ink or shape it leaves out dropped, fills, outlines, markers it does not allow taken off,
    /// colors clamped to its exposure. Throws why when none is left, or when one is past the
    /// editor's limits (`checkAdmissible`).
    func admitted(_ elements: [Element]) throws(EditorError) -> [Element] {
        let fitted = elements.compactMap { element -> Element? in
            guard let content = Markup.content(element.content, fittedTo: supportedFeatureSet) else { return nil }
            var copy = element
            if content != element.content { copy.setContent(content) }
            return copy
        }
        if fitted.isEmpty, let first = elements.first { try checkAdmissible(first) }
        for element in fitted { try checkAdmissible(element) }
        return fitted
    }

    /// Refuses an element no page could have made here: one of a kind, ink, shape or color the
    /// document's feature set leaves out, or past the limits the editor keeps to (a text's, a link's,
    /// a description's bytes; a line's width). What a paste brings from another document or another
    /// app's file is held to what drawing it here would be.
    func checkAdmissible(_ element: Element) throws(EditorError) {
        switch element.content {
        case .stroke(let stroke):
            try require(.drawing)
            guard supportedFeatureSet.contains(stroke.ink.type) else { throw .unsupportedInk(stroke.ink.type) }
            try check(stroke.ink.color)
        case .shape(let shape):
            try check(shape)
            try Self.checkStyle(width: shape.lineWidth, opacity: shape.opacity)
        case .textBox(let box):
            try require(.text)
            try check(box.text)
        case .image(let image):
            try require(.images)
            guard image.description.utf8.count <= ImageElement.maximumDescriptionBytes else {
                throw .tooLarge(what: "description bytes", limit: ImageElement.maximumDescriptionBytes)
            }
        case .sticker(let sticker):
            try require(.stickers)
            if case .emoji(let emoji) = sticker, emoji.utf8.count > Sticker.maximumEmojiBytes {
                throw .tooLarge(what: "sticker bytes", limit: Sticker.maximumEmojiBytes)
            }
        case .loupe(let loupe):
            try require(.loupes)
            guard loupe.isValid else { throw .invalidGeometry("magnification must be between 1 and \(Loupe.maximumMagnification)") }
        case .link(let link):
            try require(.links)
            guard link.url.utf8.count <= Link.maximumURLBytes else { throw .tooLarge(what: "URL bytes", limit: Link.maximumURLBytes) }
        }
    }
}
