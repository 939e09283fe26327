import MarkupCore
import MarkupInk
import MarkupModel
import Testing

/// How strongly pressure sets the width, as a person sets it for their pen: none (every width
/// alike), the ink's own response, or a wider spread.
struct PressureSensitivityTests {
    @Test func theResponseSpreadsAroundANormalTouch() {
        let pen = InkOptions.for(.pen)
        #expect(pen.withPressureSensitivity(1).pressureResponse == pen.pressureResponse)
        #expect(pen.withPressureSensitivity(0).pressureResponse == 1...1)
        let strong = pen.withPressureSensitivity(2).pressureResponse
        #expect(abs(strong.upperBound - (1 + 2 * (pen.pressureResponse.upperBound - 1))) < 1e-12)
        #expect(strong.lowerBound == 0.1, "never below a tenth")
        // Past the range, or not a number: held to it, or the ink's own.
        #expect(pen.withPressureSensitivity(9) == pen.withPressureSensitivity(2))
        #expect(pen.withPressureSensitivity(-1) == pen.withPressureSensitivity(0))
        #expect(pen.withPressureSensitivity(.nan) == pen)
        #expect(InkOptions.for(.marker).withPressureSensitivity(2).pressureResponse == 1...1, "an ink without a response gains none")
    }

    /// A pen pressed lightly then hard at one speed: with no sensitivity the harder half is no
    /// wider than the lighter (only speed thins the pen); with more, the widths spread further than
    /// the ink's own.
    @Test func aStrokesWidthsFollowTheSensitivity() throws {
        let samples = (0..<60).map { index in
            InputSample(location: Point(x: Double(index) * 4, y: 100), time: Double(index) / 240, force: 0.2 + 1.6 * Double(index) / 59, pointerKind: .pen)
        }
        func widths(_ sensitivity: Double) throws -> [Double] {
            var gesture = try InkGesture(ink: Ink(.pen, width: 4), samples: samples, pressureSensitivity: sensitivity)
            _ = try gesture.append([], ending: true)
            return gesture.stroke.points.map(\.size.width)
        }
        let flat = try widths(0), own = try widths(1), strong = try widths(1.6)
        let halves = { (widths: [Double]) -> Double in
            let middle = widths.count / 2
            return widths[middle...].reduce(0, +) / Double(widths.count - middle) - widths[1..<middle].reduce(0, +) / Double(middle - 1)
        }
        #expect(abs(halves(flat)) < 0.01 && halves(own) > 1, "\(halves(flat)) \(halves(own))")
        let spread = { (widths: [Double]) in widths.max()! - widths.min()! }
        #expect(spread(own) > 1 && spread(strong) > spread(own) * 1.4, "\(spread(own)) \(spread(strong))")
    }
}
