import MarkupModel

/// The `hach` section (docs/FORMAT.md §1.13): which shapes' fills are hatched, one way or both.
/// Ancillary: a reader that skips it fills those shapes evenly.
enum HatchSection {
    static let tag = SectionTag("hach")
    /// Each shape's kind of fill, as written after the positions.
    static let kinds: [ShapeFillStyle] = [.hatched, .crossHatched]

    /// The section's payload; nil when every fill is even.
    static func encode(_ markup: Markup) -> [UInt8]? {
        PositionList.payload(markup.elements.indices.compactMap { position -> (position: Int, kind: ShapeFillStyle)? in
            guard case .shape(let shape) = markup.elements[position].content, shape.fillStyle != .solid else { return nil }
            return (position, shape.fillStyle)
        }, kinds: kinds)
    }

    /// Gives the shapes of `markup` that `payload` names their hatched fills.
    /// - Throws: `malformedData` for a position past the elements or not a shape, positions out of
    ///   order, an unknown kind, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        let (positions, styles) = try PositionList.kinds(in: payload, "hatched fills", of: kinds, elementCount: markup.elements.count)
        guard markup.setFillStyles(styles, ofShapesAt: positions) else { throw .malformedData(reason: "a hatched fill names an element that is not a shape") }
    }
}
