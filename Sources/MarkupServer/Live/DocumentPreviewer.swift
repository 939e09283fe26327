import Foundation
import MarkupEditor
import MarkupModel
import MarkupRender
import MarkupStore

/// Draws the `preview` that a page opening a document is sent before the document has been read:
/// the elements at the top of the document, in both appearances, as the `preview` message's text.
/// Made with every snapshot and at import, where the document is in memory anyway.
enum DocumentPreviewer {
    /// How far down, in page widths, the first view reaches: a view at the page's width on a tall
    /// phone (19.5:9 upright) shows about this much.
    static let widthsDown = 2.25
    /// A first view of more elements, or more bytes of SVG, is not kept: it would cost a snapshot too
    /// much, and such a page is better served once the document is read.
    static let maximumElements = 5000
    static let maximumBytes = 4 << 20

    /// The previews of document `id` as `markup` shows it at journal position `sequence`, or nil when
    /// its first view holds too much to keep.
    static func preview(of markup: Markup, id: DocumentID, title: String, sequence: Int64) -> DocumentPreview? {
        let bounds = markup.bounds
        let top = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: min(bounds.height, bounds.width * widthsDown))
        let shown = markup.elements.filter { $0.renderFrame.intersects(top) }.sorted { $0.zIndex < $1.zIndex }
        guard shown.count <= maximumElements else { return nil }
        let exposure = markup.maximumLinearExposure
        func drawn(dark: Bool) -> Data? {
            let renderer = MarkupRenderer(markup: markup, options: RenderOptions(darkAppearance: dark, maximumExposure: exposure))
            let elements = shown.map { ElementSVG(id: $0.id.description, z: $0.zIndex, svg: renderer.svgFragment(for: $0)) }
            let message = ServerMessage.preview(.init(
                sequence: sequence, document: .init(id: id.description, title: title, bounds: bounds, paper: markup.paper,
                                                     sheetHeight: markup.sheetHeight, pdf: markup.background?.isPDF == true ? true : nil),
                zoomRange: [MarkupController.defaultZoomRange.lowerBound, MarkupController.defaultZoomRange.upperBound],
                background: markup.background, elements: elements))
            let text = Data(message.json.utf8)
            return text.count <= maximumBytes ? text : nil
        }
        guard let light = drawn(dark: false), let dark = drawn(dark: true) else { return nil }
        return DocumentPreview(sequence: sequence, light: light, dark: dark)
    }

    /// Draws and keeps the preview of a document just added to `store` (journal position 0). A
    /// preview that cannot be kept only means the page waits for the document, as it would without.
    static func keep(_ markup: Markup, of summary: DocumentSummary, in store: any DocumentStore) {
        guard let preview = preview(of: markup, id: summary.id, title: summary.title, sequence: 0) else { return }
        try? store.writePreview(preview, of: summary.id)
    }
}
