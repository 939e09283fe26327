import Foundation
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// Text drawn from many threads at once: Cairo 1.16 loads FreeType glyphs unsafely across threads,
/// which once crashed a server rendering thumbnails and exports side by side.
struct ConcurrentTextTests {
    /// A page of text in a font size no other render has used, so every render loads new glyphs.
    /// More font files than Cairo keeps open at once (ten), so faces are closed while others draw.
    static let families = ["Sans", "Serif", "Monospace", "DejaVu Sans Condensed", "DejaVu Serif Condensed", "DejaVu Sans Light", "DejaVu Math TeX Gyre"]

    static func page(number: Int, pdf: Data) throws -> Markup {
        var markup = try BackgroundDocuments.markup(background: pdf, title: "Text \(number)")
        let runs = (0..<4).map { run in
            let variant = number + run
            let font = TextFont(family: families[variant % families.count], size: 6 + Double(number) * 0.37 + Double(run),
                                weight: variant % 3 == 0 ? 700 : 400, italic: variant % 2 == 0)
            return TextRun("The quick brown fox jumps over the lazy dog 0123456789 àéîõü ßøæ ΑΒΓΔ Жизнь 🙂 ", font: font)
        }
        markup.insertNewTextbox(attributedText: AttributedText(runs: runs), frame: Rect(x: 10, y: 10, width: 380, height: 280))
        return markup
    }

    @Test func textRendersFromManyThreadsAtOnce() async throws {
        let pdf = SamplePDF.make(pages: 1)
        let threads = 8, rendersEach = 10
        let failures = FailureCount()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                for render in 0..<rendersEach {
                    do {
                        let renderer = MarkupRenderer(markup: try Self.page(number: thread * rendersEach + render, pdf: pdf))
                        let png = try renderer.png(width: 400, height: 300)
                        let document = try renderer.pdf()
                        _ = try renderer.svg()
                        if !Pixels(png: png).isValid || !document.starts(with: Data("%PDF".utf8)) { failures.add() }
                    } catch {
                        failures.add()
                    }
                }
            }.start()
        }
        await withCheckedContinuation { continuation in
            group.notify(queue: .global()) { continuation.resume() }
        }
        #expect(failures.value == 0)
    }
}

private final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
