import MarkupModel

/// The `skch` section (docs/FORMAT.md §1.12): which shapes are drawn by hand. Ancillary: a reader
/// that skips it draws the same shapes with clean outlines.
enum SketchSection {
    static let tag = SectionTag("skch")

    /// The section's payload; nil when no shape is sketchy.
    static func encode(_ markup: Markup) -> [UInt8]? {
        PositionList.payload(markup.elements.indices.filter { position in
            if case .shape(let shape) = markup.elements[position].content { shape.isSketchy } else { false }
        })
    }

    /// Makes the shapes of `markup` that `payload` names sketchy.
    /// - Throws: `malformedData` for a position past the elements or not a shape, positions out of
    ///   order or bytes left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        let positions = try PositionList.positions(in: payload, "sketchy shapes", elementCount: markup.elements.count)
        guard markup.sketchShapes(at: positions) else { throw .malformedData(reason: "a sketchy shape names an element that is not a shape") }
    }
}
