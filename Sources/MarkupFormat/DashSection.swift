import MarkupModel

/// The `dash` section (docs/FORMAT.md §1.6): which shapes have dashed or dotted outlines.
/// Ancillary: a reader that skips it draws those outlines whole.
enum DashSection {
    static let tag = SectionTag("dash")
    /// Each shape's kind of outline, as written after the positions.
    static let kinds: [ShapeDash] = [.dashed, .dotted]

    /// The section's payload; nil when every outline is solid.
    static func encode(_ markup: Markup) -> [UInt8]? {
        let dashed = markup.elements.indices.compactMap { position -> (Int, ShapeDash)? in
            guard case .shape(let shape) = markup.elements[position].content, shape.dash != .solid else { return nil }
            return (position, shape.dash)
        }
        guard !dashed.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(dashed.map(\.0), to: &writer)
        for (_, dash) in dashed { writer.write(UInt8(kinds.firstIndex(of: dash).unsafelyUnwrapped)) }
        return writer.bytes
    }

    /// Gives the shapes of `markup` that `payload` names their outlines.
    /// - Throws: `malformedData` for a position past the elements or not a shape, positions out of
    ///   order, an unknown kind, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        let positions = try PositionList.read("dashed outlines", from: &reader, elementCount: markup.elements.count)
        var dashes = [ShapeDash]()
        dashes.reserveCapacity(positions.count)
        for _ in positions {
            let kind = Int(try reader.readByte())
            guard kinds.indices.contains(kind) else { throw .malformedData(reason: "an outline of unknown kind \(kind)") }
            dashes.append(kinds[kind])
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the dashed outlines") }
        guard markup.setDashes(dashes, ofShapesAt: positions) else { throw .malformedData(reason: "a dashed outline names an element that is not a shape") }
    }
}
