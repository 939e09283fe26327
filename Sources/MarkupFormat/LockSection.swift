import MarkupModel

/// The `lock` section (docs/FORMAT.md §1.4): which elements are locked. Ancillary: a reader that
/// skips it shows the same picture, its elements merely unlocked.
enum LockSection {
    static let tag = SectionTag("lock")

    /// The section's payload; nil when no element is locked.
    static func encode(_ markup: Markup) -> [UInt8]? {
        PositionList.payload(markup.elements.indices.filter { markup.elements[$0].isLocked })
    }

    /// Locks the elements of `markup` that `payload` names.
    /// - Throws: `malformedData` for a position past the elements, positions out of order or bytes left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        markup.lockElements(at: try PositionList.positions(in: payload, "locks", elementCount: markup.elements.count))
    }
}
