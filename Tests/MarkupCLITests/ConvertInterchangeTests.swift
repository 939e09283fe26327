import Foundation
import MarkupFormat
import MarkupTestSupport
import Testing

/// `markupkit convert` with the other apps' formats: the format from each extension, what did not
/// map printed one line per kind, and a `.xopp`'s background PDF found beside it or given.
struct ConvertInterchangeTests {
    @Test func everyFormatGoesOutAndComesBack() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "doc.markup", "--strokes", "120").status == 0)
        for format in ["xopp", "excalidraw", "inkml"] {
            let out = try cli.run("convert", "doc.markup", "doc.\(format)")
            #expect(out.status == 0, "\(format): \(out.stderr)")
            #expect(out.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("note: ") && $0.contains(" × ") }, "\(out.stdout)")
            let back = try cli.run("convert", "doc.\(format)", "back-\(format).markup")
            #expect(back.status == 0, "\(format): \(back.stderr)")
            #expect(try cli.run("validate", "back-\(format).markup").status == 0)
            #expect(try cli.run("info", "doc.\(format)").status == 0)
        }
        let inkml = try cli.run("convert", "doc.markup", "again.inkml")
        #expect(inkml.stdout.contains("note: 2 × shape: InkML holds pen traces only; left out"), "\(inkml.stdout)")
    }

    @Test func aTldrawFileIsReadAndNotWritten() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try Data(SampleTldraw.version4.utf8).write(to: URL(fileURLWithPath: cli.path("board.tldr")))
        let read = try cli.run("convert", "board.tldr", "board.markup")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("note: 1 × frame: MarkupKit has no frames"), "\(read.stdout)")
        #expect(try cli.run("validate", "board.markup").status == 0)
        let written = try cli.run("convert", "board.markup", "again.tldr")
        #expect(written.status != 0 && written.stderr.contains("again.tldr: cannot write: MarkupKit reads tldraw files but does not write them"),
                "\(written.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("again.tldr")))
    }

    @Test func aNotebookOverAPDFFindsItBesideOrGiven() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "paper.pdf", "--pages", "3").status == 0)
        #expect(try cli.run("new", "annotated.markup", "--background", "paper.pdf").status == 0)
        #expect(try cli.run("convert", "annotated.markup", "notes.xopp").status == 0)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: cli.path("paper.pdf")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("notes.xopp.bg.pdf"))) == pdf)

        #expect(try cli.run("convert", "notes.xopp", "beside.markup").status == 0)
        let beside = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("beside.markup")))).markup
        #expect(beside.background?.pages.count == 3 && beside.blobs.values.contains(pdf))

        try FileManager.default.moveItem(atPath: cli.path("notes.xopp.bg.pdf"), toPath: cli.path("elsewhere.pdf"))
        let missing = try cli.run("convert", "notes.xopp", "blank.markup")
        #expect(missing.status == 0 && missing.stdout.contains("background PDF \"bg.pdf\": not found"), "\(missing.stdout)")
        let given = try cli.run("convert", "notes.xopp", "given.markup", "--pdf", "elsewhere.pdf")
        #expect(given.status == 0 && given.stdout.isEmpty, "\(given.stdout)")
        let markup = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("given.markup")))).markup
        #expect(markup.blobs.values.contains(pdf))
    }

    @Test func aBrokenFileIsAClearErrorAndWritesNothing() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try Data("<xournal><page width=\"10\" height=\"10\"><layer><stroke color=\"#000000ff\" width=\"1\">1 2 3</stroke></layer></page></xournal>".utf8)
            .write(to: URL(fileURLWithPath: cli.path("odd.xopp")))
        let out = try cli.run("convert", "odd.xopp", "odd.markup")
        #expect(out.status == 1)
        #expect(out.stderr.contains("odd.xopp: damaged Xournal++ file: a stroke has an odd count of coordinates"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("odd.markup")))
    }
}

extension ConvertInterchangeTests {
    @Test func theLibraryTakesANotebookWithItsPDFAndGivesItBack() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "paper.pdf", "--pages", "2").status == 0)
        #expect(try cli.run("new", "annotated.markup", "--background", "paper.pdf").status == 0)
        #expect(try cli.run("convert", "annotated.markup", "lecture.xopp").status == 0)
        let library = cli.path("library.sqlite")
        let imported = try cli.run("library", "import", "lecture.xopp", "--library", library)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("lecture"), "\(imported.stdout)")
        let exported = try cli.run("library", "export", "lecture", "board.excalidraw", "--library", library)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("note: 1 × PDF background: Excalidraw has no pages"), "\(exported.stdout)")
        #expect(try cli.run("library", "export", "lecture", "back.markup", "--library", library).status == 0)
        let back = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("back.markup")))).markup
        #expect(back.background?.pages.count == 2)
    }
}
