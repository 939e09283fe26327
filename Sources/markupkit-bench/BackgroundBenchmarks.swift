import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport

/// A 300-page PDF made with Cairo: the time from its bytes to the first page drawn, the memory that
/// takes, and the time to export it annotated (a stroke on every page).
struct BackgroundBenchmarks: BenchmarkSuite {
    let caseNames = ["background.firstPage.seconds", "background.firstPage.megabytes", "background.export.seconds", "background.export.megabytes"]

    static let pages = 300

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let pdf = SamplePDF.make(pages: Self.pages)
        var firstPage = Double.infinity, memory = 0.0
        var markup: Markup?
        // Each round opens a different file (a comment appended), so nothing is cached.
        for round in 0..<3 {
            let bytes = pdf + Data("\n%round \(round)\n".utf8)
            let resident = Self.residentMegabytes()
            let seconds = try Clock.seconds {
                let opened = try BackgroundDocuments.markup(background: bytes, title: "bench")
                _ = try MarkupRenderer(markup: opened).backgroundPNG(page: 1, scale: 2)
                markup = opened
            }
            firstPage = min(firstPage, seconds)
            memory = max(memory, Self.residentMegabytes() - resident)
        }
        guard var annotated = markup, let pages = annotated.background?.pages, pages.count == Self.pages else {
            throw BenchmarkError.mismatch("the PDF did not open with \(Self.pages) pages")
        }
        for page in pages {
            let points = (0..<60).map { StrokePoint(location: Point(x: page.frame.minX + 72 + Double($0) * 6, y: page.frame.minY + 300 + Double($0 % 7)),
                                                    timeOffset: Double($0) / 240, size: Size(width: 3, height: 3)) }
            annotated.insert(.stroke(Stroke(ink: Ink(.pen), points: points)), frame: .zero)
        }
        var exported = Data()
        let exportSeconds = try Clock.seconds { exported = try MarkupRenderer(markup: annotated).annotatedPDF() }
        return [
            Measurement(name: "background.firstPage.seconds", value: firstPage, unit: "s from the bytes of a \(Self.pages)-page PDF to its first page rendered"),
            Measurement(name: "background.firstPage.megabytes", value: memory, unit: "MB of memory that took (resident)"),
            Measurement(name: "background.export.seconds", value: exportSeconds, unit: "s to export it annotated, a stroke on each page"),
            Measurement(name: "background.export.megabytes", value: Double(exported.count) / 1e6, unit: "MB annotated PDF"),
        ].filter { filter($0.name) }
    }

    /// This process's resident memory, from /proc.
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6
    }
}
