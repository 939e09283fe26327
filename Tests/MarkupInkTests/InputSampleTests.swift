import MarkupInk
import MarkupModel
import Testing

struct InputSampleTests {
    @Test func optionalValuesReadBackAsTheyWereSet() {
        var sample = InputSample(location: Point(x: 1, y: 2), time: 3, force: 0.5, azimuth: -1, altitude: 0.25, pointerKind: .touch)
        #expect(sample.force == 0.5 && sample.azimuth == -1 && sample.altitude == 0.25)
        sample.force = nil
        sample.altitude = nil
        #expect(sample.force == nil && sample.azimuth == -1 && sample.altitude == nil)
        sample.altitude = .pi / 2
        #expect(sample.altitude == .pi / 2)
    }

    /// A value set and taken away again leaves the sample equal, and hashing alike, to one that never had it.
    @Test func aValueTakenAwayLeavesNoTrace() {
        var sample = InputSample(location: .zero, time: 0, force: 7, azimuth: 2, altitude: 1)
        (sample.force, sample.azimuth, sample.altitude) = (nil, nil, nil)
        let plain = InputSample(location: .zero, time: 0)
        #expect(sample == plain)
        #expect(Set([sample, plain]).count == 1)
        #expect(InputSample(location: .zero, time: 0, force: 0) != plain, "a reported zero is not a missing value")
    }

    /// Three optional Doubles would take 72 bytes a sample; a recorded stroke set is mostly samples.
    @Test func aSampleTakesFiftySixBytes() {
        #expect(MemoryLayout<InputSample>.stride == 56)
    }
}
