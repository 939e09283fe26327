import Foundation
import MarkupEditor
@testable import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupRender
@testable import MarkupServer
import MarkupStore
import MarkupTestSupport

/// What one fuzzing run feeds its input to. Every harness must end in a typed error or a value:
/// a crash, a hang or an allocation past libFuzzer's limit is the bug it looks for.
enum FuzzHarness: String, CaseIterable {
    /// A `.markup` file as it arrives.
    case markup
    /// The input as a document body, compressed and framed with valid checksums, so that
    /// mutations reach the body reader instead of failing the CRC.
    case markupBody = "markup-body"
    /// The `.markup.json` interchange form.
    case json
    /// A journal entry (`ChangeCodec`).
    case journal
    /// A document's undo histories as a stopping server keeps them in its library (`UndoHistoriesCodec`).
    case undo
    /// A WebSocket message from a page, decoded and handled as the server does: a tool chosen, or an
    /// insertion or a selection action (copy, cut, paste and duplicate among them) made on a small
    /// document, which must stay sound.
    case message
    /// A Xournal++ file (its XML; gzip is undone first when the input is gzip).
    case xournal
    /// An Excalidraw scene.
    case excalidraw
    /// An InkML document.
    case inkml
    /// A tldraw file, or what tldraw puts on the clipboard.
    case tldraw
    /// A PNG that may carry a `.markup` file (`EmbeddedMarkup`) or an Excalidraw scene, read as an
    /// import reads it; and a picture checked as a page's insertion checks it (a JPEG's segments and
    /// EXIF orientation included).
    case png
    /// A zip archive, as a library's backup is imported: every entry read (not decoded further).
    case zip

    func run(_ bytes: [UInt8]) {
        switch self {
        case .markup:
            _ = try? MarkupFile.decode(Data(bytes))
        case .markupBody:
            let framed = MarkupFile.assemble(body: bytes, formatVersion: FormatVersion.current, contentVersion: .latest,
                                             blobs: [:], thumbnail: nil, compressionLevel: 1)
            _ = try? MarkupFile.decode(framed, migrations: FormatMigration.all, currentVersion: FormatVersion.current,
                                       requiringBlobs: false)
        case .json:
            _ = try? MarkupJSON.decode(Data(bytes))
        case .journal:
            _ = try? ChangeCodec.decode(Data(bytes))
        case .undo:
            _ = try? UndoHistoriesCodec.decode(Data(bytes))
        case .message:
            guard let envelope = try? ClientEnvelope.decode(String(decoding: bytes, as: UTF8.self)) else { return }
            Self.handle(envelope.message)
        case .xournal:
            _ = try? XournalImporter.decode(Data(bytes)) { _ in nil }
        case .excalidraw:
            _ = try? ExcalidrawImporter.decode(Data(bytes))
        case .inkml:
            _ = try? InkMLImporter.decode(Data(bytes))
        case .tldraw:
            _ = try? TldrawImporter.decode(Data(bytes))
        case .png:
            if let file = EmbeddedMarkup.file(in: Data(bytes)) { _ = try? MarkupFile.decode(file) }
            if InterchangeFormat.detect(Data(bytes)) == .excalidraw { _ = try? ExcalidrawImporter.decode(Data(bytes)) }
            _ = MarkupRenderer.pictureProblem(Data(bytes))
        case .zip:
            try? ZipReader.forEachEntry(in: Data(bytes), limits: .init(entries: 64, entryBytes: 1 << 20, totalBytes: 4 << 20)) { _ in }
        }
    }

    private static func handle(_ message: ClientMessage) {
        let page = "page:fuzz"
        let controller = MarkupController(markup: smallDocument)
        switch message {
        case .tool(let settings):
            _ = try? ToolChoice.tool(from: settings)
            _ = try? ToolChoice.color(settings.color)
            return
        case .insert(let item, let color, let view, let placement, let style, _, let labelFor):
            if let view { _ = try? controller.setContentVisibleFrame(view.frame, viewSize: view.size) }
            if let labelFor {
                // A well-formed id stands for the document's shape, so the label is made; others are refused.
                let target = ElementID(labelFor) == nil ? labelFor : controller.markup.elements[1].id.description
                _ = try? Insertion.label(item, color: color, placement: placement, for: target, on: controller)
            } else {
                _ = try? Insertion.perform(item, color: color, placement: placement, style: style, on: controller)
            }
        case .selectText(let from, let to):
            _ = try? PDFTextSelection.boxes(in: pdfDocument, from: from, to: to)
            return
        case .findText(let query, let page):
            _ = try? TextFinder.matches(of: query, in: pdfDocument, from: page)
            _ = try? TextFinder.matches(of: query, in: smallDocument, from: page)
            return
        case .highlight(let from, let to, let color):
            // Over a PDF page with text, so that a drag across it makes a highlight.
            let controller = MarkupController(markup: pdfDocument)
            _ = try? TextHighlighter.highlight(from: from, to: to, color: color, on: controller)
            precondition((try? controller.markup.validate()) != nil, "an accepted \(message) left an invalid document")
            return
        case .space(let y, let distance):
            _ = try? controller.insertSpace(at: y, by: distance)
        case .selection(let action, let ids):
            // Everything selected and copied, so that an action without ids, and a paste, act on something.
            let clipboards = ClipboardStore()
            controller.selectAll()
            clipboards.put(controller.clipboardOfSelection(cut: false)!, for: page)
            _ = try? SelectionCommand.perform(action, ids: ids, on: controller, clipboards: clipboards, page: page)
        default:
            return
        }
        // An edit the controller took leaves a document that could be saved and opened again.
        precondition((try? controller.markup.validate()) != nil, "an accepted \(message) left an invalid document")
    }

    /// A page of a PDF with text on it (a heading and a line: `SamplePDF`).
    private static let pdfDocument: Markup = {
        (try? BackgroundDocuments.markup(background: SamplePDF.make(pages: 1), title: "Fuzz")) ?? Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792))
    }()

    /// A stroke, a rectangle, a text box and an arrow from the one to the other (its id
    /// `arrowID`, for messages to name it) on a letter page.
    private static let smallDocument: Markup = {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792))
        _ = markup.insertNewStroke(Stroke(ink: Ink(.pen), points: (0..<20).map { index in
            StrokePoint(location: Point(x: 50 + Double(index) * 5, y: 60 + Double(index % 3)), timeOffset: Double(index) / 240, size: Size(width: 3, height: 3))
        }))
        let box = markup.insertNewShape(configuration: .rectangle, frame: Rect(x: 100, y: 200, width: 120, height: 80))
        let text = markup.insertNewTextbox(attributedText: AttributedText("Fuzz"), frame: Rect(x: 300, y: 300, width: 100, height: 30))
        var arrow = Shape(configuration: .line(from: .zero, to: Point(x: 1, y: 1), startMarker: .none, endMarker: .arrow))
        (arrow.startConnection, arrow.endConnection) = (LineConnection(element: box), LineConnection(element: text, anchor: Point(x: 0, y: 0), isExact: true))
        markup.insert(Element(id: arrowID, zIndex: markup.nextZIndex, frame: Rect(x: 225, y: 285, width: 75, height: 15), content: .shape(arrow)))
        return markup
    }()

    /// The small document's arrow.
    static let arrowID = ElementID("00000000-0000-4000-8000-0000000000a1")!
}
