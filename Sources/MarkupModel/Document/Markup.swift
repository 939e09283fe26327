import Foundation

/// A markup document, as PaperMarkup: bounds, elements in z-order, the blobs they draw, a background
/// color, a title and timestamps.
public struct Markup: Hashable, Sendable {
    /// The page area of the document, in points.
    public var bounds: Rect
    /// The elements from back to front, in strictly increasing `zIndex`.
    public internal(set) var elements: [Element]
    /// Each element's z-index by id, so finding an element is a hash lookup and a binary search.
    /// Kept in step by every mutation.
    var zIndices: [ElementID: Int64] = [:]
    /// Image bytes by their SHA-256, each stored once however often it is drawn.
    public internal(set) var blobs: [BlobID: Data]
    /// The color painted behind everything; nil is transparent.
    public var backgroundColor: Color?
    /// An image or PDF pages under the markup.
    public var background: PageBackground?
    /// Ruled paper under the markup (not shown over a `background`).
    public var paper: Paper?
    /// How tall each sheet of the page is, once the page was made longer a sheet at a time: the
    /// height it was made with. Nil for a page no sheet was added to.
    public var sheetHeight: Double?
    public var title: String
    /// When the document was made, kept to whole milliseconds as the file formats store it.
    public var createdAt: Date { didSet { createdAt = createdAt.roundedToMilliseconds } }
    /// When the document last changed, kept to whole milliseconds as the file formats store it.
    public var modifiedAt: Date { didSet { modifiedAt = modifiedAt.roundedToMilliseconds } }

    /// The gap left between consecutive z-indices, so elements can later go between others.
    public static let zIndexStep: Int64 = 1 << 16
    /// How far from the origin anything of a document may lie, in points: past what any page or
    /// pan reaches, and well within what sums of coordinates keep finite and exact enough.
    public static let coordinateLimit = 1e9
    /// The largest z-index, either way: room for billions of elements stacked a step apart, far from
    /// where stacking more would overflow.
    public static let zIndexLimit: Int64 = 1 << 53

    /// Whether `rect` is finite and lies within `coordinateLimit` of the origin.
    public static func isWithinCanvas(_ rect: Rect) -> Bool {
        rect.isFinite && [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { abs($0) <= coordinateLimit }
    }

    /// An empty document of the given page bounds.
    public init(bounds: Rect, title: String = "", createdAt: Date = Date()) {
        self.bounds = bounds
        self.elements = []
        self.blobs = [:]
        self.backgroundColor = nil
        self.title = title
        self.createdAt = createdAt.roundedToMilliseconds
        self.modifiedAt = createdAt.roundedToMilliseconds
    }

    /// The frame that holds all content, rotated elements included; `.zero` when there is none.
    public var contentsRenderFrame: Rect {
        guard let first = elements.first else { return .zero }
        return elements.dropFirst().reduce(first.renderFrame) { $0.union($1.renderFrame) }
    }

    /// All of the document's text, for search: the title, every text box and every link.
    public var indexableContent: String {
        var parts = title.isEmpty ? [] : [title]
        for element in elements {
            switch element.content {
            case .textBox(let box): parts.append(box.text.string)
            case .link(let link): parts.append(link.url)
            case .image(let image) where !image.description.isEmpty: parts.append(image.description)
            default: break
            }
        }
        return parts.joined(separator: "\n")
    }

    /// The element with `id`, if the document has one.
    ///
    /// - Complexity: O(log n).
    public func element(withID id: ElementID) -> Element? {
        position(of: id).map { elements[$0] }
    }

    /// Where the element with `id` is in `elements`: found by its z-index, or by a scan when the
    /// elements are not in z-order (a document not yet validated).
    func position(of id: ElementID) -> Int? {
        guard let zIndex = zIndices[id] else { return nil }
        let place = elements.partitioningIndex { $0.zIndex >= zIndex }
        if place < elements.count, elements[place].id == id { return place }
        return elements.firstIndex { $0.id == id }
    }

    /// The element at `zIndex`, if any.
    ///
    /// - Complexity: O(log n).
    public func element(atZIndex zIndex: Int64) -> Element? {
        let place = elements.partitioningIndex { $0.zIndex >= zIndex }
        return place < elements.count && elements[place].zIndex == zIndex ? elements[place] : nil
    }

    /// The z-index of the first element above `zIndex`, if any.
    ///
    /// - Complexity: O(log n).
    public func zIndex(above zIndex: Int64) -> Int64? {
        let place = elements.partitioningIndex { $0.zIndex > zIndex }
        return place < elements.count ? elements[place].zIndex : nil
    }

    /// The z-index of the last element below `zIndex`, if any.
    ///
    /// - Complexity: O(log n).
    public func zIndex(below zIndex: Int64) -> Int64? {
        let place = elements.partitioningIndex { $0.zIndex >= zIndex }
        return place > 0 ? elements[place - 1].zIndex : nil
    }

    /// The z-index one step above the topmost element.
    public var nextZIndex: Int64 {
        (elements.last?.zIndex ?? 0) &+ Markup.zIndexStep
    }
}

// MARK: - Changing elements and blobs

extension Markup {
    /// Adds `element` at its place in the z-order; an element with the same id is replaced.
    ///
    /// - Complexity: O(log n) to add on top, O(n) to add below or to replace.
    public mutating func insert(_ element: Element) {
        removeElement(withID: element.id)
        let place = elements.partitioningIndex { $0.zIndex >= element.zIndex }
        if place < elements.count, elements[place].zIndex == element.zIndex {
            for index in place..<elements.count {
                elements[index].zIndex &+= Markup.zIndexStep
                zIndices[elements[index].id] = elements[index].zIndex
            }
        }
        elements.insert(element, at: place)
        zIndices[element.id] = element.zIndex
    }

    /// Adds content on top of everything and returns its id.
    @discardableResult
    public mutating func insert(_ content: ElementContent, frame: Rect, rotation: Double = 0, id: ElementID = ElementID()) -> ElementID {
        insert(Element(id: id, zIndex: nextZIndex, frame: frame, rotation: rotation, content: content))
        return id
    }

    /// Removes the element with `id`, returning it; nil when there was none.
    @discardableResult
    public mutating func removeElement(withID id: ElementID) -> Element? {
        guard let index = position(of: id) else { return nil }
        zIndices[id] = nil
        return elements.remove(at: index)
    }

    /// Removes the elements with these ids that it has, and returns them in the order of `ids`. Many
    /// go in one pass over the elements: one by one, each removal moves the elements after it, and
    /// clearing a large document took seconds.
    public mutating func removeElements(withIDs ids: [ElementID]) -> [Element] {
        guard ids.count > Self.removalsOneByOne else { return ids.compactMap { removeElement(withID: $0) } }
        let wanted = Set(ids)
        var removed = [ElementID: Element]()
        elements.removeAll { element in
            guard wanted.contains(element.id) else { return false }
            removed[element.id] = element
            return true
        }
        for id in removed.keys { zIndices[id] = nil }
        return ids.compactMap { removed.removeValue(forKey: $0) }
    }

    /// Inserts `added` as `insert` does each in turn. Many go in by one merge in z-order; one by
    /// one, each moved every element above it, and undoing the deletion of a large selection spread
    /// through a document took seconds. Elements whose z-index another has, or an id given twice,
    /// go one by one (`insert` resolves those).
    public mutating func insertElements(_ added: [Element]) {
        guard added.count > Self.removalsOneByOne else {
            for element in added { insert(element) }
            return
        }
        let incoming = added.sorted { $0.zIndex < $1.zIndex }
        guard Set(added.map(\.id)).count == added.count, zip(incoming, incoming.dropFirst()).allSatisfy({ $0.zIndex != $1.zIndex }) else {
            for element in added { insert(element) }
            return
        }
        // In turn, an element collides with one that holds its z-index, unless that one is the
        // element it replaces.
        let holders = Dictionary(elements.lazy.map { ($0.zIndex, $0.id) }, uniquingKeysWith: { first, _ in first })
        guard !incoming.contains(where: { element in holders[element.zIndex].map { $0 != element.id } ?? false }) else {
            for element in added { insert(element) }
            return
        }
        _ = removeElements(withIDs: added.map(\.id))
        var merged = [Element]()
        merged.reserveCapacity(elements.count + incoming.count)
        var next = 0
        for element in incoming {
            while next < elements.count, elements[next].zIndex < element.zIndex {
                merged.append(elements[next])
                next += 1
            }
            merged.append(element)
        }
        merged.append(contentsOf: elements[next...])
        elements = merged
        for element in incoming { zIndices[element.id] = element.zIndex }
    }

    /// Up to this many removals or insertions are made one by one (each a search and a move).
    static let removalsOneByOne = 16

    /// Replaces every element with `elements`, kept in the order given; `validate()` checks that the
    /// order follows the z-indices and that ids are unique.
    public mutating func replaceElements(_ elements: [Element]) {
        self.elements = elements
        zIndices = Dictionary(elements.map { ($0.id, $0.zIndex) }, uniquingKeysWith: { first, _ in first })
    }

    /// Lends the elements to `fill`, which may change their contents but not their ids or
    /// z-indices, without a copy of them or of the id index: a reader of a file puts the strokes'
    /// points in once the document they belong to has been checked.
    package mutating func fillingContents<Result>(_ fill: (inout [Element]) throws(MarkupError) -> Result) throws(MarkupError) -> Result {
        var lent = [Element]()
        swap(&lent, &elements)
        defer { swap(&lent, &elements) }
        return try fill(&lent)
    }

    /// Puts `element` in place of the element with its id (or adds it).
    ///
    /// - Complexity: O(log n) when the z-index stays, O(n) when it moves or the element is new.
    public mutating func replace(_ element: Element) {
        if let index = position(of: element.id), elements[index].zIndex == element.zIndex {
            elements[index] = element
        } else {
            insert(element)
        }
    }

    /// Puts the elements at `positions` (indices into `elements`) in `group`, or in none: how a file's
    /// groups are read back. Positions out of range are ignored.
    public mutating func setGroup(_ group: GroupID?, ofElementsAt positions: [Int]) {
        for position in positions where elements.indices.contains(position) { elements[position].groupID = group }
    }

    /// Locks the elements at `positions` (indices into `elements`): how a file's locks are read
    /// back. Positions out of range are ignored.
    public mutating func lockElements(at positions: [Int]) {
        for position in positions where elements.indices.contains(position) { elements[position].isLocked = true }
    }

    /// Gives the shapes at `positions` (indices into `elements`) the outlines `dashes`, one each: how a
    /// file's dashed outlines are read back. False, changing nothing, when a position is out of range
    /// or not a shape.
    public mutating func setDashes(_ dashes: [ShapeDash], ofShapesAt positions: [Int]) -> Bool {
        updateShapes(\.dash, to: dashes, at: positions)
    }

    /// Gives the shapes at `positions` (indices into `elements`) the fill styles `styles`, one each:
    /// how a file's hatched fills are read back. False, changing nothing, when a position is out of
    /// range or not a shape.
    public mutating func setFillStyles(_ styles: [ShapeFillStyle], ofShapesAt positions: [Int]) -> Bool {
        updateShapes(\.fillStyle, to: styles, at: positions)
    }

    /// Attaches the ends of the lines at `positions` (indices into `elements`) as `connections` say,
    /// one pair each: how a file's connections are read back. False, changing nothing, when a
    /// position is out of range or not a line, or a line would be connected to itself.
    public mutating func setConnections(_ connections: [(start: LineConnection?, end: LineConnection?)], ofLinesAt positions: [Int]) -> Bool {
        guard positions.count == connections.count, zip(positions, connections).allSatisfy({ position, ends in
            guard elements.indices.contains(position), case .shape(let shape) = elements[position].content, case .line = shape.configuration else { return false }
            return ends.start?.element != elements[position].id && ends.end?.element != elements[position].id
        }) else { return false }
        for (position, ends) in zip(positions, connections) {
            guard case .shape(var shape) = elements[position].content else { continue }
            (shape.startConnection, shape.endConnection) = ends
            elements[position].setContent(.shape(shape))
        }
        return true
    }

    /// Bends the lines at `positions` (indices into `elements`) through `middles` (unit coordinates of
    /// their frames), one each: how a file's curved lines are read back. False, changing nothing, when
    /// a position is out of range or not a line, or a middle lies outside its frame.
    public mutating func setLineMiddles(_ middles: [Point], ofLinesAt positions: [Int]) -> Bool {
        updateContents(middles, at: positions) { content, middle in
            guard case .shape(var shape) = content, case .line = shape.configuration, Shape.isUnitPoint(middle) else { return false }
            shape.lineMiddle = middle
            content = .shape(shape)
            return true
        }
    }

    /// Makes the lines at `positions` (indices into `elements`) elbow lines turning at `corners` (unit
    /// coordinates of their frames), one list each, with the `middles` their middle segments were
    /// dragged to (`Shape.elbowMiddle`; nil for none): how a file's elbow lines are read back. False,
    /// changing nothing, when a position is out of range or not a straight line, or a value is out of range.
    public mutating func setLineCorners(_ corners: [[Point]], middles: [Point?], ofLinesAt positions: [Int]) -> Bool {
        guard middles.count == corners.count else { return false }
        return updateContents(Array(zip(corners, middles)), at: positions) { content, line in
            guard case .shape(var shape) = content, case .line = shape.configuration, shape.lineMiddle == nil,
                  Shape.areValidCorners(line.0), line.1.map(Shape.isValidElbowMiddle) ?? true else { return false }
            (shape.lineCorners, shape.elbowMiddle) = line
            content = .shape(shape)
            return true
        }
    }

    /// Draws the shapes at `positions` (indices into `elements`) by hand (`Shape.isSketchy`): how a
    /// file's sketchy shapes are read back. False, changing nothing, when a position is out of range
    /// or not a shape.
    public mutating func sketchShapes(at positions: [Int]) -> Bool {
        updateShapes(\.isSketchy, to: Array(repeating: true, count: positions.count), at: positions)
    }

    /// Crops the pictures at `positions` (indices into `elements`) to `crops`, one each: how a
    /// file's crops are read back. False, changing nothing, when a position is out of range or not
    /// a picture, or a crop is out of range.
    public mutating func setImageCrops(_ crops: [Rect], ofImagesAt positions: [Int]) -> Bool {
        updateContents(crops, at: positions) { content, crop in
            guard case .image(var image) = content, ImageElement.isValidCrop(crop) else { return false }
            image.crop = crop
            content = .image(image)
            return true
        }
    }

    /// Gives the elements at `positions` one of `values` each through `apply`, which changes a copy
    /// of an element's content and says whether the value fits it: how a file's ancillary sections
    /// are read back. False, changing nothing, when a position is out of range or a value does not fit.
    /// Sets `property` of the shapes at `positions` to `values`, one each; false, changing nothing,
    /// when a position is out of range or not a shape.
    private mutating func updateShapes<Value>(_ property: WritableKeyPath<Shape, Value>, to values: [Value], at positions: [Int]) -> Bool {
        updateContents(values, at: positions) { content, value in
            guard case .shape(var shape) = content else { return false }
            shape[keyPath: property] = value
            content = .shape(shape)
            return true
        }
    }

    private mutating func updateContents<Value>(_ values: [Value], at positions: [Int],
                                                _ apply: (inout ElementContent, Value) -> Bool) -> Bool {
        guard positions.count == values.count else { return false }
        var contents = [ElementContent]()
        contents.reserveCapacity(values.count)
        for (position, value) in zip(positions, values) {
            guard elements.indices.contains(position) else { return false }
            var content = elements[position].content
            guard apply(&content, value) else { return false }
            contents.append(content)
        }
        for (position, content) in zip(positions, contents) { elements[position].setContent(content) }
        return true
    }

    /// Applies `change` to the element with `id`, keeping the z-order sorted; false when there is none.
    @discardableResult
    public mutating func updateElement(withID id: ElementID, _ change: (inout Element) -> Void) -> Bool {
        guard let index = position(of: id) else { return false }
        var element = elements[index]
        change(&element)
        if element.zIndex == elements[index].zIndex {
            elements[index] = element
        } else {
            elements.remove(at: index)
            insert(element)
        }
        return true
    }

    /// Stores `data` once and returns its id.
    @discardableResult
    public mutating func addBlob(_ data: Data) -> BlobID {
        let id = BlobID(of: data)
        if blobs[id] == nil { blobs[id] = data }
        return id
    }

    /// Stores `data` under a known `id`, as decoders do after checking the digest.
    public mutating func addBlob(_ data: Data, id: BlobID) {
        blobs[id] = data
    }

    /// Drops blobs no element draws any more.
    public mutating func removeUnusedBlobs() {
        var used = Set(elements.compactMap(\.content.blobReference))
        if let background { used.insert(background.source.blob) }
        blobs = blobs.filter { used.contains($0.key) }
    }

    /// Adds `other`'s elements above this document's own, and its blobs. Elements whose id is already
    /// taken here get a new id (and the lines attached to them follow it).
    public mutating func append(contentsOf other: Markup) {
        let renamed = Dictionary(other.elements.filter { zIndices[$0.id] != nil }.map { ($0.id, ElementID()) }, uniquingKeysWith: { first, _ in first })
        for element in other.elements {
            var content = element.content
            if !renamed.isEmpty, case .shape(let shape) = content { content = .shape(shape.renamingConnections { renamed[$0] ?? $0 }) }
            var copy = Element(id: renamed[element.id] ?? element.id, zIndex: nextZIndex, frame: element.frame,
                               rotation: element.rotation, content: content, groupID: element.groupID)
            copy.isLocked = element.isLocked
            insert(copy)
        }
        for (id, data) in other.blobs where blobs[id] == nil {
            blobs[id] = data
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition`, for an array already
    /// partitioned by it.
    ///
    /// - Complexity: O(log n).
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension Date {
    /// Milliseconds since 1970, rounded: how MarkupKit's formats store a time.
    public var millisecondsSince1970: Int64 {
        let value = (timeIntervalSince1970 * 1000).rounded()
        return value.isFinite ? Int64(Swift.min(Swift.max(value, -8.64e15), 8.64e15)) : 0
    }

    /// A time from milliseconds since 1970.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// This time rounded to whole milliseconds.
    public var roundedToMilliseconds: Date { Date(millisecondsSince1970: millisecondsSince1970) }
}
