import MarkupModel

/// What undoing (or redoing) a step does to an element someone else has changed since the step:
/// the step's own changes are taken back where the other person left them alone, and theirs are
/// kept. A move is taken back as the opposite move, wherever others have moved the element since,
/// as tldraw and Excalidraw take back only one's own change.
enum ConcurrentEditMerge {
    /// The element as the reversal leaves it: `now` with what the step changed from `before` to
    /// `left` taken back where `now` still has it; nil when nothing is left to take back. `isFree`
    /// says whether a place in the z-order is free for the element to go back to.
    static func merged(before: Element, left: Element, now: Element, isFree: (Int64) -> Bool) -> Element? {
        var result = now
        if let offset = translation(from: before, to: left) {
            result = MarkupController.moved(now, by: Point(x: -offset.x, y: -offset.y))
        } else if case .stroke(let beforeStroke) = before.content, case .stroke(let leftStroke) = left.content,
                  case .stroke(var nowStroke) = now.content {
            // A stroke's place is in its content: only its ink is taken back on its own.
            if nowStroke.ink == leftStroke.ink && beforeStroke.ink != leftStroke.ink {
                nowStroke.ink = beforeStroke.ink
                result.setContent(.stroke(nowStroke))
            }
        } else {
            if now.content == left.content && before.content != left.content { result.setContent(before.content) }
            if now.frame == left.frame && before.frame != left.frame { result.frame = before.frame }
        }
        if now.rotation == left.rotation { result.rotation = before.rotation }
        if now.isLocked == left.isLocked { result.isLocked = before.isLocked }
        if now.groupID == left.groupID { result.groupID = before.groupID }
        if now.zIndex == left.zIndex && before.zIndex != left.zIndex && isFree(before.zIndex) { result.zIndex = before.zIndex }
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

    /// Equal but for rounding: moving adds the offset to coordinates, which the step's own move did
    /// with the offset before rounding.
    private static func isNear(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
}
