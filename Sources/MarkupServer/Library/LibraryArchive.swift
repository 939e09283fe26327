import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupStore

/// The whole library as one zip archive of `.markup` files, each in a folder of the archive named
/// as its folder in the library: a backup to keep, or the way to another MarkupKit. Imported (the
/// library page's Import, or `markupkit library import`), each file of an archive becomes a
/// document again, in its folder.
public enum LibraryArchive {
    /// How many documents an archive holds, and those left out, each with why.
    public struct Written: Sendable {
        public var documents: Int
        public var skipped: [String]
    }

    /// What importing an archive made, and each file it could not, with why.
    public struct Imported: Sendable {
        public var outcomes: [DocumentImporter.Outcome]
        public var failures: [String]
    }

    /// Whether an archive's file named `name` is one a document comes from: MarkupKit's own, another
    /// app's (`InterchangeFormat`), a PDF or a picture, by its extension.
    static func isImportable(_ name: String) -> Bool {
        InterchangeFormat(path: name) != nil || ["markup", "json", "pdf", "png", "jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased())
    }

    /// Writes every document of `store` (or those of `only`) to a zip archive at `url`, each as
    /// `current` gives it (a server gives an open document as it is now); a document from a newer
    /// MarkupKit goes as it was stored, byte for byte. A backup is `durable`; a download need not be.
    public static func write(_ store: any DocumentStore, only: Set<DocumentID>? = nil, to url: URL, durable: Bool = true,
                             current: (DocumentID) throws -> Markup) throws -> Written {
        let writer = try ZipWriter(writingTo: url, durable: durable)
        var taken = Set<String>(), written = Written(documents: 0, skipped: []), filled = Set<String>()
        for summary in try store.documents() where only?.contains(summary.id) ?? true {
            guard let file = try file(of: summary, in: store, current: current) else {
                written.skipped.append("\(summary.title): written by a newer MarkupKit, with changes this one cannot read")
                continue
            }
            try writer.add(entryName(of: summary, taken: &taken), file, modified: summary.modifiedAt)
            if let folder = summary.folder { filled.insert(folder) }
            written.documents += 1
        }
        // The whole library's empty folders too, so they come back with it.
        if only == nil {
            for folder in try store.folders() where !filled.contains(folder) {
                try writer.add(safeName(folder) + "/", Data(), modified: Date())
            }
        }
        try writer.finish()
        return written
    }

    /// The `.markup` file of a document, its thumbnail kept; nil for one from a newer MarkupKit whose
    /// journal holds changes since its last snapshot (this one cannot write them into it).
    private static func file(of summary: DocumentSummary, in store: any DocumentStore, current: (DocumentID) throws -> Markup) throws -> Data? {
        if summary.isFromNewerMarkupKit {
            let stored = try store.open(summary.id)
            return stored.journalBytes == 0 ? try store.encodedVersion(stored.sequence, of: summary.id) : nil
        }
        var file = MarkupFile(markup: try current(summary.id))
        file.thumbnail = summary.thumbnail
        return try file.encoded()
    }

    /// `Folder/Title.markup`, a title or folder as a download names it (`safeName`); a second
    /// document of the same name in a folder gets ` 2`, and so on.
    static func entryName(of summary: DocumentSummary, taken: inout Set<String>) -> String {
        let base = (summary.folder.map { safeName($0) + "/" } ?? "") + safeName(summary.title)
        var name = base + ".markup", number = 2
        while !taken.insert(name.lowercased()).inserted {
            name = "\(base) \(number).markup"
            number += 1
        }
        return name
    }

    /// A title or folder as a name in an archive, by a download's rules (`DownloadName`), whole.
    static func safeName(_ text: String) -> String {
        DownloadName.from(text, fallback: "Untitled", maximumLength: .max)
    }

    /// Makes each file of the zip archive `data` a document of `store`, as an import of it alone
    /// would, in the folder of the archive it lies in (its parent folder's name), or else `folder`;
    /// the archive's folders are kept, empty ones too.
    /// What cannot be read is named with why, and the rest imported; files that are not documents
    /// (a `.DS_Store`, what macOS keeps in `__MACOSX`) are passed over.
    public static func importArchive(_ data: Data, into store: any DocumentStore, folder: String? = nil,
                                     limits: ZipReader.Limits = .standard) throws -> Imported {
        var imported = Imported(outcomes: [], failures: [])
        try ZipReader.forEachEntry(in: data, limits: limits) { read in
            let entry: ZipReader.Entry
            switch read {
            case .failure(let failure): return imported.failures.append("\(failure.name): \(failure.reason)")
            case .success(let file): entry = file
            }
            let name = entry.path[entry.path.count - 1]
            guard !name.hasPrefix("."), !entry.path.contains("__MACOSX") else { return }
            // A folder (one level: its own name) is kept, empty until its documents come.
            if entry.isFolder {
                if FolderName.isValid(name) { try store.addFolder(name) }
                return
            }
            let shown = entry.path.joined(separator: "/")
            guard isImportable(name) else {
                return imported.failures.append("\(shown): not a file MarkupKit imports")
            }
            do {
                var outcome = try DocumentImporter.importReporting(entry.data, name: name, into: store)
                if let into = entry.path.count > 1 ? entry.path[entry.path.count - 2] : folder, FolderName.isValid(into) {
                    try store.setFolder(outcome.summary.id, to: into)
                    outcome.summary.folder = into
                }
                imported.outcomes.append(outcome)
            } catch {
                imported.failures.append("\(shown): \(error)")
            }
        }
        return imported
    }
}
