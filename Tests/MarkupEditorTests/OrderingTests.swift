import Foundation
import MarkupEditor
import MarkupModel
import Testing

/// Bring forward and send backward (tldraw's and Excalidraw's): one step past the nearest element
/// the selection overlaps, not to the very front or back.
struct OrderingTests {
    @Test func theSelectionPassesTheNearestElementItOverlaps() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0)))
        let a = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let c = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 500, y: 500, width: 50, height: 50))
        let d = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 60, y: 60, width: 20, height: 20))
        func order() -> [ElementID] { controller.markup.elements.map(\.id) }
        let drawn = controller.markup
        controller.select([a])
        try controller.bringSelectionForward()
        #expect(order() == [b, a, c, d], "past the rectangle it overlaps, not past the far one")
        try controller.bringSelectionForward()
        #expect(order() == [b, c, d, a])
        try controller.bringSelectionForward()
        #expect(order() == [b, c, d, a], "nothing over it: it stays")
        try controller.sendSelectionBackward()
        #expect(order() == [b, c, a, d])
        // A selection of two keeps its own order.
        controller.select([a, d])
        try controller.sendSelectionBackward()
        #expect(order() == [a, d, b, c])
        // Nothing it overlaps: the far rectangle stays put.
        controller.select([c])
        try controller.sendSelectionBackward()
        #expect(order() == [a, d, b, c])
        for _ in 0..<4 { #expect(try controller.undo()) }
        #expect(controller.markup == drawn)
    }

    /// Two overlapping shapes brought forward in turn, far more times than halving the gap between
    /// their neighbours allows: each step passes the other, what lies beyond moving on to make room.
    @Test func backAndForthPastTheSameElementsNeverRunsOutOfRoom() throws {
        let controller = MarkupController(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 600), createdAt: Date(timeIntervalSince1970: 0)))
        let below = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let a = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = try controller.insertShape(Shape(configuration: .ellipse), frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let above = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 400, y: 400, width: 50, height: 50))
        let drawn = controller.markup
        for turn in 0..<60 {
            let (moving, other) = turn.isMultiple(of: 2) ? (a, b) : (b, a)
            controller.select([moving])
            try controller.bringSelectionForward()
            #expect(controller.markup.elements.map(\.id) == [below, other, moving, above], "turn \(turn)")
            try controller.markup.validate()
        }
        // And sent backward in turn as many times, the gap above the shape under both used up.
        for turn in 0..<60 {
            let (moving, other) = turn.isMultiple(of: 2) ? (b, a) : (a, b)
            controller.select([moving])
            try controller.sendSelectionBackward()
            #expect(controller.markup.elements.map(\.id) == [below, moving, other, above], "turn \(turn)")
            try controller.markup.validate()
        }
        for _ in 0..<120 { #expect(try controller.undo()) }
        #expect(controller.markup == drawn)
    }
}
