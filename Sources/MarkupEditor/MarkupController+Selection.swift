import Foundation
import MarkupInk
import MarkupModel

/// Working on the selection: resize, rotate, duplicate, copy and paste, recolor, z-order.
extension MarkupController {
    /// Scales the selection's frames into `frame` (the selection's bounding box goes there), as one step.
    /// With `keepingAspectRatio`, the scale is the same both ways, anchored at `frame`'s origin.
    /// The smallest box a selection is resized to, in points each way.
    public static let smallestResizedSide = 0.1

    public func resizeSelection(to frame: Rect, keepingAspectRatio: Bool = false) throws(EditorError) {
        guard frame.isFinite, frame.width > 0, frame.height > 0 else { throw .invalidGeometry("the new frame must be positive") }
        // Smaller, what is drawn would be flattened past seeing and past taking back by another resize.
        guard frame.width >= Self.smallestResizedSide, frame.height >= Self.smallestResizedSide else {
            throw .invalidGeometry("a selection is resized to at least \(Self.smallestResizedSide) points a side")
        }
        let elements = selectedElements
        guard let bounds = Self.bounds(of: elements), bounds.width > 0, bounds.height > 0 else { return }
        var scaleX = frame.width / bounds.width, scaleY = frame.height / bounds.height
        if keepingAspectRatio { scaleX = min(scaleX, scaleY); scaleY = scaleX }
        let map = Transform2D(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(Transform2D(scaleX: scaleX, y: scaleY))
            .concatenating(Transform2D(translationX: frame.minX, y: frame.minY))
        try commit(MarkupChange(updated: elements.map { element in
            var copy = element
            let origin = map.apply(to: element.frame.origin)
            copy.frame = Rect(x: origin.x, y: origin.y, width: element.frame.width * scaleX, height: element.frame.height * scaleY)
            return copy
        }))
    }

    /// Rotates the selection by `radians` about the centre of its bounding box, as one step.
    public func rotateSelection(by radians: Double) throws(EditorError) {
        guard radians.isFinite else { throw .invalidGeometry("the angle must be finite") }
        let elements = selectedElements
        guard let bounds = Self.bounds(of: elements), radians != 0 else { return }
        let turn = Transform2D(rotationAbout: bounds.center, radians: radians)
        try commit(MarkupChange(updated: elements.map { element in
            var copy = element
            if case .stroke(var stroke) = element.content {
                stroke.transform = stroke.transform.concatenating(turn)
                copy.setContent(.stroke(stroke))
            } else {
                copy = Self.moved(element, by: turn.apply(to: element.frame.center) - element.frame.center)
                copy.rotation += radians
            }
            return copy
        }))
    }

    /// Copies the selection `offset` from it (by default a step down and right, so the copies show),
    /// on top of everything; selects the copies.
    @discardableResult
    public func duplicateSelection(offset: Point? = nil) throws(EditorError) -> [ElementID] {
        if let offset, !offset.isFinite { throw .invalidGeometry("the offset must be finite") }
        let step = Point(x: Self.insertionOffset, y: Self.insertionOffset)
        let copies = Self.copies(of: selectedElements, above: markup.nextZIndex, offset: offset ?? step)
        try commit(MarkupChange(added: copies))
        select(Set(copies.map(\.id)))
        return copies.map(\.id)
    }

    /// Puts the selection on the current scope's clipboard, as it is now.
    public func copySelection() {
        if let clipboard = clipboardOfSelection(cut: false) { clipboards[undoScope] = clipboard }
    }

    /// Puts the selection on the current scope's clipboard and deletes it, as one step.
    public func cutSelection() throws(EditorError) {
        guard let clipboard = clipboardOfSelection(cut: true) else { return }
        try deleteSelection()
        clipboards[undoScope] = clipboard
    }

    /// The selection as it is now, to paste here or in another document; nil with nothing selected.
    /// A cut's first paste lands where the elements were, a copy's a step down and right.
    public func clipboardOfSelection(cut: Bool) -> Clipboard? {
        let elements = selectedElements
        guard !elements.isEmpty else { return nil }
        return Clipboard(elements, of: markup, pasteCount: cut ? -1 : 0)
    }

    /// Pastes the current scope's clipboard (see `paste(_:within:)`).
    @discardableResult
    public func paste(within visibleFrame: Rect? = nil) throws(EditorError) -> [ElementID] {
        guard var clipboard = clipboards[undoScope] else { return [] }
        let pasted = try paste(&clipboard, within: visibleFrame)
        clipboards[undoScope] = clipboard
        return pasted
    }

    /// Pastes `clipboard` on top, offset from where it was copied, counts the paste, and selects
    /// what was pasted. Given the frame a page shows, a paste that would land wholly outside it
    /// lands in its middle instead (a copy taken elsewhere, or in another document, comes to where
    /// the person is looking); given a point (a context menu's), it lands centred there.
    @discardableResult
    public func paste(_ clipboard: inout Clipboard, within visibleFrame: Rect? = nil, at point: Point? = nil) throws(EditorError) -> [ElementID] {
        let elements = try admitted(clipboard.elements)
        guard let bounds = Self.bounds(of: elements) else { return [] }
        if let point, !(point.x.isFinite && point.y.isFinite) { throw .invalidGeometry("the point to paste at must be finite") }
        let step = Self.insertionOffset * Double(clipboard.pasteCount + 1)
        var offset = Point(x: step, y: step)
        let landing = Rect(origin: bounds.origin + offset, size: bounds.size)
        if let point {
            offset = Point(x: point.x - bounds.center.x, y: point.y - bounds.center.y)
        } else if let visibleFrame, visibleFrame.isFinite, !landing.intersects(visibleFrame) {
            offset = Point(x: visibleFrame.center.x - bounds.center.x, y: visibleFrame.center.y - bounds.center.y)
        }
        let copies = Self.copies(of: elements, above: markup.nextZIndex, offset: offset)
        let drawn = Set(elements.compactMap(\.content.blobReference))
        try commit(MarkupChange(added: copies, addedBlobs: clipboard.blobs.filter { drawn.contains($0.key) }))
        clipboard.pasteCount += 1
        select(Set(copies.map(\.id)))
        return copies.map(\.id)
    }

    /// Gives the selected loupes `magnification` (1 to `Loupe.maximumMagnification`), as one step;
    /// refused when no loupe is selected.
    public func magnifySelectedLoupes(_ magnification: Double) throws(EditorError) {
        try checkAdmissible(Element(zIndex: 0, frame: .zero, content: .loupe(Loupe(magnification: magnification))))
        let loupes = selectedElements.filter { if case .loupe = $0.content { true } else { false } }
        guard !loupes.isEmpty else { throw .invalidGeometry("select a loupe to change its magnification") }
        try commit(changing: loupes) { element in
            if case .loupe(var loupe) = element.content {
                loupe.magnification = magnification
                element.setContent(.loupe(loupe))
            }
        }
    }

    /// Gives the selected strokes, shapes and text `color`, as one step.
    public func recolorSelection(_ color: Color) throws(EditorError) {
        try checkColor(color)
        try commit(MarkupChange(updated: selectedElements.compactMap { Self.recolored($0, to: color) }))
    }

    private func checkColor(_ color: Color) throws(EditorError) {
        guard color.isFinite else { throw .invalidGeometry("colors must be finite") }
        guard color.linearExposure <= supportedFeatureSet.colorMaximumLinearExposure else { throw .colorTooBright(color.linearExposure) }
    }

    /// `element` in `color`: a stroke's ink (keeping its opacity), a shape's outline (and the fill
    /// made from it), a text's every run; nil for elements without a color of their own.
    private static func recolored(_ element: Element, to color: Color) -> Element? {
        var copy = element
        switch element.content {
        case .stroke(var stroke):
            // A translucent stroke keeps its opacity in its new color.
            var recolored = color
            recolored.alpha = stroke.ink.color.alpha
            stroke.ink.color = recolored
            copy.setContent(.stroke(stroke))
        case .shape(var shape):
            shape.recolor(color)
            copy.setContent(.shape(shape))
        case .textBox(var box):
            for index in box.text.runs.indices { box.text.runs[index].color = color }
            copy.setContent(.textBox(box))
        case .image, .sticker, .loupe, .link:
            return nil
        }
        return copy
    }

    /// The widest line (of a stroke, a shape or an eraser) a page may ask for, in points.
    public static let maximumLineWidth = 500.0

    /// Refuses a line width or an opacity out of range; nil is none given.
    public static func checkStyle(width: Double?, opacity: Double?) throws(EditorError) {
        if let width, !(width.isFinite && width > 0 && width <= maximumLineWidth) {
            throw .invalidGeometry("a line width is more than 0 and at most \(Int(maximumLineWidth)) points")
        }
        if let opacity, !(opacity.isFinite && (0...1).contains(opacity)) { throw .invalidGeometry("an opacity is 0–1") }
    }

    /// Sets the selected strokes' and shapes' width and opacity, the shapes' fill (from each one's
    /// outline color; a line has no inside) and outline (whole, dashed or dotted), and the lines'
    /// markers at their start and end and whether they are elbow lines (a line made one is routed
    /// between its ends, one made straight again goes straight between them), whether shapes and
    /// lines are drawn by hand (`sketchy`), and with `color` the
    /// selection's color as `recolorSelection` sets it (before the fill is made from it: a style
    /// pasted whole), as one step; nil leaves each as it is. A stroke's marks scale with its ink's
    /// new width, keeping how they varied along it.
    public func restyleSelection(width: Double?, opacity: Double?, fill: ShapeFill? = nil, dash: ShapeDash? = nil,
                                 startMarker: LineMarker? = nil, endMarker: LineMarker? = nil, elbow: Bool? = nil,
                                 sketchy: Bool? = nil, color: Color? = nil) throws(EditorError) {
        try Self.checkStyle(width: width, opacity: opacity)
        if let color { try checkColor(color) }
        try commit(MarkupChange(updated: selectedElements.compactMap { element in
            var copy = color.flatMap { Self.recolored(element, to: $0) } ?? element
            switch copy.content {
            case .stroke(var stroke):
                if let width {
                    let ink = Ink(stroke.ink.type, color: stroke.ink.color, width: width)
                    let scale = stroke.ink.width > 0 ? ink.width / stroke.ink.width : 1
                    stroke.points = stroke.points.map { point in
                        StrokePoint(location: point.location, timeOffset: point.timeOffset,
                                    size: Size(width: point.size.width * scale, height: point.size.height * scale), opacity: point.opacity,
                                    force: point.force, azimuth: point.azimuth, altitude: point.altitude)
                    }
                    stroke.ink = ink
                }
                if let opacity { stroke.ink.color.alpha = opacity }
                copy.setContent(.stroke(stroke))
            case .shape(var shape):
                if let width { shape.lineWidth = width }
                if let opacity { shape.opacity = opacity }
                // A shape without an outline takes its fill's own color, opaque (tinting twice must not fade it twice).
                if let fill, ShapeFill.canFill(shape) {
                    shape.fillColor = fill.color(outlinedIn: shape.strokeColor ?? shape.fillColor?.opaque ?? .black)
                    shape.fillStyle = fill.style
                }
                if let dash { shape.dash = dash }
                if let sketchy { shape.isSketchy = sketchy }
                if case .line(let from, let to, let start, let end) = shape.configuration {
                    shape.configuration = .line(from: from, to: to, startMarker: startMarker ?? start, endMarker: endMarker ?? end)
                }
                copy.setContent(.shape(shape))
                if let elbow, elbow ? shape.lineCorners == nil : shape.lineCorners != nil || shape.lineMiddle != nil, let ends = copy.lineEnds,
                   let relaid = elbow ? LineRouting.laidOut(copy, elbow: LineRouting.freeElbow(from: ends.start, to: ends.end))
                       : LineRouting.laidOut(copy, along: LineCurve(straightFrom: ends.start, to: ends.end), bent: false) {
                    copy = relaid
                }
            case .textBox, .image, .sticker, .loupe, .link:
                break
            }
            return copy == element ? nil : copy
        }))
    }

    /// Moves the selection above everything else, keeping its own order, as one step.
    public func bringSelectionToFront() throws(EditorError) {
        let elements = selectedElements
        var zIndex = markup.nextZIndex
        try commit(MarkupChange(updated: elements.map { element in
            var copy = element
            copy.zIndex = zIndex
            zIndex &+= Markup.zIndexStep
            return copy
        }))
    }

    /// Moves the selection below everything else, keeping its own order, as one step.
    public func sendSelectionToBack() throws(EditorError) {
        let elements = selectedElements
        let lowest = markup.elements.first?.zIndex ?? 0
        var zIndex = lowest &- Markup.zIndexStep &* Int64(elements.count)
        try commit(MarkupChange(updated: elements.map { element in
            var copy = element
            copy.zIndex = zIndex
            zIndex &+= Markup.zIndexStep
            return copy
        }))
    }

    /// Replaces a text box's text and alignment, as one step.
    public func editTextbox(_ id: ElementID, text: AttributedText, alignment: TextAlignment? = nil) throws(EditorError) {
        guard let element = markup.element(withID: id), case .textBox(var box) = element.content else { throw .unknownElement(id) }
        guard supportedFeatureSet.contains(.text) else { throw .unsupportedFeature(.text) }
        try check(text)
        box.text = text
        if let alignment { box.alignment = alignment }
        var copy = element
        copy.setContent(.textBox(box))
        try commit(MarkupChange(updated: [copy]))
    }

    /// Gives every selected text box the font `family`, `size`, `weight` and slant given (nil keeps
    /// each, run by run) and `alignment`, as one step; their text and colors stay. `height`, when
    /// given, says how tall a text is set at a width: a box grows to hold its text restyled.
    public func restyleSelectedText(family: String? = nil, size: Double? = nil, weight: Int? = nil, italic: Bool? = nil,
                                    alignment: TextAlignment? = nil, height: ((AttributedText, Double) -> Double)? = nil) throws(EditorError) {
        try commit(changing: selectedElements) { element in
            guard case .textBox(var box) = element.content else { return }
            for index in box.text.runs.indices {
                if let family { box.text.runs[index].font.family = family }
                if let size { box.text.runs[index].font.size = size }
                if let weight { box.text.runs[index].font.weight = weight }
                if let italic { box.text.runs[index].font.italic = italic }
            }
            if let alignment { box.alignment = alignment }
            element.setContent(.textBox(box))
            if let needed = height?(box.text, element.frame.width), needed.isFinite, needed > element.frame.height {
                element.frame.size.height = needed
            }
        }
    }

    static func bounds(of elements: [Element]) -> Rect? {
        guard let first = elements.first else { return nil }
        return elements.dropFirst().reduce(first.renderFrame) { $0.union($1.renderFrame) }
    }

    /// New elements with new ids, `offset` away, stacked from `zIndex` up in their order; copies of
    /// a group's elements make a new group of their own; copies of locked ones are locked when
    /// `keepingLocks` (a page or sheet copied whole).
    static func copies(of elements: [Element], above zIndex: Int64, offset: Point, keepingLocks: Bool = false) -> [Element] {
        var newGroups = [GroupID: GroupID]()
        // A copied line stays attached to the copies of its elements, and lets go of those not copied.
        let newIDs = Dictionary(elements.map { ($0.id, ElementID()) }, uniquingKeysWith: { first, _ in first })
        return elements.enumerated().map { position, element in
            let group = element.groupID.map { old -> GroupID in
                if let new = newGroups[old] { return new }
                let new = GroupID()
                newGroups[old] = new
                return new
            }
            var content = element.content
            if case .shape(let shape) = content, shape.startConnection != nil || shape.endConnection != nil {
                content = .shape(shape.renamingConnections { newIDs[$0] })
            }
            var copy = Element(id: newIDs[element.id]!, zIndex: zIndex &+ Int64(position) &* Markup.zIndexStep, frame: element.frame,
                               rotation: element.rotation, content: content, groupID: group)
            copy.isLocked = keepingLocks && element.isLocked
            return moved(copy, by: offset)
        }
    }
}
