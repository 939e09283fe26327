import Foundation
import MarkupEditor
import MarkupModel
import MarkupTestSupport
import Testing

/// Scratching ink out: a scribble back and forth over strokes erases them instead of being drawn.
struct ScratchOutTests {
    /// A path through `corners`, a point about every `step` points along it.
    static func path(_ corners: [Point], step: Double = 1) -> [Point] {
        var points = [corners[0]]
        for (from, to) in zip(corners, corners.dropFirst()) {
            let count = max(Int((hypot(to.x - from.x, to.y - from.y) / step).rounded(.up)), 1)
            points += (1...count).map { index in from + (to - from) * (Double(index) / Double(count)) }
        }
        return points
    }

    /// Up and down between `top` and `bottom`, moving right by `spacing` a pass from `left`.
    static func zigzag(left: Double, top: Double, bottom: Double, passes: Int, spacing: Double) -> [Point] {
        path((0...passes).map { Point(x: left + Double($0) * spacing, y: $0.isMultiple(of: 2) ? top : bottom) })
    }

    /// Letters' humps as a pen writes "m": down, back up the same way, round over the top, down.
    static func humps(left: Double, baseline: Double, height: Double, count: Int) -> [Point] {
        var points = [Point]()
        for hump in 0..<count {
            let x = left + Double(hump) * 8
            points += path([Point(x: x, y: baseline - height), Point(x: x, y: baseline), Point(x: x + 0.5, y: baseline - height * 0.8)], step: 1)
            points += (0...12).map { step in
                let angle = Double.pi * (1 - Double(step) / 12)
                return Point(x: x + 4 + 4 * cos(angle), y: baseline - height * 0.8 - 3 * sin(angle))
            }
        }
        return points
    }

    static func stroke(_ points: [Point], width: Double = 2) -> Stroke {
        Stroke(ink: Ink(.pen, width: width), points: points.enumerated().map { index, point in
            StrokePoint(location: point, timeOffset: Double(index) / 240, size: Size(width: width, height: width))
        })
    }

    @Test func scribblesAreToldFromWritingAndDrawing() {
        // Over a word, up and down moving right; in place, back and forth; turned.
        #expect(Scribble.isScribble(Self.zigzag(left: 100, top: 100, bottom: 120, passes: 12, spacing: 4)))
        #expect(Scribble.isScribble(Self.path((0...8).map { Point(x: $0.isMultiple(of: 2) ? 100 : 150, y: 200 + Double($0) * 1.5) })))
        let turned = Self.zigzag(left: 0, top: 0, bottom: 24, passes: 9, spacing: 3).map { Point(x: $0.x * 0.8 - $0.y * 0.6 + 300, y: $0.x * 0.6 + $0.y * 0.8 + 300) }
        #expect(Scribble.isScribble(turned))
        // A hand's scribble turns round, not at a point: up and down as a wave, 3 points a pass.
        #expect(Scribble.isScribble((0..<500).map { Point(x: 100 + Double($0) * 0.1, y: 110 + 12 * sin(Double($0) * 0.1 * Double.pi / 3)) }))
        // Too few passes, passes too far apart (a zigzag drawn on purpose), too short to be one.
        #expect(!Scribble.isScribble(Self.zigzag(left: 100, top: 100, bottom: 120, passes: 3, spacing: 4)))
        #expect(!Scribble.isScribble(Self.zigzag(left: 100, top: 100, bottom: 120, passes: 12, spacing: 14)))
        #expect(!Scribble.isScribble(Self.zigzag(left: 100, top: 100, bottom: 102, passes: 12, spacing: 0.5)))
        // A line, a circle, a spiral, a word's humps.
        #expect(!Scribble.isScribble(Self.path([Point(x: 0, y: 0), Point(x: 200, y: 30)])))
        #expect(!Scribble.isScribble((0..<400).map { Point(x: 100 + 30 * cos(Double($0) / 20), y: 100 + 30 * sin(Double($0) / 20)) }))
        let spiral = (0..<600).map { step -> Point in
            let (radius, angle) = (Double(step) / 20, Double(step) / 15)
            return Point(x: 100 + radius * cos(angle), y: 100 + radius * sin(angle))
        }
        #expect(!Scribble.isScribble(spiral))
        #expect(!Scribble.isScribble(Self.humps(left: 100, baseline: 100, height: 10, count: 6)))
        // Not a number, too many points.
        #expect(!Scribble.isScribble(Self.zigzag(left: 100, top: 100, bottom: 120, passes: 12, spacing: 4) + [Point(x: .nan, y: 0)]))
        #expect(!Scribble.isScribble(Self.zigzag(left: 0, top: 0, bottom: 20, passes: 400, spacing: 0.5)))
    }

    /// Cursive writing of every kind the generator makes is never taken for a scribble.
    @Test func generatedHandwritingIsNeverAScribble() {
        var generator = HandwritingGenerator(.init(strokes: 3_000, seed: 5))
        let markup = generator.generate()
        let taken = markup.elements.filter { element in
            guard case .stroke(let stroke) = element.content else { return false }
            return Scribble.isScribble(stroke.points.map(\.location))
        }
        #expect(taken.isEmpty, "\(taken.count) of \(markup.elements.count)")
    }

    @Test func aScribbleOverAWordErasesItsStrokesAndNothingElse() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 1000, height: 800), createdAt: Date(timeIntervalSince1970: 0)))
        // A word of two strokes, a line underneath running on past it, a locked stroke in it, a stroke beside it.
        let word = try [Self.humps(left: 100, baseline: 120, height: 12, count: 3), Self.humps(left: 130, baseline: 120, height: 12, count: 2)]
            .map { try controller.addStroke(Self.stroke($0)) }
        let line = try controller.addStroke(Self.stroke(Self.path([Point(x: 60, y: 118), Point(x: 400, y: 118)])))
        let locked = try controller.addStroke(Self.stroke(Self.path([Point(x: 120, y: 110), Point(x: 126, y: 104)])))
        controller.select([locked])
        try controller.lockSelection()
        let beside = try controller.addStroke(Self.stroke(Self.humps(left: 300, baseline: 120, height: 12, count: 3)))
        let scribble = Self.stroke(Self.zigzag(left: 96, top: 100, bottom: 124, passes: 16, spacing: 3))
        let erased = try #require(try controller.scratchOut(with: scribble))
        #expect(Set(erased) == Set(word))
        #expect(Set(controller.markup.elements.map(\.id)) == [line, locked, beside], "the scribble itself is not drawn")
        try controller.undo()
        #expect(controller.markup.elements.count == 5)
        // Over nothing, and not a scribble: nothing happens; the stroke is ink to add.
        #expect(try controller.scratchOut(with: Self.stroke(Self.zigzag(left: 600, top: 500, bottom: 524, passes: 16, spacing: 3))) == nil)
        #expect(try controller.scratchOut(with: Self.stroke(Self.humps(left: 100, baseline: 120, height: 12, count: 3))) == nil)
        #expect(controller.markup.elements.count == 5)
    }

    /// A scribble over more strokes than one may scratch out is ink: a crowded page is not held up.
    @Test func aScribbleOverACrowdIsInk() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 1000, height: 800), createdAt: Date(timeIntervalSince1970: 0)))
        for index in 0...MarkupController.maximumScratchedOut {
            let x = 100 + Double(index % 40) * 1.5, y = 100 + Double(index / 40) * 0.9
            _ = try controller.addStroke(Self.stroke([Point(x: x, y: y), Point(x: x + 1, y: y + 1)], width: 1))
        }
        let scribble = Self.stroke(Self.zigzag(left: 96, top: 96, bottom: 126, passes: 24, spacing: 2.7))
        #expect(try controller.scratchOut(with: scribble) == nil)
        #expect(controller.markup.elements.count == MarkupController.maximumScratchedOut + 1)
        // One fewer, and those it touches go.
        controller.select([controller.markup.elements[0].id])
        try controller.deleteSelection()
        let erased = try #require(try controller.scratchOut(with: scribble))
        #expect(erased.count > MarkupController.maximumScratchedOut / 2 && controller.markup.elements.count == MarkupController.maximumScratchedOut - erased.count)
    }
}
