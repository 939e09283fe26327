import MarkupModel

/// Why the library could not do what was asked. Nothing in the library changes when one is thrown.
public enum StoreError: Error, Hashable, Sendable {
    /// SQLite refused: its result code and message.
    case database(code: Int32, message: String)
    /// PostgreSQL refused, or could not be reached: its SQLSTATE (empty when libpq had none) and message.
    case postgres(state: String, message: String)
    /// No document has this id (or id prefix, or title).
    case documentNotFound(String)
    /// More than one document matches a prefix or title: the starts of their ids.
    case ambiguousDocument(String, matches: [String])
    /// No version with this number exists for the document.
    case versionNotFound(Int64)
    /// No saved signature has this id.
    case signatureNotFound(Int64)
    /// The library keeps `maximum` signatures already: one must go before another is saved.
    case signaturesFull(maximum: Int)
    /// The document was written by a newer MarkupKit (or holds journal entries this one cannot
    /// replay): it can be listed, exported as it is, renamed and deleted, but not edited.
    case readOnly(documentID: String, reason: String)
    /// The library file was made by a newer MarkupKit, whose layout this one does not know.
    case libraryTooNew(found: Int32, supported: Int32)
    /// A stored document or journal entry could not be read.
    case document(MarkupError)
    /// Someone else changed the document since this writer last saw it.
    case conflict(expectedHead: Int64, foundHead: Int64)
    /// A file could not be read or written.
    case file(path: String, reason: String)
}

extension StoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .database(let code, let message): "database error \(code): \(message)"
        case .postgres(let state, let message): state.isEmpty ? "PostgreSQL: \(message)" : "PostgreSQL \(state): \(message)"
        case .documentNotFound(let key): "no document matches '\(key)'"
        case .ambiguousDocument(let key, let matches):
            "'\(key)' matches \(matches.count) documents (\(matches.joined(separator: ", "))); give more of the id"
        case .versionNotFound(let version): "no version \(version)"
        case .signatureNotFound(let id): "no saved signature \(id)"
        case .signaturesFull(let maximum): "\(maximum) signatures are saved already: delete one first"
        case .readOnly(let id, let reason): "document \(id) is read-only: \(reason)"
        case .libraryTooNew(let found, let supported):
            "the library was written by a newer MarkupKit (layout \(found); this one knows up to \(supported))"
        case .document(let error): "\(error)"
        case .conflict(let expected, let found):
            "the document changed elsewhere (its journal is at \(found), this writer expected \(expected)); open it again"
        case .file(let path, let reason): "\(path): \(reason)"
        }
    }
}
