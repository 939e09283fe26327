import Foundation
import MarkupFormat

/// Writes files so that a crash leaves either the old file or the new one, never a mix
/// (`ReplacingFile`), failing with the store's error.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(StoreError) {
        do {
            try ReplacingFile.write(data, to: path)
        } catch {
            throw .file(path: path, reason: error.reason)
        }
    }
}
