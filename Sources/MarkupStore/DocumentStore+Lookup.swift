import Foundation

extension DocumentStore {
    /// One append, as a batch of one.
    public func append(_ entries: [JournalEntry], to id: DocumentID, expectingHead: Int64?) throws(StoreError) -> Int64 {
        try append([JournalAppend(document: id, entries: entries, expectingHead: expectingHead)])[0].get()
    }

    /// The document whose id is `key`, whose id starts with `key` (four characters at least), or
    /// whose title is `key`.
    public func resolve(_ key: String) throws(StoreError) -> DocumentSummary {
        try resolving(key, among: documents())
    }

    /// The document in recently deleted that `key` names, as `resolve` finds one in the library.
    public func resolveDeleted(_ key: String) throws(StoreError) -> DeletedDocument {
        let deleted = try deletedDocuments()
        let found = try resolving(key, among: deleted.map(\.summary))
        return deleted.first { $0.summary.id == found.id }!
    }

    private func resolving(_ key: String, among all: [DocumentSummary]) throws(StoreError) -> DocumentSummary {
        let needle = key.lowercased()
        if let exact = all.first(where: { $0.id.description == needle }) { return exact }
        var matches = needle.count >= 4 ? all.filter { $0.id.description.hasPrefix(needle) } : []
        if matches.isEmpty { matches = all.filter { $0.title == key } }
        guard let first = matches.first else { throw .documentNotFound(key) }
        // Each said by the start of its id, which is what tells them apart.
        guard matches.count == 1 else {
            throw .ambiguousDocument(key, matches: matches.map { String($0.id.description.prefix(8)) }.sorted())
        }
        return first
    }
}
