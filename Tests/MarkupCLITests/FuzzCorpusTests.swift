import Foundation
import MarkupTestSupport
import Testing

/// Every checked-in fuzzing seed and every input that once crashed a harness, replayed through the
/// plain build of `markupkit-fuzz`: a regression fails here without a fuzzing build.
struct FuzzCorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    @Test(arguments: ["markup", "markup-body", "json", "journal", "undo", "message", "xournal", "excalidraw", "inkml", "tldraw", "png", "zip"])
    func seedsAndRegressionsRunWithoutACrash(harness: String) throws {
        var files = [String]()
        for kind in ["corpus", "regressions"] {
            let folder = Self.fuzzFolder.appendingPathComponent(kind).appendingPathComponent(harness)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            files += names.sorted().map { folder.appendingPathComponent($0).path }
        }
        #expect(files.count >= 3, "the seeds for \(harness) are missing")
        let process = Process()
        process.executableURL = BuiltProducts.executable(named: "markupkit-fuzz")
        process.arguments = [harness] + files
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.split(separator: "\n").filter { $0.hasSuffix("ran without a crash") }.count == files.count)
    }
}
