import MarkupModel
import MarkupTestSupport
import Testing

struct StrokePointTests {
    @Test func valuesSnapToTheStoredGrid() {
        let point = StrokePoint(location: Point(x: 10.003, y: -3.3), timeOffset: 0.0123, size: Size(width: 2.01, height: 2),
                                opacity: 0.5, force: 1.234, azimuth: 1, altitude: 1)
        #expect(point.location.x * PointQuantization.locationStepsPerPoint == (point.location.x * 64).rounded())
        #expect(abs(point.location.x - 10.003) <= 0.5 / PointQuantization.locationStepsPerPoint)
        #expect(abs(point.force - 1.234) <= 0.5 / PointQuantization.forceSteps)
        #expect(abs(point.timeOffset - 0.0123) <= 0.5 / PointQuantization.timeStepsPerSecond)
    }

    @Test func stepsRoundHalfToEvenAtEveryMagnitude() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52 + 1, 0x1p60, -0x1p60, 4503599627370495.5]
        var random = SeededRandom(seed: 3)
        for _ in 0..<5000 {
            let magnitude = Double(sign: .plus, exponent: Int(random.uniform(-10...62)), significand: 1)
            values.append(random.uniform(-1...1) * magnitude)
            values.append((random.uniform(-1e6...1e6)).rounded() + 0.5)
        }
        for value in values {
            let expected = Int64(value.rounded(.toNearestOrEven))
            #expect(PointQuantization.steps(value, stepsPerUnit: 1, limit: 0x1p62) == expected, "\(value)")
        }
        #expect(PointQuantization.steps(.nan, stepsPerUnit: 64, limit: 10) == 0)
        #expect(PointQuantization.steps(-.infinity, stepsPerUnit: 64, limit: 10) == -640)
    }

    /// For values in their ranges, the initializer without clamps makes the point the clamping one
    /// makes, bit for bit, ends of the ranges and exact ties included.
    @Test func theInRangePointIsTheClampedPoint() {
        typealias Q = PointQuantization
        var random = SeededRandom(seed: 17)
        func value(in range: ClosedRange<Double>, stepsPerUnit: Double) -> Double {
            switch Int(random.uniform(0...5)) {
            case 0: range.lowerBound
            case 1: range.upperBound
            case 2: min(((random.uniform(range) * stepsPerUnit).rounded(.down) + 0.5) / stepsPerUnit, range.upperBound)
            default: random.uniform(range)
            }
        }
        func scale(upTo halvings: Double) -> Double { Double(sign: .plus, exponent: -Int(random.uniform(0...halvings)), significand: 1) }
        var checked = 0
        for _ in 0..<100_000 {
            let coordinate = Q.maximumCoordinate * scale(upTo: 45)
            let location = Point(x: value(in: -coordinate...coordinate, stepsPerUnit: 64), y: value(in: -coordinate...coordinate, stepsPerUnit: 64))
            let time = value(in: 0...Q.maximumTimeOffset * scale(upTo: 30), stepsPerUnit: Q.timeStepsPerSecond)
            let width = value(in: 0...Q.maximumSize * scale(upTo: 25), stepsPerUnit: 64)
            let opacity = value(in: 0...1, stepsPerUnit: Q.opacitySteps), force = value(in: 0...Q.maximumForce, stepsPerUnit: Q.forceSteps)
            let azimuth = value(in: 0...2 * .pi, stepsPerUnit: Q.angleStepsPerRadian)
            let altitude = value(in: 0...(.pi / 2), stepsPerUnit: Q.angleStepsPerRadian)
            let clamped = StrokePoint(location: location, timeOffset: time, size: Size(width: width, height: width), opacity: opacity,
                                      force: force, azimuth: azimuth, altitude: altitude)
            let inRange = StrokePoint(inRange: location, timeOffset: time, width: width, opacity: opacity, force: force,
                                      azimuth: azimuth, altitude: altitude)
            #expect(inRange == clamped, "\(location) \(time) \(width) \(opacity) \(force) \(azimuth) \(altitude)")
            if inRange != clamped { return }
            checked += 1
        }
        let zeros = StrokePoint(inRange: Point(x: -0.0, y: 0), timeOffset: 0, width: -0.0, opacity: 0, force: -0.0, azimuth: -0.0,
                                altitude: -0.0)
        #expect(zeros == StrokePoint(location: Point(x: -0.0, y: 0), timeOffset: 0, size: .zero, opacity: 0, force: 0, azimuth: 0, altitude: 0))
        #expect(checked == 100_000)
    }

    /// Every range a point stores is rounded by an addition (below 2^51 steps), wider ones by the
    /// standard library: both must give what the standard rounding gives.
    @Test func stepsRoundHalfToEvenInEveryPointAttributesRange() {
        typealias Q = PointQuantization
        let ranges: [(stepsPerUnit: Double, limit: Double)] = [
            (Q.locationStepsPerPoint, Q.maximumCoordinate), (Q.timeStepsPerSecond, Q.maximumTimeOffset),
            (Q.locationStepsPerPoint, Q.maximumSize), (Q.forceSteps, Q.maximumForce), (Q.opacitySteps, 1),
            (Q.angleStepsPerRadian, .pi), (1, 0x1p51), (1, 0x1p51 + 2),
        ]
        var random = SeededRandom(seed: 11)
        for (stepsPerUnit, limit) in ranges {
            var values: [Double] = [0, -0.0, limit, -limit, limit.nextUp, -limit.nextUp, 1e300, -.infinity,
                                    0.5 / stepsPerUnit, -1.5 / stepsPerUnit, 0.49999999999999994 / stepsPerUnit]
            for _ in 0..<20_000 {
                let magnitude = Double(sign: .plus, exponent: Int(random.uniform(-12...52)), significand: 1)
                values.append(random.uniform(-1...1) * min(magnitude, limit))
                let steps = (random.uniform(-1...1) * min(limit * stepsPerUnit, 0x1p50)).rounded(.down)
                values.append((steps + 0.5) / stepsPerUnit)
            }
            for value in values {
                let scaled = min(max(value, -limit), limit) * stepsPerUnit
                let expected = Int64(scaled.rounded(.toNearestOrEven))
                let steps = PointQuantization.steps(value, stepsPerUnit: stepsPerUnit, limit: limit)
                #expect(steps == expected, "\(value) at \(stepsPerUnit) steps a unit, limit \(limit)")
                if steps != expected { return }
            }
        }
    }

    /// The values most points share skip rounding: they must snap to the steps rounding gives.
    @Test func sharedValuesSnapAsRoundingWould() {
        typealias Q = PointQuantization
        let point = StrokePoint(location: .zero, timeOffset: 0, size: Size(width: 2.3, height: 2.3), opacity: 1, azimuth: 0, altitude: .pi / 2)
        let steps = point.steps
        #expect(steps.height == steps.width && steps.width == Q.steps(2.3, stepsPerUnit: Q.locationStepsPerPoint, limit: Q.maximumSize))
        #expect(steps.opacity == Q.steps(1, stepsPerUnit: Q.opacitySteps, limit: 1))
        #expect(steps.azimuth == Q.azimuthSteps(0))
        #expect(steps.altitude == Q.steps(.pi / 2, stepsPerUnit: Q.angleStepsPerRadian, limit: .pi))
    }

    /// Values that cannot be negative are clamped with one comparison with zero, and altitude is
    /// clamped to π/2 before rounding: the same steps as clamping at zero and rounding first.
    @Test func nonNegativeValuesSnapAsClampingThenRoundingWould() {
        typealias Q = PointQuantization
        var random = SeededRandom(seed: 12)
        var values: [Double] = [.nan, -.infinity, .infinity, -0.0, 0, -1e-300, 1e300, .pi / 2, (.pi / 2).nextUp, 401.5 / 256, 402.5 / 256]
        for _ in 0..<20_000 {
            values.append(random.uniform(-2...4))
            values.append((random.uniform(-50...800)).rounded(.down) / 256 + 0.5 / 256)
        }
        let ranges: [(stepsPerUnit: Double, limit: Double)] = [
            (Q.locationStepsPerPoint, Q.maximumSize), (Q.timeStepsPerSecond, Q.maximumTimeOffset), (Q.forceSteps, Q.maximumForce),
            (Q.opacitySteps, 1),
        ]
        for value in values {
            for (stepsPerUnit, limit) in ranges {
                let expected = Q.steps(value.isNaN ? 0 : max(value, 0), stepsPerUnit: stepsPerUnit, limit: limit)
                #expect(Q.nonNegativeSteps(value, stepsPerUnit: stepsPerUnit, limit: limit) == expected, "\(value)")
            }
            let altitude = StrokePoint(location: .zero, timeOffset: 0, size: .zero, altitude: value).steps.altitude
            let rounded = Q.steps(value, stepsPerUnit: Q.angleStepsPerRadian, limit: .pi)
            #expect(altitude == (value == .pi / 2 ? Q.maximumAltitudeSteps : min(max(rounded, 0), Q.maximumAltitudeSteps)), "\(value)")
        }
    }

    @Test func snappingIsIdempotent() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let point = StrokePoint(
                location: Point(x: random.uniform(-1e6...1e6), y: random.uniform(-1e6...1e6)), timeOffset: random.uniform(0...100),
                size: Size(width: random.uniform(0...50), height: random.uniform(0...50)), opacity: random.uniform(-1...2),
                force: random.uniform(-1...10), azimuth: random.uniform(-20...20), altitude: random.uniform(-1...3))
            let again = StrokePoint(location: point.location, timeOffset: point.timeOffset, size: point.size, opacity: point.opacity,
                                    force: point.force, azimuth: point.azimuth, altitude: point.altitude)
            #expect(again == point)
            #expect(StrokePoint(steps: point.steps) == point)
        }
    }

    @Test func nonFiniteValuesBecomeValidOnes() {
        let point = StrokePoint(location: Point(x: .nan, y: .infinity), timeOffset: -.infinity, size: Size(width: .nan, height: -3),
                                opacity: .nan, force: .infinity, azimuth: .nan, altitude: .infinity)
        #expect(point.location.x == 0)
        #expect(point.location.y == PointQuantization.maximumCoordinate)
        #expect(point.timeOffset == 0)
        #expect(point.size == .zero)
        #expect(point.force == PointQuantization.maximumForce)
        #expect(point.altitude == Double(PointQuantization.maximumAltitudeSteps) / PointQuantization.angleStepsPerRadian)
        #expect(point.steps.isValid)
    }

    @Test func theAngleLimitsAreATurnAndAQuarterTurnInSteps() {
        #expect(PointQuantization.azimuthPeriodSteps == Int64((2 * Double.pi * PointQuantization.angleStepsPerRadian).rounded()))
        #expect(PointQuantization.maximumAltitudeSteps == Int64((Double.pi / 2 * PointQuantization.angleStepsPerRadian).rounded()))
    }

    @Test func azimuthWrapsIntoOneTurn() {
        let point = StrokePoint(location: .zero, timeOffset: 0, size: .zero, azimuth: -0.5)
        #expect(abs(point.azimuth - (2 * .pi - 0.5)) < 0.01)
        #expect(point.azimuth >= 0 && point.azimuth < 2 * .pi)
    }

    @Test func stepsOutOfRangeAreRejected() {
        let valid = StrokePoint(location: .zero, timeOffset: 0, size: .zero).steps
        var negativeForce = valid
        negativeForce.force = -1
        var hugeX = valid
        hugeX.x = .max
        var azimuthPastATurn = valid
        azimuthPastATurn.azimuth = PointQuantization.azimuthPeriodSteps
        for steps in [negativeForce, hugeX, azimuthPastATurn] {
            #expect(StrokePoint(steps: steps) == nil)
        }
    }

    /// Points made from columns of steps are the points `init?(steps:)` makes one by one, and the
    /// first point with a value out of range is named, counted from the first asked for.
    @Test func pointsFromColumnsAreThePointsOfTheirSteps() throws {
        let steps = (0..<40).map { (index: Int) -> StrokePoint.Steps in
            let at = Double(index)
            let location = Point(x: at * 1.7 - 20, y: at * at / 3)
            let size = Size(width: 2 + Double(index % 5), height: 3)
            return StrokePoint(location: location, timeOffset: at / 240, size: size, opacity: Double(index % 4) / 3,
                               force: at / 20, azimuth: at / 7, altitude: Double(index % 8) / 5).steps
        }
        let attributes: [(StrokePoint.Steps) -> Int64] = [
            { $0.x }, { $0.y }, { $0.time }, { $0.width }, { $0.height }, { $0.opacity }, { $0.force }, { $0.azimuth }, { $0.altitude },
        ]
        var columns = attributes.flatMap { attribute in steps.map(attribute) }
        func points(start: Int, count: Int) throws(StrokePoint.StepsOutOfRange) -> [StrokePoint] {
            try columns.withUnsafeBufferPointer { (all) throws(StrokePoint.StepsOutOfRange) in
                let column = { (attribute: Int) in all.baseAddress! + attribute * steps.count }
                return try StrokePoint.points(from: StrokePoint.StepColumns(
                    x: column(0), y: column(1), time: column(2), width: column(3), height: column(4), opacity: column(5),
                    force: column(6), azimuth: column(7), altitude: column(8)), start: start, count: count)
            }
        }
        #expect(try points(start: 5, count: 30) == steps[5..<35].map { StrokePoint(steps: $0)! })
        #expect(try points(start: 0, count: 0).isEmpty)
        for (column, bad) in [(6, Int64(-1)), (0, .max), (7, PointQuantization.azimuthPeriodSteps), (8, -1), (2, -1)] {
            let at = column * steps.count + 17
            let kept = columns[at]
            columns[at] = bad
            #expect(throws: StrokePoint.StepsOutOfRange(index: 7)) { try points(start: 10, count: 20) }
            #expect(try points(start: 18, count: 20).count == 20)
            columns[at] = kept
        }
    }
}
