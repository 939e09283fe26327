import Foundation
import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

/// The page's ink (MarkupInk compiled to WebAssembly) computes exactly what the native build does:
/// every update of thousands of strokes, every ink, and the edge cases, run through `ink.js` in Node.
struct WasmIdentityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let wasm = root.appendingPathComponent("Sources/MarkupServer/Web/markupink.wasm")

    /// One stroke as a page sends it: its ink, pointer, view, and samples in batches.
    struct Case {
        var ink: InkType
        var width: Double?
        var kind: PointerKind
        var frame: Rect
        var viewSize: Size
        var batches: [[BrowserSample]]
    }

    /// Strokes that wander as handwriting does, at various rates, zooms and pressures, in random batches.
    static func generated(count: Int, seed: UInt64) -> [Case] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let ink = InkType.allCases[index % InkType.allCases.count]
            let kind = PointerKind.allCases[Int(random.next() % 3)]
            let zoom = random.uniform(0.25...4)
            let viewSize = Size(width: random.uniform(300...1600), height: random.uniform(300...1200))
            let frame = Rect(x: random.uniform(-500...2000), y: random.uniform(-500...2000), width: viewSize.width / zoom, height: viewSize.height / zoom)
            var x = random.uniform(0...viewSize.width), y = random.uniform(0...viewSize.height), t = random.uniform(0...1e6)
            var heading = random.uniform(0...(2 * .pi)), speed = random.uniform(0.2...6)
            let interval = [1000.0 / 240, 1000.0 / 120, 1000.0 / 60][Int(random.next() % 3)]
            var samples = [BrowserSample]()
            for _ in 0..<Int(2 + random.next() % 300) {
                heading += random.uniform(-0.6...0.6)
                speed = min(max(speed + random.uniform(-0.5...0.5), 0), 12)
                x += cos(heading) * speed
                y += sin(heading) * speed
                t += interval * random.uniform(0.5...1.5)
                let pressure: Double? = kind == .mouse && random.unit() < 0.5 ? nil : random.uniform(0...1)
                let tilted = kind == .pen && random.unit() < 0.7
                samples.append(BrowserSample(x: x, y: y, milliseconds: t, pressure: pressure, tiltX: tilted ? random.uniform(-60...60) : nil,
                                             tiltY: tilted ? random.uniform(-60...60) : nil))
            }
            let width: Double? = random.unit() < 0.5 ? nil : random.uniform(0.5...40)
            return Case(ink: ink, width: width, kind: kind, frame: frame, viewSize: viewSize, batches: batched(samples, &random))
        }
    }

    static func batched(_ samples: [BrowserSample], _ random: inout SeededRandom) -> [[BrowserSample]] {
        var batches = [[BrowserSample]](), start = 0
        while start < samples.count {
            let size = start == 0 ? 1 + Int(random.next() % 3) : 1 + Int(random.next() % 24)
            batches.append(Array(samples[start..<min(start + size, samples.count)]))
            start += size
        }
        return batches
    }

    /// Taps, a pen held still, jitter, huge coordinates, doubling back, and pressure at its limits.
    static var edgeCases: [Case] {
        let view = (frame: Rect(x: 0, y: 0, width: 800, height: 600), size: Size(width: 800, height: 600))
        func line(_ count: Int, _ point: (Int) -> (Double, Double), pressure: Double? = 0.5) -> [BrowserSample] {
            (0..<count).map { BrowserSample(x: point($0).0, y: point($0).1, milliseconds: Double($0) * 4, pressure: pressure, tiltX: 10, tiltY: -20) }
        }
        let shapes: [[BrowserSample]] = [
            line(1) { _ in (100, 100) },
            line(2) { _ in (100, 100) },
            line(40) { _ in (250, 250) },
            line(200) { ($0 % 2 == 0 ? 300 : 300.01, 300 + Double($0 % 3) * 0.01) },
            line(100) { (1e6 + Double($0) * 3, -1e6 + Double($0)) },
            line(120) { index in (100 + Double(index < 60 ? index : 120 - index) * 4, 200) },
            line(80, { (50 + Double($0) * 5, 400) }, pressure: 1),
            line(80, { (50 + Double($0) * 5, 450) }, pressure: 0),
            line(80, { (50 + Double($0) * 5, 500) }, pressure: nil),
        ]
        var cases = [Case]()
        for ink in InkType.allCases {
            for shape in shapes {
                for kind in PointerKind.allCases {
                    cases.append(Case(ink: ink, width: nil, kind: kind, frame: view.frame, viewSize: view.size,
                                      batches: [Array(shape.prefix(1))] + stride(from: 1, to: shape.count, by: 7).map { Array(shape[$0..<min($0 + 7, shape.count)]) }))
                }
            }
        }
        return cases
    }

    /// The cases and what the native build computes for each update, as the Node script reads them.
    static func encoded(_ cases: [Case]) throws -> [Double] {
        var numbers = [Double]()
        for item in cases {
            numbers += [Double(InkType.allCases.firstIndex(of: item.ink)!), item.width ?? .nan, Double(PointerKind.allCases.firstIndex(of: item.kind)!),
                        item.frame.minX, item.frame.minY, item.frame.width, item.frame.height, item.viewSize.width, item.viewSize.height,
                        Double(item.batches.count)]
            let ink = Ink(item.ink, width: item.width)
            var gesture: InkGesture?
            for (index, batch) in item.batches.enumerated() {
                let ending = index == item.batches.count - 1
                numbers += [Double(batch.count), ending ? 1 : 0]
                for sample in batch { numbers += [sample.x, sample.y, sample.milliseconds, sample.pressure ?? .nan, sample.tiltX ?? .nan, sample.tiltY ?? .nan] }
                let inputs = batch.map { $0.inputSample(kind: item.kind, frame: item.frame, viewSize: item.viewSize) }
                let update: LiveStrokeOutline.Update
                if var live = gesture {
                    update = try live.append(inputs, ending: ending)
                    gesture = live
                } else {
                    var live = try InkGesture(ink: ink, samples: inputs)
                    update = live.takeUpdate()
                    gesture = live
                }
                let flattened = update.flattened
                numbers.append(Double(flattened.count))
                numbers += flattened
            }
        }
        return numbers
    }

    @Test func theWasmInkEqualsTheNativeInk() throws {
        try #require(FileManager.default.fileExists(atPath: Self.wasm.path), "markupink.wasm is missing: scripts/build-wasm.sh builds it (make test does)")
        let cases = Self.generated(count: 3000, seed: 11) + Self.edgeCases
        let path = NSTemporaryDirectory() + "markupkit-wasm-identity-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let numbers = try Self.encoded(cases)
        try numbers.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/node")
        process.arguments = [Self.root.appendingPathComponent("scripts/wasm-identity.mjs").path, path, Self.wasm.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("identical: \(cases.count) strokes"), "\(text)")
        print("wasm identity: \(text)")
    }
}
