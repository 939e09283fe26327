/// The invariants every document read from outside must keep, checked by every decoder.
extension Markup {
    /// Throws `MarkupError.malformedData` naming the first broken invariant: non-finite geometry or
    /// colors, anything outside the canvas, values out of range, duplicate ids, z-indices out of order, or a missing blob (unless
    /// `requiringBlobs` is false: a part of a document whose blobs are kept elsewhere).
    public func validate(requiringBlobs: Bool = true) throws(MarkupError) {
        guard Markup.isWithinCanvas(bounds), bounds.width >= 0, bounds.height >= 0 else { throw .malformedData(reason: "document bounds are invalid") }
        if let backgroundColor, !backgroundColor.isFinite { throw .malformedData(reason: "background color is not finite") }
        if let problem = paper?.problem { throw .malformedData(reason: problem) }
        if let sheetHeight, !(sheetHeight.isFinite && sheetHeight > 0) { throw .malformedData(reason: "the sheet height is not a positive number") }
        if let background {
            if let problem = background.problem { throw .malformedData(reason: problem) }
            if requiringBlobs, blobs[background.source.blob] == nil { throw .malformedData(reason: "the background's blob is missing") }
        }
        // Every element's id is a key of `zIndices`, so fewer keys than elements means a repeated id.
        if zIndices.count != elements.count, let repeated = firstRepeatedID {
            throw .malformedData(reason: "element id \(repeated) appears twice")
        }
        var previousZIndex: Int64?
        for element in elements {
            if let previousZIndex, element.zIndex <= previousZIndex {
                throw .malformedData(reason: "element \(element.id) is out of z-order")
            }
            previousZIndex = element.zIndex
            if let problem = Markup.problem(in: element) {
                throw .malformedData(reason: "element \(element.id): \(problem)")
            }
            if requiringBlobs, let blob = element.content.blobReference, blobs[blob] == nil {
                throw .malformedData(reason: "element \(element.id) draws blob \(blob), which is missing")
            }
        }
    }

    private var firstRepeatedID: ElementID? {
        var ids = Set<ElementID>()
        return elements.first { !ids.insert($0.id).inserted }?.id
    }

    /// What makes `element` unfit for a document (a non-finite frame, rotation, transform or color,
    /// a place outside the canvas, a value out of range), or nil when it is fine.
    public static func problem(in element: Element) -> String? {
        guard element.frame.isFinite, element.rotation.isFinite else { return "non-finite frame or rotation" }
        guard Markup.isWithinCanvas(element.renderFrame) else {
            return "it lies outside the canvas (±\(Int(Markup.coordinateLimit)) points)"
        }
        guard (-Markup.zIndexLimit...Markup.zIndexLimit).contains(element.zIndex) else { return "its z-index is out of range" }
        if case .shape(let shape) = element.content, [shape.startConnection, shape.endConnection].contains(where: { $0?.element == element.id }) {
            return "a line connected to itself"
        }
        return problem(in: element.content)
    }

    private static func problem(in content: ElementContent) -> String? {
        switch content {
        case .stroke(let stroke):
            if !stroke.ink.color.isFinite { return "ink color is not finite" }
            if !stroke.transform.isFinite { return "stroke transform is not finite" }
        case .shape(let shape):
            if !shape.isValid { return "shape has values out of range" }
        case .textBox(let box):
            for run in box.text.runs {
                if !run.color.isFinite { return "text color is not finite" }
                if !run.font.isValid { return "font size or weight out of range" }
            }
        case .loupe(let loupe):
            if !loupe.isValid { return "loupe magnification out of range" }
        case .image(let image):
            if let crop = image.crop, !ImageElement.isValidCrop(crop) { return "image crop out of range" }
        case .sticker, .link:
            break
        }
        return nil
    }
}
