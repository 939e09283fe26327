import Foundation
import MarkupInk
import MarkupModel
import MarkupTestSupport
import Testing

/// The page's ink (MarkupInk compiled to WebAssembly) computes exactly what the native build does:
/// every update of thousands of strokes, every ink, and the edge cases, and the grain of the textured
/// inks, run through `ink.js` in Node.
struct WasmIdentityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let wasm = root.appendingPathComponent("Sources/MarkupServer/Web/markupink.wasm")

    /// Taps, a pen held still, jitter, huge coordinates, doubling back, and pressure at its limits.
    static var edgeCases: [BrowserStroke] {
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
        var cases = [BrowserStroke]()
        for ink in InkType.allCases {
            for shape in shapes {
                for kind in PointerKind.allCases {
                    cases.append(BrowserStroke(ink: ink, width: nil, kind: kind, frame: view.frame, viewSize: view.size,
                                      batches: [Array(shape.prefix(1))] + stride(from: 1, to: shape.count, by: 7).map { Array(shape[$0..<min($0 + 7, shape.count)]) }))
                }
            }
            // The pressure sensitivities a page offers, and past them (held to 0…2).
            for sensitivity in [0, 0.5, 1.6, 2, 7, -3] {
                let shape = line(80) { (50 + Double($0) * 5, 300 + Double($0 % 9)) }.enumerated().map { index, sample in
                    var varied = sample
                    varied.pressure = 0.1 + 0.9 * abs(sin(Double(index) / 9))
                    return varied
                }
                cases.append(BrowserStroke(ink: ink, width: nil, kind: .pen, frame: view.frame, viewSize: view.size,
                                           batches: [Array(shape.prefix(1)), Array(shape.dropFirst())], pressureSensitivity: sensitivity))
            }
        }
        return cases
    }

    @Test func theWasmInkEqualsTheNativeInk() throws {
        try #require(FileManager.default.fileExists(atPath: Self.wasm.path), "markupink.wasm is missing: scripts/build-wasm.sh builds it (make test does)")
        let cases = BrowserStroke.generate(count: 3000, seed: 11) + Self.edgeCases
        let path = NSTemporaryDirectory() + "markupkit-wasm-identity-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let numbers = try BrowserStroke.encoded(cases, withUpdates: true)
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
        #expect(!text.contains("(0 with grain)"), "\(text)")
        print("wasm identity: \(text)")
    }
}
