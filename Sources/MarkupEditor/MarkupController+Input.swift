import MarkupInk
import MarkupModel

/// Pointer input: the current tool's state machine, and the effects it asks for.
extension MarkupController {
    /// Handles a pointer event whose samples are in view coordinates.
    ///
    /// In view mode, and for touch under the pencil-only policy, input pans the view instead.
    /// - Throws: `EditorError.invalidInput` for samples the ink pipeline refuses; nothing changes then.
    public func handle(_ event: PointerEvent) throws(EditorError) {
        let pans = !isEditable || (drawingPolicy == .pencilOnly && event.pointerKind == .touch)
        // Panning works in view points, which stay put while the view moves under them.
        var documentEvent = event
        if !pans {
            documentEvent.samples = event.samples.map { sample in
                var copy = sample
                copy.location = documentPoint(fromView: sample.location)
                return copy
            }
        }
        // Every effect runs even when one fails, so a gesture's transaction always ends; the first
        // failure is reported.
        var failure: EditorError?
        for effect in toolState.handle(documentEvent, tool: tool, pans: pans) {
            do {
                try perform(effect)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// A point in the view, in document coordinates.
    public func documentPoint(fromView point: Point) -> Point {
        Self.documentPoint(fromView: point, frame: contentVisibleFrame, viewSize: viewSize)
    }

    /// A point of a view `viewSize` large showing `frame`, in document coordinates.
    public static func documentPoint(fromView point: Point, frame: Rect, viewSize: Size) -> Point {
        BrowserSample.documentPoint(fromView: point, frame: frame, viewSize: viewSize)
    }

    private func perform(_ effect: ToolStateMachine.Effect) throws(EditorError) {
        switch effect {
        case .beginDrawing:
            pendingEvents.append(.didBeginDrawing)
        case .liveStroke(let update):
            if case .ink(let ink) = tool { pendingEvents.append(.didUpdateLiveStroke(ink, update)) }
        case .discardLiveStroke:
            pendingEvents.append(.didCancelLiveStroke)
        case .commitStroke(let stroke):
            try addStroke(stroke)
        case .refused(let error):
            throw .invalidInput(error)
        case .beginGesture:
            beginTransaction()
        case .endGesture:
            endTransaction()
        case .erase(let from, let to):
            try erase(from: from, to: to)
        case .lasso(let path):
            select(withTheirGroups(elements(insideLasso: path)))
        case .selectTap(let point):
            selectElement(at: point)
        case .selectRect(let rect):
            select(withTheirGroups(Set(index.elements(intersecting: rect).filter { id in
                markup.element(withID: id).map { rect.contains($0.renderFrame) } ?? false
            })))
        case .pan(let viewDelta):
            let moved = Rect(origin: contentVisibleFrame.origin + viewDelta * (contentVisibleFrame.width / max(viewSize.width, 1e-9)),
                             size: contentVisibleFrame.size)
            try setContentVisibleFrame(moved, viewSize: viewSize)
        }
    }

    // MARK: - Erasing

    /// The eraser's reach in document points: bitmap widths are on screen, so they follow zoom.
    private var eraserRadius: (type: EraserType, radius: Double)? {
        guard case .eraser(let type, let width) = tool, width.isFinite, width > 0 else { return nil }
        let screenToDocument = contentVisibleFrame.width / max(viewSize.width, 1e-9)
        return (type, width / 2 * (type == .fixedWidthBitmap ? 1 : screenToDocument))
    }

    private func erase(from start: Point, to end: Point) throws(EditorError) {
        guard let (type, radius) = eraserRadius else { return }
        let reach = Rect.enclosing([start, end])!.expanded(by: radius)
        var change = MarkupChange()
        var top = markup.nextZIndex
        let hits = strokeHits
        index.visit(intersecting: reach) { id in
            guard type != .vector else {
                // Ink by the hit store; a shape, a line or a text by its outline or box.
                switch hits.intersects(id, sweptCircleFrom: start, to: end, radius: radius) {
                case true?: if isUnlocked(id) { change.removed.append(id) }
                case false?: break
                case nil:
                    guard let element = markup.element(withID: id), !element.isLocked,
                          ElementReach.erases(element, from: start, to: end, radius: radius) else { return }
                    change.removed.append(id)
                }
                return
            }
            guard let element = markup.element(withID: id), !element.isLocked, let stroke = element.placedStroke,
                  let ranges = stroke.survivingRanges(afterErasingFrom: start, to: end, radius: radius) else { return }
            change.removed.append(id)
            change.added += pieces(of: element, stroke: stroke, keeping: ranges, top: &top)
        }
        try commit(change)
    }

    /// The pieces a bitmap eraser leaves of `element` (its `stroke` placed, its turn folded in),
    /// placed in the z-order where it was; when no room is left there, on top, from `top` up.
    private func pieces(of element: Element, stroke: Stroke, keeping ranges: [Range<Int>], top: inout Int64) -> [Element] {
        let parts = stroke.splitting(keeping: ranges)
        let above = markup.zIndex(above: element.zIndex) ?? (element.zIndex &+ Markup.zIndexStep)
        let gap = max((above &- element.zIndex) / Int64(parts.count + 1), 0)
        return parts.enumerated().map { offset, part in
            let zIndex: Int64
            if gap > 0 {
                zIndex = element.zIndex &+ gap * Int64(offset)
            } else {
                zIndex = top
                top &+= Markup.zIndexStep
            }
            return Element(zIndex: zIndex, frame: .zero, content: .stroke(part), groupID: element.groupID)
        }
    }

    // MARK: - Lasso

    /// Strokes with most of their points inside `polygon`, and other elements whose centre is inside.
    func elements(insideLasso polygon: [Point]) -> Set<ElementID> {
        guard polygon.count >= 3, let bounds = Rect.enclosing(polygon) else { return [] }
        var inside = Set<ElementID>()
        index.visit(intersecting: bounds) { id in
            guard let element = markup.element(withID: id) else { return }
            if let stroke = element.placedStroke {
                if stroke.isInside(lasso: polygon) { inside.insert(id) }
            } else if PlaneGeometry.contains(polygon, element.frame.center) {
                inside.insert(id)
            }
        }
        return inside
    }
}
