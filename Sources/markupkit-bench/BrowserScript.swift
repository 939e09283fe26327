import Foundation
import MarkupFormat

/// A Playwright script of `scripts/` run in the end-to-end environment (`make test` sets it up),
/// printing one number: how the benchmarks time Chromium.
enum BrowserScript {
    static let python = ".build/e2e-venv/bin/python"

    /// Whether Chromium and Playwright are there; when not, says which case is skipped.
    static func isAvailable(for caseName: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            FileHandle.standardError.write(Data("markupkit-bench: skipping \(caseName) (run `make test` once to set up Chromium and Playwright)\n".utf8))
            return false
        }
        return true
    }

    /// The number `script` prints when run with `arguments`.
    static func run(_ script: String, _ arguments: [String]) throws -> Double {
        let numbers = try runNumbers(script, arguments)
        guard numbers.count == 1 else { throw BenchmarkError.mismatch("\(script) printed \(numbers.count) numbers, not one") }
        return numbers[0]
    }

    /// The numbers, separated by spaces, that `script` prints when run with `arguments`.
    static func runNumbers(_ script: String, _ arguments: [String]) throws -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["scripts/" + script] + arguments
        process.environment = HugePages.environmentWithoutThem()
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, !numbers.isEmpty else { throw BenchmarkError.mismatch("\(script) failed: \(text)") }
        return numbers
    }
}
