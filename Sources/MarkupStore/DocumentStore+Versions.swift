import Foundation
import MarkupFormat
import MarkupModel

/// What every front end (the CLI, the server) does with a stored document, written once.
extension DocumentStore {
    /// The document as it is now. Throws `readOnly` for one this MarkupKit cannot read in full:
    /// anything made from it (an export, a restore) would be partial.
    public func readableDocument(_ id: DocumentID) throws(StoreError) -> StoredDocument {
        let document = try open(id)
        if let reason = document.summary.readOnlyReason { throw .readOnly(documentID: id.description, reason: reason) }
        return document
    }

    /// Saved version `version` of the document, decoded.
    public func markup(ofVersion version: Int64, of id: DocumentID) throws(StoreError) -> Markup {
        let encoded = try encodedVersion(version, of: id)
        do throws(MarkupError) {
            return try MarkupFile.decode(encoded).markup
        } catch {
            throw .document(error)
        }
    }

    /// Journals the change that makes the document version `version` again, so the restore is itself
    /// in the history; it only lands on the state it was worked out from. The state it replaces, when
    /// it is no version yet (changes were journaled since the newest), is kept as a version first
    /// (with `thumbnail`'s picture of it), so that a restore no page can undo can be restored back.
    /// Returns the journal position.
    @discardableResult
    public func restore(_ version: Int64, of id: DocumentID, thumbnail: ((Markup) -> [UInt8]?)? = nil) throws(StoreError) -> Int64 {
        let current = try readableDocument(id)
        let change = MarkupChange(from: current.markup, to: try markup(ofVersion: version, of: id))
        guard !change.isEmpty else { return current.sequence }
        if current.journalBytes > 0 {
            let picture = thumbnail?(current.markup)
            let encoded: Data
            do throws(MarkupError) {
                encoded = try MarkupFile(markup: current.markup, thumbnail: picture).encoded()
            } catch {
                throw .document(error)
            }
            try writeSnapshot(encoded, thumbnail: picture, of: id, through: current.sequence, keepingVersions: SnapshotPolicy().keptVersions)
        }
        return try append([JournalEntry(kind: JournalEntry.changeKind, payload: ChangeCodec.encode(change))], to: id,
                          expectingHead: current.sequence)
    }
}
