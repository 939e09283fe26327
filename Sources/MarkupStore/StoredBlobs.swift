import Foundation
import MarkupFormat
import MarkupModel

/// How both stores keep each blob (a PDF, an image) once per library: a snapshot is stored without
/// its `BLOB` sections, each blob goes to the `blobs` table under its SHA-256 (once, however many
/// documents and versions hold it), the snapshot names them in order in `snapshot_blobs`, and they
/// are put back when it is read. Blobs no snapshot names any more are dropped.
enum StoredBlobs {
    /// What to store of `encoded`, and the blobs it leaves out (none for a file without any, or one
    /// that would not come back byte for byte).
    static func separating(_ encoded: Data) -> (stored: Data, blobs: [(id: BlobID, data: [UInt8])]) {
        guard let separated = BlobSections.separate([UInt8](encoded)) else { return (encoded, []) }
        return (Data(separated.rest), separated.blobs)
    }

    /// The file whose stored part is `stored`, with `blobs` put back.
    static func joining(_ stored: [UInt8], _ blobs: [(id: BlobID, data: [UInt8])]) throws(StoreError) -> [UInt8] {
        guard !blobs.isEmpty else { return stored }
        do throws(MarkupError) {
            return try BlobSections.join(stored, blobs: blobs)
        } catch {
            throw .document(error)
        }
    }

    /// The bytes a blob adds to a file: its section's framing, its id and its data.
    static let sectionBytes = 12 + 32
}
