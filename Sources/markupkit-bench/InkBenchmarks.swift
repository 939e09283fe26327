import Foundation
import MarkupInk
import MarkupModel
import MarkupTestSupport

/// Outline generation over the generated document, and the cost of extending a live stroke.
struct InkBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument

    let caseNames = [
        "ink.outline.pointsPerSecond", "ink.outline.verticesPerPoint",
        "ink.extend.50.microsecondsPerSample", "ink.extend.5000.microsecondsPerSample", "ink.extend.ratio",
        "ink.pageStrokes.native.samplesPerSecond", "ink.pageStrokes.wasm.samplesPerSecond", "ink.pageStrokes.wasmOverNative",
    ]

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        var results = [Measurement]()
        if caseNames.prefix(2).contains(where: filter) {
            let strokes = document.markup.elements.compactMap { element -> Stroke? in
                if case .stroke(let stroke) = element.content { return stroke }
                return nil
            }
            let points = strokes.reduce(0) { $0 + $1.points.count }
            var vertices = 0
            let seconds = Clock.bestOf(5) {
                vertices = 0
                for stroke in strokes {
                    vertices += StrokeGeometry(stroke: stroke).layers.reduce(0) { $0 + $1.vertexCount }
                }
            }
            results.append(Measurement(name: "ink.outline.pointsPerSecond", value: Double(points) / seconds, unit: "points/s"))
            results.append(Measurement(name: "ink.outline.verticesPerPoint", value: Double(vertices) / Double(points), unit: "vertices/point"))
        }
        if caseNames[2..<5].contains(where: filter) {
            let short = Self.extensionCost(strokeLength: 50)
            let long = Self.extensionCost(strokeLength: 5000)
            results.append(Measurement(name: "ink.extend.50.microsecondsPerSample", value: short * 1e6, unit: "µs/sample"))
            results.append(Measurement(name: "ink.extend.5000.microsecondsPerSample", value: long * 1e6, unit: "µs/sample"))
            results.append(Measurement(name: "ink.extend.ratio", value: long / short, unit: "5000-point / 50-point"))
        }
        if caseNames.suffix(3).contains(where: filter) { results += try pageStrokes() }
        return results.filter { filter($0.name) }
    }

    /// Strokes as the editor page feeds them to its ink (browser samples, batch by batch, every
    /// update read): natively on one core here, and through the WebAssembly module in Chromium (one
    /// core) when the end-to-end environment is there (`make test` sets it up). The native rounds
    /// run on the other core while Chromium runs its own, so both sides meet the same spells of a
    /// busy machine; each side's best round counts.
    private func pageStrokes() throws -> [Measurement] {
        let strokes = BrowserStroke.generate(count: 3000, seed: 11)
        let samples = Double(strokes.reduce(0) { $0 + $1.sampleCount })
        let native = NativeRounds(strokes)
        let wasm = "Sources/MarkupServer/Web/markupink.wasm"
        guard BrowserScript.isAvailable(for: "ink.pageStrokes.wasm"), FileManager.default.fileExists(atPath: wasm) else {
            return [Measurement(name: "ink.pageStrokes.native.samplesPerSecond", value: samples / (try native.best(atLeast: 7)), unit: native.unit)]
        }
        let path = NSTemporaryDirectory() + "markupkit-bench-strokes-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try BrowserStroke.encoded(strokes, withUpdates: false).withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
        native.startInBackground()
        let wasmRate = try BrowserScript.run("wasm-speed.py", [path, wasm])
        let nativeRate = samples / (try native.best(atLeast: 7))
        return [
            Measurement(name: "ink.pageStrokes.native.samplesPerSecond", value: nativeRate, unit: native.unit),
            Measurement(name: "ink.pageStrokes.wasm.samplesPerSecond", value: wasmRate, unit: "samples/s in Chromium, one core"),
            Measurement(name: "ink.pageStrokes.wasmOverNative", value: wasmRate / nativeRate, unit: "ratio (target ≥ 0.5)"),
        ]
    }

    /// Rounds of the page's strokes through the native ink, on a thread of their own until asked
    /// for their best.
    private final class NativeRounds: @unchecked Sendable {
        private let strokes: [BrowserStroke]
        private let condition = NSCondition()
        private var times = [Double](), failure: Error?, stopping = false, running = false
        private var contours = 0

        init(_ strokes: [BrowserStroke]) { self.strokes = strokes }

        var unit: String { "samples/s (\(strokes.count) strokes, one core, \(contours > 0 ? "" : "no ")contours)" }

        func startInBackground() {
            running = true
            let thread = Thread { [self] in
                while condition.withLock({ (!stopping || times.count < 7) && failure == nil }) { round() }
                condition.withLock {
                    running = false
                    condition.broadcast()
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }

        /// The fastest round's seconds, after at least `count` rounds.
        func best(atLeast count: Int) throws -> Double {
            if !running { while times.count < count && failure == nil { round() } }
            condition.lock()
            stopping = true
            while running { condition.wait() }
            condition.unlock()
            if let failure { throw failure }
            return times.min() ?? .infinity
        }

        private func round() {
            var sink = 0
            do {
                let seconds = try Clock.seconds { for stroke in strokes { try stroke.draw { sink &+= $0.newlyFinished.count } } }
                condition.withLock {
                    times.append(seconds)
                    contours = sink
                }
            } catch {
                condition.withLock { failure = error }
            }
        }
    }

    /// Seconds per sample to extend a live pen stroke while it is `strokeLength` samples long: each
    /// sample goes through the sampler, the outline and an update for the view, as the editor does.
    /// Measured over the stroke's last 40 samples, the best of many strokes.
    static func extensionCost(strokeLength: Int) -> Double {
        let measured = 40
        let samples = (0..<strokeLength).map { index -> InputSample in
            let t = Double(index) / 240
            return InputSample(location: Point(x: 40 * t * 60 + 6 * cos(t * 30), y: 300 + 12 * sin(t * 30)), time: t,
                               force: 1 + 0.5 * sin(t * 7), azimuth: 0.8, altitude: 1.1, pointerKind: .pen)
        }
        let repetitions = max(20, 200_000 / strokeLength)
        var best = Double.infinity
        for _ in 0..<repetitions {
            var sampler = StrokeSampler(ink: Ink(.pen))
            var outline = LiveStrokeOutline(ink: Ink(.pen))
            var elapsed = 0.0
            var sink = 0
            for (index, sample) in samples.enumerated() {
                let step = {
                    let added = (try? sampler.append([sample])) ?? 0
                    outline.append(sampler.points.suffix(added))
                    let update = outline.takeUpdate()
                    sink &+= update.provisional.count
                }
                if index >= strokeLength - measured {
                    elapsed += Clock.seconds(step)
                } else {
                    step()
                }
            }
            if sink < 0 { print(sink) }
            best = min(best, elapsed / Double(measured))
        }
        return best
    }
}
