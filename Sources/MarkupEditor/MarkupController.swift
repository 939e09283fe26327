import Foundation
import MarkupInk
import MarkupModel

/// PaperKit's PaperMarkupViewController without a UI: the document, what may be edited, the
/// selection, insertion, undo and the events a view needs. Deterministic and driven through its API.
///
/// Every edit is one undo step and one `didChangeMarkup` event carrying the element-level change.
public final class MarkupController {
    public internal(set) var markup: Markup
    public let supportedFeatureSet: FeatureSet
    /// In view mode every edit is refused with `EditorError.notEditable`.
    public var isEditable = true
    public private(set) var selection: Set<ElementID> = []
    /// The part of the document the view shows, in document coordinates.
    public private(set) var contentVisibleFrame: Rect
    /// How far the view may zoom: points of screen per point of document.
    public let zoomRange: ClosedRange<Double>

    /// The tool pointer input uses.
    public var tool: Tool = .ink(Ink(.pen))
    public var drawingPolicy: DrawingPolicy = .anyInput
    /// The view's size in points: the visible frame is shown in it.
    public private(set) var viewSize: Size

    var index: SpatialIndex
    /// The strokes' centre lines for hit tests: built on first use or handed in by
    /// `adoptStrokeHits`, so a large document opens without waiting for it.
    private var builtStrokeHits: StrokeHitStore?
    /// While a store is being built elsewhere from an earlier markup, the ids changed since.
    private var strokeHitsChangedSinceHandOut: Set<ElementID>?
    /// The lines attached to each element: built on the first edit, then kept in step.
    var builtConnections: ConnectionIndex?
    /// One undo history per scope, so that each person on a shared document undoes their own steps.
    var histories: [String: UndoHistory] = [:]
    let undoLimit: Int
    var pendingEvents: [MarkupEvent] = []
    var insertionCount = 0
    /// Where the next insertions centre, in document points (a page's last tap); nil for the middle
    /// of the visible frame.
    public var insertionPoint: Point?
    var toolState = ToolStateMachine()
    /// The open transaction, and the undo scope it is of: another scope's edits meanwhile (someone
    /// else on the document) are steps of that scope, not part of it.
    var gesture: GestureRecorder?
    var gestureScope = ""
    /// Each undo scope's clipboard, so people sharing a document copy and paste their own.
    var clipboards: [String: Clipboard] = [:]
    /// Signatures saved for reuse, newest last.
    public private(set) var savedSignatures: [[Stroke]] = []
    /// With `tracksUnconfirmedChanges` (see MarkupController+Sharing): the changes made here not yet
    /// confirmed saved, oldest first, and the document as it was before them.
    var unconfirmed: [MarkupChange]?
    var confirmedMarkup: Markup?
    /// While set, `perform` applies a change already saved elsewhere: not one to keep.
    var isApplyingExternally = false

    /// Each insertion in a row lands this far below and right of the one before, so none hides another.
    public static let insertionOffset = 16.0
    /// The default number of undo steps kept.
    public static let defaultUndoLimit = 1000
    /// The zoom a page may choose, by default: a quarter to eight times.
    public static let defaultZoomRange = 0.25...8.0

    public init(markup: Markup, supportedFeatureSet: FeatureSet = .latest, undoLimit: Int = MarkupController.defaultUndoLimit,
                zoomRange: ClosedRange<Double> = MarkupController.defaultZoomRange) {
        self.markup = markup
        self.supportedFeatureSet = supportedFeatureSet
        self.zoomRange = zoomRange
        contentVisibleFrame = markup.bounds.width > 0 && markup.bounds.height > 0 ? markup.bounds : Rect(x: 0, y: 0, width: 768, height: 1024)
        viewSize = contentVisibleFrame.size
        index = SpatialIndex(markup)
        self.undoLimit = undoLimit
    }

    var strokeHits: StrokeHitStore {
        if let builtStrokeHits { return builtStrokeHits }
        let built = StrokeHitStore(markup)
        builtStrokeHits = built
        strokeHitsChangedSinceHandOut = nil
        return built
    }

    /// Work that builds the hit-test store from the document as it is now, for another thread to run;
    /// hand its result to `adoptStrokeHits`, which brings it up to date with the changes made meanwhile.
    public func strokeHitStoreBuilder() -> @Sendable () -> StrokeHitStore {
        let markup = markup
        if builtStrokeHits == nil { strokeHitsChangedSinceHandOut = [] }
        return { StrokeHitStore(markup) }
    }

    /// Takes a store that `strokeHitStoreBuilder` built, unless one was built here meanwhile.
    public func adoptStrokeHits(_ store: StrokeHitStore) {
        guard builtStrokeHits == nil, let changed = strokeHitsChangedSinceHandOut else { return }
        var store = store
        for id in changed {
            if let element = markup.element(withID: id) { store.update(element) } else { store.remove(id) }
        }
        (builtStrokeHits, strokeHitsChangedSinceHandOut) = (store, nil)
    }

    /// Keeps the hit-test store, or what a store being built must catch up on, in step with a change.
    private func updateStrokeHits(removed: [ElementID], changed: [Element]) {
        if builtStrokeHits != nil {
            for id in removed { builtStrokeHits!.remove(id) }
            for element in changed { builtStrokeHits!.update(element) }
        } else if strokeHitsChangedSinceHandOut != nil {
            strokeHitsChangedSinceHandOut!.formUnion(removed)
            strokeHitsChangedSinceHandOut!.formUnion(changed.map(\.id))
        }
    }

    /// Whose edits are being made: each scope (a page, a person) records, undoes and redoes its own
    /// steps. An undo of a step whose elements someone else has since changed or deleted leaves those
    /// elements as the other person left them and reverts the rest (`RecordedChange.reversal`).
    public var undoScope = ""

    /// Makes the current scope's last step one that each of `scopes` can undo too: for a change no
    /// one page made, such as restoring a version, which any page showing the document may undo.
    public func shareLastStep(with scopes: [String]) {
        guard let step = history.undoStack.last else { return }
        let current = undoScope
        defer { undoScope = current }
        for scope in scopes where scope != current {
            undoScope = scope
            history.record(step)
        }
    }

    /// Forgets every step of `scope`: one no page undoes in (where a version was restored), once
    /// the pages have been given its step.
    public func forgetSteps(of scope: String) { histories[scope] = nil }

    var history: UndoHistory {
        get { histories[undoScope] ?? UndoHistory(limit: undoLimit) }
        // In place: a get-then-set would copy the whole stack on every step recorded.
        _modify { yield &histories[undoScope, default: UndoHistory(limit: undoLimit)] }
    }

    /// The events since the last call, oldest first.
    public func takeEvents() -> [MarkupEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    // MARK: - Viewing

    /// Shows `frame`; its size is clamped so the zoom stays in `zoomRange` for a view `viewSize` large.
    public func setContentVisibleFrame(_ frame: Rect, viewSize: Size) throws(EditorError) {
        let clamped = try visibleFrame(clamping: frame, viewSize: viewSize)
        self.viewSize = viewSize
        guard clamped != contentVisibleFrame else { return }
        contentVisibleFrame = clamped
        pendingEvents.append(.didChangeContentVisibleFrame(clamped))
    }

    /// What `setContentVisibleFrame` would show for `frame` in a view `viewSize` large: the zoom kept
    /// in `zoomRange`, the view no larger than `maximumViewSide`, all within `coordinateLimit`.
    public func visibleFrame(clamping frame: Rect, viewSize: Size) throws(EditorError) -> Rect {
        guard frame.isFinite, frame.width > 0, frame.height > 0, viewSize.isFinite, viewSize.width > 0, viewSize.height > 0 else {
            throw .invalidGeometry("the visible frame and view size must be positive")
        }
        guard viewSize.width <= Self.maximumViewSide, viewSize.height <= Self.maximumViewSide else {
            throw .invalidGeometry("a view is at most \(Int(Self.maximumViewSide)) points a side")
        }
        let zoom = min(max(viewSize.width / frame.width, zoomRange.lowerBound), zoomRange.upperBound)
        let size = Size(width: viewSize.width / zoom, height: viewSize.height / zoom)
        let clamped = Rect(x: frame.center.x - size.width / 2, y: frame.center.y - size.height / 2, width: size.width, height: size.height)
        guard [clamped.minX, clamped.minY, clamped.maxX, clamped.maxY].allSatisfy({ abs($0) <= Self.coordinateLimit }) else {
            throw .invalidGeometry("the visible frame lies outside the canvas (±\(Int(Self.coordinateLimit)) points)")
        }
        return clamped
    }

    // MARK: - Selection

    /// Selects exactly `ids` (unknown and locked ones are ignored).
    public func select(_ ids: Set<ElementID>) {
        let known = ids.filter(isUnlocked)
        guard known != selection else { return }
        selection = known
        pendingEvents.append(.didChangeSelection(known))
    }

    /// Makes `ids` (those still there and unlocked) the selection without announcing it: what a
    /// server does when it turns from one page's message to another's, each page selecting its own.
    /// `checked`: the document has not changed since `ids` was the selection, so each still is.
    public func restoreSelection(_ ids: Set<ElementID>, checked: Bool = false) {
        selection = checked ? ids : ids.filter(isUnlocked)
    }

    /// Selects every element of the document (Ctrl/⌘+A).
    public func selectAll() {
        select(Set(markup.elements.lazy.map(\.id)))
    }

    /// The elements whose render frames meet `rect`, in no particular order: what a view of that
    /// area has to draw. O(log n + k) through the spatial index.
    public func elements(in rect: Rect) -> [ElementID] {
        index.elements(intersecting: rect)
    }

    /// The topmost unlocked element under `point`: within `tolerance` of a stroke's ink, of a line
    /// as drawn (its width and arrowheads' half width besides) or of a shape's outline, inside a
    /// filled shape's outline, or inside another element's box. A line's or a shape's box is no
    /// target: a tap beside a diagonal or elbow line, or past a star's points, reaches what lies
    /// under it. Inside a hollow shape, what lies in it comes first, as in tldraw; with nothing
    /// there, the smallest hollow shape around the point.
    public func element(at point: Point, tolerance: Double = 4) -> ElementID? {
        let probe = Rect(x: point.x - tolerance, y: point.y - tolerance, width: 2 * tolerance, height: 2 * tolerance)
        var best: Element?, hollow: Element?
        let hits = strokeHits
        index.visit(intersecting: probe) { id in
            guard let element = markup.element(withID: id), !element.isLocked, element.zIndex > (best?.zIndex ?? .min) else { return }
            if hits.intersects(id, sweptCircleFrom: point, to: point, radius: tolerance) == false { return }
            if case .shape(let shape) = element.content {
                if case .line = shape.configuration {
                    guard ElementReach.line(element, touchedFrom: point, to: point, within: tolerance + max(shape.lineWidth * 2, 4)) else { return }
                } else {
                    switch ElementReach.shape(element, at: point, within: tolerance + shape.lineWidth / 2) {
                    case .outline?: break
                    case .inside? where shape.fillColor != nil: break
                    case .inside?:
                        let area = element.frame.width * element.frame.height
                        if area < hollow.map({ $0.frame.width * $0.frame.height }) ?? .infinity { hollow = element }
                        return
                    case nil: return
                    }
                }
            }
            best = element
        }
        return (best ?? hollow)?.id
    }

    /// Selects what a tap at `point` selects: the element `element(at:)` finds, with its group
    /// whole, or nothing.
    public func selectElement(at point: Point) {
        select(withTheirGroups(element(at: point).map { [$0] } ?? []))
    }

    // MARK: - Insertion (the role of MarkupEditViewController)

    /// Where a new element of `size` goes: centred on `insertionPoint` when there is one (the page's
    /// last tap), else in the visible frame, each insertion there offset from the one before so they
    /// do not pile up; moved as little as it takes to lie on the page it is centred on (or the
    /// nearest: a PDF's page, a sheet), since a tap by its edge would leave part of it off the page,
    /// where no export of the page shows it.
    public func suggestedFrameForInserting(size: Size) -> Rect {
        let center: Point
        if let point = insertionPoint {
            center = point
        } else {
            let offset = Double(insertionCount % 10) * Self.insertionOffset
            center = Point(x: contentVisibleFrame.center.x + offset, y: contentVisibleFrame.center.y + offset)
        }
        let frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        func distance(_ page: Rect) -> Double {
            hypot(max(page.minX - center.x, 0, center.x - page.maxX), max(page.minY - center.y, 0, center.y - page.maxY))
        }
        guard let page = markup.pageFrames.min(by: { distance($0) < distance($1) }) else { return frame }
        return Self.kept(frame, on: page)
    }

    /// `frame` moved the least to lie inside `page` each way it fits (else its edge at the page's).
    static func kept(_ frame: Rect, on page: Rect) -> Rect {
        guard page.isFinite, page.width > 0, page.height > 0 else { return frame }
        func start(_ start: Double, length: Double, low: Double, high: Double) -> Double {
            length >= high - low ? low : min(max(start, low), high - length)
        }
        return Rect(x: start(frame.minX, length: frame.width, low: page.minX, high: page.maxX),
                    y: start(frame.minY, length: frame.height, low: page.minY, high: page.maxY), width: frame.width, height: frame.height)
    }

    /// Inserts a shape at the suggested frame; returns its id.
    @discardableResult
    public func insertShape(_ shape: Shape, size: Size = Size(width: 120, height: 80)) throws(EditorError) -> ElementID {
        try check(shape)
        return try insert(.shape(shape), size: size)
    }

    /// Inserts a shape filling `frame` (dragged out with a shape tool, or drawn and recognised),
    /// turned by `rotation` radians about its centre; returns its id.
    @discardableResult
    public func insertShape(_ shape: Shape, frame: Rect, rotation: Double = 0) throws(EditorError) -> ElementID {
        try check(shape)
        guard frame.isFinite, frame.width > 0, frame.height > 0 else { throw .invalidGeometry("the shape needs a width and a height") }
        guard rotation.isFinite else { throw .invalidGeometry("the angle must be finite") }
        return try insert(.shape(shape), frame: frame, rotation: rotation)
    }

    /// Inserts a text box at the suggested frame.
    @discardableResult
    public func insertTextbox(_ text: AttributedText, alignment: TextAlignment = .leading, size: Size = Size(width: 200, height: 60)) throws(EditorError) -> ElementID {
        try require(.text)
        try check(text)
        return try insert(.textBox(TextBox(text: text, alignment: alignment)), size: size)
    }

    /// Inserts a text box filling `frame` (typed on the canvas there); returns its id.
    @discardableResult
    public func insertTextbox(_ text: AttributedText, alignment: TextAlignment = .leading, frame: Rect) throws(EditorError) -> ElementID {
        try require(.text)
        try check(text)
        guard frame.isFinite, frame.width > 0, frame.height > 0 else { throw .invalidGeometry("the text box needs a width and a height") }
        return try insert(.textBox(TextBox(text: text, alignment: alignment)), frame: frame)
    }

    /// Inserts a PNG or JPEG image at the suggested frame.
    @discardableResult
    public func insertImage(_ data: Data, size: Size = Size(width: 240, height: 180)) throws(EditorError) -> ElementID {
        try insertImage(data, frame: suggestedFrameForInserting(size: size))
    }

    /// Inserts a PNG or JPEG image filling `frame` (the page sizes it to the picture's proportions).
    @discardableResult
    public func insertImage(_ data: Data, frame: Rect) throws(EditorError) -> ElementID {
        try require(.images)
        guard ImageFormat(sniffing: data) != nil else { throw .invalidImage }
        guard frame.isFinite, frame.width > 0, frame.height > 0 else { throw .invalidGeometry("the image needs a width and a height") }
        let blob = BlobID(of: data)
        let id = try insert(.image(ImageElement(blob: blob)), frame: frame, blobs: [blob: [UInt8](data)])
        if insertionPoint == nil { insertionCount += 1 }
        return id
    }

    /// Inserts an emoji sticker at the suggested frame.
    @discardableResult
    public func insertSticker(emoji: String, size: Size = Size(width: 64, height: 64)) throws(EditorError) -> ElementID {
        try require(.stickers)
        guard !emoji.isEmpty else { throw .invalidGeometry("a sticker needs an emoji") }
        return try insert(.sticker(.emoji(emoji)), size: size)
    }

    /// Inserts a loupe at the suggested frame.
    @discardableResult
    public func insertLoupe(magnification: Double = 2, size: Size = Size(width: 120, height: 120)) throws(EditorError) -> ElementID {
        try require(.loupes)
        return try insert(.loupe(Loupe(magnification: magnification)), size: size)
    }

    /// Inserts a link at the suggested frame.
    @discardableResult
    public func insertLink(url: String, size: Size = Size(width: 220, height: 32)) throws(EditorError) -> ElementID {
        try require(.links)
        guard !url.isEmpty else { throw .invalidGeometry("a link needs a URL") }
        return try insert(.link(Link(url: url)), size: size)
    }

    /// Inserts a line with markers between two points in document coordinates: straight, or with
    /// `elbow` turning at right angles, drawn by hand when `sketchy`. With `connecting`, an end
    /// dropped on an element is attached to it (`connectionTarget(at:)`), unless both ends fall on
    /// the same one.
    @discardableResult
    public func insertLine(from start: Point, to end: Point, startMarker: LineMarker = .none, endMarker: LineMarker = .arrow,
                           color: Color = .black, lineWidth: Double = 2, opacity: Double = 1, dash: ShapeDash = .solid,
                           elbow: Bool = false, sketchy: Bool = false, connecting: Bool = false) throws(EditorError) -> ElementID {
        guard start.isFinite, end.isFinite, start != end else { throw .invalidGeometry("a line needs two different points") }
        var (frame, from, to) = LineRouting.layout(from: start, to: end)
        var corners: [Point]?
        if elbow { (frame, from, to, corners) = ElbowPath.layout(LineRouting.freeElbow(from: start, to: end)) }
        var shape = Shape(configuration: .line(from: from, to: to, startMarker: startMarker, endMarker: endMarker),
                          strokeColor: color, lineWidth: lineWidth, opacity: opacity, dash: dash)
        (shape.lineCorners, shape.isSketchy) = (corners, sketchy)
        try check(shape)
        if connecting {
            let targets = (connectionTarget(at: start), connectionTarget(at: end))
            // A line drawn within one element is a mark on it, attached to neither end.
            if targets.0 != targets.1 {
                shape.startConnection = targets.0.flatMap { markup.element(withID: $0) }.map { Self.connection(to: $0, at: start) }
                shape.endConnection = targets.1.flatMap { markup.element(withID: $0) }.map { Self.connection(to: $0, at: end) }
            }
        }
        let element = Element(zIndex: markup.nextZIndex, frame: frame, content: .shape(shape))
        try commit(MarkupChange(added: [element]))
        select([element.id])
        return element.id
    }

    /// Keeps `strokes` (drawn anywhere) as a signature to insert again later; returns its number.
    @discardableResult
    public func saveSignature(_ strokes: [Stroke]) -> Int {
        savedSignatures.append(strokes)
        return savedSignatures.count - 1
    }

    /// Inserts saved signature `number`, scaled to `width` points wide at the suggested frame, as one step.
    @discardableResult
    public func insertSignature(_ number: Int, width: Double = 200) throws(EditorError) -> [ElementID] {
        guard savedSignatures.indices.contains(number) else { throw .invalidGeometry("no saved signature \(number)") }
        return try insertSignature(strokes: savedSignatures[number], width: width)
    }

    /// Inserts a signature's `strokes` (drawn anywhere), scaled to `width` points wide at the suggested
    /// frame, as one step, and selects them.
    @discardableResult
    public func insertSignature(strokes: [Stroke], width: Double = 200) throws(EditorError) -> [ElementID] {
        try require(.drawing)
        guard let bounds = strokes.map(\.approximateBounds).reduce(nil, { $0?.union($1) ?? $1 }), bounds.width > 0, width > 0, width.isFinite else {
            throw .invalidGeometry("the signature is empty")
        }
        for stroke in strokes where !supportedFeatureSet.contains(stroke.ink.type) { throw .unsupportedInk(stroke.ink.type) }
        let scale = width / bounds.width
        let target = suggestedFrameForInserting(size: Size(width: bounds.width * scale, height: bounds.height * scale))
        let placement = Transform2D(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(Transform2D(scaleX: scale, y: scale))
            .concatenating(Transform2D(translationX: target.minX, y: target.minY))
        var zIndex = markup.nextZIndex
        let elements = strokes.map { stroke -> Element in
            var placed = stroke
            placed.transform = stroke.transform.concatenating(placement)
            defer { zIndex &+= Markup.zIndexStep }
            return Element(zIndex: zIndex, frame: .zero, content: .stroke(placed))
        }
        try commit(MarkupChange(added: elements))
        insertionCount += 1
        select(Set(elements.map(\.id)))
        return elements.map(\.id)
    }

    // MARK: - Zoom and pan

    /// Zooms by `factor` about `anchor` (view coordinates), as a pinch or a wheel does; clamped to `zoomRange`.
    public func zoom(by factor: Double, about anchor: Point) throws(EditorError) {
        guard factor.isFinite, factor > 0, anchor.isFinite else { throw .invalidGeometry("the zoom factor must be positive") }
        let fixed = documentPoint(fromView: anchor)
        let current = viewSize.width / contentVisibleFrame.width
        let zoom = min(max(current * factor, zoomRange.lowerBound), zoomRange.upperBound)
        let size = Size(width: viewSize.width / zoom, height: viewSize.height / zoom)
        let origin = Point(x: fixed.x - anchor.x / zoom, y: fixed.y - anchor.y / zoom)
        try setContentVisibleFrame(Rect(origin: origin, size: size), viewSize: viewSize)
    }

    /// Moves the view by `offset` in view points.
    public func pan(by offset: Point) throws(EditorError) {
        guard offset.isFinite else { throw .invalidGeometry("the offset must be finite") }
        let scale = contentVisibleFrame.width / max(viewSize.width, 1e-9)
        try setContentVisibleFrame(Rect(origin: contentVisibleFrame.origin + offset * scale, size: contentVisibleFrame.size), viewSize: viewSize)
    }

    /// The current zoom: view points per document point.
    public var zoomScale: Double { viewSize.width / contentVisibleFrame.width }

    /// Adds a finished stroke as one step.
    @discardableResult
    public func addStroke(_ stroke: Stroke) throws(EditorError) -> ElementID {
        try require(.drawing)
        guard supportedFeatureSet.contains(stroke.ink.type) else { throw .unsupportedInk(stroke.ink.type) }
        try check(stroke.ink.color)
        let element = Element(zIndex: markup.nextZIndex, frame: .zero, content: .stroke(stroke))
        try commit(MarkupChange(added: [element]))
        return element.id
    }

    private func insert(_ content: ElementContent, size: Size, blobs: [BlobID: [UInt8]] = [:]) throws(EditorError) -> ElementID {
        guard size.isFinite, size.width > 0, size.height > 0 else { throw .invalidGeometry("the size must be positive") }
        let id = try insert(content, frame: suggestedFrameForInserting(size: size), blobs: blobs)
        if insertionPoint == nil { insertionCount += 1 }
        return id
    }

    private func insert(_ content: ElementContent, frame: Rect, rotation: Double = 0, blobs: [BlobID: [UInt8]] = [:]) throws(EditorError) -> ElementID {
        let element = Element(zIndex: markup.nextZIndex, frame: frame, rotation: rotation, content: content)
        try checkAdmissible(element)
        try commit(MarkupChange(added: [element], addedBlobs: blobs))
        select([element.id])
        return element.id
    }

    // MARK: - Working on the selection

    /// Moves the selected elements by `offset`, as one step.
    public func moveSelection(by offset: Point) throws(EditorError) {
        guard offset.isFinite else { throw .invalidGeometry("the offset must be finite") }
        try commit(MarkupChange(updated: selectedElements.map { Self.moved($0, by: offset) }))
    }

    /// Deletes the selected elements, as one step.
    public func deleteSelection() throws(EditorError) {
        let ids = selectedElements.map(\.id)
        guard !ids.isEmpty else { return }
        try commit(MarkupChange(removed: ids))
        select([])
    }

    /// Removes every element but the locked ones, or with `page` those whose box is centred on it, as
    /// one step.
    public func clear(page: Rect? = nil) throws(EditorError) {
        if let page, !page.isFinite { throw .invalidGeometry("the page must be finite") }
        let removed = markup.elements.filter { element in
            !element.isLocked && (page.map { $0.contains(element.renderFrame.center) } ?? true)
        }.map(\.id)
        guard !removed.isEmpty else { return }
        try commit(MarkupChange(removed: removed))
        select([])
    }

    /// Makes the elements those of `version` (a saved version being restored), as one step that
    /// undo reverses.
    public func restore(_ version: Markup) throws(EditorError) {
        guard isEditable else { throw .notEditable }
        guard version.featureSet.isSubset(of: supportedFeatureSet) else { throw .unsupportedContent }
        try commit(MarkupChange(from: markup, to: version))
        select([])
    }

    /// The selected elements, back to front. O(k log n), not a pass over the document.
    public var selectedElements: [Element] {
        selection.compactMap { markup.element(withID: $0) }.sorted { $0.zIndex < $1.zIndex }
    }

    // MARK: - Transactions

    /// Starts grouping edits into one undo step: a whole drag of the selection, say, made of many
    /// moves the view shows as they happen. Each edit still reports its own change.
    public func beginTransaction() {
        guard gesture == nil else { return }
        gesture = GestureRecorder()
        gestureScope = undoScope
    }

    /// Ends the group started by `beginTransaction()` in this scope; what it changed becomes one undo
    /// step. Another scope's transaction goes on.
    public func endTransaction() {
        guard gestureScope == undoScope else { return }
        if let step = gesture?.finish(with: markup) { history.record(step) }
        gesture = nil
    }

    /// Whether the current scope's edits go into the open transaction.
    private var recordsIntoGesture: Bool { gesture != nil && gestureScope == undoScope }

    /// Runs `body`, whose edits become one undo step of the current scope, apart from a transaction
    /// under way, which goes on after it; when `body` fails part way, what it did is taken back.
    public func asOneStep(_ body: () throws(EditorError) -> Void) throws(EditorError) {
        let underWay = (gesture, gestureScope)
        (gesture, gestureScope) = (GestureRecorder(), undoScope)
        defer { (gesture, gestureScope) = underWay }
        do {
            try body()
        } catch {
            if let step = gesture?.finish(with: markup) { perform(step.backward) }
            throw error
        }
        if let step = gesture?.finish(with: markup) { history.record(step) }
    }

    // MARK: - Undo

    /// Whether the last undo or redo found nothing of its step left to take back: others had since
    /// deleted or changed everything it changed. The step is spent all the same.
    public private(set) var lastStepWasOverridden = false

    /// Undoes the scope's last step; false when there is none.
    @discardableResult
    public func undo() throws(EditorError) -> Bool {
        try replay(take: { $0.takeUndo() }, keep: { $0.recordUndone($1) })
    }

    /// Redoes the scope's last undone step; false when there is none.
    @discardableResult
    public func redo() throws(EditorError) -> Bool {
        try replay(take: { $0.takeRedo() }, keep: { $0.recordRedone($1) })
    }

    /// Reverts the step `take` removes from the history (as far as others have not changed its
    /// elements since), and keeps what that did with `keep`, so it can be reverted in turn.
    private func replay(take: (inout UndoHistory) -> RecordedChange?,
                        keep: (inout UndoHistory, RecordedChange) -> Void) throws(EditorError) -> Bool {
        guard isEditable else { throw .notEditable }
        endTransaction()
        var history = history
        defer { self.history = history }
        guard let step = take(&history) else { return false }
        // Laid out again: where others have changed the lines or their elements since, the lines
        // the reversal leaves as they are still follow the elements it puts back. The lines it puts
        // back keep the connections they had.
        let reversal = step.reversal(in: markup)
        let putBack = Set((reversal.added + reversal.updated).map(\.id))
        let routed = routingConnectedLines(in: reversal, connectionsAsGiven: putBack)
        lastStepWasOverridden = routed.isEmpty
        guard !routed.isEmpty else { return true }
        keep(&history, RecordedChange(forward: routed, backward: perform(routed)))
        return true
    }

    // MARK: - Committing

    /// Applies `change` as one step (or as part of the open transaction), with the lines attached to
    /// what it changes laid out again; the lines `connectionsAsGiven` keep the connections it gives.
    func commit(_ change: MarkupChange, connectionsAsGiven: Set<ElementID> = []) throws(EditorError) {
        guard isEditable else { throw .notEditable }
        guard !change.isEmpty else { return }
        let change = routingConnectedLines(in: change, connectionsAsGiven: connectionsAsGiven)
        for element in change.added + change.updated { try Self.checkResult(element) }
        if recordsIntoGesture {
            gesture!.willApply(change, to: markup)
            perform(change)
            return
        }
        let backward = perform(change)
        history.record(RecordedChange(forward: change, backward: backward))
    }

    /// `element` moved by `offset`.
    static func moved(_ element: Element, by offset: Point) -> Element {
        var copy = element
        copy.frame = Rect(origin: element.frame.origin + offset, size: element.frame.size)
        return copy
    }

    /// Commits, as one step, `elements` each as `change` leaves it, those it leaves as they were
    /// left out.
    func commit(changing elements: [Element], _ change: (inout Element) -> Void) throws(EditorError) {
        try commit(MarkupChange(updated: elements.compactMap { element in
            var copy = element
            change(&copy)
            return copy == element ? nil : copy
        }))
    }

    /// The largest view, in view points a side: twice an 8K screen's width, so a page of any real
    /// screen fits, and a page cannot ask for the whole plane at once.
    public static let maximumViewSide = 16_384.0

    /// How far from the origin, in points, an edit may take an element (about 350 km): far past any
    /// page, and near enough that sums and differences of coordinates stay finite and exact to well
    /// under the format's 1/64 pt.
    public static let coordinateLimit = Markup.coordinateLimit

    /// Refuses an edit whose result is not finite or lies past `coordinateLimit`: inputs are finite,
    /// but a move by 1e308 or a resize by a huge factor is not refused by looking at its input alone.
    static func checkResult(_ element: Element) throws(EditorError) {
        guard Markup.isWithinCanvas(element.renderFrame) else {
            throw .invalidGeometry("the result would lie outside the canvas (±\(Int(coordinateLimit)) points)")
        }
        if let problem = Markup.problem(in: element) { throw .invalidGeometry("the result is invalid: \(problem)") }
    }

    /// Applies a change, keeps the index and selection in step, and reports it.
    @discardableResult
    func perform(_ change: MarkupChange) -> MarkupChange {
        let backward = markup.apply(change)
        if isApplyingExternally { confirmedMarkup?.apply(change) } else { unconfirmed?.append(change) }
        for id in change.removed {
            index.remove(id)
            builtConnections?.remove(id)
        }
        var changed = [Element]()
        for element in change.added + change.updated {
            guard let current = markup.element(withID: element.id) else { continue }
            index.insert(element.id, frame: current.renderFrame)
            builtConnections?.update(current)
            changed.append(current)
        }
        updateStrokeHits(removed: change.removed, changed: changed)
        pendingEvents.append(.didChangeMarkup(change))
        // Only a removal or a lock takes an element out of what may be selected.
        if !change.removed.isEmpty || change.updated.contains(where: \.isLocked) { keepSelectionInStep() }
        return backward
    }

    /// Drops from the selection what is no longer in the document, or is locked now.
    func keepSelectionInStep() {
        let remaining = selection.filter(isUnlocked)
        if remaining != selection {
            selection = remaining
            pendingEvents.append(.didChangeSelection(remaining))
        }
    }

    /// Brings the index and the hit-test store in step with the document for the elements `ids`,
    /// after the document was replaced wholesale.
    func keepIndexInStep(with ids: Set<ElementID>) {
        var removed = [ElementID](), changed = [Element]()
        for id in ids {
            if let current = markup.element(withID: id) {
                index.insert(id, frame: current.renderFrame)
                builtConnections?.update(current)
                changed.append(current)
            } else {
                index.remove(id)
                builtConnections?.remove(id)
                removed.append(id)
            }
        }
        updateStrokeHits(removed: removed, changed: changed)
    }

    // MARK: - Feature checks

    func require(_ feature: Feature) throws(EditorError) {
        guard isEditable else { throw .notEditable }
        guard supportedFeatureSet.contains(feature) else { throw .unsupportedFeature(feature) }
    }

    /// Every run's font and color must be valid.
    func check(_ text: AttributedText) throws(EditorError) {
        guard text.byteCount <= AttributedText.maximumBytes else { throw .tooLarge(what: "text bytes", limit: AttributedText.maximumBytes) }
        for run in text.runs {
            guard run.font.isValid else { throw .invalidGeometry("font sizes must be positive and weights 1–1000") }
            try check(run.color)
        }
    }

    func check(_ color: Color) throws(EditorError) {
        guard color.isFinite else { throw .invalidGeometry("colors must be finite") }
        guard color.linearExposure <= supportedFeatureSet.colorMaximumLinearExposure else { throw .colorTooBright(color.linearExposure) }
    }

    func check(_ shape: Shape) throws(EditorError) {
        guard isEditable else { throw .notEditable }
        guard supportedFeatureSet.contains(shape.configuration.type) else { throw .unsupportedShape(shape.configuration.type) }
        guard shape.isValid else { throw .invalidGeometry("the shape has values out of range") }
        if shape.fillColor != nil { try require(.shapeFills) }
        if shape.strokeColor != nil { try require(.shapeStrokes) }
        if shape.opacity < 1 { try require(.shapeOpacity) }
        if case .line(_, _, let start, let end) = shape.configuration {
            if start != .none, !supportedFeatureSet.lineMarkerPositions.contains(.start) { throw .unsupportedLineMarker }
            if end != .none, !supportedFeatureSet.lineMarkerPositions.contains(.end) { throw .unsupportedLineMarker }
        }
        for color in [shape.fillColor, shape.strokeColor].compactMap({ $0 }) { try check(color) }
    }
}
