import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupServer
import MarkupStore

/// `markupkit library ACTION …`: the document library, in SQLite or on PostgreSQL.
enum LibraryCommand: Command {
    static let name = "library"
    static let summary = "List, import, export, rename, delete (and undelete) documents in the library, and their versions"
    static let help = """
        Usage: markupkit library ACTION [ARGUMENTS] [--library PATH | --database URL]

        Actions:
          list [--json]                 The documents, most recently changed first
          import FILE... [--title T]    Add .markup, .markup.json, .xopp, .excalidraw, .inkml or .tldr files, PDFs
                                        or images as new documents; a .zip (a backup) adds each file in it,
                                        in its folder
          export DOC OUT                Write a document to OUT: .markup, .markup.json, .xopp, .excalidraw,
                                        .inkml, or drawn as .pdf (a PDF's pages, annotated), .png or .svg,
                                        told by the extension
          backup OUT.zip                Write every document to a .zip of .markup files, each in its folder
          rename DOC TITLE              Give a document a new title
          move DOC FOLDER               File a document in a folder ("" for none)
          folders                       The folders, by name (kept, empty too, until removed)
          folder NAME                   Make an empty folder
          delete DOC                    Move a document, with its versions, to recently deleted, where it
                                        waits 30 days to be restored
          deleted [--json]              The documents in recently deleted, most recently deleted first
          undelete DOC                  Bring a document back from recently deleted, as it was
          purge DOC                     Delete a document in recently deleted for good
          history DOC [--json]          The saved versions of a document, newest first
          restore DOC VERSION           Make a saved version the current state (as a new change)

        DOC is a document's id, the start of it (4 characters or more), or its exact title.
        The library is $XDG_DATA_HOME/markupkit/library.sqlite (or ~/.local/share/…) unless
        --library PATH or --database URL says otherwise; it is created on first use.

        Options:
        \(LibraryOption.help)
        """
    static let valueOptions: Set<String> = LibraryOption.valueOptions.union(["--title"])
    static let flagOptions: Set<String> = ["--json"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        guard let action = arguments.positionals.first else { throw UsageError("missing ACTION") }
        let operands = Array(arguments.positionals.dropFirst())
        guard action == "import" || Self.operands[action] != nil else { throw UsageError("unknown action '\(action)'") }
        // The operands are checked before the library is opened, so a wrong count is a usage error
        // wherever the library is.
        if let names = Self.operands[action], operands.count != names.count {
            throw UsageError(operands.count < names.count ? "missing \(names[operands.count])" : "unexpected argument \(operands[names.count])")
        }
        if action == "restore", Int64(operands[1]) == nil { throw UsageError(Self.versionRule) }
        if action == "export", (try? RenderCommand.OutputFormat(path: operands[1])) == nil {
            do throws(UsageError) { try DocumentFiles.checkDocumentPath(operands[1]) } catch {
                throw UsageError("OUT must end in .markup, .markup.json, .xopp, .excalidraw, .inkml, .pdf, .png or .svg")
            }
        }
        if action == "backup", !operands[0].lowercased().hasSuffix(".zip") { throw UsageError("OUT must end in .zip") }
        // Only an import makes a library where there is none: a mistyped path is said so, not made.
        let (store, libraryName) = try LibraryOption.open(arguments, creating: action == "import")
        switch action {
        case "list":
            try list(store, named: libraryName, json: arguments.has("--json"))
        case "import":
            guard !operands.isEmpty else { throw UsageError("missing FILE") }
            guard operands.count == 1 || arguments.value("--title") == nil else { throw UsageError("--title needs a single FILE") }
            // Each file is imported or not on its own: one that fails is said, and the rest go on.
            var failed = 0
            for path in operands {
                do {
                    failed += try importOne(path, into: store, title: arguments.value("--title"))
                } catch let error as UsageError {
                    throw error
                } catch {
                    if operands.count == 1 { throw error }
                    Self.sayNotImported(error is DocumentFiles.FileError ? "\(error)" : "\(path): \(error)")
                    failed += 1
                }
            }
            if failed > 0 { throw ImportFailures(failed: failed) }
        case "backup":
            let written = try LibraryArchive.write(store, to: URL(fileURLWithPath: operands[0]), current: { id throws in try store.readableDocument(id).markup })
            for skipped in written.skipped { print("left out: \(skipped)") }
            print("\(written.documents) document\(written.documents == 1 ? "" : "s") written to \(operands[0])")
        case "export":
            try export(store.resolve(operands[0]).id, from: store, to: operands[1])
        case "rename":
            try store.rename(store.resolve(operands[0]).id, to: operands[1])
        case "move":
            guard operands[1].isEmpty || FolderName.isValid(operands[1]) else { throw UsageError(FolderName.rule) }
            try store.setFolder(store.resolve(operands[0]).id, to: operands[1].isEmpty ? nil : operands[1])
        case "folders":
            for name in try store.folders() { print(name) }
        case "folder":
            guard FolderName.isValid(operands[0]) else { throw UsageError(FolderName.rule) }
            try store.addFolder(operands[0])
        case "delete":
            let document = try store.resolve(operands[0])
            try store.delete(document.id)
            print("moved “\(document.title)” to recently deleted, where it waits 30 days (markupkit library undelete \(document.id.description.prefix(8)))")
        case "deleted":
            try listDeleted(store, json: arguments.has("--json"))
        case "undelete":
            let document = try store.restoreDeleted(store.resolveDeleted(operands[0]).summary.id)
            print("\(document.id)  \(document.title)")
        case "purge":
            try store.purgeDeleted(store.resolveDeleted(operands[0]).summary.id)
        case "history":
            try history(store.resolve(operands[0]).id, in: store, json: arguments.has("--json"))
        case "restore":
            guard let version = Int64(operands[1]) else { throw UsageError(Self.versionRule) }
            let sequence = try store.restore(version, of: store.resolve(operands[0]).id, thumbnail: DocumentImporter.thumbnail)
            print("restored version \(version) as change \(sequence)")
        default:
            throw UsageError("unknown action '\(action)'")
        }
        return .success
    }

    private static let versionRule = "VERSION must be a version number from `history`"

    /// Some of the files given to import, or of an archive's, were not (each said as it failed).
    struct ImportFailures: Error, CustomStringConvertible {
        let failed: Int
        var description: String { "\(failed) file\(failed == 1 ? " was" : "s were") not imported (said above); the others were" }
    }

    private static func sayNotImported(_ what: String) {
        FileHandle.standardError.write(Data("not imported: \(what)\n".utf8))
    }

    /// Imports the file at `path`: a backup archive's documents, or one document. Returns how many
    /// of an archive's files were not imported.
    private static func importOne(_ path: String, into store: any DocumentStore, title: String?) throws -> Int {
        let data = try DocumentFiles.readData(path)
        if ZipReader.isArchive(data) {
            guard title == nil else { throw UsageError("--title names one document, not an archive's") }
            let imported = try LibraryArchive.importArchive(data, into: store)
            for outcome in imported.outcomes {
                print("\(outcome.summary.id)  \(outcome.summary.title)" + (outcome.summary.folder.map { "  (in \($0))" } ?? ""))
            }
            for failure in imported.failures { sayNotImported("\(path): \(failure)") }
            return imported.failures.count
        }
        let summary = try importFile(data, from: path, into: store, title: title)
        print("\(summary.id)  \(summary.title)" + (summary.readOnlyReason.map { "  (read-only: \($0))" } ?? ""))
        return 0
    }

    /// The operands of each action but `import` (which takes one or more files).
    private static let operands: [String: [String]] = [
        "list": [], "backup": ["OUT.zip"], "export": ["DOC", "OUT"], "rename": ["DOC", "TITLE"], "move": ["DOC", "FOLDER"],
        "folders": [], "folder": ["NAME"], "delete": ["DOC"], "deleted": [], "undelete": ["DOC"], "purge": ["DOC"],
        "history": ["DOC"], "restore": ["DOC", "VERSION"],
    ]

    private static let dateFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()

    private static func list(_ store: any DocumentStore, named name: String, json: Bool) throws {
        let documents = try store.documents()
        if json {
            let rows = documents.map { document in
                ListedDocument(id: document.id.description, title: document.title,
                               created: document.createdAt.timeIntervalSince1970, modified: document.modifiedAt.timeIntervalSince1970,
                               contentVersion: document.contentVersion, bytes: document.size, readOnlyReason: document.readOnlyReason,
                               folder: document.folder)
            }
            try JSONOutput.print(rows)
            return
        }
        guard !documents.isEmpty else {
            print("The library at \(name) is empty.")
            return
        }
        for document in documents {
            let status = document.readOnlyReason.map { "  read-only: \($0)" } ?? ""
            let folder = document.folder.map { "  [\($0)]" } ?? ""
            print("\(document.id.description.prefix(8))  \(dateFormat.string(from: document.modifiedAt))  "
                  + "\(String(document.size).leftPadded(to: 10)) B  \(document.title)\(folder)\(status)")
        }
    }

    private static func listDeleted(_ store: any DocumentStore, json: Bool) throws {
        let deleted = try store.deletedDocuments()
        if json {
            let rows = deleted.map { ListedDeleted(id: $0.summary.id.description, title: $0.summary.title, deleted: $0.deletedAt.timeIntervalSince1970) }
            try JSONOutput.print(rows)
            return
        }
        guard !deleted.isEmpty else {
            print("Nothing is in recently deleted.")
            return
        }
        for document in deleted {
            print("\(document.summary.id.description.prefix(8))  deleted \(dateFormat.string(from: document.deletedAt))  \(document.summary.title)")
        }
    }

    private struct ListedDeleted: Encodable {
        var id, title: String
        var deleted: Double
    }

    private struct ListedDocument: Encodable {
        var id, title: String
        var created, modified: Double
        var contentVersion: Int
        var bytes: Int64
        var readOnlyReason: String?
        var folder: String?
    }

    /// Adds a file as a document. A binary file from a newer MarkupKit is kept byte for byte. Another
    /// app's file is read as `convert` reads it (a `.xopp` finds its PDF beside it), and what did not
    /// map is printed.
    static func importFile(_ data: Data, from path: String, into store: any DocumentStore, title: String?) throws -> DocumentSummary {
        if InterchangeFormat(path: path) ?? InterchangeFormat.detect(data) != nil {
            let (file, report) = try DocumentFiles.readReporting(data, from: path)
            for line in report.lines { print("note: \(line)") }
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let documentTitle = title.flatMap { DocumentTitle.cleaned($0) } ?? DocumentTitle.cleaned(file.markup.title) ?? DocumentTitle.cleaned(name) ?? "Imported"
            return try store.create(title: documentTitle, encoded: try DocumentImporter.encodedWithThumbnail(file))
        }
        do {
            return try DocumentImporter.importData(data, name: path, title: title, into: store)
        } catch let error as DocumentImporter.ImportError {
            throw DocumentFiles.FileError.unreadable(path: path, reason: error.description)
        }
    }

    /// Writes the document as it is now. One this MarkupKit cannot read goes out exactly as stored.
    static func export(_ id: DocumentID, from store: any DocumentStore, to path: String) throws {
        let document = try store.open(id)
        if document.summary.isFromNewerMarkupKit, document.journalBytes == 0 {
            guard path.lowercased().hasSuffix(".markup") else { throw UsageError("a document from a newer MarkupKit can only be exported as .markup") }
            try DocumentFiles.writeData(store.encodedVersion(document.sequence, of: id), to: path)
            return
        }
        // Anything else this MarkupKit cannot read in full would export only part of it.
        if let format = try? RenderCommand.OutputFormat(path: path) {
            return try DocumentFiles.writeData(RenderCommand.wholeDocument(store.readableDocument(id).markup, as: format), to: path)
        }
        let report = try DocumentFiles.writeReporting(MarkupFile(markup: store.readableDocument(id).markup), to: path)
        for line in report.lines { print("note: \(line)") }
    }

    private static func history(_ id: DocumentID, in store: any DocumentStore, json: Bool) throws {
        let versions = try store.versions(of: id)
        if json {
            try JSONOutput.print(versions.map { ListedVersion(version: $0.number, created: $0.createdAt.timeIntervalSince1970, bytes: $0.bytes) })
            return
        }
        for version in versions {
            print("\(String(version.number).leftPadded(to: 8))  \(dateFormat.string(from: version.createdAt))  \(String(version.bytes).leftPadded(to: 10)) B")
        }
    }

    private struct ListedVersion: Encodable {
        var version: Int64
        var created: Double
        var bytes: Int64
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(width - count, 0)) + self }
}
