import Foundation
import MarkupFormat
import MarkupModel

extension DocumentSummary {
    /// Why a stored document cannot be edited here, from what its row says, or nil: the same words
    /// from every store.
    static func readOnlyReason(formatVersion: Int, contentVersion: Int, hasUnknownKinds: Bool) -> String? {
        if formatVersion > FormatVersion.current || contentVersion > ContentVersion.latest.rawValue {
            return "written by a newer MarkupKit (format \(formatVersion), content version \(contentVersion); "
                + "this one reads format \(FormatVersion.current), content version \(ContentVersion.latest.rawValue))"
        }
        return hasUnknownKinds ? "its journal holds entries of kinds this MarkupKit does not know" : nil
    }
}

extension StoredDocument {
    /// The document a store holds as a snapshot (`encoded`, through journal entry `snapshotSequence`)
    /// and the journal `entries` after it, replayed. A journal entry this MarkupKit cannot replay
    /// leaves the document read-only with everything before it; one from a newer MarkupKit is not
    /// decoded at all. Throws only for a snapshot that does not decode.
    static func replaying(summary: DocumentSummary, snapshotSequence: Int64, encoded: [UInt8], entries: [(Int64, JournalEntry)],
                          operations: Set<String>) throws(StoreError) -> StoredDocument {
        var document = StoredDocument(summary: summary, markup: Markup(bounds: .zero, title: summary.title), sequence: snapshotSequence,
                                      journalBytes: entries.reduce(0) { $0 + Int64($1.1.payload.count) }, snapshotBytes: Int64(encoded.count),
                                      operations: operations)
        guard !summary.isFromNewerMarkupKit else { return document }
        do throws(MarkupError) {
            document.markup = try MarkupFile.decode(bytes: encoded).markup
        } catch .incompatibleFormatTooNew {
            document.summary.readOnlyReason = document.summary.readOnlyReason ?? "written by a newer MarkupKit"
            return document
        } catch {
            throw .document(error)
        }
        for (sequence, entry) in entries {
            guard entry.kind == JournalEntry.changeKind else {
                document.summary.readOnlyReason = "journal entry \(sequence) is of kind \(entry.kind), which this MarkupKit does not know"
                return document
            }
            do {
                document.markup.apply(try ChangeCodec.decode(entry.payload))
            } catch {
                document.summary.readOnlyReason = "journal entry \(sequence) cannot be read here: \(error)"
                return document
            }
            document.sequence = sequence
        }
        // Decoding checked the snapshot; only a replayed journal can have made it unsound since.
        do throws(MarkupError) {
            if !entries.isEmpty { try document.markup.validate() }
        } catch {
            document.summary.readOnlyReason = "its journal does not replay to a sound document: \(error)"
        }
        document.markup.title = summary.title
        return document
    }
}
