import MarkupModel

/// Lines and arrows attached to other elements: laid out again with every edit of what they are
/// attached to, within the same step.
extension MarkupController {
    /// The element an end of a line dropped at `point` attaches to: the topmost unlocked element
    /// other than a stroke or a line whose frame, turned as it is, holds the point (within
    /// `tolerance`); nil when there is none.
    public func connectionTarget(at point: Point, tolerance: Double = 4) -> ElementID? {
        let probe = Rect(x: point.x - tolerance, y: point.y - tolerance, width: 2 * tolerance, height: 2 * tolerance)
        var best: Element?
        index.visit(intersecting: probe) { id in
            guard let element = markup.element(withID: id), Self.acceptsConnections(element), !element.isLocked,
                  element.zIndex > (best?.zIndex ?? .min) else { return }
            let local = element.unrotated(point)
            if element.frame.expanded(by: tolerance).contains(local) { best = element }
        }
        return best?.id
    }

    /// Moves the `end` of the line `id` to `point`, its other end staying (a bent line keeping its
    /// bend, an elbow line routed anew), as one step. With `connecting`, the end attaches to the
    /// element it is dropped on (`connectionTarget(at:)`), unless that is the one the other end is
    /// attached to; otherwise it is free.
    public func moveLineEnd(_ id: ElementID, _ end: LineEnd, to point: Point, connecting: Bool = false) throws(EditorError) {
        guard point.isFinite else { throw .invalidGeometry("the point must be finite") }
        guard let line = markup.element(withID: id), !line.isLocked, case .shape(let before) = line.content, let curve = line.lineCurve else {
            throw .invalidGeometry("only an unlocked line's ends move")
        }
        let (start, finish) = end == .start ? (point, curve.end) : (curve.start, point)
        guard start != finish else { throw .invalidGeometry("a line needs two different points") }
        let laidOut = before.lineCorners != nil ? LineRouting.laidOut(line, elbow: LineRouting.freeElbow(from: start, to: finish, middle: before.elbowMiddle))
            : LineRouting.laidOut(line, along: curve.reshaped(from: start, to: finish), bent: before.lineMiddle != nil)
        guard var moved = laidOut, case .shape(var shape) = moved.content else { return }
        let other = end == .start ? shape.endConnection : shape.startConnection
        var connection: LineConnection?
        if connecting, let target = connectionTarget(at: point), target != other?.element, let element = markup.element(withID: target) {
            connection = Self.connection(to: element, at: point)
        }
        if end == .start { shape.startConnection = connection } else { shape.endConnection = connection }
        moved.setContent(.shape(shape))
        try commit(MarkupChange(updated: [moved]), connectionsAsGiven: [id])
    }

    /// Bends the line `id` to pass through `point` (document points) halfway along, or straightens
    /// it when `point` is nil or on its chord's middle (within `LineCurve.straightTolerance`), as
    /// one step; its ends stay, an end aimed at an element stopping short of its outline along the curve.
    /// An elbow line's middle segment is moved to pass through `point` instead (`moveElbowMiddle`).
    public func bendLine(_ id: ElementID, through point: Point?) throws(EditorError) {
        guard point?.isFinite ?? true else { throw .invalidGeometry("the point must be finite") }
        guard let line = markup.element(withID: id), !line.isLocked, let curve = line.lineCurve else {
            throw .invalidGeometry("only an unlocked line bends")
        }
        if line.elbowPath != nil { return try moveElbowMiddle(line, through: point) }
        let bent = point.map { LineCurve(start: curve.start, middle: $0, end: curve.end) }
        guard let bent, !bent.isStraight else {
            guard let straight = LineRouting.laidOut(line, along: curve, bent: false), straight != line else { return }
            return try commit(MarkupChange(updated: [straight]), connectionsAsGiven: [id])
        }
        guard var laidOut = LineRouting.laidOut(line, along: bent, bent: true), let point else { return }
        // An end aimed at an element stops where the new curve crosses its outline, which moves the
        // ends and with them the middle (kept relative to the chord): bent again through `point`
        // between the ends it gets, a few times over, the curve passes where the handle was let go.
        if case .shape(let shape) = line.content, shape.startConnection != nil || shape.endConnection != nil {
            let markup = markup
            let target = { (id: ElementID) -> Element? in markup.element(withID: id).flatMap { Self.acceptsConnections($0) ? $0 : nil } }
            for _ in 0..<6 {
                guard let routed = LineRouting.routed(laidOut, element: target), let curve = routed.lineCurve else { break }
                if curve.middle.distance(to: point) < 0.25 { break }
                guard let again = LineRouting.laidOut(routed, along: LineCurve(start: curve.start, middle: point, end: curve.end), bent: true) else { break }
                laidOut = again
            }
        }
        try commit(MarkupChange(updated: [laidOut]), connectionsAsGiven: [id])
    }

    /// Moves the middle segment of the elbow line `line` to pass through `point`, or back halfway
    /// when `point` is nil, as one step: kept as fractions of the way between its ends' references,
    /// so the segment keeps its place among what the line joins as they move.
    private func moveElbowMiddle(_ line: Element, through point: Point?) throws(EditorError) {
        let markup = markup
        let target = { (id: ElementID) -> Element? in markup.element(withID: id).flatMap { Self.acceptsConnections($0) ? $0 : nil } }
        guard case .shape(var shape) = line.content, let path = line.elbowPath,
              let references = LineRouting.elbowReferences(line, element: target) else { return }
        let fractions = point.map { LineRouting.fractions(of: $0, from: references.start, to: references.end) }
        guard fractions.map(Shape.isValidElbowMiddle) ?? true else { throw .invalidGeometry("the middle lies too far from the line's ends") }
        shape.elbowMiddle = fractions
        var moved = line
        moved.setContent(.shape(shape))
        // A free line is routed here; an attached one by the commit, with what it joins.
        if shape.startConnection == nil, shape.endConnection == nil,
           let free = LineRouting.laidOut(moved, elbow: LineRouting.freeElbow(from: path[0], to: path[path.count - 1], middle: fractions)) {
            moved = free
        }
        guard moved != line else { return }
        try commit(MarkupChange(updated: [moved]), connectionsAsGiven: [line.id])
    }

    /// The labels of `lines` (each as it was and as it is now) moved along with their middles: the
    /// text boxes in a line's group whose middle lay on the line's (within their half height and
    /// 8 pt), as a double-click labels a line. Locked labels stay, and those in `leaving` are left,
    /// the change having them already. One pass over the document, and none when no line is in a group.
    func labelsFollowing(_ lines: [(before: Element, after: Element)], leaving: Set<ElementID>) -> [Element] {
        var moves = [GroupID: [(from: Point, by: Point)]]()
        for (before, after) in lines {
            guard let group = before.groupID, let from = before.lineHalfway, let to = after.lineHalfway else { continue }
            if from != to { moves[group, default: []].append((from, to - from)) }
        }
        guard !moves.isEmpty else { return [] }
        return markup.elements.compactMap { element -> Element? in
            guard let group = element.groupID, let groupMoves = moves[group], case .textBox = element.content, !element.isLocked,
                  !leaving.contains(element.id) else { return nil }
            guard let move = groupMoves.first(where: { element.isLabel(onLineHalfway: $0.from) }) else { return nil }
            return Self.moved(element, by: move.by)
        }
    }

    /// The lines attached to the shapes `mirrored` (each true when its mirror image is also turned
    /// half round), their anchors there mirrored with them, so an end stays on the same spot of the
    /// mirrored outline; a line among `flipped` (as they will be) lets go of an element not flipped.
    func linesFollowingMirror(of mirrored: [ElementID: Bool], horizontally: Bool, flipped: [Element]) -> [Element] {
        let flippedByID = Dictionary(flipped.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lines = [Element](), seen = Set<ElementID>()
        for target in mirrored.keys.sorted() {
            for id in connections.lines(attachedTo: target).sorted() where seen.insert(id).inserted {
                guard var line = flippedByID[id] ?? markup.element(withID: id), case .shape(var shape) = line.content else { continue }
                func following(_ connection: LineConnection?) -> LineConnection? {
                    guard var connection else { return nil }
                    guard let turned = mirrored[connection.element] else { return flippedByID[id] != nil && flippedByID[connection.element] == nil ? nil : connection }
                    var anchor = horizontally ? Point(x: 1 - connection.anchor.x, y: connection.anchor.y) : Point(x: connection.anchor.x, y: 1 - connection.anchor.y)
                    if turned { anchor = Point(x: 1 - anchor.x, y: 1 - anchor.y) }
                    connection.anchor = anchor
                    return connection
                }
                (shape.startConnection, shape.endConnection) = (following(shape.startConnection), following(shape.endConnection))
                line.setContent(.shape(shape))
                lines.append(line)
            }
        }
        return lines
    }

    /// How an end dropped at `point` on `target` attaches: aimed at its middle when dropped well
    /// inside a shape or a text (the inner 60 % each way), else exactly where it was dropped (on a
    /// picture, a sticker or a link always: the spot pointed at is what matters there).
    static func connection(to target: Element, at point: Point) -> LineConnection {
        let anchor = target.frame.unitPoint(of: target.unrotated(point))
        let middle = 0.2...0.8
        switch target.content {
        case .shape, .textBox:
            if middle.contains(anchor.x), middle.contains(anchor.y) { return LineConnection(element: target.id) }
        default: break
        }
        return LineConnection(element: target.id, anchor: anchor, isExact: true)
    }

    /// Whether a line's end may attach to `element`: anything but a stroke or another line.
    static func acceptsConnections(_ element: Element) -> Bool {
        switch element.content {
        case .stroke: false
        case .shape(let shape): shape.configuration.type != .line
        default: true
        }
    }

    /// The lines attached to each element, built on first use.
    var connections: ConnectionIndex {
        if let builtConnections { return builtConnections }
        let built = ConnectionIndex(markup)
        builtConnections = built
        return built
    }

    /// `change` with every line attached to what it changes laid out again, and the labels of the
    /// lines it moves moved with them (`labelsFollowing`). An end lets go of its element when the
    /// element is removed, and when the change moves the end but not the element (the line dragged
    /// away alone); a line moved together with its elements keeps them. The lines `asGiven` keep the
    /// connections the change gives them (an end just dropped on an element).
    func routingConnectedLines(in change: MarkupChange, connectionsAsGiven asGiven: Set<ElementID> = []) -> MarkupChange {
        let index = connections
        let changed = change.added + change.updated
        // The change's lines that are attached, or labelled (in a group).
        let linesInChange = changed.filter { element in
            guard case .shape(let shape) = element.content, case .line = shape.configuration else { return false }
            return shape.startConnection != nil || shape.endConnection != nil || element.groupID != nil
        }
        // Most edits touch no attached or labelled line: a stroke drawn, a document without arrows.
        guard !index.isEmpty || !linesInChange.isEmpty else { return change }
        let removed = Set(change.removed)
        var newValues = [ElementID: Element]()
        for element in changed { newValues[element.id] = element }
        var lines = [ElementID](), seen = Set<ElementID>()
        func consider(_ id: ElementID) { if !removed.contains(id), seen.insert(id).inserted { lines.append(id) } }
        linesInChange.forEach { consider($0.id) }
        if !index.isEmpty {
            for id in changed.map(\.id) + change.removed { index.lines(attachedTo: id).sorted().forEach(consider) }
        }
        guard !lines.isEmpty else { return change }

        func target(_ id: ElementID) -> Element? {
            guard !removed.contains(id), let element = newValues[id] ?? markup.element(withID: id), Self.acceptsConnections(element) else { return nil }
            return element
        }
        var routed = change
        var laidOut = [(before: Element, after: Element)]()
        // Where each element of the change is in it, to put a line laid out again in its place.
        var placeInChange = [ElementID: (added: Bool, position: Int)]()
        for (position, element) in change.added.enumerated() { placeInChange[element.id] = (true, position) }
        for (position, element) in change.updated.enumerated() { placeInChange[element.id] = (false, position) }
        for id in lines {
            guard let line = newValues[id] ?? markup.element(withID: id), case .shape(var shape) = line.content else { continue }
            let before = markup.element(withID: id)
            let moved = newValues[id].flatMap { new in before.flatMap { old in Self.movedEnds(from: old, to: new) } } ?? (false, false)
            func kept(_ connection: LineConnection?, endMoved: Bool, previous: LineConnection?) -> LineConnection? {
                guard let connection, connection.element != id, target(connection.element) != nil else { return nil }
                let draggedAway = endMoved && connection == previous && newValues[connection.element] == nil && !asGiven.contains(id)
                return draggedAway ? nil : connection
            }
            let previous = before.flatMap { element -> Shape? in
                if case .shape(let shape) = element.content { return shape }
                return nil
            }
            shape.startConnection = kept(shape.startConnection, endMoved: moved.start, previous: previous?.startConnection)
            shape.endConnection = kept(shape.endConnection, endMoved: moved.end, previous: previous?.endConnection)
            var updated = line
            updated.setContent(.shape(shape))
            if shape.startConnection != nil || shape.endConnection != nil, let routedLine = LineRouting.routed(updated, element: target) {
                updated = routedLine
            }
            // Labels follow a line that routing moved, or whose end was dropped elsewhere; a line moved
            // by the change itself has its labels (its group) in the change already.
            if let before, updated != (newValues[id] ?? before) || asGiven.contains(id) { laidOut.append((before, updated)) }
            guard updated != before || newValues[id] != nil else { continue }
            switch placeInChange[id] {
            case (true, let position)?: routed.added[position] = updated
            case (false, let position)?: routed.updated[position] = updated
            case nil: routed.updated.append(updated)
            }
        }
        routed.updated += labelsFollowing(laidOut, leaving: Set(newValues.keys).union(change.removed))
        return routed
    }

    /// Which ends of a line stand elsewhere in `new` than in `old`.
    private static func movedEnds(from old: Element, to new: Element) -> (start: Bool, end: Bool)? {
        guard let before = old.lineEnds, let after = new.lineEnds else { return nil }
        let tolerance = 1e-6
        return (before.start.squaredDistance(to: after.start) > tolerance, before.end.squaredDistance(to: after.end) > tolerance)
    }
}
