import Foundation
import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

struct CLITests {
    @Test func overviewAndEveryCommandsHelp() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let overview = try cli.run()
        #expect(overview.status == 0 && overview.stdout.contains("Commands:"))
        for command in ["info", "convert", "validate", "new", "generate", "render", "thumbnail", "library", "version"] {
            let help = try cli.run(command, "--help")
            #expect(help.status == 0, "\(command) --help")
            #expect(help.stdout.hasPrefix("Usage: markupkit \(command)"))
            #expect(try cli.run("help", command).stdout == help.stdout)
        }
        #expect(try cli.run("help", "--help").stdout == overview.stdout)
    }

    /// A folder given for a file is said to be one, in words.
    @Test func aFolderIsNoFile() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let info = try cli.run("info", cli.directory.path)
        #expect(info.status == 1 && info.stderr.contains("cannot read: it is a folder, not a file"), "\(info.stderr)")
    }

    /// A PDF without pages is refused in words, and poppler's document is let go once, not twice
    /// (GLib says so on standard error when an object is let go of again).
    @Test func aPDFWithoutPagesIsRefusedCleanly() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let pdf = cli.directory.appendingPathComponent("empty.pdf")
        try Data("""
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
            trailer << /Root 1 0 R >>
            %%EOF
            """.utf8).write(to: pdf)
        let made = try cli.run("new", cli.directory.appendingPathComponent("empty.markup").path, "--background", pdf.path)
        #expect(made.status == 1 && made.stderr.contains("the PDF has no pages"), "\(made.stderr)")
        #expect(!made.stderr.contains("CRITICAL"), "\(made.stderr)")
    }

    @Test(arguments: [
        ["frobnicate"], ["info"], ["info", "a", "b"], ["new", "x.markup", "--bounds", "0x10"], ["new", "x.markup", "--bounds"],
        ["generate", "x.markup"], ["generate", "x.markup", "--strokes", "many"], ["info", "x", "--bogus"], ["version", "extra"],
        ["help", "nothing"], ["new", "x.markup", "--paper", "plaid"], ["new", "x.markup", "--paper", "lined", "--spacing", "2"],
        ["new", "x.markup", "--spacing", "20"], ["new", "x.markup", "--size", "b4"], ["new", "x.markup", "--size", "a4", "--bounds", "10x10"],
        ["render", "in.markup", "-o", "x.png", "--output", "y.png"], ["convert", "in.markup"],
    ])
    func badUsageExitsTwoWithAMessage(arguments: [String]) throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = cli.directory
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("markupkit: "))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.markup")))
    }

    @Test func newThenInfo() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("new", "blank.markup", "--bounds", "600x800", "--title", "Blank").status == 0)
        let info = try cli.run("info", "blank.markup", "--json")
        #expect(info.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as! [String: Any]
        #expect(report["title"] as? String == "Blank")
        #expect(report["elements"] as? Int == 0)
        #expect((report["bounds"] as? [String: Double])?["width"] == 600)
        #expect(report["formatVersion"] as? Int == FormatVersion.current)
        // On dotted paper, 12 points apart.
        #expect(try cli.run("new", "dots.markup", "--paper", "dotted", "--spacing", "12").status == 0)
        let dots = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("dots.markup")))).markup
        #expect(dots.paper == Paper(ruling: .dotted, spacing: 12) && dots.contentVersion == .version5)
        // An A4 page on its side, by name.
        #expect(try cli.run("new", "a4.markup", "--size", "a4Landscape").status == 0)
        let a4 = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("a4.markup")))).markup
        #expect(a4.bounds == Rect(x: 0, y: 0, width: 841.89, height: 595.28))
    }

    /// `info` counts a page made longer by its sheets, and `render --page` draws one of them.
    @Test func aLongPagesSheetsAreCountedAndRenderedOneAtATime() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 2400))
        markup.sheetHeight = 800
        try MarkupFile(markup: markup).encoded().write(to: URL(fileURLWithPath: cli.path("long.markup")))
        let info = try cli.run("info", "long.markup", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])?["pages"] as? Int == 3)
        #expect(try cli.run("info", "long.markup").stdout.contains("pages            3"))
        #expect(try cli.run("render", "long.markup", "-o", "two.png", "--page", "2").status == 0)
        let png = Pixels(png: try Data(contentsOf: URL(fileURLWithPath: cli.path("two.png"))))
        #expect(png.width == 600 && png.height == 800)
        #expect(try cli.run("render", "long.markup", "-o", "four.png", "--page", "4").status != 0)
    }

    /// A PNG carrying its drawing (the editor's editable PNG) is that drawing to every command that
    /// reads a document.
    @Test func anEditablePNGIsItsDrawing() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "doc.markup", "--strokes", "20", "--seed", "2").status == 0)
        #expect(try cli.run("render", "doc.markup", "-o", "doc.png", "--width", "200").status == 0)
        let file = try Data(contentsOf: URL(fileURLWithPath: cli.path("doc.markup")))
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("doc.png")))
        try #require(EmbeddedMarkup.embedding(file, in: png)).write(to: URL(fileURLWithPath: cli.path("editable.png")))
        let info = try cli.run("info", "editable.png")
        #expect(info.status == 0 && info.stdout.contains("(editable PNG)") && info.stdout.contains("stroke 20"), "\(info.stdout)\(info.stderr)")
        #expect(try cli.run("convert", "editable.png", "back.markup").status == 0)
        #expect(try cli.run("info", "back.markup").stdout.contains("stroke 20"))
    }

    @Test func generateInfoConvertAndBack() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "doc.markup", "--strokes", "300", "--seed", "4").status == 0)
        let info = try cli.run("info", "doc.markup", "--json")
        let report = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as! [String: Any]
        #expect((report["elementsByKind"] as? [String: Int])?["stroke"] == 300)
        let bytesPerPoint = try #require(report["bytesPerPoint"] as? Double)
        let points = try #require(report["points"] as? Int)
        let fileSize = try FileManager.default.attributesOfItem(atPath: cli.path("doc.markup"))[.size] as! Int
        #expect(report["bytes"] as? Int == fileSize)
        #expect(abs(bytesPerPoint - Double(fileSize) / Double(points)) < 0.001)
        let thumbnail = try #require(report["thumbnailBytes"] as? Int)
        #expect(thumbnail > 100, "binary files the CLI writes embed a thumbnail")
        #expect(Double(fileSize - thumbnail) / Double(points) < 4, "points and elements take under 4 bytes a point")
        let text = try cli.run("info", "doc.markup").stdout
        #expect(text.contains("bytes per point") && text.contains("stroke 300"))

        #expect(try cli.run("convert", "doc.markup", "doc.markup.json").status == 0)
        #expect(try cli.run("convert", "doc.markup.json", "again.markup").status == 0)
        let original = try Data(contentsOf: URL(fileURLWithPath: cli.path("doc.markup")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("again.markup"))) == original)
        #expect(try cli.run("validate", "doc.markup.json").status == 0)

        #expect(try cli.run("generate", "same.markup", "--strokes", "300", "--seed", "4").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("same.markup"))) == original)
    }

    @Test func validateReportsTheTypedError() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "doc.markup", "--strokes", "20").status == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("doc.markup")))
        #expect(try cli.run("validate", "doc.markup").status == 0)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: cli.path("bad.markup")))
        let bad = try cli.run("validate", "bad.markup")
        #expect(bad.status == 1 && bad.stderr.contains("malformedData"))

        try Data("just text".utf8).write(to: URL(fileURLWithPath: cli.path("text.markup")))
        let text = try cli.run("validate", "text.markup")
        #expect(text.status == 1 && text.stderr.contains("text.markup: it is not a MarkupKit document [incorrectFormat]"))

        let missing = try cli.run("info", "nowhere.markup")
        #expect(missing.status == 1 && missing.stderr.contains("nowhere.markup: cannot read: no such file"))

        // A picture or a PDF is annotated, not converted: the refusal says how.
        try Data("not really a picture".utf8).write(to: URL(fileURLWithPath: cli.path("photo.png")))
        let picture = try cli.run("convert", "photo.png", "photo.markup")
        #expect(picture.status == 1 && picture.stderr.contains("markupkit new OUT.markup --background photo.png"))

        // An output of no format it writes is refused (it was written as .markup without a word),
        // and a page past the last is told in words.
        for out in ["doc.png", "doc.svg", "doc", "doc.txt"] {
            let refused = try cli.run("convert", "doc.markup", out)
            #expect(refused.status == 2 && refused.stderr.contains("OUT must end in .markup") && refused.stderr.contains("markupkit render"), "\(out)")
            #expect(!FileManager.default.fileExists(atPath: cli.path(out)))
        }
        let past = try cli.run("render", "doc.markup", "-o", "page.png", "--page", "3")
        #expect(past.status == 1 && past.stderr.contains("the document has 1 page; there is no page 3 [invalidArea]"), "\(past.stderr)")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: cli.path("empty.excalidraw")))
        #expect(try cli.run("convert", "empty.excalidraw", "x.markup").stderr.contains("not an Excalidraw file"))
    }

    @Test func renderAndThumbnail() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "doc.markup", "--strokes", "40").status == 0)
        #expect(try cli.run("render", "doc.markup", "-o", "page.png", "--width", "200").status == 0)
        #expect(try cli.run("render", "doc.markup", "-o", "part.svg", "--rect", "0,0,400,200", "--dark").status == 0)
        #expect(try cli.run("render", "doc.markup", "-o", "doc.pdf", "--background", "transparent").status == 0)
        #expect(try cli.run("thumbnail", "doc.markup", "-o", "thumb.png", "--size", "64").status == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("page.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19]) == 200, "PNG width")
        let svg = try String(contentsOfFile: cli.path("part.svg"), encoding: .utf8)
        #expect(svg.contains("viewBox=\"0 0 400 200\""))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("doc.pdf"))).starts(with: Data("%PDF".utf8)))
        let thumb = try Data(contentsOf: URL(fileURLWithPath: cli.path("thumb.png")))
        let width = Int(thumb[16]) << 24 | Int(thumb[17]) << 16 | Int(thumb[18]) << 8 | Int(thumb[19])
        let height = Int(thumb[20]) << 24 | Int(thumb[21]) << 16 | Int(thumb[22]) << 8 | Int(thumb[23])
        #expect(max(width, height) == 64)
        for bad in [["render", "doc.markup", "-o", "x.gif"], ["render", "doc.markup", "-o", "x.png", "--width", "10", "--scale", "2"],
                    ["render", "doc.markup", "-o", "x.png", "--rect", "0,0,-5,5"], ["render", "doc.markup", "-o", "x.png", "--background", "blue"],
                    ["render", "doc.markup", "-o", "x.png", "--rect", "0,0,abc,400,300"], ["render", "doc.markup", "-o", "x.png", "--rect", "0,0,,400"],
                    ["convert", "doc.markup", "x.xopp", "--pdf", "doc.pdf"],
                    ["thumbnail", "doc.markup", "-o", "x.png", "--size", "0"]] {
            let result = try cli.run(bad[0], Array(bad.dropFirst()))
            #expect(result.status == 2, "\(bad)")
        }
    }

    @Test func version() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let output = try cli.run("version")
        #expect(output.status == 0 && output.stdout.hasPrefix("markupkit ") && output.stdout.contains("format \(FormatVersion.current)"))
    }
}
