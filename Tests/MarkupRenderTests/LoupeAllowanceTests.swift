import Foundation
import MarkupModel
@testable import MarkupRender
import MarkupTestSupport
import Testing

/// Loupes draw what lies below them again, within an allowance a render: past it a loupe shows its
/// background and rim alone, so a file of thousands of loupes over thousands of elements cannot hold
/// a render (an import's thumbnail, an export) for minutes.
struct LoupeAllowanceTests {
    @Test func loupesPastTheAllowanceShowTheirBackgroundAlone() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 420))
        markup.insert(.shape(Shape(configuration: .rectangle, fillColor: .black)), frame: Rect(x: 0, y: 0, width: 400, height: 420))
        let count = LoupeAllowance.loupes + 1
        var centers = [Point]()
        for index in 0..<count {
            let frame = Rect(x: Double(index % 16) * 24 + 4, y: Double(index / 16) * 24 + 4, width: 20, height: 20)
            markup.insert(.loupe(Loupe(magnification: 2)), frame: frame)
            centers.append(frame.center)
        }
        let pixels = try Pixels(markup, width: 400, height: 420)
        let first = try #require(centers.first), last = try #require(centers.last)
        #expect(pixels.matches(x: Int(first.x), y: Int(first.y), "#000000", tolerance: 16), "the first loupes magnify what is below")
        #expect(pixels.matches(x: Int(last.x), y: Int(last.y), "#ffffff", tolerance: 16), "one past the allowance shows its background")
    }

    /// A loupe with more below it than one loupe may draw shows none of it, not a part.
    @Test func aLoupeOverTooMuchShowsItsBackgroundAlone() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        for _ in 0...LoupeAllowance.elementsPerLoupe {
            markup.insert(.shape(Shape(configuration: .rectangle, fillColor: .black)), frame: Rect(x: 40, y: 40, width: 20, height: 20))
        }
        markup.insert(.loupe(Loupe(magnification: 2)), frame: Rect(x: 30, y: 30, width: 40, height: 40))
        let pixels = try Pixels(markup, width: 100, height: 100)
        #expect(pixels.matches(x: 50, y: 50, "#ffffff", tolerance: 16))
        #expect(pixels.matches(x: 5, y: 5, "#ffffff", tolerance: 16))
    }
}
