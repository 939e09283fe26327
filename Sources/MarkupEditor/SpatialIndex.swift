import MarkupModel

/// The elements' boxes in a balanced dynamic bounding-box tree, so hit tests, erasers and lasso visit
/// O(log n + k) nodes rather than every element. Kept up to date one element at a time.
///
/// The tree follows the dynamic AABB tree of game physics engines: a new leaf goes beside the node
/// whose box grows least by taking it (by perimeter), and rotations keep sibling heights within one.
public struct SpatialIndex: Sendable {
    /// A node's place in the tree; its box and item live in arrays of their own, so a query touches
    /// only the boxes and links it needs.
    private struct Links: Sendable {
        var parent = SpatialIndex.none
        var child1 = SpatialIndex.none
        var child2 = SpatialIndex.none
        /// 0 for a leaf; −1 for a node on the free list.
        var height = 0

        var isLeaf: Bool { child1 == SpatialIndex.none }
    }

    /// An axis-aligned box as its corners: cheap unions and perimeters.
    struct Box: Sendable, Equatable {
        var minX, minY, maxX, maxY: Double

        init(_ rect: Rect) {
            (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        }

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        }

        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }

        var perimeter: Double { 2 * ((maxX - minX) + (maxY - minY)) }

        func intersects(_ other: Box) -> Bool {
            minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
        }
    }

    private static let none = -1
    private var boxes: [Box] = []
    private var links: [Links] = []
    private var items: [ElementID?] = []
    private var root = SpatialIndex.none
    private var freeList = SpatialIndex.none
    private var leaves: [ElementID: Int] = [:]

    public init() {}

    /// An index of `markup`'s elements by their render frames, built top-down: each node splits its
    /// elements at the median along the longer side of their centres, which packs the tree tighter
    /// than inserting one by one. Later changes are incremental as usual.
    ///
    /// - Complexity: O(n log n).
    public init(_ markup: Markup) {
        var entries = markup.elements.map { (id: $0.id, box: Box($0.renderFrame)) }
        guard !entries.isEmpty else { return }
        leaves.reserveCapacity(entries.count)
        boxes.reserveCapacity(2 * entries.count)
        links.reserveCapacity(2 * entries.count)
        items.reserveCapacity(2 * entries.count)
        root = build(&entries[...])
    }

    /// Builds the subtree of `entries` and returns its root.
    private mutating func build(_ entries: inout ArraySlice<(id: ElementID, box: Box)>) -> Int {
        if entries.count == 1 {
            let entry = entries[entries.startIndex]
            let leaf = allocate(box: entry.box, links: Links(), item: entry.id)
            leaves[entry.id] = leaf
            return leaf
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for entry in entries {
            let x = (entry.box.minX + entry.box.maxX) / 2, y = (entry.box.minY + entry.box.maxY) / 2
            (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
        }
        let middle = entries.startIndex + entries.count / 2
        if maxX - minX >= maxY - minY {
            Self.partition(&entries, around: middle) { $0.minX + $0.maxX }
        } else {
            Self.partition(&entries, around: middle) { $0.minY + $0.maxY }
        }
        var lower = entries[..<middle], upper = entries[middle...]
        let child1 = build(&lower), child2 = build(&upper)
        let node = allocate(box: boxes[child1].union(boxes[child2]),
                            links: Links(child1: child1, child2: child2, height: 1 + max(links[child1].height, links[child2].height)),
                            item: nil)
        links[child1].parent = node
        links[child2].parent = node
        return node
    }

    /// Reorders `entries` so that the one at `middle` is where sorting by `key` would put it, none
    /// before it with a greater key and none after with a smaller: a median split in linear time
    /// (quickselect), where sorting every node's entries made building O(n log² n).
    private static func partition(_ entries: inout ArraySlice<(id: ElementID, box: Box)>, around middle: Int, by key: (Box) -> Double) {
        var low = entries.startIndex, high = entries.endIndex - 1
        while low < high {
            // The median of the first, middle and last keys, so sorted input splits evenly.
            let first = key(entries[low].box), centre = key(entries[low + (high - low) / 2].box), last = key(entries[high].box)
            let pivot = Swift.max(Swift.min(first, centre), Swift.min(Swift.max(first, centre), last))
            var left = low, right = high
            while left <= right {
                while key(entries[left].box) < pivot { left += 1 }
                while key(entries[right].box) > pivot { right -= 1 }
                if left <= right {
                    entries.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            if middle <= right {
                high = right
            } else if middle >= left {
                low = left
            } else {
                return
            }
        }
    }

    public var count: Int { leaves.count }

    /// The height of the tree: about log₂ of the count when balanced.
    public var height: Int { root == Self.none ? 0 : links[root].height }

    /// Adds or moves an element's box.
    ///
    /// - Complexity: O(log n).
    public mutating func insert(_ id: ElementID, frame: Rect) {
        remove(id)
        let leaf = allocate(box: Box(frame), links: Links(), item: id)
        leaves[id] = leaf
        insertLeaf(leaf)
    }

    /// Removes an element's box; nothing happens when it is not indexed.
    ///
    /// - Complexity: O(log n).
    public mutating func remove(_ id: ElementID) {
        guard let leaf = leaves.removeValue(forKey: id) else { return }
        removeLeaf(leaf)
        free(leaf)
    }

    /// The ids of the elements whose boxes meet `rect`, in no particular order.
    ///
    /// - Complexity: O(log n + k) for k results, in a balanced tree.
    public func elements(intersecting rect: Rect) -> [ElementID] {
        var found = [ElementID]()
        visit(intersecting: rect) { found.append($0) }
        return found
    }

    /// Calls `body` with every element whose box meets `rect`.
    public func visit(intersecting rect: Rect, _ body: (ElementID) -> Void) {
        guard root != Self.none else { return }
        let query = Box(rect)
        // A balanced tree of a billion leaves is about 45 deep; the stack never holds more than its height + 1.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(height + 2, 64)) { stack in
            var count = 1
            stack[0] = root
            boxes.withUnsafeBufferPointer { boxes in
                links.withUnsafeBufferPointer { links in
                    while count > 0 {
                        count -= 1
                        let index = stack[count]
                        guard boxes[index].intersects(query) else { continue }
                        let node = links[index]
                        if node.isLeaf {
                            body(items[index]!)
                        } else {
                            stack[count] = node.child1
                            stack[count + 1] = node.child2
                            count += 2
                        }
                    }
                }
            }
        }
    }

    // MARK: - Nodes

    private mutating func allocate(box: Box, links node: Links, item: ElementID?) -> Int {
        if freeList != Self.none {
            let index = freeList
            freeList = links[index].parent
            (boxes[index], links[index], items[index]) = (box, node, item)
            return index
        }
        boxes.append(box)
        links.append(node)
        items.append(item)
        return links.count - 1
    }

    private mutating func free(_ index: Int) {
        links[index] = Links(parent: freeList, height: -1)
        items[index] = nil
        freeList = index
    }

    private mutating func insertLeaf(_ leaf: Int) {
        guard root != Self.none else {
            root = leaf
            links[leaf].parent = Self.none
            return
        }
        let box = boxes[leaf]
        var index = root
        while !links[index].isLeaf {
            let node = links[index], nodeBox = boxes[index]
            let combined = nodeBox.union(box).perimeter
            let cost = 2 * combined
            let inheritance = 2 * (combined - nodeBox.perimeter)
            func descendCost(_ child: Int) -> Double {
                let grown = boxes[child].union(box).perimeter
                return (links[child].isLeaf ? grown : grown - boxes[child].perimeter) + inheritance
            }
            let cost1 = descendCost(node.child1), cost2 = descendCost(node.child2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? node.child1 : node.child2
        }
        let sibling = index
        let oldParent = links[sibling].parent
        let newParent = allocate(box: boxes[sibling].union(box),
                                 links: Links(parent: oldParent, child1: sibling, child2: leaf, height: links[sibling].height + 1), item: nil)
        replaceChild(sibling, with: newParent, under: oldParent)
        links[sibling].parent = newParent
        links[leaf].parent = newParent
        refitUpwards(from: newParent)
    }

    private mutating func removeLeaf(_ leaf: Int) {
        guard leaf != root else {
            root = Self.none
            return
        }
        let parent = links[leaf].parent
        let grandParent = links[parent].parent
        let sibling = links[parent].child1 == leaf ? links[parent].child2 : links[parent].child1
        replaceChild(parent, with: sibling, under: grandParent)
        links[sibling].parent = grandParent
        if grandParent != Self.none { refitUpwards(from: grandParent) }
        free(parent)
    }

    /// Puts `new` where `old` hung under `parent` (the root when there is no parent).
    private mutating func replaceChild(_ old: Int, with new: Int, under parent: Int) {
        if parent == Self.none {
            root = new
        } else if links[parent].child1 == old {
            links[parent].child1 = new
        } else {
            links[parent].child2 = new
        }
    }

    /// Rebalances and refits every node from `index` up to the root.
    private mutating func refitUpwards(from index: Int) {
        var index = index
        while index != Self.none {
            index = balance(index)
            let child1 = links[index].child1, child2 = links[index].child2
            links[index].height = 1 + max(links[child1].height, links[child2].height)
            boxes[index] = boxes[child1].union(boxes[child2])
            index = links[index].parent
        }
    }

    /// Rotates the taller grandchild up when the children of `a` differ in height by more than one;
    /// returns the node now in `a`'s place.
    private mutating func balance(_ a: Int) -> Int {
        guard !links[a].isLeaf, links[a].height >= 2 else { return a }
        let b = links[a].child1, c = links[a].child2
        let difference = links[c].height - links[b].height
        if difference > 1 { return rotateUp(c, over: a, keeping: b) }
        if difference < -1 { return rotateUp(b, over: a, keeping: c) }
        return a
    }

    /// Makes `up` (a child of `a`) the parent of `a`; `a` keeps `other` and the shorter of `up`'s children.
    private mutating func rotateUp(_ up: Int, over a: Int, keeping other: Int) -> Int {
        let f = links[up].child1, g = links[up].child2
        links[up].child1 = a
        links[up].parent = links[a].parent
        links[a].parent = up
        replaceChild(a, with: up, under: links[up].parent)
        let (taller, shorter) = links[f].height > links[g].height ? (f, g) : (g, f)
        links[up].child2 = taller
        if links[a].child1 == up { links[a].child1 = shorter } else { links[a].child2 = shorter }
        links[shorter].parent = a
        boxes[a] = boxes[other].union(boxes[shorter])
        links[a].height = 1 + max(links[other].height, links[shorter].height)
        boxes[up] = boxes[a].union(boxes[taller])
        links[up].height = 1 + max(links[a].height, links[taller].height)
        return up
    }
}
