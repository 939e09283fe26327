import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

/// The outlines of a fixed set of strokes in every ink, as a digest of every vertex's bits: a change
/// to the outliner that moves any vertex of any layer, whole or live, fails here.
struct OutlineDigestTests {
    @Test func theOutlinesStayTheSame() throws {
        var random = SeededRandom(seed: 23)
        var digest: UInt64 = 14_695_981_039_346_656_037
        func mix(_ value: UInt64) { digest = (digest ^ value) &* 1_099_511_628_211 }
        func mix(_ contours: ContourList) {
            for point in contours.points {
                mix(point.x.bitPattern)
                mix(point.y.bitPattern)
            }
            for end in contours.ends { mix(UInt64(end)) }
        }
        for index in 0..<320 {
            let ink = Ink(InkType.allCases[index % InkType.allCases.count], width: random.uniform(0.5...40))
            let transform = index % 5 == 0
                ? Transform2D(a: 1.2, b: 0.4, c: -0.3, d: 0.9, tx: random.uniform(-50...50), ty: 7) : .identity
            var sampler = StrokeSampler(ink: ink)
            var location = Point(x: random.uniform(-500...500), y: random.uniform(-500...500)), time = 0.0
            var heading = random.uniform(0...6.28)
            for _ in 0..<Int(random.uniform(1...40)) {
                heading += random.gaussian(deviation: index % 3 == 0 ? 1.2 : 0.3)
                let step = random.uniform(0...(index % 7 == 0 ? 0.3 : 6))
                location = location + Point(x: step * PortableMath.cos(heading), y: step * PortableMath.sin(heading))
                time += 1.0 / 240
                try sampler.append([InputSample(location: location, time: time, force: random.uniform(0...4),
                                                azimuth: random.uniform(0...6), altitude: random.uniform(0.2...1.57), pointerKind: .pen)])
            }
            sampler.finish()
            let stroke = Stroke(ink: ink, points: sampler.points, transform: transform, randomSeed: UInt32(index))
            for layer in StrokeGeometry(stroke: stroke).layers { mix(layer.outline) }
            // Live, in batches of a few points, with every update.
            var live = LiveStrokeOutline(ink: ink, transform: transform, randomSeed: UInt32(index))
            var start = 0
            while start < stroke.points.count {
                let end = min(stroke.points.count, start + Int(random.uniform(1...9)))
                live.append(stroke.points[start..<end])
                let update = live.takeUpdate()
                for list in update.newlyFinished + update.provisional { mix(list) }
                start = end
            }
            live.finish()
            for list in live.takeUpdate().newlyFinished { mix(list) }
        }
        #expect(digest == 17_721_899_114_347_807_725, "\(digest)")
    }
}
