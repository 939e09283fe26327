import Foundation
@testable import MarkupStore

/// A library in a fresh temporary folder, removed when the value goes away.
final class TemporaryLibrary {
    let folder: String
    var path: String { folder + "/library.sqlite" }

    init() {
        folder = NSTemporaryDirectory() + "markupkit-store-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func open() throws -> SQLiteDocumentStore { try SQLiteDocumentStore(path: path) }
}
