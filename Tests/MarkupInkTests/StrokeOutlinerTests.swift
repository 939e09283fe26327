import Foundation
import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

struct StrokeOutlinerTests {
    static let canonical: [(String, [Point])] = [
        ("line", InkFixtures.line(from: Point(x: 10, y: 10), to: Point(x: 110, y: 10), count: 60)),
        ("circle", InkFixtures.circle(center: Point(x: 60, y: 60), radius: 40, count: 120)),
        ("zigzag", InkFixtures.zigzag(count: 8, width: 10, height: 30)),
        ("tap", [Point(x: 5, y: 5)]),
        ("jitter", (0..<50).map { Point(x: 20 + 0.01 * Double($0 % 3), y: 20 - 0.01 * Double($0 % 2)) }),
        ("enormous", InkFixtures.line(from: Point(x: 1e11, y: -1e11), to: Point(x: 1e11 + 80, y: -1e11 + 30), count: 40)),
        ("doubling back", InkFixtures.line(from: .zero, to: Point(x: 50, y: 0), count: 20) + InkFixtures.line(from: Point(x: 49, y: 0.5), to: Point(x: 0, y: 1), count: 20)),
    ]

    @Test(arguments: InkType.allCases)
    func canonicalInputsGiveSoundGeometry(type: InkType) {
        for (name, path) in Self.canonical {
            let stroke = InkFixtures.stroke(type, path, width: 6)
            let geometry = StrokeGeometry(stroke: stroke)
            #expect(InkFixtures.allFinite(geometry), "\(name)")
            #expect(!geometry.layers.isEmpty && geometry.layers.allSatisfy { !$0.contours.isEmpty }, "\(name)")
            for layer in geometry.layers {
                for contour in layer.contours {
                    #expect(contour.count >= 3, "\(name)")
                    #expect(PlaneGeometry.signedArea(contour) <= 0, "\(name): every contour adds to the union")
                }
                let dedupedPath = path.filter(\.isFinite)
                for point in dedupedPath where !(name == "enormous") {
                    #expect(InkFixtures.winding(layer.contours, around: point) != 0, "\(type) \(name): centre line at \(point) is inked")
                }
            }
            let bounds = geometry.bounds
            let centre = Rect.enclosing(path)!
            #expect(bounds.minX <= centre.minX && bounds.maxX >= centre.maxX && bounds.minY <= centre.minY && bounds.maxY >= centre.maxY, "\(name)")
        }
    }

    @Test func aStraightPenLineHasTheExpectedShape() {
        let geometry = StrokeGeometry(stroke: InkFixtures.stroke(.monoline, InkFixtures.line(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), count: 101), width: 10))
        let bounds = geometry.bounds
        #expect(abs(bounds.minY + 5) < 0.01 && abs(bounds.maxY - 5) < 0.01)
        #expect(bounds.minX < -4 && bounds.maxX > 104, "round caps")
        #expect(InkFixtures.winding(geometry.layers[0].contours, around: Point(x: 50, y: 4.9)) != 0)
        #expect(InkFixtures.winding(geometry.layers[0].contours, around: Point(x: 50, y: 5.1)) == 0)
    }

    /// The gallery's watercolor stroke is wide and starts with a hook: every layer inks the whole
    /// start, with no wedge bitten out of it (as a start taper on a brush this wide made).
    @Test func aWatercolorStrokeThatStartsWithAHookHasNoBite() throws {
        let stroke = try #require(GallerySample.make().elements.lazy.compactMap { element -> Stroke? in
            guard case .stroke(let stroke) = element.content, stroke.ink.type == .watercolor else { return nil }
            return stroke
        }.first)
        #expect(stroke.points[0].location == Point(x: 130, y: 312))
        for (index, layer) in StrokeGeometry(stroke: stroke).layers.enumerated() {
            // Within the core's radius of the stroke's second and third points, just past the start.
            for x in stride(from: 129.0, through: 134, by: 0.5) {
                for y in stride(from: 309.0, through: 312.5, by: 0.5) {
                    #expect(InkFixtures.winding(layer.contours, around: Point(x: x, y: y)) != 0, "layer \(index) leaves (\(x), \(y)) bare")
                }
            }
        }
    }

    @Test func aTapIsARoundDot() {
        let geometry = StrokeGeometry(stroke: InkFixtures.stroke(.pen, [Point(x: 10, y: 10)], width: 8))
        #expect(geometry.layers[0].contours.count == 1)
        for vertex in geometry.layers[0].contours[0] {
            #expect(abs(vertex.distance(to: Point(x: 10, y: 10)) - 4) < 1e-9)
        }
    }

    @Test func sharpCornersAreFilledWithoutHoles() {
        let path = InkFixtures.zigzag(count: 6, width: 4, height: 40)
        for (type, narrowestRadius) in [(InkType.pen, 7.0), (.marker, 7 * 0.35), (.fountainPen, 7 * 0.3)] {
            let geometry = StrokeGeometry(stroke: InkFixtures.stroke(type, path, width: 14))
            let contours = geometry.layers.last!.contours
            #expect(contours.count > 6, "the band is cut at the corners")
            let reach = narrowestRadius * 0.9
            for point in path.dropFirst(4).dropLast(4) {
                for step in 0..<16 {
                    let angle = Double(step) * .pi / 8
                    let probe = point + Point(x: cos(angle), y: sin(angle)) * reach
                    #expect(InkFixtures.winding(contours, around: probe) != 0, "\(type) at \(probe) near \(point)")
                }
            }
        }
    }

    @Test(arguments: [InkType.pen, .monoline, .marker, .watercolor])
    func curlsTighterThanTheNibHaveNoHoles(type: InkType) {
        let curl = InkFixtures.circle(center: Point(x: 50, y: 50), radius: 5, count: 40)
            + InkFixtures.circle(center: Point(x: 50, y: 50), radius: 9, count: 60).dropFirst()
        let stroke = InkFixtures.stroke(type, curl, width: 14)
        let contours = StrokeGeometry(stroke: stroke).layers.last!.contours
        let reach = type == .marker ? 7 * 0.35 * 0.9 : 6.3
        for point in curl.dropFirst(6).dropLast(12) {
            for step in 0..<12 {
                let angle = Double(step) * .pi / 6
                let probe = point + Point(x: cos(angle), y: sin(angle)) * reach
                #expect(InkFixtures.winding(contours, around: probe) != 0, "\(type) at \(probe)")
            }
        }
        if type != .marker {
            #expect(InkFixtures.winding(contours, around: Point(x: 50, y: 50)) != 0, "the nib covers the curl's centre")
        }
    }

    @Test func endTaperNarrowsTheEnd() {
        let path = InkFixtures.line(from: .zero, to: Point(x: 100, y: 0), count: 200)
        let contours = StrokeGeometry(stroke: InkFixtures.stroke(.pen, path, width: 10)).layers[0].contours
        #expect(InkFixtures.winding(contours, around: Point(x: 50, y: 4.5)) != 0)
        #expect(InkFixtures.winding(contours, around: Point(x: 99.5, y: 3)) == 0, "pen's end taper")
        let pencil = StrokeGeometry(stroke: InkFixtures.stroke(.pencil, path, width: 10)).layers[0].contours
        #expect(InkFixtures.winding(pencil, around: Point(x: 0.3, y: 4)) == 0, "pencil's start taper")
        #expect(InkFixtures.winding(pencil, around: Point(x: 50, y: 4.5)) != 0)
    }

    /// A stroke sampled sparsely (as another app's file may hold it) narrows over its tapers, not over
    /// its whole first or last segment: no needle at either end.
    @Test func sparseStrokesTaperOnlyOverTheTaper() {
        let path = [Point.zero, Point(x: 50, y: 0), Point(x: 100, y: 0)]
        let pen = StrokeGeometry(stroke: InkFixtures.stroke(.pen, path, width: 10)).layers[0].contours
        #expect(InkFixtures.winding(pen, around: Point(x: 90, y: 4.5)) != 0, "full width 10 points before the end")
        #expect(InkFixtures.winding(pen, around: Point(x: 99.5, y: 3)) == 0, "pen's end taper")
        let pencil = StrokeGeometry(stroke: InkFixtures.stroke(.pencil, path, width: 10)).layers[0].contours
        #expect(InkFixtures.winding(pencil, around: Point(x: 10, y: 4.5)) != 0, "full width 10 points after the start")
        #expect(InkFixtures.winding(pencil, around: Point(x: 0.3, y: 4)) == 0, "pencil's start taper")
        // Built live, in batches of every size, it is the same: the pencil's start marks as they
        // come, and the pen's end marks once the outliner has gone ahead (a longer stroke).
        let long = (0...8).map { Point(x: Double($0) * 30, y: Double($0 % 2) * 12) }
        for (type, points) in [(InkType.pencil, path), (.pen, long), (.fountainPen, long)] {
            let stroke = InkFixtures.stroke(type, points, width: 10)
            let whole = StrokeGeometry(stroke: stroke)
            for batch in 1...3 {
                var live = LiveStrokeOutline(ink: stroke.ink, randomSeed: stroke.randomSeed)
                var start = 0
                while start < stroke.points.count {
                    live.append(stroke.points[start..<min(start + batch, stroke.points.count)])
                    _ = live.takeUpdate()
                    start += batch
                }
                live.finish()
                #expect(live.geometry == whole, "\(type), batches of \(batch)")
            }
        }
    }

    @Test func fountainPenWidthFollowsDirection() {
        func height(of path: [Point]) -> Double {
            let bounds = StrokeGeometry(stroke: InkFixtures.stroke(.fountainPen, path, width: 12)).bounds
            let centre = Rect.enclosing(path)!
            return bounds.width - centre.width + bounds.height - centre.height
        }
        let alongNib = height(of: InkFixtures.line(from: .zero, to: Point(x: 60, y: -60), count: 60))
        let acrossNib = height(of: InkFixtures.line(from: .zero, to: Point(x: 60, y: 60), count: 60))
        #expect(acrossNib > 1.5 * alongNib)
    }

    @Test func noNaNForRandomValidStrokes() {
        var random = SeededRandom(seed: 31)
        for round in 0..<300 {
            let type = InkType.allCases[round % InkType.allCases.count]
            let count = 1 + Int(random.next() % 80)
            let scale = [0.001, 1, 1000, 1e7][Int(random.next() % 4)]
            let points = (0..<count).map { index in
                StrokePoint(location: Point(x: random.uniform(-1...1) * scale, y: random.uniform(-1...1) * scale),
                            timeOffset: Double(index) / 240, size: Size(width: random.uniform(0...30), height: random.uniform(0...30)),
                            force: random.uniform(0...4), azimuth: random.uniform(0...6), altitude: random.uniform(0...1.5))
            }
            let transform = random.unit() < 0.5 ? Transform2D.identity : Transform2D(rotationRadians: random.uniform(-3...3))
                .concatenating(Transform2D(scaleX: random.uniform(0.1...5), y: random.uniform(0.1...5)))
            let stroke = Stroke(ink: Ink(type, width: random.uniform(0...50)), points: points, transform: transform,
                                randomSeed: UInt32(truncatingIfNeeded: random.next()))
            #expect(InkFixtures.allFinite(StrokeGeometry(stroke: stroke)), "round \(round)")
        }
    }

    @Test(arguments: InkType.allCases)
    func incrementalBuildEqualsBatchBuild(type: InkType) {
        var generator = HandwritingGenerator(.init(strokes: 12, seed: UInt64(type.hashValue & 0xFFFF)))
        let strokes = generator.generate().elements.compactMap { element -> Stroke? in
            if case .stroke(var stroke) = element.content {
                stroke.ink = Ink(type, color: stroke.ink.color, width: stroke.ink.width)
                return stroke
            }
            return nil
        } + [InkFixtures.stroke(type, InkFixtures.zigzag(count: 30, width: 3, height: 20), width: 9)]
        var random = SeededRandom(seed: 5)
        for stroke in strokes {
            let batch = StrokeGeometry(stroke: stroke)
            var live = LiveStrokeOutline(ink: stroke.ink, transform: stroke.transform, randomSeed: stroke.randomSeed)
            var start = 0
            var finished = Array(repeating: ContourList(), count: batch.layers.count)
            while start < stroke.points.count {
                let end = min(stroke.points.count, start + 1 + Int(random.next() % 9))
                live.append(stroke.points[start..<end])
                let update = live.takeUpdate()
                for layer in finished.indices { finished[layer].append(contentsOf: update.newlyFinished[layer]) }
                start = end
            }
            live.finish()
            let last = live.takeUpdate()
            for layer in finished.indices { finished[layer].append(contentsOf: last.newlyFinished[layer]) }
            #expect(live.geometry == batch)
            #expect(finished == batch.layers.map(\.outline), "updates add up to the whole")
            #expect(last.provisional.allSatisfy { $0.isEmpty })
        }
    }

    @Test func liveUpdatesStaySmallOnLongStrokes() {
        let path = (0..<5000).map { Point(x: Double($0) * 0.8, y: 20 * sin(Double($0) / 40)) }
        let points = InkFixtures.points(path, width: 4)
        var live = LiveStrokeOutline(ink: Ink(.pen, width: 4))
        var largest = 0
        for index in points.indices {
            live.append(points[index...index])
            let update = live.takeUpdate()
            let size = (update.newlyFinished + update.provisional).reduce(0) { $0 + $1.points.count }
            if index > 100 { largest = max(largest, size) }
        }
        #expect(largest < 400, "an update carries a chunk and the tail, never the whole stroke")
    }

    @Test func markerIsOneLayerOfUnitedContours() {
        let loop = InkFixtures.circle(center: Point(x: 30, y: 30), radius: 10, count: 60) + InkFixtures.line(from: Point(x: 40, y: 30), to: Point(x: 80, y: 30), count: 20)
        let geometry = StrokeGeometry(stroke: InkFixtures.stroke(.marker, loop, width: 12))
        #expect(geometry.layers.count == 1)
        #expect(geometry.layers[0].opacity < 1)
    }
}
