import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

/// `markupkit library …` run as the real binary against a library in a scratch folder.
struct LibraryCLITests {
    struct Listed: Decodable {
        var id, title: String
        var bytes: Int
        var readOnlyReason: String?
    }

    struct Version: Decodable {
        var version: Int
    }

    @Test func importListRenameExportRestoreAndDelete() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let library = ["--library", cli.path("lib/library.sqlite")]
        #expect(try cli.run("generate", "notes.markup", "--strokes", "30").status == 0)
        #expect(try cli.run("convert", "notes.markup", "notes.markup.json").status == 0)
        let imported = try cli.run(["library", "import", "notes.markup", "notes.markup.json"] + library)
        #expect(imported.status == 0 && imported.stdout.split(separator: "\n").count == 2, "\(imported.stderr)")
        var listed = try JSONDecoder().decode([Listed].self, from: Data(try cli.run(["library", "list", "--json"] + library).stdout.utf8))
        #expect(listed.count == 2 && listed.allSatisfy { $0.bytes > 0 && $0.readOnlyReason == nil })
        let id = listed[0].id
        #expect(try cli.run(["library", "rename", String(id.prefix(8)), "Lecture"] + library).status == 0)
        #expect(try cli.run(["library", "list"] + library).stdout.contains("Lecture"))
        // Filed in a folder, which the list shows; "" takes it out again.
        #expect(try cli.run(["library", "move", "Lecture", "Physics"] + library).status == 0)
        #expect(try cli.run(["library", "list"] + library).stdout.contains("Lecture  [Physics]"))
        #expect(try cli.run(["library", "move", "Lecture", "two\nlines"] + library).status == 2)
        #expect(try cli.run(["library", "move", "Lecture", ""] + library).status == 0)
        #expect(!(try cli.run(["library", "list"] + library).stdout.contains("[Physics]")))
        // The export is the document as imported, title included.
        #expect(try cli.run(["library", "export", "Lecture", "out.markup"] + library).status == 0)
        let original = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("notes.markup")))).markup
        let exported = try MarkupFile.decode(Data(contentsOf: URL(fileURLWithPath: cli.path("out.markup")))).markup
        #expect(exported.elements == original.elements && exported.title == "Lecture")
        let history = try JSONDecoder().decode([Version].self, from: Data(try cli.run(["library", "history", id, "--json"] + library).stdout.utf8))
        #expect(history.map(\.version) == [0])
        #expect(try cli.run(["library", "restore", id, "0"] + library).status == 0)
        #expect(try cli.run(["library", "restore", id, "7"] + library).status == 1)
        #expect(try cli.run(["library", "delete", id] + library).status == 0)
        listed = try JSONDecoder().decode([Listed].self, from: Data(try cli.run(["library", "list", "--json"] + library).stdout.utf8))
        #expect(listed.map(\.id) != [id] && listed.count == 1)
        let missing = try cli.run(["library", "export", id, "x.markup"] + library)
        #expect(missing.status == 1 && missing.stderr.contains("no document matches"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.markup")))
        // The deleted one waits in recently deleted, to be brought back or purged.
        #expect(try cli.run(["library", "deleted"] + library).stdout.contains("Lecture"))
        #expect(try cli.run(["library", "undelete", "Lecture"] + library).status == 0)
        #expect(try cli.run(["library", "list"] + library).stdout.contains("Lecture"))
        #expect(try cli.run(["library", "deleted"] + library).stdout.contains("Nothing is in recently deleted."))
        #expect(try cli.run(["library", "delete", "Lecture"] + library).stdout.contains("moved “Lecture” to recently deleted"))
        #expect(try cli.run(["library", "purge", "Lecture"] + library).status == 0)
        #expect(try cli.run(["library", "undelete", "Lecture"] + library).status == 1)
        let purged = try cli.run(["library", "deleted", "--json"] + library).stdout
        #expect((try JSONSerialization.jsonObject(with: Data(purged.utf8)) as? [Any])?.isEmpty == true, "\(purged)")
    }

    @Test(arguments: [["library"], ["library", "frob"], ["library", "export", "only-one"], ["library", "rename", "a", "b", "c"], ["library", "restore", "a", "latest"]])
    func badUsageExitsTwo(arguments: [String]) throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try cli.run(arguments + ["--library", cli.path("library.sqlite")])
        #expect(result.status == 2 && result.stderr.contains("Usage: markupkit library"))
    }

    /// A library read where there is none (a mistyped path) is said so, and none is made there; an
    /// import makes one.
    @Test func aLibraryThatIsNotThereIsNotMadeByReadingIt() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let missing = cli.path("typo/library.sqlite")
        let listed = try cli.run(["library", "list", "--library", missing])
        #expect(listed.status == 1 && listed.stderr.contains("there is no library at \(missing)"), "\(listed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(try cli.run("new", "blank.markup").status == 0)
        #expect(try cli.run(["library", "import", "blank.markup", "--library", missing]).status == 0)
        #expect(try cli.run(["library", "list", "--library", missing]).stdout.contains("blank"))
    }

    @Test func theDefaultLibraryIsUnderXDGDataHome() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("new", "blank.markup").status == 0)
        let environment = ["XDG_DATA_HOME": cli.path("data"), "HOME": cli.path("home")]
        #expect(try cli.run(["library", "import", "blank.markup"], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.path("data/markupkit/library.sqlite")))
    }

    @Test func aCorruptFileIsRefusedAndTheLibraryIsUnchanged() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try Data("not a document".utf8).write(to: URL(fileURLWithPath: cli.path("bad.markup")))
        let library = ["--library", cli.path("library.sqlite")]
        let result = try cli.run(["library", "import", "bad.markup"] + library)
        #expect(result.status == 1 && result.stderr.contains("bad.markup"))
        let listed = try JSONDecoder().decode([Listed].self, from: Data(try cli.run(["library", "list", "--json"] + library).stdout.utf8))
        #expect(listed.isEmpty)
    }

    /// Of several files imported at once, a bad one is said and the others are imported all the same;
    /// the command ends in failure, so a script knows.
    @Test func aBadFileAmongSeveralStopsNoneOfTheOthers() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "a.markup", "--strokes", "5", "--seed", "1").status == 0)
        #expect(try cli.run("generate", "c.markup", "--strokes", "5", "--seed", "3").status == 0)
        try Data("not a document".utf8).write(to: URL(fileURLWithPath: cli.path("b.markup")))
        let library = ["--library", cli.path("library.sqlite")]
        let result = try cli.run(["library", "import", "a.markup", "b.markup", "c.markup"] + library)
        #expect(result.status == 1 && result.stderr.contains("not imported: b.markup") && result.stderr.contains("1 file was not imported"),
                "\(result.stderr)")
        let listed = try JSONDecoder().decode([Listed].self, from: Data(try cli.run(["library", "list", "--json"] + library).stdout.utf8))
        #expect(listed.map(\.title).sorted() == ["Generated 5 strokes, seed 1", "Generated 5 strokes, seed 3"])
    }

    /// What is written is what its name says: a document is not written as `.markup` bytes under a
    /// picture's or PDF's name (nor one from a newer MarkupKit under another app's), and a backup,
    /// which is a zip, is not written over a document; a private backup stays private.
    @Test func exportsAndBackupsAreWhatTheirNamesSay() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try cli.run("generate", "notes.markup", "--strokes", "5").status == 0)
        let library = ["--library", cli.path("library.sqlite")]
        #expect(try cli.run(["library", "import", "notes.markup"] + library).status == 0)
        for name in ["out", "out.markupx"] {
            let result = try cli.run(["library", "export", "Generated 5 strokes, seed 1", name] + library)
            #expect(result.status == 2 && result.stderr.contains("OUT must end in .markup"), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.path(name)))
        }
        // A picture's or a PDF's name gets the document drawn so.
        for (name, start) in [("out.pdf", "%PDF"), ("out.png", "\u{89}PNG"), ("out.svg", "<?xml")] {
            let result = try cli.run(["library", "export", "Generated 5 strokes, seed 1", name] + library)
            let written = try Data(contentsOf: URL(fileURLWithPath: cli.path(name)))
            #expect(result.status == 0 && written.starts(with: start.unicodeScalars.map { UInt8($0.value) }), "\(name): \(result.stderr)")
        }
        #expect(try cli.run(["new", "blank"]).status == 2 && !FileManager.default.fileExists(atPath: cli.path("blank")))
        #expect(try cli.run(["generate", "notes.svg", "--strokes", "3"]).stderr.contains("markupkit render"))
        #expect(try cli.run(["library", "export", "Generated 5 strokes, seed 1", "out.xopp"] + library).status == 0)
        let document = try Data(contentsOf: URL(fileURLWithPath: cli.path("notes.markup")))
        #expect(try cli.run(["library", "backup", "notes.markup"] + library).status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("notes.markup"))) == document)
        try Data("old".utf8).write(to: URL(fileURLWithPath: cli.path("backup.zip")))
        #expect(chmod(cli.path("backup.zip"), 0o600) == 0)
        #expect(try cli.run(["library", "backup", "backup.zip"] + library).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.path("backup.zip"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600 && (attributes[.size] as? Int ?? 0) > 100)
    }
}

/// `markupkit new --background` and `render --page` on PDFs and images made by Cairo.
struct BackgroundCLITests {
    @Test func annotateAPDFFromTheCommandLine() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try SamplePDF.make(pages: 3).write(to: URL(fileURLWithPath: cli.path("paper.pdf")))
        #expect(try cli.run("new", "paper.markup", "--background", "paper.pdf", "--title", "Paper").status == 0)
        let info = try cli.run("info", "paper.markup", "--json")
        #expect(info.stdout.contains("\"contentVersion\" : 4") && info.stdout.contains("backgrounds"))
        let page = try cli.run("render", "paper.markup", "-o", "page2.png", "--page", "2")
        #expect(page.status == 0, "\(page.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("page2.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try cli.run("render", "paper.markup", "-o", "out.pdf").status == 0)
        let exported = try Data(contentsOf: URL(fileURLWithPath: cli.path("out.pdf")))
        #expect(try BackgroundDocuments.markup(background: exported, title: "").background?.pages.count == 3)
        // From the library, in one step: the same PDF of its pages.
        let library = ["--library", cli.path("library.sqlite")]
        #expect(try cli.run(["library", "import", "paper.markup"] + library).status == 0)
        #expect(try cli.run(["library", "export", "Paper", "library.pdf"] + library).status == 0)
        let fromLibrary = try Data(contentsOf: URL(fileURLWithPath: cli.path("library.pdf")))
        #expect(try BackgroundDocuments.markup(background: fromLibrary, title: "").background?.pages.count == 3)
        let missing = try cli.run("render", "paper.markup", "-o", "x.png", "--page", "9")
        #expect(missing.status == 1 && missing.stderr.contains("no page 9"))
        #expect(try cli.run("render", "paper.markup", "-o", "x.png", "--page", "0").status == 2)
        // Its pages go out at their own size: a width asked for is refused, not ignored.
        let sized = try cli.run("render", "paper.markup", "-o", "sized.pdf", "--width", "300")
        #expect(sized.status == 2 && sized.stderr.contains("--width and --scale go with --page or --rect"), "\(sized.stderr)")
    }

    @Test func aCorruptBackgroundIsRefused() throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try Data("%PDF-1.4 broken".utf8).write(to: URL(fileURLWithPath: cli.path("bad.pdf")))
        let result = try cli.run("new", "x.markup", "--background", "bad.pdf")
        #expect(result.status == 1 && result.stderr.contains("invalidPDF"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.markup")))
        try SamplePDF.png(width: 40, height: 30, red: 1, green: 0, blue: 0).write(to: URL(fileURLWithPath: cli.path("photo.png")))
        #expect(try cli.run("new", "photo.markup", "--background", "photo.png").status == 0)
    }
}
