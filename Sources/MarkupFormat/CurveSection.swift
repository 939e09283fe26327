import MarkupModel

/// The `curv` section (docs/FORMAT.md §1.9): which lines are bent, and through where.
/// Ancillary: a reader that skips it draws those lines straight between the same ends.
enum CurveSection {
    static let tag = SectionTag("curv")

    /// The section's payload; nil when every line is straight.
    static func encode(_ markup: Markup) -> [UInt8]? {
        let curved = markup.elements.indices.compactMap { position -> (Int, Point)? in
            guard case .shape(let shape) = markup.elements[position].content, let middle = shape.lineMiddle else { return nil }
            return (position, middle)
        }
        guard !curved.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(curved.map(\.0), to: &writer)
        for (_, middle) in curved {
            writer.writeDouble(middle.x)
            writer.writeDouble(middle.y)
        }
        return writer.bytes
    }

    /// Bends the lines of `markup` that `payload` names.
    /// - Throws: `malformedData` for a position past the elements or not a line, positions out of
    ///   order, a middle outside 0…1 or not finite, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        let positions = try PositionList.read("curved lines", from: &reader, elementCount: markup.elements.count)
        var middles = [Point]()
        middles.reserveCapacity(positions.count)
        for _ in positions {
            middles.append(Point(x: try reader.readFiniteDouble("a curve's middle"), y: try reader.readFiniteDouble("a curve's middle")))
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the curved lines") }
        guard markup.setLineMiddles(middles, ofLinesAt: positions) else {
            throw .malformedData(reason: "a curve names an element that is not a line, or its middle lies outside 0…1")
        }
    }
}
