import MarkupModel

/// The elements' boxes in a balanced dynamic bounding-box tree, so hit tests, erasers and lasso visit
/// O(log n + k) nodes rather than every element. Kept up to date one element at a time.
///
/// The tree follows the dynamic AABB tree of game physics engines: a new leaf goes beside the node
/// whose box grows least by taking it (by perimeter), and rotations keep sibling heights within one.
public struct SpatialIndex: Sendable {
    private struct Node: Sendable {
        var box: Box
        var parent = SpatialIndex.none
        var child1 = SpatialIndex.none
        var child2 = SpatialIndex.none
        /// 0 for a leaf; −1 for a node on the free list.
        var height = 0
        var item: ElementID?

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
    private var nodes: [Node] = []
    private var root = SpatialIndex.none
    private var freeList = SpatialIndex.none
    private var leaves: [ElementID: Int] = [:]

    public init() {}

    /// An index of `markup`'s elements by their render frames.
    public init(_ markup: Markup) {
        for element in markup.elements { insert(element.id, frame: element.renderFrame) }
    }

    public var count: Int { leaves.count }

    /// The height of the tree: about log₂ of the count when balanced.
    public var height: Int { root == Self.none ? 0 : nodes[root].height }

    /// Adds or moves an element's box.
    ///
    /// - Complexity: O(log n).
    public mutating func insert(_ id: ElementID, frame: Rect) {
        remove(id)
        let leaf = allocate(Node(box: Box(frame), item: id))
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
            nodes.withUnsafeBufferPointer { nodes in
                while count > 0 {
                    count -= 1
                    let node = nodes[stack[count]]
                    guard node.box.intersects(query) else { continue }
                    if node.isLeaf {
                        body(node.item!)
                    } else {
                        stack[count] = node.child1
                        stack[count + 1] = node.child2
                        count += 2
                    }
                }
            }
        }
    }

    // MARK: - Nodes

    private mutating func allocate(_ node: Node) -> Int {
        if freeList != Self.none {
            let index = freeList
            freeList = nodes[index].parent
            nodes[index] = node
            return index
        }
        nodes.append(node)
        return nodes.count - 1
    }

    private mutating func free(_ index: Int) {
        nodes[index] = Node(box: Box(minX: 0, minY: 0, maxX: 0, maxY: 0), parent: freeList, height: -1)
        freeList = index
    }

    private mutating func insertLeaf(_ leaf: Int) {
        guard root != Self.none else {
            root = leaf
            nodes[leaf].parent = Self.none
            return
        }
        let box = nodes[leaf].box
        var index = root
        while !nodes[index].isLeaf {
            let node = nodes[index]
            let combined = node.box.union(box).perimeter
            let cost = 2 * combined
            let inheritance = 2 * (combined - node.box.perimeter)
            func descendCost(_ child: Int) -> Double {
                let grown = nodes[child].box.union(box).perimeter
                return (nodes[child].isLeaf ? grown : grown - nodes[child].box.perimeter) + inheritance
            }
            let cost1 = descendCost(node.child1), cost2 = descendCost(node.child2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? node.child1 : node.child2
        }
        let sibling = index
        let oldParent = nodes[sibling].parent
        let newParent = allocate(Node(box: nodes[sibling].box.union(box), parent: oldParent, child1: sibling, child2: leaf,
                                      height: nodes[sibling].height + 1))
        if oldParent == Self.none {
            root = newParent
        } else if nodes[oldParent].child1 == sibling {
            nodes[oldParent].child1 = newParent
        } else {
            nodes[oldParent].child2 = newParent
        }
        nodes[sibling].parent = newParent
        nodes[leaf].parent = newParent
        refitUpwards(from: newParent)
    }

    private mutating func removeLeaf(_ leaf: Int) {
        guard leaf != root else {
            root = Self.none
            return
        }
        let parent = nodes[leaf].parent
        let grandParent = nodes[parent].parent
        let sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1
        if grandParent == Self.none {
            root = sibling
            nodes[sibling].parent = Self.none
        } else {
            if nodes[grandParent].child1 == parent { nodes[grandParent].child1 = sibling } else { nodes[grandParent].child2 = sibling }
            nodes[sibling].parent = grandParent
            refitUpwards(from: grandParent)
        }
        free(parent)
    }

    /// Rebalances and refits every node from `index` up to the root.
    private mutating func refitUpwards(from index: Int) {
        var index = index
        while index != Self.none {
            index = balance(index)
            let child1 = nodes[index].child1, child2 = nodes[index].child2
            nodes[index].height = 1 + max(nodes[child1].height, nodes[child2].height)
            nodes[index].box = nodes[child1].box.union(nodes[child2].box)
            index = nodes[index].parent
        }
    }

    /// Rotates the taller grandchild up when the children of `a` differ in height by more than one;
    /// returns the node now in `a`'s place.
    private mutating func balance(_ a: Int) -> Int {
        guard !nodes[a].isLeaf, nodes[a].height >= 2 else { return a }
        let b = nodes[a].child1, c = nodes[a].child2
        let difference = nodes[c].height - nodes[b].height
        if difference > 1 { return rotateUp(c, over: a, keeping: b) }
        if difference < -1 { return rotateUp(b, over: a, keeping: c) }
        return a
    }

    /// Makes `up` (a child of `a`) the parent of `a`; `a` keeps `other` and the shorter of `up`'s children.
    private mutating func rotateUp(_ up: Int, over a: Int, keeping other: Int) -> Int {
        let f = nodes[up].child1, g = nodes[up].child2
        nodes[up].child1 = a
        nodes[up].parent = nodes[a].parent
        nodes[a].parent = up
        let upParent = nodes[up].parent
        if upParent == Self.none {
            root = up
        } else if nodes[upParent].child1 == a {
            nodes[upParent].child1 = up
        } else {
            nodes[upParent].child2 = up
        }
        let (taller, shorter) = nodes[f].height > nodes[g].height ? (f, g) : (g, f)
        nodes[up].child2 = taller
        if nodes[a].child1 == up { nodes[a].child1 = shorter } else { nodes[a].child2 = shorter }
        nodes[shorter].parent = a
        nodes[a].box = nodes[other].box.union(nodes[shorter].box)
        nodes[a].height = 1 + max(nodes[other].height, nodes[shorter].height)
        nodes[up].box = nodes[a].box.union(nodes[taller].box)
        nodes[up].height = 1 + max(nodes[a].height, nodes[taller].height)
        return up
    }
}
