import MarkupModel

/// The `lock` section (docs/FORMAT.md §1.4): which elements are locked. Ancillary: a reader that
/// skips it shows the same picture, its elements merely unlocked.
enum LockSection {
    static let tag = SectionTag("lock")

    /// The section's payload; nil when no element is locked.
    static func encode(_ markup: Markup) -> [UInt8]? {
        let positions = markup.elements.indices.filter { markup.elements[$0].isLocked }
        guard !positions.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(positions, to: &writer)
        return writer.bytes
    }

    /// Locks the elements of `markup` that `payload` names.
    /// - Throws: `malformedData` for a position past the elements, positions out of order or bytes left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        markup.lockElements(at: try PositionList.read("locks", from: &reader, elementCount: markup.elements.count))
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the locks") }
    }
}
