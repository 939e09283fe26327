import MarkupModel

/// What one undo scope (a page, a person) copied or cut: the elements as they were then and the
/// pictures they show, so a paste brings back what was copied even after the originals changed or
/// went; and how many times it has been pasted, each paste landing a step further down and right.
struct Clipboard {
    var elements: [Element]
    var blobs: [BlobID: [UInt8]]
    var pasteCount: Int
}
