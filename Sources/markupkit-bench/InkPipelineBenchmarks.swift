import Foundation
import MarkupInk
import MarkupModel

/// What a pen app does per stroke, on one core: raw samples through `StrokeSampler` (validation,
/// smoothing, sizes) and then the outline, every ink in turn; against the outline alone of the same
/// sampled strokes. Both rates count the input samples, so their ratio is the share of the whole
/// pipeline the outline takes. The strokes are the generated document's first 2,000,000 points
/// replayed as pen samples, or those of `--ink-json`.
struct InkPipelineBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument
    let jsonPath: String?

    let caseNames = ["ink.pipeline.pointsPerSecond", "ink.pipeline.outlineAlone.pointsPerSecond", "ink.pipeline.samplingAlone.pointsPerSecond",
                     "ink.pipeline.ratio"]

    static let generatedSamples = 2_000_000
    /// How many times each side runs; the fastest run of each gives its rate.
    static let rounds = 7

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let strokes = try jsonPath.map(Self.strokes(fromJSONAt:)) ?? generatedStrokes()
        let inks = InkType.allCases
        let count = Double(strokes.reduce(0) { $0 + $1.count })
        var sampled = [Stroke](), outlined = [Stroke]()
        // The strokes a round made are kept (as an app keeps them) and let go before the next round's
        // timer starts.
        func runPipeline(outlining: Bool = true) throws {
            for (index, samples) in strokes.enumerated() {
                var sampler = StrokeSampler(ink: Ink(inks[index % inks.count], width: 4))
                try sampler.append(samples)
                sampler.finish()
                let stroke = Stroke(ink: sampler.ink, points: sampler.points, randomSeed: UInt32(truncatingIfNeeded: index))
                if outlining { _ = StrokeGeometry(stroke: stroke) }
                sampled.append(stroke)
            }
        }
        // The outline side's strokes, and a round of the pipeline before the timed ones: each timed
        // round then makes its strokes in memory the process already has, as the outline side's
        // rounds do. Before, the first two rounds of the pipeline also faulted in 80 MB of fresh
        // memory each (0.31–0.34 s against 0.14–0.15 s for the others on the 2-core AMD machine),
        // which the outline side never does.
        try runPipeline(outlining: false)
        outlined = sampled
        sampled = []
        try runPipeline()
        // The two alternate, so that the machine's changing load falls on both alike; the ratio is
        // the median of each round's, both of its sides timed within the same second.
        var pipeline = Double.infinity, outline = Double.infinity, sampling = Double.infinity, ratios = [Double]()
        for _ in 0..<Self.rounds {
            sampled.removeAll(keepingCapacity: true)
            let pipelineRound = try Clock.seconds { try runPipeline() }
            let outlineRound = Clock.seconds { for stroke in outlined { _ = StrokeGeometry(stroke: stroke) } }
            (pipeline, outline) = (min(pipeline, pipelineRound), min(outline, outlineRound))
            ratios.append(outlineRound / pipelineRound)
            if filter("ink.pipeline.samplingAlone.pointsPerSecond") {
                sampled.removeAll(keepingCapacity: true)
                sampling = min(sampling, try Clock.seconds { try runPipeline(outlining: false) })
            }
        }
        let unit = "input points/s, one core (\(Int(count)) samples in \(strokes.count) strokes)"
        return [
            Measurement(name: "ink.pipeline.pointsPerSecond", value: count / pipeline, unit: unit),
            Measurement(name: "ink.pipeline.outlineAlone.pointsPerSecond", value: count / outline, unit: unit),
            Measurement(name: "ink.pipeline.samplingAlone.pointsPerSecond", value: count / sampling, unit: unit),
            Measurement(name: "ink.pipeline.ratio", value: ratios.sorted()[ratios.count / 2],
                        unit: "whole pipeline's rate / the outline's alone, median of \(Self.rounds) rounds (goal ≥ 0.8)"),
        ].filter { filter($0.name) }
    }

    /// The generated document's strokes, their points replayed as the pen samples that made them.
    private func generatedStrokes() -> [[InputSample]] {
        var strokes = [[InputSample]](), total = 0
        for element in document.markup.elements where total < Self.generatedSamples {
            guard case .stroke(let stroke) = element.content else { continue }
            strokes.append(stroke.points.map { point in
                InputSample(location: point.location, time: point.timeOffset, force: point.force, azimuth: point.azimuth,
                            altitude: point.altitude, pointerKind: .pen)
            })
            total += stroke.points.count
        }
        return strokes
    }

    /// `[[[x, y, pressure], …], …]` at 240 Hz; pressure 0…1 becomes force 0…2 (1 a normal touch).
    static func strokes(fromJSONAt path: String) throws -> [[InputSample]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let strokes = try JSONSerialization.jsonObject(with: data) as? [[[Double]]] else {
            throw BenchmarkError.mismatch("\(path): not an array of strokes of [x, y, pressure] samples")
        }
        return try strokes.map { samples in
            try samples.enumerated().map { index, sample in
                guard sample.count >= 2, sample.allSatisfy(\.isFinite) else {
                    throw BenchmarkError.mismatch("\(path): a sample is not [x, y] or [x, y, pressure] of finite numbers")
                }
                return InputSample(location: Point(x: sample[0], y: sample[1]), time: Double(index) / 240,
                                   force: sample.count > 2 ? min(max(sample[2], 0), 1) * InkOptions.fullForce : nil, pointerKind: .pen)
            }
        }
    }
}
