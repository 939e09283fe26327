import MarkupModel

/// The `dash` section (docs/FORMAT.md §1.6): which shapes have dashed or dotted outlines.
/// Ancillary: a reader that skips it draws those outlines whole.
enum DashSection {
    static let tag = SectionTag("dash")
    /// Each shape's kind of outline, as written after the positions.
    static let kinds: [ShapeDash] = [.dashed, .dotted]

    /// The section's payload; nil when every outline is solid.
    static func encode(_ markup: Markup) -> [UInt8]? {
        PositionList.payload(markup.elements.indices.compactMap { position -> (position: Int, kind: ShapeDash)? in
            guard case .shape(let shape) = markup.elements[position].content, shape.dash != .solid else { return nil }
            return (position, shape.dash)
        }, kinds: kinds)
    }

    /// Gives the shapes of `markup` that `payload` names their outlines.
    /// - Throws: `malformedData` for a position past the elements or not a shape, positions out of
    ///   order, an unknown kind, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        let (positions, dashes) = try PositionList.kinds(in: payload, "dashed outlines", of: kinds, elementCount: markup.elements.count)
        guard markup.setDashes(dashes, ofShapesAt: positions) else { throw .malformedData(reason: "a dashed outline names an element that is not a shape") }
    }
}
