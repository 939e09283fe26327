import CCairo
import MarkupModel

/// What an annotated PDF keeps of the PDF it was made from besides its pages' content: the links
/// on each page (to web addresses, and to pages of the PDF, now to where those pages are in the
/// document; a link to a page taken out goes) and the outline a reader lists, its entries going to
/// the same pages. A page put in twice gets its links on each copy; the outline goes to the first.
struct PDFCarryOver {
    let pages: [PageBackground.Page]
    let file: PDFFile
    /// Each page of the PDF (from 0) that is in the document: its first page number there (from 1).
    private let numbers: [Int: Int]

    /// The most links one page carries over, and the most outline entries read.
    static let maximumLinksPerPage = 2_000
    static let maximumOutlineEntries = 10_000

    init(pages: [PageBackground.Page], file: PDFFile) {
        (self.pages, self.file) = (pages, file)
        var numbers = [Int: Int]()
        for (position, page) in pages.enumerated() where !page.isBlank && numbers[page.index] == nil { numbers[page.index] = position + 1 }
        self.numbers = numbers
    }

    /// Tags document page `position`'s links (from 0), in its own points, on the page being drawn,
    /// and names the page when links go to it. Links go to pages by name: cairo keeps a link to a
    /// page by number only once that page is made, and a contents page links forward.
    func addLinks(ofPage position: Int, to surface: OpaquePointer) {
        guard pages.indices.contains(position), !pages[position].isBlank,
              let placement = PDFPagePlacement(pages[position], in: file), let context = cairo_create(surface) else { return }
        defer { FontEngine.serialized { cairo_destroy(context) } }
        if numbers[pages[position].index] == position + 1 {
            FontEngine.serialized {
                cairo_tag_begin(context, CAIRO_TAG_DEST, "name='\(Self.destination(pages[position].index))'")
                cairo_tag_end(context, CAIRO_TAG_DEST)
            }
        }
        let links = file.links(page: pages[position].index, limit: Self.maximumLinksPerPage)
        for (area, target) in links {
            let placed = placement.documentRect(area)
            let rect = "rect=[\(placed.minX - placement.frame.minX) \(placed.minY - placement.frame.minY) \(placed.width) \(placed.height)]"
            let attributes: String
            switch target {
            case .address(let address):
                guard let quoted = PDFLinkAddress.attribute(address) else { continue }
                attributes = "\(rect) uri=\(quoted)"
            case .page(let index):
                guard numbers[index] != nil else { continue }
                attributes = "\(rect) dest='\(Self.destination(index))'"
            }
            FontEngine.serialized {
                cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
                cairo_tag_end(context, CAIRO_TAG_LINK)
            }
        }
    }

    /// Adds the PDF's outline, depth first, each entry under the one before it that is less deep;
    /// an entry going nowhere in the document goes to the page of the entry before it.
    func addOutline(to surface: OpaquePointer) {
        var parents: [Int32] = [], page = 1
        for entry in file.outline(limit: Self.maximumOutlineEntries) {
            if let index = entry.page, let number = numbers[index] { page = number }
            let depth = min(entry.depth, parents.count)
            parents.removeSubrange(depth...)
            let id = FontEngine.serialized {
                cairo_pdf_surface_add_outline(surface, parents.last ?? Int32(CAIRO_PDF_OUTLINE_ROOT), entry.title, "page=\(page)",
                                              CAIRO_PDF_OUTLINE_FLAG_OPEN)
            }
            parents.append(id)
        }
    }

    /// The name of the PDF's page `index` (from 0) as a destination of the annotated PDF.
    static func destination(_ index: Int) -> String { "page-\(index + 1)" }
}
