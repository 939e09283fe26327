import CCairo
import CPoppler
import Foundation
import MarkupModel

/// A PDF opened with poppler-glib. Poppler documents are not thread-safe, so every use holds the
/// lock; pages are parsed only when drawn, so a long PDF opens at once.
final class PDFFile: @unchecked Sendable {
    private let document: OpaquePointer
    private let lock = NSLock()
    let pageCount: Int

    /// - Throws: `invalidPDF` with poppler's message for bytes that are not a PDF it can read.
    init(data: Data) throws(RenderError) {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            if let error { g_error_free(error) }
            throw .invalidPDF(message)
        }
        // Checked before the document is kept: `deinit` lets go of a document once kept.
        let count = Int(poppler_document_get_n_pages(document))
        guard count > 0 else {
            FontEngine.serialized { g_object_unref(UnsafeMutableRawPointer(document)) }
            throw .invalidPDF("the PDF has no pages")
        }
        self.document = document
        pageCount = count
    }

    deinit { FontEngine.serialized { g_object_unref(UnsafeMutableRawPointer(document)) } }

    /// Every page's size in points.
    var pageSizes: [Size] {
        lock.withLock { (0..<pageCount).map(size(ofPage:)) }
    }

    /// Page `index`'s size in points (a letter page's for one poppler cannot measure); the caller holds the lock.
    private func size(ofPage index: Int) -> Size {
        guard let page = poppler_document_get_page(document, Int32(index)) else { return Size(width: 612, height: 792) }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return width > 0 && height > 0 && width.isFinite && height.isFinite ? Size(width: width, height: height) : Size(width: 612, height: 792)
    }

    /// Page `index`'s size in points; nil past the last page.
    func pageSize(_ index: Int) -> Size? {
        guard (0..<pageCount).contains(index) else { return nil }
        return lock.withLock { size(ofPage: index) }
    }

    /// Draws page `index` (from 0) filling `rect` of the context. For PDF output the page goes as
    /// vectors (text stays text); for bitmaps, as poppler renders for screens.
    func draw(page index: Int, into context: OpaquePointer, in rect: Rect, forPrinting: Bool) {
        lock.withLock {
            guard (0..<pageCount).contains(index), let page = poppler_document_get_page(document, Int32(index)) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            guard width > 0, height > 0 else { return }
            cairo_save(context)
            cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(context)
            cairo_translate(context, rect.minX, rect.minY)
            cairo_scale(context, rect.width / width, rect.height / height)
            FontEngine.serialized {
                if forPrinting { poppler_page_render_for_printing(page, context) } else { poppler_page_render(page, context) }
            }
            cairo_restore(context)
        }
    }
}

extension PDFFile {
    /// Pixels a point at which poppler measures a selection: its rectangles are whole pixels.
    private static let selectionScale = 16.0

    /// The boxes around the text of page `index` (from 0) a reader selects by dragging from `start`
    /// to `end` (page points, from its top left corner), whole words at a time, in page points: a
    /// box a line (lines that overlap cut where they meet), none overlapping; empty when no text
    /// lies between.
    func selectedText(page index: Int, from start: Point, to end: Point) -> [Rect] {
        lock.withLock {
            guard (0..<pageCount).contains(index), let page = poppler_document_get_page(document, Int32(index)) else { return [] }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            var selection = PopplerRectangle(x1: start.x, y1: start.y, x2: end.x, y2: end.y)
            guard let region = poppler_page_get_selected_region(page, Self.selectionScale, POPPLER_SELECTION_WORD, &selection) else { return [] }
            defer { cairo_region_destroy(region) }
            let count = min(Int(cairo_region_num_rectangles(region)), Self.maximumSelectionPieces)
            var boxes = [Rect]()
            boxes.reserveCapacity(count)
            for number in 0..<count {
                var piece = cairo_rectangle_int_t()
                cairo_region_get_rectangle(region, Int32(number), &piece)
                boxes.append(Rect(x: Double(piece.x) / Self.selectionScale, y: Double(piece.y) / Self.selectionScale,
                                  width: Double(piece.width) / Self.selectionScale, height: Double(piece.height) / Self.selectionScale))
            }
            return boxes
        }
    }

    /// Where `text` occurs on page `index` (from 0), case and accents aside, each match's box in
    /// page points from the top left corner; at most `limit` of them.
    func find(_ text: String, page index: Int, limit: Int) -> [Rect] {
        lock.withLock {
            guard (0..<pageCount).contains(index), let page = poppler_document_get_page(document, Int32(index)) else { return [] }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            let options = PopplerFindFlags(rawValue: POPPLER_FIND_IGNORE_DIACRITICS.rawValue | POPPLER_FIND_MULTILINE.rawValue)
            guard let found = poppler_page_find_text_with_options(page, text, options) else { return [] }
            defer { g_list_free_full(found) { poppler_rectangle_free($0?.assumingMemoryBound(to: PopplerRectangle.self)) } }
            var boxes = [Rect]()
            var node: UnsafeMutablePointer<GList>? = found
            while let current = node, boxes.count < limit {
                if let match = current.pointee.data?.assumingMemoryBound(to: PopplerRectangle.self).pointee {
                    // Poppler measures a match from the page's bottom edge.
                    boxes.append(Rect(x: min(match.x1, match.x2), y: height - max(match.y1, match.y2),
                                      width: abs(match.x2 - match.x1), height: abs(match.y2 - match.y1)))
                }
                node = current.pointee.next
            }
            return boxes
        }
    }

    /// The PDF's outline (the contents a reader lists), depth first: each entry's title, the page it
    /// goes to (from 0; nil for one that goes elsewhere) and how deep it lies (0 at the top); at
    /// most `limit` entries looked at (a looping outline ends there), `maximumOutlineDepth` deep.
    func outline(limit: Int) -> [(title: String, page: Int?, depth: Int)] {
        lock.withLock {
            var entries = [(title: String, page: Int?, depth: Int)](), visited = 0
            func read(_ iterator: OpaquePointer, depth: Int) {
                repeat {
                    guard visited < limit else { return }
                    visited += 1
                    if let action = poppler_index_iter_get_action(iterator) {
                        entries.append((title: action.pointee.any.title.map { String(cString: $0) } ?? "", page: page(of: action), depth: depth))
                        poppler_action_free(action)
                    }
                    if depth + 1 < Self.maximumOutlineDepth, let child = poppler_index_iter_get_child(iterator) {
                        read(child, depth: depth + 1)
                        poppler_index_iter_free(child)
                    }
                } while poppler_index_iter_next(iterator) != 0
            }
            if let top = poppler_index_iter_new(document) {
                read(top, depth: 0)
                poppler_index_iter_free(top)
            }
            return entries
        }
    }

    /// Where a link on a page goes: a web address, or a page of the same PDF (from 0).
    enum LinkTarget: Equatable {
        case address(String)
        case page(Int)
    }

    /// The links on page `index` (from 0): each one's box in page points from the top left corner
    /// and where it goes; links to anything else (a file, a script, a form's action) left out, at
    /// most `limit` of them.
    func links(page index: Int, limit: Int) -> [(area: Rect, target: LinkTarget)] {
        lock.withLock {
            guard (0..<pageCount).contains(index), let page = poppler_document_get_page(document, Int32(index)) else { return [] }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            guard let mappings = poppler_page_get_link_mapping(page) else { return [] }
            defer { poppler_page_free_link_mapping(mappings) }
            var links = [(area: Rect, target: LinkTarget)]()
            var node: UnsafeMutablePointer<GList>? = mappings
            while let current = node, links.count < limit {
                node = current.pointee.next
                guard let mapping = current.pointee.data?.assumingMemoryBound(to: PopplerLinkMapping.self).pointee,
                      let action = mapping.action else { continue }
                let target: LinkTarget?
                switch action.pointee.type {
                case POPPLER_ACTION_URI:
                    target = action.pointee.uri.uri.map { .address(String(cString: $0)) }
                case POPPLER_ACTION_GOTO_DEST:
                    target = self.page(of: action).map { .page($0) }
                default:
                    target = nil
                }
                let box = mapping.area
                let area = Rect(x: min(box.x1, box.x2), y: height - max(box.y1, box.y2), width: abs(box.x2 - box.x1), height: abs(box.y2 - box.y1))
                guard let target, area.isFinite, area.width > 0, area.height > 0 else { continue }
                links.append((area, target))
            }
            return links
        }
    }

    /// The page (from 0) an outline entry's action goes to, a named destination looked up; the caller holds the lock.
    private func page(of action: UnsafeMutablePointer<PopplerAction>) -> Int? {
        guard action.pointee.type == POPPLER_ACTION_GOTO_DEST, let destination = action.pointee.goto_dest.dest else { return nil }
        var number = Int(destination.pointee.page_num)
        if destination.pointee.type == POPPLER_DEST_NAMED, let name = destination.pointee.named_dest {
            guard let named = poppler_document_find_dest(document, name) else { return nil }
            number = Int(named.pointee.page_num)
            poppler_dest_free(named)
        }
        return (1...pageCount).contains(number) ? number - 1 : nil
    }

    /// Outline entries deeper than this are not read.
    static let maximumOutlineDepth = 16

    /// At most this many pieces of a selection are read (a page of tiny text selected whole has a
    /// few thousand).
    static let maximumSelectionPieces = 20_000
}

/// Opened PDFs by blob, so drawing page after page does not parse the file again. A few are kept.
final class PDFCache: @unchecked Sendable {
    static let shared = PDFCache()
    private let lock = NSLock()
    private var files: [(BlobID, PDFFile)] = []
    private static let capacity = 4

    func file(_ blob: BlobID, data: Data) throws(RenderError) -> PDFFile {
        if let found = lock.withLock({ files.first { $0.0 == blob }?.1 }) { return found }
        let file = try PDFFile(data: data)
        lock.withLock {
            files.insert((blob, file), at: 0)
            if files.count > Self.capacity { files.removeLast() }
        }
        return file
    }
}
