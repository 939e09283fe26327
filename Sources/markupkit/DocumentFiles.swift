import Foundation
import MarkupFormat
import MarkupModel
import MarkupRender
import MarkupServer
import MarkupStore

/// Reading and writing documents by path: binary `.markup` or `.markup.json`, told apart by content
/// when reading and by extension when writing.
enum DocumentFiles {
    /// Why a document file could not be read or written.
    enum FileError: Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)
        case document(path: String, MarkupError)

        var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
            case .unwritable(let path, let reason): "\(path): cannot write: \(reason)"
            case .document(let path, let error): "\(path): \(error)"
            }
        }
    }

    static func readData(_ path: String) throws(FileError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
    }


    static func read(_ path: String) throws(FileError) -> MarkupFile {
        let data = try readData(path)
        do {
            return try MarkupJSON.decodeEitherForm(data)
        } catch {
            throw .document(path: path, error)
        }
    }

    /// Whether `path` names the JSON interchange form.
    static func isJSONPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Writes `file` atomically, as JSON when `path` ends in `.json`. A binary file without a
    /// thumbnail gets one rendered, so readers too old for its content have something to show.
    static func write(_ file: MarkupFile, to path: String) throws(FileError) {
        let data: Data
        do {
            data = isJSONPath(path) ? try MarkupJSON.encode(file) : try DocumentImporter.encodedWithThumbnail(file)
        } catch {
            throw .document(path: path, error)
        }
        try writeData(data, to: path)
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
