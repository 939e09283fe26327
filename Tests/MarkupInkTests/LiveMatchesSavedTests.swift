import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

/// What a page draws under the pen is what is saved: the live outline, finished, has exactly the
/// contours of the stroke it commits, for every ink (rough ones included, whose seed the first point
/// fixes), and the finished gesture's geometry is the saved stroke's, layers, opacities and textures included.
struct LiveMatchesSavedTests {
    /// The contours of one layer as a list of point arrays.
    static func contours(_ list: ContourList) -> [[Point]] {
        var start = 0
        return list.ends.map { end in
            defer { start = end }
            return Array(list.points[start..<end])
        }
    }

    @Test func theLiveOutlineIsTheSavedStroke() throws {
        for item in BrowserStroke.generate(count: 400, seed: 23) {
            var finished = [[[Point]]](), provisional = [[[Point]]]()
            let gesture = try item.draw { update in
                if finished.count < update.newlyFinished.count { finished += Array(repeating: [], count: update.newlyFinished.count - finished.count) }
                for (layer, list) in update.newlyFinished.enumerated() { finished[layer] += Self.contours(list) }
                provisional = update.provisional.map(Self.contours)
            }
            let saved = StrokeGeometry(stroke: try #require(gesture).stroke)
            // The server draws a just-drawn stroke's SVG from the gesture's outline: it must be the saved one whole.
            #expect(gesture?.geometry == saved, "\(item.ink): the finished gesture's geometry is not the saved stroke's")
            let live = finished.enumerated().map { layer, contours in contours + (layer < provisional.count ? provisional[layer] : []) }
            let expected = saved.layers.map { Self.contours($0.outline) }
            #expect(live == expected, "\(item.ink): \(live.map(\.count)) contours live, \(expected.map(\.count)) saved")
            if live != expected { return }
        }
    }
}
