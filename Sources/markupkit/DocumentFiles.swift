import Foundation
import MarkupFormat
import MarkupModel

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

    /// Whether `data` looks like JSON rather than the binary container.
    static func isJSON(_ data: Data) -> Bool {
        data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
    }

    static func read(_ path: String) throws(FileError) -> MarkupFile {
        let data = try readData(path)
        do {
            return isJSON(data) ? try MarkupJSON.decode(data) : try MarkupFile.decode(data)
        } catch {
            throw .document(path: path, error)
        }
    }

    /// Whether `path` names the JSON interchange form.
    static func isJSONPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Writes `file` atomically, as JSON when `path` ends in `.json`.
    static func write(_ file: MarkupFile, to path: String) throws(FileError) {
        let data: Data
        do {
            data = isJSONPath(path) ? try MarkupJSON.encode(file) : try file.encoded()
        } catch {
            throw .document(path: path, error)
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
