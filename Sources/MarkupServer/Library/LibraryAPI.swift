import Foundation
import MarkupEditor
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupStore

/// The JSON API under `/api`: the library's documents, their thumbnails, exports and versions.
struct LibraryAPI {
    let server: MarkupServer

    struct Listed: Encodable {
        var id, title: String
        var created, modified: Double
        var bytes: Int64
        var contentVersion: Int
        var readOnly: String?
        var thumbnail: String
        var folder: String?
        /// After an import: what of the file did not map, one line per kind.
        var notes: [String]?
    }

    /// A document renamed, or filed in a folder (`"folder": null` takes it out of its folder), or both.
    struct DocumentPatch: Decodable {
        var title: String?
        /// nil: the folder is left as it is; `.some(nil)`: the document goes in none.
        var folder: String??

        private enum CodingKeys: String, CodingKey { case title, folder }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            if container.contains(.folder) { folder = .some(try container.decodeNil(forKey: .folder) ? nil : container.decode(String.self, forKey: .folder)) }
        }
    }
    /// A folder renamed (`to` null: its documents go in none).
    struct FolderRename: Decodable {
        var from: String
        var to: String?
    }
    /// A new document: its title, ruled paper (`lined`, `squared` or `dotted`, with an optional
    /// `spacing` in points) or none, and its page's size (`PageSize`, a tablet's by default).
    struct NewDocumentBody: Decodable {
        var title: String
        var paper: Paper?
        var size = PageSize.tablet
        var folder: String?

        private enum CodingKeys: String, CodingKey { case title, paper, spacing, size, folder }

        init(title: String) { (self.title, self.paper) = (title, nil) }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? "Untitled"
            folder = try container.decodeIfPresent(String.self, forKey: .folder)
            if let folder, !FolderName.isValid(folder) {
                throw DecodingError.dataCorruptedError(forKey: .folder, in: container, debugDescription: FolderName.rule)
            }
            if let name = try container.decodeIfPresent(String.self, forKey: .size) {
                guard let size = PageSize(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(forKey: .size, in: container,
                                                           debugDescription: "size is \(PageSize.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.size = size
            }
            guard let name = try container.decodeIfPresent(String.self, forKey: .paper), name != "plain" else { paper = nil; return }
            guard let ruling = Paper.Ruling(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .paper, in: container, debugDescription: "paper is plain, lined, squared or dotted")
            }
            let paper = Paper(ruling: ruling, spacing: try container.decodeIfPresent(Double.self, forKey: .spacing))
            if let problem = paper.problem { throw DecodingError.dataCorruptedError(forKey: .spacing, in: container, debugDescription: problem) }
            self.paper = paper
        }
    }
    struct VersionBody: Decodable { var version: Int64 }
    /// A folder made empty, to file documents in later.
    struct NewFolder: Decodable { var name: String }
    /// An archive imported: the documents made from it, and each file it could not, with why.
    struct ImportedArchive: Encodable {
        var documents: [Listed]
        var failures: [String]
    }
    struct ElementsBody: Decodable { var ids: [String] }

    static func listed(_ summary: DocumentSummary) -> Listed {
        Listed(id: summary.id.description, title: summary.title, created: summary.createdAt.timeIntervalSince1970,
               modified: summary.modifiedAt.timeIntervalSince1970, bytes: summary.size, contentVersion: summary.contentVersion,
               readOnly: summary.readOnlyReason, thumbnail: "/api/documents/\(summary.id)/thumbnail.png", folder: summary.folder)
    }

    func handle(_ request: HTTPRequest, path: [String]) -> HTTPResponse {
        do {
            return try route(request, path: path)
        } catch let error as StoreError {
            switch error {
            case .documentNotFound, .versionNotFound, .signatureNotFound: return .error(404, "\(error)")
            case .readOnly, .conflict, .ambiguousDocument, .signaturesFull: return .error(409, "\(error)")
            case .document(let problem): return .error(422, problem.explanation)
            default: return .error(500, "\(error)")
            }
        } catch let error as DocumentImporter.ImportError {
            if case .unreadableInterchange(let reason) = error, case .tooLarge = reason { return .error(413, "\(error)") }
            if case .unreadableInterchange(let reason) = error, case .malformed = reason { return .error(422, "\(error)") }
            if case .unreadableBackground(.invalidSize) = error { return .error(422, "\(error)") }
            if case .unreadableBackground(.invalidPicture) = error { return .error(422, "\(error)") }
            return .error(415, "\(error)")
        } catch let error as RenderError {
            if case .invalidArea = error { return .error(404, "\(error)") }
            return .error(422, "\(error)")
        } catch let error as ZipError {
            if case .tooLarge = error { return .error(413, "\(error)") }
            if case .malformed = error { return .error(422, "\(error)") }
            return .error(500, "\(error)")
        } catch let error as ExportOptions.Problem {
            if case .tooLarge = error { return .error(413, "\(error)") }
            return .error(400, "\(error)")
        } catch let error as EditorError {
            return .error(409, "refused: \(error)")
        } catch let error as MarkupError {
            return .error(422, error.explanation)
        } catch let error as DecodingError {
            return .error(400, "malformed JSON: \(error.localizedDescription)")
        } catch {
            return .error(500, "\(error)")
        }
    }

    private func route(_ request: HTTPRequest, path: [String]) throws -> HTTPResponse {
        switch (request.method, path.first, path.count) {
        case ("GET", "documents", 1):
            return .json(try server.store.documents().map(Self.listed))
        case ("POST", "documents", 1):
            let body = request.body.isEmpty ? NewDocumentBody(title: "Untitled") : try ClientJSON.decode(NewDocumentBody.self, from: request.body)
            let title = DocumentTitle.cleaned(body.title) ?? "Untitled"
            var made = try DocumentImporter.blank(title: title, paper: body.paper, size: body.size, into: server.store)
            if let folder = body.folder {
                try server.store.setFolder(made.id, to: folder)
                made.folder = folder
            }
            return .json(Self.listed(made), status: 201)
        case ("POST", "import", 1):
            let name = request.query["name"] ?? "Imported"
            let folder = request.query["folder"].flatMap { $0.isEmpty ? nil : $0 }
            if let folder, !FolderName.isValid(folder) { return .error(400, FolderName.rule) }
            var body = request.body, companions: [String: Data] = [:]
            // A file sent with one it refers to (a .xopp and its PDF): `split` bytes of the first, then
            // the one named `companion`.
            if let split = request.query["split"] {
                guard let count = Int(split), count > 0, count < body.count, let companion = request.query["companion"], !companion.isEmpty else {
                    return .error(400, "split must be a byte count inside the body, with the companion file's name")
                }
                companions[(companion as NSString).lastPathComponent] = body.suffix(from: body.startIndex + count)
                body = body.prefix(count)
            }
            if companions.isEmpty, ZipReader.isArchive(body) {
                // A file in it inflates to no more than a request could bring, and all of them to four times that.
                let limits = ZipReader.Limits(entries: 10_000, entryBytes: server.maximumBodyBytes, totalBytes: 4 * server.maximumBodyBytes)
                let imported = try LibraryArchive.importArchive(body, into: server.store, folder: folder, limits: limits)
                return .json(ImportedArchive(documents: imported.outcomes.map { outcome in
                    var listed = Self.listed(outcome.summary)
                    listed.notes = outcome.notes.isEmpty ? nil : outcome.notes
                    return listed
                }, failures: imported.failures), status: 201)
            }
            var outcome = try DocumentImporter.importReporting(body, name: name, companions: companions, into: server.store)
            if let folder {
                try server.store.setFolder(outcome.summary.id, to: folder)
                outcome.summary.folder = folder
            }
            var listed = Self.listed(outcome.summary)
            listed.notes = outcome.notes
            return .json(listed, status: 201)
        case ("GET", "library.zip", 1):
            return try archive(of: nil, named: "MarkupKit library.zip")
        case ("POST", "library.zip", 1):
            // Some documents: those picked in the library.
            let ids = try ClientJSON.decode(ElementsBody.self, from: request.body).ids
            guard !ids.isEmpty, ids.count <= 10_000 else { return .error(400, "name 1 to 10,000 documents (ids)") }
            return try archive(of: Set(ids.compactMap(DocumentID.init)), named: "MarkupKit documents.zip")
        case (_, "deleted", _):
            return try deleted(request, path: Array(path.dropFirst()))
        case (_, "signatures", _):
            return try signatures(request, path: Array(path.dropFirst()))
        case ("GET", "folders", 1):
            return .json(try server.store.folders())
        case ("POST", "folders", 1):
            let body = try ClientJSON.decode(NewFolder.self, from: request.body)
            guard FolderName.isValid(body.name) else { return .error(400, FolderName.rule) }
            try server.store.addFolder(body.name)
            return .json(["name": body.name], status: 201)
        case ("POST", "folders", 2) where path[1] == "rename":
            let body = try ClientJSON.decode(FolderRename.self, from: request.body)
            guard FolderName.names(body.from), body.to.map(FolderName.isValid) ?? true else { return .error(400, FolderName.rule) }
            return .json(["documents": try server.store.renameFolder(body.from, to: body.to)])
        case (_, "documents", 2...):
            guard let id = DocumentID(path[1]) else { return .error(404, "no document '\(path[1])'") }
            return try document(id, request, rest: Array(path.dropFirst(2)))
        default:
            return .error(404, "no such API")
        }
    }

    private func document(_ id: DocumentID, _ request: HTTPRequest, rest: [String]) throws -> HTTPResponse {
        switch (request.method, rest.first) {
        case ("GET", nil):
            return .json(Self.listed(try summary(id)))
        case ("PATCH", nil):
            let body = try ClientJSON.decode(DocumentPatch.self, from: request.body)
            let title = body.title?.trimmingCharacters(in: .whitespacesAndNewlines)
            guard body.title != nil || body.folder != nil else { return .error(400, "a change of a document names its title, its folder or both") }
            if let title, title.isEmpty || !DocumentTitle.isValid(title) {
                return .error(400, "a title is one line of 1–\(DocumentTitle.maximumCharacters) characters and at most \(DocumentTitle.maximumBytes) bytes")
            }
            if case let folder?? = body.folder, !FolderName.isValid(folder) { return .error(400, FolderName.rule) }
            _ = try summary(id)
            if let folder = body.folder { try server.store.setFolder(id, to: folder) }
            if let title {
                try server.store.rename(id, to: title)
                if let open = server.hub.openDocument(id) { open.queue.sync { open.renamed(title) } }
            }
            return .json(Self.listed(try summary(id)))
        case ("DELETE", nil):
            _ = try summary(id)
            // Deleted in the library first: a page reconnecting meanwhile joins the open copy, which
            // is then closed with every page on it, rather than opening a new copy of a deleted document.
            try server.store.delete(id)
            server.hub.remove(id)
            server.purgeExpiredDeletions()
            return HTTPResponse(status: 204)
        case ("POST", "duplicate"):
            let source = try summary(id)
            var markup = try currentMarkup(id)
            markup.title = DocumentTitle.cleaned(String(source.title.prefix(DocumentTitle.maximumCharacters - 5)) + " copy") ?? "Copy"
            var copy = try server.store.create(title: markup.title, encoded: try DocumentImporter.encodedWithThumbnail(MarkupFile(markup: markup)))
            // The copy goes in the same folder.
            if let folder = source.folder {
                try server.store.setFolder(copy.id, to: folder)
                copy.folder = folder
            }
            return .json(Self.listed(copy), status: 201)
        case ("GET", "thumbnail.png"):
            let found = try summary(id)
            // A document open here is drawn as it is now: its stored thumbnail is its last
            // snapshot's, from before the strokes since.
            let png = server.hub.openDocument(id)?.currentThumbnail() ?? found.thumbnail.map { Data($0) }
                ?? (try? MarkupRenderer(markup: currentMarkup(id)).thumbnail(maximumPixelSize: DocumentImporter.thumbnailSize))
            guard let png else { return .error(404, "no thumbnail") }
            return HTTPResponse(status: 200, contentType: "image/png", body: png)
        case ("GET", let file?) where file.hasPrefix("export."):
            let options: ExportOptions
            do { options = try ExportOptions(query: request.query) } catch { return .error(400, "\(error)") }
            var page: Int?
            if let text = request.query["page"] {
                guard let number = Int(text) else { return .error(400, "page is a page's number, from 1") }
                page = number
            }
            return try export(id, format: String(file.dropFirst("export.".count)), page: page, options: options)
        case ("POST", let file?) where file.hasPrefix("export."):
            let options = try ClientJSON.decode(ExportOptions.self, from: request.body)
            guard let ids = options.ids, !ids.isEmpty else { return .error(400, "a selection's export names its elements (ids)") }
            return try exportSelection(id, format: String(file.dropFirst("export.".count)), options: options)
        case ("GET", "pages") where rest.count == 2 && rest[1].hasSuffix(".png"):
            guard let number = Int(rest[1].dropLast(4)) else { return .error(404, "no such page") }
            let scale = request.query["scale"].flatMap(Double.init) ?? 2
            return HTTPResponse(status: 200, contentType: "image/png", body: try server.pageImages.png(of: id, page: number, scale: scale,
                                                                                               markup: try currentMarkup(id)))
        case ("POST", "picture"):
            return try exportSelection(id, format: "png", options: ExportOptions(ids: try ClientJSON.decode(ElementsBody.self, from: request.body).ids))
        case ("GET", "outline"):
            // The contents of the PDF the document annotates: each entry's title, page (from 1;
            // absent for one that goes nowhere in it) and depth.
            return .json(try PDFOutline.entries(in: currentMarkup(id)).map(OutlineEntry.init))
        case ("GET", "versions") where rest.count == 3 && rest[2] == "thumbnail.png":
            // The picture each saved version carries in its file, shown beside it when one is chosen.
            guard let number = Int64(rest[1]) else { return .error(404, "no such version") }
            guard let png = try MarkupFile.thumbnail(in: server.store.encodedVersion(number, of: id)) else { return .error(404, "no thumbnail") }
            return HTTPResponse(status: 200, contentType: "image/png", body: Data(png))
        case ("GET", "versions") where rest.count == 1:
            return .json(try server.store.versions(of: id).map { ["version": Double($0.number), "created": $0.createdAt.timeIntervalSince1970, "bytes": Double($0.bytes)] })
        case ("POST", "restore"):
            let body = try ClientJSON.decode(VersionBody.self, from: request.body)
            if let live = server.hub.openDocument(id) {
                let version = try server.store.markup(ofVersion: body.version, of: id)
                try live.runAsMessage { try live.restore(version) }
                // Answered once the restore is on disk, as it is when no page has the document open.
                live.publisher.waitUntilSaved()
            } else {
                try server.store.restore(body.version, of: id, thumbnail: DocumentHub.thumbnailer)
            }
            return .json(["restored": body.version])
        default:
            return .error(404, "no such API")
        }
    }

    private func summary(_ id: DocumentID) throws -> DocumentSummary {
        try server.store.summary(of: id)
    }

    /// The document as it is now: the open controller's, or the library's.
    private func currentMarkup(_ id: DocumentID) throws -> Markup {
        if let open = server.hub.openDocument(id, waitingUpTo: 30) { return open.queue.sync { open.controller.markup } }
        return try server.store.readableDocument(id).markup
    }

    /// The elements `options.ids` names drawn alone, a margin around them, as a PNG (two pixels a
    /// point unless the options say otherwise, fewer for a large selection), an SVG or a vector
    /// PDF: a selection exported, or copied as a picture for other apps; or as Excalidraw's
    /// clipboard text, to paste into Excalidraw or tldraw as elements.
    private func exportSelection(_ id: DocumentID, format: String, options: ExportOptions) throws -> HTTPResponse {
        guard ["png", "svg", "pdf", "markup", "xopp", "excalidraw", "inkml"].contains(format) else {
            return .error(404, "a selection exports as png, svg, pdf, markup, xopp, excalidraw or inkml")
        }
        let wanted = Set((options.ids ?? []).compactMap(ElementID.init))
        var subset = try currentMarkup(id).keeping(only: wanted)
        subset.removeUnusedBlobs()
        guard !subset.elements.isEmpty else { return .error(404, "none of those elements is in the document") }
        let area = ExportOptions.selectionArea(of: subset)
        let renderer = MarkupRenderer(markup: subset, options: options.renderOptions)
        let name = "\(try fileName(id)) (selection).\(format)"
        switch format {
        case "png":
            let scale = ExportOptions.pngScale(of: area, preferred: options.scale ?? min(2, Double(Self.maximumPicturePixels) / max(area.width, area.height)))
            let size = MarkupRenderer.pixelSize(of: area, scale: scale)
            return Self.download(try options.embedding(subset, in: renderer.png(area: area, width: size.width, height: size.height)), type: "image/png", name: name)
        case "svg": return Self.download(Data(try renderer.svg(area: area).utf8), type: "image/svg+xml", name: name)
        case "excalidraw":
            let exported = ExcalidrawExporter.encode(subset, clipboard: true)
            return Self.download(exported.data, type: "application/json", name: name, headers: [Self.notesHeader(exported.report.lines)])
        case "markup":
            return Self.download(try DocumentImporter.encodedWithThumbnail(MarkupFile(markup: Self.document(of: subset, in: area))),
                                 type: "application/octet-stream", name: name)
        case "xopp", "inkml":
            let interchange: InterchangeFormat = format == "xopp" ? .xournal : .inkML
            let exported = Interchange.encode(Self.document(of: subset, in: area), format: interchange)
            return Self.download(exported.data, type: interchange.mediaType, name: name, headers: [Self.notesHeader(exported.report.lines)])
        default: return Self.download(try renderer.pdf(area: area), type: "application/pdf", name: name)
        }
    }

    /// A document of a selection alone, its page the selection's box.
    private static func document(of selection: Markup, in area: Rect) -> Markup {
        var document = selection
        document.bounds = area
        document.sheetHeight = nil
        return document
    }

    /// What an export could not carry over, one line a kind (or a document), percent-encoded.
    private static func notesHeader(_ lines: [String]) -> (String, String) {
        ("X-Conversion-Notes", lines.joined(separator: "\n").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    /// The library's documents (or those of `only`) as a zip archive to download. Written to a file
    /// first and sent from its pages, so a large library is not held in memory twice.
    private func archive(of only: Set<DocumentID>?, named name: String) throws -> HTTPResponse {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("markupkit-library-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = try LibraryArchive.write(server.store, only: only, to: file, durable: false, current: currentMarkup)
        if only != nil, written.documents == 0, written.skipped.isEmpty { return .error(404, "none of those documents is in the library") }
        return Self.download(try Data(contentsOf: file, options: .alwaysMapped), type: "application/zip", name: name,
                             headers: written.skipped.isEmpty ? [] : [Self.notesHeader(written.skipped)])
    }

    /// A file to download, under `name`.
    private static func download(_ data: Data, type: String, name: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: type, body: data, headers: [("Content-Disposition", DownloadName.contentDisposition(name))] + headers)
    }

    /// The document's title as a file name (`DownloadName`).
    private func fileName(_ id: DocumentID) throws -> String {
        DownloadName.from(try summary(id).title)
    }

    /// The longer side of a picture of a selection, in pixels.
    static let maximumPicturePixels = 4096

    /// The document as a file of `format`; a PNG, SVG or PDF drawn as `options` say (a PNG of a
    /// document over a PDF: its `page`).
    private func export(_ id: DocumentID, format: String, page: Int?, options: ExportOptions = ExportOptions()) throws -> HTTPResponse {
        let markup = try currentMarkup(id)
        let safeName = try fileName(id)
        let renderer = MarkupRenderer(markup: markup, options: options.renderOptions)
        let (type, data): (String, Data)
        switch format {
        case "png":
            let area = markup.background != nil || page != nil ? try renderer.pageArea(page ?? 1) : renderer.defaultArea
            // A page made longer keeps the scale of its first sheet, within what a PNG may hold.
            let sheet = markup.background == nil && area == markup.bounds ? markup.firstSheet : area
            let scale = ExportOptions.pngScale(of: area, preferred: options.scale ?? min(2048 / max(sheet.width, sheet.height), 4))
            let size = MarkupRenderer.pixelSize(of: area, scale: scale)
            (type, data) = ("image/png", try options.embedding(markup, in: renderer.png(area: area, width: size.width, height: size.height)))
        // One page (a PDF's, a picture's or a sheet of a long page) when `page` names it.
        case "svg": (type, data) = ("image/svg+xml", Data(try renderer.svg(area: page.map { number throws(RenderError) in try renderer.pageArea(number) }).utf8))
        case "pdf": (type, data) = ("application/pdf", try page.map { number throws(RenderError) in try renderer.pdf(area: renderer.pageArea(number)) } ?? renderer.annotatedPDF())
        case "markup": (type, data) = ("application/octet-stream", try DocumentImporter.encodedWithThumbnail(MarkupFile(markup: markup)))
        case XournalExporter.companionFormat:
            guard case .pdf(let blob)? = markup.background?.source, let pdf = markup.blobs[blob] else {
                return .error(404, "the document has no background PDF")
            }
            (type, data) = ("application/pdf", pdf)
        default:
            guard let interchange = InterchangeFormat.allCases.first(where: { $0.isWritable && $0.fileExtension == format }) else {
                return .error(404, "export formats are png, svg, pdf, markup, xopp, excalidraw and inkml")
            }
            let exported = Interchange.encode(markup, format: interchange)
            return Self.download(exported.data, type: interchange.mediaType, name: "\(safeName).\(format)", headers: [Self.notesHeader(exported.report.lines)])
        }
        return Self.download(data, type: type, name: "\(safeName).\(format)")
    }
}

/// An entry of a PDF's outline as `GET /api/documents/ID/outline` lists it.
private struct OutlineEntry: Encodable {
    let title: String
    let page: Int?
    let depth: Int

    init(_ entry: PDFOutline.Entry) { (title, page, depth) = (entry.title, entry.page, entry.depth) }
}
