import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Align, Distribute and shape fills on the selection.
struct ArrangingTests {
    static func controller(frames: [Rect], rotations: [Double] = []) throws -> (MarkupController, [ElementID]) {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 1000, height: 800), createdAt: Date(timeIntervalSince1970: 0)))
        let ids = try frames.enumerated().map { index, frame in
            try controller.insertShape(Shape(configuration: .rectangle), frame: frame, rotation: index < rotations.count ? rotations[index] : 0)
        }
        controller.select(Set(ids))
        return (controller, ids)
    }

    /// A unit point of a frame in document points (as the renderer places a line's ends).
    static func point(_ unit: Point, in frame: Rect) -> Point {
        Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height)
    }

    static func box(_ controller: MarkupController, _ id: ElementID) -> Rect? { controller.markup.element(withID: id)?.renderFrame }

    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test(arguments: SelectionAlignment.allCases)
    func aligningPutsEveryBoxOnTheSelectionsEdgeOrCentre(_ alignment: SelectionAlignment) throws {
        // The third is turned a quarter: its box as drawn (60 × 20 turned into 20 × 60) is what lines up.
        let frames = [Rect(x: 100, y: 100, width: 50, height: 40), Rect(x: 300, y: 220, width: 120, height: 30),
                      Rect(x: 200, y: 400, width: 60, height: 20)]
        let (controller, ids) = try Self.controller(frames: frames, rotations: [0, 0, .pi / 2])
        let before = ids.map { Self.box(controller, $0)! }
        let bounds = before.dropFirst().reduce(before[0]) { $0.union($1) }
        try controller.alignSelection(alignment)
        for (id, old) in zip(ids, before) {
            let new = try #require(Self.box(controller, id))
            #expect(Self.close(new.width, old.width) && Self.close(new.height, old.height), "only moved")
            switch alignment {
            case .left: #expect(Self.close(new.minX, bounds.minX) && new.minY == old.minY)
            case .center: #expect(Self.close(new.center.x, bounds.center.x) && new.minY == old.minY)
            case .right: #expect(Self.close(new.maxX, bounds.maxX) && new.minY == old.minY)
            case .top: #expect(Self.close(new.minY, bounds.minY) && new.minX == old.minX)
            case .middle: #expect(Self.close(new.center.y, bounds.center.y) && new.minX == old.minX)
            case .bottom: #expect(Self.close(new.maxY, bounds.maxY) && new.minX == old.minX)
            }
        }
        try controller.undo()
        #expect(ids.map { Self.box(controller, $0)! } == before, "one undo step puts them all back")
    }

    @Test func aligningMovesStrokesByTheirInk() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 400, y: 100, width: 80, height: 80)])
        let points = (0..<30).map { StrokePoint(location: Point(x: 50 + Double($0) * 4, y: 300 + Double($0 % 5)), timeOffset: Double($0) / 100, size: Size(width: 3, height: 3)) }
        let stroke = try controller.addStroke(Stroke(ink: Ink(.pen, width: 3), points: points))
        controller.select([ids[0], stroke])
        try controller.alignSelection(.right)
        #expect(Self.close(Self.box(controller, stroke)?.maxX, 480))
        #expect(Self.box(controller, ids[0])?.minX == 400, "the box already on the edge stays")
    }

    @Test func oneElementHasNothingToLineUpWith() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 10, y: 10, width: 50, height: 50)])
        try controller.alignSelection(.right)
        try controller.distributeSelection(along: .horizontal)
        #expect(Self.box(controller, ids[0]) == Rect(x: 10, y: 10, width: 50, height: 50))
        try controller.undo()
        #expect(controller.markup.elements.isEmpty, "no step was recorded: undo takes back the insertion")
    }

    @Test(arguments: SelectionAxis.allCases)
    func distributingLeavesEqualGapsAndKeepsTheEnds(_ axis: SelectionAxis) throws {
        let horizontal = axis == .horizontal
        // Out of order on purpose, of different lengths: placed by their centres.
        let spans: [(Double, Double)] = [(0, 40), (500, 100), (70, 20), (200, 60)]
        let frames = spans.map { start, length in
            horizontal ? Rect(x: start, y: 100, width: length, height: 30) : Rect(x: 100, y: start, width: 30, height: length)
        }
        let (controller, ids) = try Self.controller(frames: frames)
        try controller.distributeSelection(along: axis)
        let boxes = ids.map { Self.box(controller, $0)! }.sorted { horizontal ? $0.minX < $1.minX : $0.minY < $1.minY }
        let starts = boxes.map { horizontal ? $0.minX : $0.minY }, ends = boxes.map { horizontal ? $0.maxX : $0.maxY }
        let gaps = (1..<boxes.count).map { starts[$0] - ends[$0 - 1] }
        // (600 − 220) / 3 between every two.
        #expect(gaps.allSatisfy { Self.close($0, 380.0 / 3) }, "gaps \(gaps)")
        #expect(starts.first == 0 && ends.last == 600, "the ends stay")
        #expect(boxes.allSatisfy { (horizontal ? $0.minY : $0.minX) == 100 }, "nothing moves the other way")
    }

    /// Text restyled: every run of every text box selected takes the font given, keeping its text
    /// and color, the alignment too; what is not given stays; a box grows to hold its text.
    @Test func selectedTextIsRestyledRunByRun() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 500, y: 500, width: 50, height: 50)])
        let runs = [TextRun("Bold ", font: TextFont(family: "Sans", size: 17, weight: 700, italic: false), color: .black),
                    TextRun("red", font: TextFont(family: "Sans", size: 12, weight: 400, italic: true), color: Color(red: 1, green: 0, blue: 0))]
        let text = try controller.insertTextbox(AttributedText(runs: runs), frame: Rect(x: 100, y: 100, width: 200, height: 24))
        controller.select([text, ids[0]])
        try controller.restyleSelectedText(family: "Serif", size: 30, alignment: .center) { text, width in
            #expect(width == 200)
            return Double(text.runs.count) * 40
        }
        guard case .textBox(let box)? = controller.markup.element(withID: text)?.content else { Issue.record("text gone"); return }
        #expect(box.text.runs.map(\.text) == ["Bold ", "red"] && box.text.runs.map(\.color) == runs.map(\.color))
        #expect(box.text.runs.allSatisfy { $0.font.family == "Serif" && $0.font.size == 30 })
        #expect(box.text.runs.map(\.font.weight) == [700, 400] && box.text.runs.map(\.font.italic) == [false, true], "weight and slant kept")
        #expect(box.alignment == .center && controller.markup.element(withID: text)?.frame == Rect(x: 100, y: 100, width: 200, height: 80))
        #expect(Self.box(controller, ids[0]) == Rect(x: 500, y: 500, width: 50, height: 50), "the shape is left be")
        try controller.undo()
        guard case .textBox(let back)? = controller.markup.element(withID: text)?.content else { Issue.record("text gone"); return }
        #expect(back.text.runs == runs && controller.markup.element(withID: text)?.frame.height == 24)
    }

    /// A handle dragged past the opposite edge: the selection mirrored and resized in one step,
    /// which one undo takes back whole, even with another transaction under way.
    @Test func aFlipAndAResizeAreOneStep() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 100, y: 100, width: 100, height: 50), Rect(x: 300, y: 100, width: 50, height: 50)])
        let arrow = try controller.insertShape(Shape(configuration: .arrowShape), frame: Rect(x: 100, y: 300, width: 120, height: 60))
        controller.select(Set(ids + [arrow]))
        let before = controller.markup
        controller.beginTransaction()
        try controller.asOneStep { () throws(EditorError) in
            try controller.flipSelection(.horizontal)
            try controller.resizeSelection(to: Rect(x: 0, y: 100, width: 125, height: 130))
        }
        // The first rectangle, at the left, is now at the right, half as wide.
        func near(_ box: Rect?, _ wanted: Rect) -> Bool {
            guard let box else { return false }
            return [box.minX - wanted.minX, box.minY - wanted.minY, box.width - wanted.width, box.height - wanted.height].allSatisfy { abs($0) < 1e-9 }
        }
        #expect(near(Self.box(controller, ids[0]), Rect(x: 75, y: 100, width: 50, height: 25)))
        #expect(near(Self.box(controller, ids[1]), Rect(x: 0, y: 100, width: 25, height: 25)))
        #expect(abs((controller.markup.element(withID: arrow)?.rotation ?? 0) - .pi) < 1e-12, "the block arrow points left")
        try controller.undo()
        #expect(controller.markup == before, "one undo takes back the flip and the resize")
        // A step that fails part way (the flip made, the resize refused) is taken back whole.
        controller.select(Set(ids + [arrow]))
        let unflipped = controller.markup
        #expect(throws: EditorError.self) {
            try controller.asOneStep { () throws(EditorError) in
                try controller.flipSelection(.vertical)
                try controller.resizeSelection(to: Rect(x: 0, y: 0, width: 0, height: 10))
            }
        }
        #expect(controller.markup == unflipped)
        // A box too small to see or to resize back from is refused, nothing changed.
        #expect(throws: EditorError.self) { try controller.resizeSelection(to: Rect(x: 10, y: 10, width: 1e-300, height: 1e-300)) }
        #expect(throws: EditorError.self) { try controller.resizeSelection(to: Rect(x: 10, y: 10, width: 50, height: 0.05)) }
        #expect(controller.markup == unflipped)
        controller.endTransaction()
        // The transaction under way recorded nothing of it: the next undo takes the arrow's insertion.
        try controller.undo()
        #expect(controller.markup.element(withID: arrow) == nil && Self.box(controller, ids[0]) == Rect(x: 100, y: 100, width: 100, height: 50))
    }

    @Test(arguments: SelectionAxis.allCases)
    func flippingMirrorsInkAndShapesAndTwiceIsNoChange(_ axis: SelectionAxis) throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 1000, height: 800), createdAt: Date(timeIntervalSince1970: 0)))
        let points = (0..<30).map { StrokePoint(location: Point(x: 100 + Double($0) * 4, y: 300 + Double($0 * $0) / 10), timeOffset: Double($0) / 100, size: Size(width: 3, height: 3)) }
        let stroke = try controller.addStroke(Stroke(ink: Ink(.fountainPen, width: 4), points: points))
        let line = try controller.insertLine(from: Point(x: 300, y: 100), to: Point(x: 400, y: 160), endMarker: .arrow, color: .black)
        let arrow = try controller.insertShape(Shape(configuration: .arrowShape), frame: Rect(x: 500, y: 400, width: 120, height: 60), rotation: 0.3)
        let pentagon = try controller.insertShape(Shape(configuration: .regularPolygon(sides: 5)), frame: Rect(x: 150, y: 500, width: 80, height: 80))
        let hexagon = try controller.insertShape(Shape(configuration: .regularPolygon(sides: 6)), frame: Rect(x: 650, y: 100, width: 80, height: 80))
        let text = try controller.insertTextbox(AttributedText("Label"), frame: Rect(x: 700, y: 600, width: 100, height: 30))
        let ids = [stroke, line, arrow, pentagon, hexagon, text]
        controller.select(Set(ids))
        let before = controller.markup
        let bounds = try #require(ids.compactMap { before.element(withID: $0)?.renderFrame }.dropFirst().reduce(before.element(withID: stroke)!.renderFrame) { $0.union($1) })
        try controller.flipSelection(axis)
        let horizontal = axis == .horizontal
        func mirrored(_ point: Point) -> Point {
            horizontal ? Point(x: 2 * bounds.center.x - point.x, y: point.y) : Point(x: point.x, y: 2 * bounds.center.y - point.y)
        }
        // The ink's every point is where its mirror image is.
        guard case .stroke(let flipped)? = controller.markup.element(withID: stroke)?.content,
              case .stroke(let original)? = before.element(withID: stroke)?.content else { Issue.record("stroke gone"); return }
        for (a, b) in zip(original.points, flipped.points) {
            #expect(flipped.transform.apply(to: b.location).distance(to: mirrored(original.transform.apply(to: a.location))) < 1e-6)
        }
        // The line's ends trade places across the middle, its arrowhead still at the end it was at.
        guard case .shape(let flippedLine)? = controller.markup.element(withID: line)?.content,
              case .line(let from, let to, _, let end) = flippedLine.configuration,
              let lineFrame = controller.markup.element(withID: line)?.frame else { Issue.record("line gone"); return }
        #expect(Self.point(from, in: lineFrame).distance(to: mirrored(Point(x: 300, y: 100))) < 1e-6)
        #expect(Self.point(to, in: lineFrame).distance(to: mirrored(Point(x: 400, y: 160))) < 1e-6 && end == .arrow)
        // A box turned by θ is turned by −θ; a block arrow mirrored left to right points the other way
        // (turned half round); a pentagon upside down is turned half round, a hexagon not at all.
        let rotation = { (id: ElementID) in controller.markup.element(withID: id)?.rotation ?? .nan }
        #expect(abs(rotation(arrow) - (horizontal ? .pi - 0.3 : -0.3)) < 1e-12)
        #expect(rotation(pentagon) == (horizontal ? 0 : .pi) && rotation(hexagon) == 0)
        // Text trades places but reads as before.
        let textFrame = try #require(controller.markup.element(withID: text)?.frame)
        #expect(textFrame.center.distance(to: mirrored(Rect(x: 700, y: 600, width: 100, height: 30).center)) < 1e-9 && rotation(text) == 0)
        // The box as drawn stays where it was.
        let after = ids.compactMap { controller.markup.element(withID: $0)?.renderFrame }.dropFirst()
            .reduce(controller.markup.element(withID: stroke)!.renderFrame) { $0.union($1) }
        #expect(abs(after.minX - bounds.minX) < 1e-6 && abs(after.maxY - bounds.maxY) < 1e-6)
        // Flipped again, everything is where it was (up to rounding, and a whole turn).
        try controller.flipSelection(axis)
        for id in ids {
            let a = try #require(before.element(withID: id)), b = try #require(controller.markup.element(withID: id))
            #expect(a.renderFrame.center.distance(to: b.renderFrame.center) < 1e-6, "\(a.content.kind)")
            #expect(abs(remainder(a.rotation - b.rotation, 2 * .pi)) < 1e-9)
        }
    }

    @Test func theSelectionsSharedStyleIsWhatAllAgreeOn() throws {
        let red = Color(hex: "#ff3b30")!
        let tinted = Element(zIndex: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                             content: .shape(Shape(configuration: .rectangle, fillColor: ShapeFill.tint.color(outlinedIn: red), strokeColor: red, lineWidth: 3)))
        let line = Element(zIndex: 2, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                           content: .shape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow),
                                                 strokeColor: red, lineWidth: 3, opacity: 0.5)))
        var ink = Ink(.pen, color: red, width: 3)
        ink.color.alpha = 0.5
        let stroke = Element(zIndex: 3, frame: .zero, content: .stroke(Stroke(ink: ink, points: [
            StrokePoint(location: .zero, timeOffset: 0, size: Size(width: 3, height: 3)),
            StrokePoint(location: Point(x: 10, y: 0), timeOffset: 0.1, size: Size(width: 3, height: 3))])))
        #expect(SelectionStyle(of: [tinted]) == SelectionStyle(color: red, width: 3, opacity: 1, fill: .tint, dash: .solid, sketchy: false))
        // A line has no inside: the fill is the rectangle's; the opacities differ.
        #expect(SelectionStyle(of: [tinted, line]) == SelectionStyle(color: red, width: 3, fill: .tint, dash: .solid,
                                                                       startMarker: LineMarker.none, endMarker: .arrow, elbow: false, sketchy: false))
        // A translucent stroke's color is shown opaque, its alpha as the opacity; a stroke has no outline to dash.
        #expect(SelectionStyle(of: [line, stroke]) == SelectionStyle(color: red, width: 3, opacity: 0.5, dash: .solid,
                                                                       startMarker: LineMarker.none, endMarker: .arrow, elbow: false, sketchy: false))
        var yellow = Shape(configuration: .ellipse, fillColor: Color(hex: "#ffcc00")!, strokeColor: red, lineWidth: 3)
        yellow.opacity = 1
        let other = Element(zIndex: 4, frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .shape(yellow))
        #expect(SelectionStyle(of: [other]).fill == nil, "a fill of its own color is none of the three")
        let dashed = Element(zIndex: 5, frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .shape(Shape(configuration: .rectangle, dash: .dashed)))
        #expect(SelectionStyle(of: [dashed]).dash == .dashed && SelectionStyle(of: [dashed, line]).dash == nil, "outlines that differ share none")
        #expect(SelectionStyle(of: []) == SelectionStyle())
        // A line's ends are shared end by end; without a line there are none to share.
        let dotted = Element(zIndex: 6, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                             content: .shape(Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 0), startMarker: .circle, endMarker: .arrow))))
        let both = SelectionStyle(of: [line, dotted])
        #expect(both.startMarker == nil && both.endMarker == .arrow)
        #expect(SelectionStyle(of: [tinted, stroke]).startMarker == nil && SelectionStyle(of: [tinted, stroke]).endMarker == nil)
    }

    @Test func aLinesEndsAreRestyledAndNothingElsesAre() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 0, y: 0, width: 50, height: 50)])
        let line = try controller.insertLine(from: Point(x: 0, y: 100), to: Point(x: 100, y: 120), endMarker: .arrow, color: .black)
        let before = try #require(controller.markup.element(withID: ids[0]))
        controller.select([ids[0], line])
        try controller.restyleSelection(width: nil, opacity: nil, startMarker: .bar)
        func ends(_ id: ElementID) -> (LineMarker, LineMarker, Point, Point)? {
            guard case .shape(let shape)? = controller.markup.element(withID: id)?.content,
                  case .line(let from, let to, let start, let end) = shape.configuration else { return nil }
            return (start, end, from, to)
        }
        #expect(ends(line)?.0 == .bar && ends(line)?.1 == .arrow, "the end not chosen stays")
        try controller.restyleSelection(width: nil, opacity: nil, endMarker: .circle)
        let (start, end, from, to) = try #require(ends(line))
        #expect(start == .bar && end == .circle)
        #expect(from == Point(x: 0, y: 0) && to == Point(x: 1, y: 1), "the line stays where it was")
        #expect(controller.markup.element(withID: ids[0]) == before, "a shape that is not a line has no ends to change")
        try controller.undo()
        #expect(ends(line)?.1 == .arrow)
    }

    @Test func aStylePastedWholeIsOneStep() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 0, y: 0, width: 50, height: 50)])
        let text = try controller.insertTextbox(AttributedText("Note"), frame: Rect(x: 100, y: 0, width: 80, height: 30))
        controller.select([ids[0], text])
        let red = Color(hex: "#ff3b30")!
        try controller.restyleSelection(width: 6, opacity: 0.5, fill: .solid, dash: .dashed, color: red)
        guard case .shape(let shape)? = controller.markup.element(withID: ids[0])?.content,
              case .textBox(let box)? = controller.markup.element(withID: text)?.content else { Issue.record("not as inserted"); return }
        // The fill made from the new outline color; the text takes the color alone.
        #expect(shape.strokeColor == red && shape.fillColor == red && shape.lineWidth == 6 && shape.opacity == 0.5 && shape.dash == .dashed)
        #expect(box.text.runs.allSatisfy { $0.color == red })
        try controller.undo()
        guard case .shape(let undone)? = controller.markup.element(withID: ids[0])?.content else { Issue.record("not a shape"); return }
        #expect(undone.strokeColor != red && undone.fillColor == nil && undone.lineWidth != 6, "one undo takes the whole style back")
        #expect(throws: EditorError.self) { try controller.restyleSelection(width: nil, opacity: nil, color: Color(red: .nan, green: 0, blue: 0)) }
    }

    @Test func fillsComeFromEachShapesOutlineAndLinesHaveNone() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 0, y: 0, width: 50, height: 50)])
        let red = Color(hex: "#ff3b30")!
        try controller.recolorSelection(red)
        let line = try controller.insertLine(from: Point(x: 0, y: 100), to: Point(x: 100, y: 100), endMarker: .arrow, color: .black)
        controller.select([ids[0], line])
        func shape(_ id: ElementID) -> Shape? {
            if case .shape(let shape)? = controller.markup.element(withID: id)?.content { shape } else { nil }
        }
        try controller.restyleSelection(width: nil, opacity: nil, fill: .tint)
        #expect(shape(ids[0])?.fillColor == Color(red: red.red, green: red.green, blue: red.blue, alpha: ShapeFill.tintOpacity))
        #expect(shape(line)?.fillColor == nil, "a line has no inside")
        // Recoloring a tinted shape tints it in the new color; a fill of its own color stays.
        try controller.recolorSelection(.black)
        #expect(shape(ids[0])?.fillColor == Color(red: 0, green: 0, blue: 0, alpha: ShapeFill.tintOpacity))
        #expect(shape(ids[0])?.strokeColor == .black)
        try controller.restyleSelection(width: nil, opacity: nil, fill: .solid)
        #expect(shape(ids[0])?.fillColor == .black)
        try controller.restyleSelection(width: nil, opacity: nil, fill: ShapeFill.none)
        #expect(shape(ids[0])?.fillColor == nil)
        // A shape with a fill and no outline tints in its fill's own color, however often.
        let filledOnly = try controller.insertShape(Shape(configuration: .ellipse, fillColor: red, strokeColor: nil),
                                                    frame: Rect(x: 300, y: 300, width: 40, height: 40))
        controller.select([filledOnly])
        try controller.restyleSelection(width: nil, opacity: nil, fill: .tint)
        try controller.restyleSelection(width: nil, opacity: nil, fill: .tint)
        #expect(shape(filledOnly)?.fillColor == ShapeFill.tint.color(outlinedIn: red))
        var yellowInside = Shape(configuration: .ellipse, fillColor: Color(hex: "#ffcc00")!, strokeColor: .black)
        yellowInside.lineWidth = 3
        let other = try controller.insertShape(yellowInside, frame: Rect(x: 200, y: 200, width: 40, height: 40))
        controller.select([other])
        try controller.recolorSelection(red)
        #expect(shape(other)?.fillColor == Color(hex: "#ffcc00")! && shape(other)?.strokeColor == red)
    }

    /// Hatched and cross-hatched fills (Excalidraw's hachure and cross-hatch) are lines of the
    /// outline's color: set as one step, shared as the toolbar shows them, followed by a new color,
    /// and even again once filled solid or tinted.
    @Test func aHatchedFillIsChosenSharedAndRecolored() throws {
        let (controller, ids) = try Self.controller(frames: [Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 100, y: 0, width: 50, height: 50)])
        func shape(_ id: ElementID) -> Shape? {
            if case .shape(let shape)? = controller.markup.element(withID: id)?.content { shape } else { nil }
        }
        controller.select(Set(ids))
        try controller.restyleSelection(width: nil, opacity: nil, fill: .hatched)
        #expect(ids.allSatisfy { shape($0)?.fillStyle == .hatched && shape($0)?.fillColor == shape($0)?.strokeColor })
        #expect(SelectionStyle(of: controller.selectedElements).fill == .hatched)
        controller.select([ids[1]])
        try controller.restyleSelection(width: nil, opacity: nil, fill: .crossHatched)
        #expect(SelectionStyle(of: ids.compactMap { controller.markup.element(withID: $0) }).fill == nil, "hatched one way and both share none")
        let red = Color(hex: "#ff3b30")!
        try controller.recolorSelection(red)
        #expect(shape(ids[1])?.fillColor == red && shape(ids[1])?.fillStyle == .crossHatched)
        #expect(SelectionStyle(of: controller.selectedElements).fill == .crossHatched)
        try controller.restyleSelection(width: nil, opacity: nil, fill: .tint)
        #expect(shape(ids[1])?.fillStyle == .solid && SelectionStyle(of: controller.selectedElements).fill == .tint)
        try controller.undo()
        #expect(shape(ids[1])?.fillStyle == .crossHatched)
        // A hatched fill that is not the outline's color (another app's) is none of the toolbar's.
        var other = Shape(configuration: .ellipse, fillColor: Color(hex: "#ffcc00")!, strokeColor: .black)
        other.fillStyle = .hatched
        let yellow = try controller.insertShape(other, frame: Rect(x: 200, y: 200, width: 40, height: 40))
        #expect(SelectionStyle(of: [try #require(controller.markup.element(withID: yellow))]).fill == nil)
    }
}
