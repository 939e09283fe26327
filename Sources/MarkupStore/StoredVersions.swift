import Foundation
import MarkupFormat
import MarkupModel

/// The format and content versions a `.markup` file declares, which every store keeps beside it
/// (so listing tells a document from a newer MarkupKit without decoding it).
enum StoredVersions {
    static func of(_ encoded: Data) throws(StoreError) -> (formatVersion: Int, contentVersion: ContentVersion) {
        do throws(MarkupError) {
            return try MarkupFile.versions(of: encoded)
        } catch {
            throw .document(error)
        }
    }
}
