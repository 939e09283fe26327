import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

struct StrokeSamplerTests {
    @Test(arguments: [
        ("x", InputSample(location: Point(x: .nan, y: 0), time: 0.1)),
        ("y", InputSample(location: Point(x: 0, y: .infinity), time: 0.1)),
        ("time", InputSample(location: Point(x: 1, y: 0), time: .nan)),
        ("force", InputSample(location: Point(x: 1, y: 0), time: 0.1, force: .nan)),
        ("azimuth", InputSample(location: Point(x: 1, y: 0), time: 0.1, azimuth: -.infinity)),
        ("altitude", InputSample(location: Point(x: 1, y: 0), time: 0.1, altitude: .nan)),
    ])
    func nonFiniteSamplesAreRefusedWhole(field: String, bad: InputSample) throws {
        var sampler = StrokeSampler(ink: Ink(.pen))
        try sampler.append([InputSample(location: .zero, time: 0, force: 1)])
        let before = sampler.points
        let batch = [InputSample(location: Point(x: 5, y: 5), time: 0.05, force: 1), bad]
        #expect(throws: InkError.nonFiniteValue(sampleIndex: 2, field: field)) { try sampler.append(batch) }
        #expect(sampler.points == before)
    }

    /// A batch is shaped and checked in one pass; a refused one must leave every part of the
    /// stroke's progress (smoothing, speed, simulated pressure) as it was.
    @Test(arguments: [PointerKind.pen, .mouse])
    func aRefusedBatchLeavesTheStrokeAsItWas(kind: PointerKind) throws {
        let path = InkFixtures.circle(center: Point(x: 50, y: 50), radius: 30, count: 120)
        let samples = InkFixtures.samples(path, force: kind == .pen ? 1.3 : nil, kind: kind)
        var bad = Array(samples[60..<90])
        bad[25].location.y = .nan
        var refused = StrokeSampler(ink: Ink(.pencil)), clean = StrokeSampler(ink: Ink(.pencil))
        try refused.append(Array(samples[..<60]))
        #expect(throws: InkError.nonFiniteValue(sampleIndex: 85, field: "y")) { try refused.append(bad) }
        try refused.append(Array(samples[60...]))
        refused.finish()
        try clean.append(Array(samples[..<60]))
        try clean.append(Array(samples[60...]))
        clean.finish()
        let differing = zip(refused.points, clean.points).filter { $0 != $1 }.count
        #expect(refused.points.count == clean.points.count && differing == 0, "\(differing) points differ")
    }

    /// Finite values whose sum is past the largest Double are not a reason to refuse a batch.
    @Test func hugeFiniteValuesAreTaken() throws {
        var sampler = StrokeSampler(ink: Ink(.pen))
        let far = Double.greatestFiniteMagnitude
        try sampler.append([InputSample(location: Point(x: far, y: far), time: 0, force: far),
                            InputSample(location: Point(x: -far, y: far / 2), time: far, force: 1)])
        sampler.finish()
        #expect(!sampler.points.isEmpty)
        #expect(sampler.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite && $0.size.width.isFinite })
    }

    @Test func timeRunningBackwardsIsRefused() throws {
        var sampler = StrokeSampler(ink: Ink(.pen))
        try sampler.append([InputSample(location: .zero, time: 1)])
        #expect(throws: InkError.timeWentBackwards(sampleIndex: 1, previous: 1, time: 0.5)) {
            try sampler.append([InputSample(location: Point(x: 9, y: 0), time: 0.5)])
        }
        #expect(sampler.points.count == 1)
    }

    @Test func duplicatesAndZeroTimeStepsAreHarmless() throws {
        var sampler = StrokeSampler(ink: Ink(.pen))
        var samples = [InputSample]()
        for index in 0..<40 {
            let location = Point(x: Double(index / 2) * 2, y: 0)
            samples.append(InputSample(location: location, time: Double(index / 4) / 240, force: 1))
        }
        try sampler.append(samples)
        sampler.finish()
        let points = sampler.points
        #expect(points.count > 5 && points.count < 25)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.location != $1.location && $0.timeOffset <= $1.timeOffset })
        #expect(points.allSatisfy { $0.size.width.isFinite && $0.size.width > 0 })
    }

    @Test func penDownJitterIsRemoved() throws {
        var sampler = StrokeSampler(ink: Ink(.pen))
        let jitter = (0..<10).map { InputSample(location: Point(x: 0.3 * Double($0 % 3), y: 0.2 * Double($0 % 2)), time: Double($0) / 240, force: 1) }
        try sampler.append(jitter)
        #expect(sampler.points.count == 1)
        sampler.finish()
        #expect(sampler.points.count == 1, "a tap stays a dot")
    }

    @Test func batchingDoesNotChangeThePoints() throws {
        let path = InkFixtures.circle(center: Point(x: 50, y: 50), radius: 30, count: 200)
        let samples = InkFixtures.samples(path, force: 1.3)
        var whole = StrokeSampler(ink: Ink(.fountainPen))
        try whole.append(samples)
        whole.finish()
        var pieces = StrokeSampler(ink: Ink(.fountainPen))
        var start = 0
        for size in [1, 7, 3, 50, 2, 60, 1000] where start < samples.count {
            try pieces.append(Array(samples[start..<min(start + size, samples.count)]))
            start += size
        }
        pieces.finish()
        #expect(pieces.points == whole.points)
    }

    @Test func widthGrowsMonotonicallyWithPressure() throws {
        var previous = 0.0
        for step in 0...20 {
            var sampler = StrokeSampler(ink: Ink(.pen, width: 4))
            try sampler.append(InkFixtures.samples(InkFixtures.line(from: .zero, to: Point(x: 40, y: 0), count: 40), force: Double(step) * 0.2))
            let width = sampler.points[10].size.width
            #expect(width >= previous, "force \(Double(step) * 0.2)")
            if step > 0 && step <= 10 { #expect(width > previous) }
            previous = width
        }
    }

    @Test func mouseInputGetsSimulatedPressureFromSpeed() throws {
        func meanForce(spacing: Double) throws -> Double {
            var sampler = StrokeSampler(ink: Ink(.pen))
            try sampler.append(InkFixtures.samples(InkFixtures.line(from: .zero, to: Point(x: spacing * 80, y: 0), count: 81), force: nil, kind: .mouse))
            let forces = sampler.points.dropFirst(20).map(\.force)
            return forces.reduce(0, +) / Double(forces.count)
        }
        let slow = try meanForce(spacing: 0.5), fast = try meanForce(spacing: 6)
        #expect(slow > fast)
        #expect(fast > 0)
    }

    @Test func pencilWidensWhenTilted() throws {
        func width(altitude: Double) throws -> Double {
            var sampler = StrokeSampler(ink: Ink(.pencil, width: 3))
            try sampler.append(InkFixtures.samples(InkFixtures.line(from: .zero, to: Point(x: 30, y: 0), count: 30), altitude: altitude))
            return sampler.points[10].size.width
        }
        #expect(try width(altitude: 0.3) > 1.5 * width(altitude: .pi / 2))
    }

    @Test func afterFinishMoreSamplesAreRefused() throws {
        var sampler = StrokeSampler(ink: Ink(.pen))
        try sampler.append([InputSample(location: .zero, time: 0)])
        sampler.finish()
        #expect(throws: InkError.strokeFinished) { try sampler.append([InputSample(location: .zero, time: 1)]) }
    }

    /// A batch with a value outside the ranges that rounding without clamps needs is made with
    /// every value clamped, as any other: each point is the clamping initializer's.
    @Test(arguments: [
        ("azimuth past a turn", InputSample(location: Point(x: 4, y: 0), time: 0.01, force: 1, azimuth: 7.5, altitude: 1)),
        ("negative azimuth", InputSample(location: Point(x: 4, y: 0), time: 0.01, force: 1, azimuth: -0.5, altitude: 1)),
        ("altitude past upright", InputSample(location: Point(x: 4, y: 0), time: 0.01, force: 1, azimuth: 1, altitude: 1.7)),
        ("force past the largest", InputSample(location: Point(x: 4, y: 0), time: 0.01, force: 90, azimuth: 1, altitude: 1)),
        ("negative force", InputSample(location: Point(x: 4, y: 0), time: 0.01, force: -1, azimuth: 1, altitude: 1)),
        ("a coordinate past the largest", InputSample(location: Point(x: 3e12, y: 0), time: 0.01, force: 1, azimuth: 1, altitude: 1)),
        ("a time past the longest", InputSample(location: Point(x: 4, y: 0), time: 2e6, force: 1, azimuth: 1, altitude: 1)),
    ])
    func valuesOutsideTheirRangesAreClamped(name: String, odd: InputSample) throws {
        let first = InputSample(location: .zero, time: 0, force: 1, azimuth: 1, altitude: 1)
        var sampler = StrokeSampler(ink: Ink(.pencil, width: 3))
        try sampler.append([first, odd])
        let point = try #require(sampler.points.last, "\(name)")
        let options = InkOptions.for(.pencil)
        let pressure = min(max(odd.force! / InkOptions.fullForce, 0), 1)
        let tilt = 1 - min(max(odd.altitude! * (2 / .pi), 0), 1)
        let factor = (options.pressureResponse.lowerBound + (options.pressureResponse.upperBound - options.pressureResponse.lowerBound)
            * pressure) * (1 + options.tiltWidening * tilt)
        let width = 3 * factor
        let keep = 1 - options.streamline
        let expected = StrokePoint(location: Point(x: odd.location.x * keep, y: odd.location.y * keep), timeOffset: odd.time,
                                   size: Size(width: width, height: width), opacity: min(1, 0.45 + 0.4 * odd.force!), force: odd.force!,
                                   azimuth: odd.azimuth!, altitude: odd.altitude!)
        #expect(point == expected, "\(name): \(point.steps) instead of \(expected.steps)")
    }

    /// Options whose widths can pass the largest size are shaped with clamps from the start: the
    /// width stops at the largest, as the clamping initializer has it.
    @Test func widthsPastTheLargestAreClamped() throws {
        var options = InkOptions.for(.monoline)
        options.pressureResponse = 3e6...3e6
        var sampler = StrokeSampler(ink: Ink(.monoline, width: 1), options: options)
        try sampler.append([InputSample(location: .zero, time: 0, force: 1), InputSample(location: Point(x: 5, y: 0), time: 0.01, force: 1)])
        let largest = StrokePoint(location: .zero, timeOffset: 0, size: Size(width: 3e6, height: 3e6)).size.width
        #expect(largest == PointQuantization.maximumSize)
        #expect(sampler.points.count == 2 && sampler.points.allSatisfy { $0.size.width == largest })
    }

    /// The points made from a fixed set of pens, touches and mice in every ink, as a digest: a change
    /// to the sampler that moves any point by one step, for any input, fails here.
    @Test func theSamplersPointsStayTheSame() throws {
        var random = SeededRandom(seed: 11)
        var digest: UInt64 = 14_695_981_039_346_656_037
        func mix(_ value: Int64) { digest = (digest ^ UInt64(bitPattern: value)) &* 1_099_511_628_211 }
        for index in 0..<240 {
            let ink = Ink(InkType.allCases[index % InkType.allCases.count], width: random.uniform(1...30))
            let kind = PointerKind.allCases[index % PointerKind.allCases.count]
            var sampler = StrokeSampler(ink: ink)
            var location = Point(x: random.uniform(-500...500), y: random.uniform(-500...500)), time = random.uniform(0...100)
            for _ in 0..<Int(random.uniform(1...12)) {
                var batch = [InputSample]()
                for _ in 0..<Int(random.uniform(0...30)) {
                    location = location + Point(x: random.gaussian(deviation: 3), y: random.gaussian(deviation: 3))
                    time += random.uniform(0...0.02)
                    batch.append(InputSample(location: location, time: time, force: kind == .mouse ? nil : random.uniform(0...4),
                                             azimuth: kind == .pen ? random.uniform(-7...7) : nil,
                                             altitude: kind == .pen ? random.uniform(0...1.6) : nil, pointerKind: kind))
                }
                try sampler.append(batch)
            }
            sampler.finish()
            for point in sampler.points {
                let steps = point.steps
                for value in [steps.x, steps.y, steps.time, steps.width, steps.height, steps.opacity, steps.force, steps.azimuth, steps.altitude] {
                    mix(value)
                }
            }
            mix(Int64(sampler.points.count))
        }
        #expect(digest == 7_140_901_821_616_198_012, "\(digest)")
    }
}
