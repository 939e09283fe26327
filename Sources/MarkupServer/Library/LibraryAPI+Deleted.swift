import Foundation
import MarkupStore

/// The library's recently deleted, under `/api/deleted`: a deleted document waits there
/// `DeletedDocument.keptFor` (thirty days) to be restored as it was or deleted for good.
extension LibraryAPI {
    struct ListedDeleted: Encodable {
        var document: Listed
        var deleted: Double
        /// When it will be deleted for good unless restored.
        var purged: Double
    }

    static func listed(_ deleted: DeletedDocument) -> ListedDeleted {
        var document = listed(deleted.summary)
        document.thumbnail = "/api/deleted/\(deleted.summary.id)/thumbnail.png"
        return ListedDeleted(document: document, deleted: deleted.deletedAt.timeIntervalSince1970,
                             purged: (deleted.deletedAt + DeletedDocument.keptFor).timeIntervalSince1970)
    }

    func deleted(_ request: HTTPRequest, path: [String]) throws -> HTTPResponse {
        switch (request.method, path.count) {
        case ("GET", 0):
            // What waited long enough goes as the list is read, not at every thumbnail it asks for.
            server.purgeExpiredDeletions()
            return .json(try server.store.deletedDocuments().map(Self.listed))
        case ("DELETE", 0):
            // Emptied: every document there deleted for good.
            var purged = 0
            for deleted in try server.store.deletedDocuments() {
                try server.store.purgeDeleted(deleted.summary.id)
                purged += 1
            }
            return .json(["purged": purged])
        default:
            break
        }
        guard let first = path.first else { return .error(404, "no such API") }
        guard let id = DocumentID(first) else { return .error(404, "no deleted document '\(first)'") }
        switch (request.method, path.count > 1 ? path[1] : nil) {
        case ("GET", nil):
            // Whether it waits in recently deleted (404: deleted for good, or never there).
            return .json(Self.listed(try server.store.deletedDocument(id)))
        case ("POST", "restore"):
            return .json(Self.listed(try server.store.restoreDeleted(id)))
        case ("DELETE", nil):
            try server.store.purgeDeleted(id)
            return HTTPResponse(status: 204)
        case ("GET", "thumbnail.png"):
            guard let png = try server.store.deletedDocument(id).summary.thumbnail else { return .error(404, "no thumbnail") }
            return HTTPResponse(status: 200, contentType: "image/png", body: Data(png))
        default:
            return .error(404, "no such API")
        }
    }
}

extension MarkupServer {
    /// Deletes for good what has waited in recently deleted longer than `DeletedDocument.keptFor`.
    func purgeExpiredDeletions(now: Date = Date()) {
        do {
            let purged = try store.purgeDeleted(before: now - DeletedDocument.keptFor)
            if purged > 0 { log(.info, "deleted for good \(purged) document(s) deleted more than 30 days ago") }
        } catch {
            log(.warning, "could not purge recently deleted documents: \(error)")
        }
    }
}
