import MarkupModel

/// The `curv` section (docs/FORMAT.md §1.9): which lines are bent, and through where.
/// Ancillary: a reader that skips it draws those lines straight between the same ends.
enum CurveSection {
    static let tag = SectionTag("curv")

    /// The section's payload; nil when every line is straight.
    static func encode(_ markup: Markup) -> [UInt8]? {
        PositionedDoubles.encode(markup.elements.indices.compactMap { position in
            guard case .shape(let shape) = markup.elements[position].content, let middle = shape.lineMiddle else { return nil }
            return (position, [middle.x, middle.y])
        })
    }

    /// Bends the lines of `markup` that `payload` names.
    /// - Throws: `malformedData` for a position past the elements or not a line, positions out of
    ///   order, a middle outside 0…1 or not finite, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        let entries = try PositionedDoubles.decode(payload, "curved lines", count: 2, elementCount: markup.elements.count)
        guard markup.setLineMiddles(entries.map { Point(x: $0.values[0], y: $0.values[1]) }, ofLinesAt: entries.map(\.position)) else {
            throw .malformedData(reason: "a curve names an element that is not a line, or its middle lies outside 0…1")
        }
    }
}
