import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupServer
import MarkupStore

/// Reading and writing documents by path: binary `.markup` or `.markup.json`, told apart by content
/// when reading and by extension when writing, and the other apps' formats (`.xopp`, `.excalidraw`,
/// `.inkml`), told by extension or content.
enum DocumentFiles {
    /// Why a document file could not be read or written.
    enum FileError: Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)
        case document(path: String, MarkupError)
        case interchange(path: String, InterchangeError)

        var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
            case .unwritable(let path, let reason): "\(path): cannot write: \(reason)"
            case .document(let path, let error):
                // Pictures and PDFs are not converted but annotated: they become a new document's background.
                ["pdf", "png", "jpg", "jpeg"].contains((path as NSString).pathExtension.lowercased())
                    ? "\(path): \(error.explanation) [\(error.name)] (to mark it up: markupkit new OUT.markup --background \(path))"
                    : "\(path): \(error.explanation) [\(error.name)]"
            case .interchange(let path, let error): "\(path): \(error)"
            }
        }
    }

    static func readData(_ path: String) throws(FileError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .unreadable(path: path, reason: "no such file") }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a folder, not a file") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
    }


    static func read(_ path: String) throws(FileError) -> MarkupFile {
        try readReporting(path).file
    }

    /// The document at `path` and what did not map, when it is another app's file. A Xournal++
    /// file's background PDF is `backgroundPDF` when given, else found where Xournal++ keeps it.
    static func readReporting(_ path: String, backgroundPDF: String? = nil) throws(FileError) -> (file: MarkupFile, report: ConversionReport) {
        try readReporting(readData(path), from: path, backgroundPDF: backgroundPDF)
    }

    /// `data`, the file at `path`, read as `readReporting(_:backgroundPDF:)` reads it.
    static func readReporting(_ data: Data, from path: String, backgroundPDF: String? = nil) throws(FileError) -> (file: MarkupFile, report: ConversionReport) {
        if let format = InterchangeFormat(path: path) ?? InterchangeFormat.detect(data) {
            let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            var pdf: Data?
            if let backgroundPDF { pdf = try readData(backgroundPDF) }
            do {
                let imported = try Interchange.decode(data, format: format, title: title) { companion in
                    if let pdf, companion.filename.lowercased().hasSuffix(".pdf") { return pdf }
                    return companionData(companion, besides: path)
                }
                return (MarkupFile(markup: imported.markup), imported.report)
            } catch {
                throw .interchange(path: path, error)
            }
        }
        // A PNG MarkupKit exported with its drawing inside (an editable PNG) is that drawing.
        if let carried = EmbeddedMarkup.file(in: data), let file = try? MarkupFile.decode(carried) {
            return (file, ConversionReport())
        }
        do {
            return (try MarkupJSON.decodeEitherForm(data), ConversionReport())
        } catch {
            throw .document(path: path, error)
        }
    }

    /// A file a `.xopp` at `path` refers to: attached ones are `<path>.<name>`; others are tried
    /// where the name points and then by their bare name beside the `.xopp`.
    private static func companionData(_ companion: XournalImporter.Companion, besides path: String) -> Data? {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (companion.filename as NSString).lastPathComponent
        let candidates = companion.isAttached
            ? [path + "." + name]
            : [companion.filename, (directory as NSString).appendingPathComponent(name)]
        for candidate in candidates where !candidate.isEmpty {
            if let data = try? Data(contentsOf: URL(fileURLWithPath: candidate)) { return data }
        }
        return nil
    }

    /// Whether `path` names the JSON interchange form.
    static func isJSONPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Refuses a path, before anything is read or made, whose extension names no form a document is
    /// written in: it would get `.markup` bytes under a name that says otherwise (a `.pdf`, none at all).
    static func checkDocumentPath(_ path: String) throws(UsageError) {
        guard InterchangeFormat(path: path) == nil, !path.lowercased().hasSuffix(".markup"), !isJSONPath(path) else { return }
        throw UsageError("OUT must end in .markup, .markup.json, .xopp, .excalidraw or .inkml (a picture or a PDF is drawn by markupkit render)")
    }

    /// Writes `file` atomically, as JSON when `path` ends in `.json`. A binary file without a
    /// thumbnail gets one rendered, so readers too old for its content have something to show.
    static func write(_ file: MarkupFile, to path: String) throws(FileError) {
        _ = try writeReporting(file, to: path)
    }

    /// Writes `file` as `write` does, or in another app's format when `path`'s extension names one
    /// (with any file that must sit beside it), returning what did not map.
    static func writeReporting(_ file: MarkupFile, to path: String) throws(FileError) -> ConversionReport {
        if let format = InterchangeFormat(path: path) {
            guard format.isWritable else { throw .unwritable(path: path, reason: "MarkupKit reads \(format.displayName) files but does not write them") }
            let exported = Interchange.encode(file.markup, format: format)
            try writeData(exported.data, to: path)
            for companion in exported.companions { try writeData(companion.data, to: path + companion.suffix) }
            return exported.report
        }
        let data: Data
        do {
            data = isJSONPath(path) ? try MarkupJSON.encode(file) : try DocumentImporter.encodedWithThumbnail(file)
        } catch {
            throw .document(path: path, error)
        }
        try writeData(data, to: path)
        return ConversionReport()
    }

    /// Writes bytes atomically: a temporary file flushed to disk, then a rename.
    static func writeData(_ data: Data, to path: String) throws(FileError) {
        do {
            try AtomicFile.write(data, to: path)
        } catch .file(_, let reason) {
            throw .unwritable(path: path, reason: reason)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
    }
}
