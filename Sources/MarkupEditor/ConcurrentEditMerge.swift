import MarkupModel

/// What undoing (or redoing) a step does to an element someone else has changed since the step:
/// the step's own changes are taken back where the other person left them alone, and theirs are
/// kept. A move is taken back as the opposite move, wherever others have moved the element since,
/// as tldraw and Excalidraw take back only one's own change.
enum ConcurrentEditMerge {
    /// The element as the reversal leaves it: `now` with what the step changed from `before` to
    /// `left` taken back where `now` still has it; nil when nothing is left to take back. What the
    /// step changed of an element's content, frame and rotation goes together (a text's box grows
    /// with its size, a line's ends lie in its frame): it is taken back only where others changed
    /// none of it, but for a stroke's ink, which stands alone.
    static func merged(before: Element, left: Element, now: Element) -> Element? {
        var result = now
        let changed = (content: before.content != left.content, frame: before.frame != left.frame, rotation: before.rotation != left.rotation)
        if let offset = translation(from: before, to: left) {
            result = MarkupController.moved(now, by: Point(x: -offset.x, y: -offset.y))
        } else if (!changed.content || now.content == left.content) && (!changed.frame || now.frame == left.frame)
                    && (!changed.rotation || now.rotation == left.rotation) {
            if changed.content { result.setContent(before.content) }
            // A stroke's frame is its content's; another's is its own.
            if case .stroke = before.content {} else if changed.frame { result.frame = before.frame }
            if changed.rotation { result.rotation = before.rotation }
        } else if case .stroke(let beforeStroke) = before.content, case .stroke(let leftStroke) = left.content,
                  case .stroke(var nowStroke) = now.content, nowStroke.ink == leftStroke.ink, beforeStroke.ink != leftStroke.ink {
            nowStroke.ink = beforeStroke.ink
            result.setContent(.stroke(nowStroke))
        }
        if now.isLocked == left.isLocked { result.isLocked = before.isLocked }
        if now.groupID == left.groupID { result.groupID = before.groupID }
        if now.zIndex == left.zIndex { result.zIndex = before.zIndex }
        return result == now ? nil : result
    }

    /// How far the step moved the element, when moving it is all it did.
    static func translation(from before: Element, to left: Element) -> Point? {
        let offset = left.frame.origin - before.frame.origin
        guard offset != .zero, before.rotation == left.rotation, before.zIndex == left.zIndex, before.groupID == left.groupID,
              before.isLocked == left.isLocked, isNear(before.frame.width, left.frame.width), isNear(before.frame.height, left.frame.height)
        else { return nil }
        let replayed = MarkupController.moved(before, by: offset)
        switch (replayed.content, left.content) {
        case (.stroke(let a), .stroke(let b)):
            let (s, t) = (a.transform, b.transform)
            return a.ink == b.ink && a.randomSeed == b.randomSeed && a.points == b.points && isNear(s.a, t.a) && isNear(s.b, t.b)
                && isNear(s.c, t.c) && isNear(s.d, t.d) && isNear(s.tx, t.tx) && isNear(s.ty, t.ty) ? offset : nil
        default:
            return replayed.content == left.content && isNear(replayed.frame.minX, left.frame.minX)
                && isNear(replayed.frame.minY, left.frame.minY) ? offset : nil
        }
    }

    /// `elements`, the reversal's, each keeping the place in the z-order it has in `markup` where
    /// the one it would go back to is another's, there or in the reversal: a place is never shared.
    static func keepingZOrderUnique(_ elements: [Element], in markup: Markup) -> [Element] {
        var goingTo = Dictionary(elements.map { ($0.id, $0.zIndex) }, uniquingKeysWith: { first, _ in first })
        // One that stays where it is may leave a place another counted on: until none changes.
        var settled = false
        while !settled {
            settled = true
            var owners = [Int64: ElementID]()
            for element in elements {
                guard let target = goingTo[element.id], let current = markup.element(withID: element.id)?.zIndex, target != current else {
                    if let target = goingTo[element.id] { owners[target] = element.id }
                    continue
                }
                let holder = markup.element(atZIndex: target)
                let holderStays = holder.map { (goingTo[$0.id] ?? $0.zIndex) == target } ?? false
                if holderStays || owners[target] != nil {
                    goingTo[element.id] = current
                    settled = false
                }
                owners[goingTo[element.id] ?? current] = element.id
            }
        }
        return elements.map { element in
            var element = element
            element.zIndex = goingTo[element.id] ?? element.zIndex
            return element
        }
    }

    /// Equal but for rounding: moving adds the offset to coordinates, which the step's own move did
    /// with the offset before rounding.
    private static func isNear(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
}
