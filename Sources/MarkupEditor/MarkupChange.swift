import MarkupModel

/// One user-visible change as element-level diffs: the single source of truth for what changed, which
/// the store journals, the server broadcasts and undo reverses.
public struct MarkupChange: Hashable, Sendable {
    /// Elements that did not exist before, with their values.
    public var added: [Element]
    /// Elements that changed, with their new values.
    public var updated: [Element]
    /// Ids of elements that no longer exist.
    public var removed: [ElementID]
    /// Blobs the added or updated elements need, by id.
    public var addedBlobs: [BlobID: [UInt8]]

    public init(added: [Element] = [], updated: [Element] = [], removed: [ElementID] = [], addedBlobs: [BlobID: [UInt8]] = [:]) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.addedBlobs = addedBlobs
    }

    public var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty }
}

/// A change together with what it replaced, so it can be undone exactly.
struct RecordedChange: Sendable {
    var forward: MarkupChange
    var backward: MarkupChange
}

extension Markup {
    /// Applies `change` and returns the change that undoes it exactly.
    mutating func apply(_ change: MarkupChange) -> MarkupChange {
        var backward = MarkupChange()
        for (id, bytes) in change.addedBlobs { addBlob(.init(bytes), id: id) }
        for id in change.removed {
            if let old = removeElement(withID: id) { backward.added.append(old) }
        }
        for element in change.updated {
            if let old = self.element(withID: element.id) {
                backward.updated.append(old)
                replace(element)
            }
        }
        for element in change.added {
            if let old = self.element(withID: element.id) { backward.updated.append(old) } else { backward.removed.append(element.id) }
            insert(element)
        }
        return backward
    }
}
