import Foundation
@testable import MarkupFormat
@testable import MarkupInterchange
import MarkupEditor
import MarkupModel
@testable import MarkupServer
import MarkupStore
import MarkupTestSupport

/// Seed inputs for every harness, made with MarkupKit's own encoders, so fuzzing starts from valid
/// files, bodies, entries and messages and mutates from there.
enum SeedCorpus {
    static func write(to folder: URL) throws {
        for harness in FuzzHarness.allCases {
            let directory = folder.appendingPathComponent(harness.rawValue)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (index, seed) in try seeds(for: harness).enumerated() {
                try Data(seed).write(to: directory.appendingPathComponent(String(format: "seed-%02d", index)))
            }
        }
    }

    /// Small documents of every kind of element, the empty one, and one with groups, locks, paper,
    /// dashed and dotted outlines and an arrow attached to two shapes.
    static var documents: [Markup] {
        var grouped = RandomDocuments.make(seed: 5, elementCount: 8)
        grouped.setGroup(GroupID(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))), ofElementsAt: [0, 2, 5])
        grouped.setGroup(GroupID(UUID(uuid: (2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))), ofElementsAt: [6, 7])
        grouped.lockElements(at: [1, 6])
        grouped.paper = Paper(ruling: .dotted, spacing: 12)
        for (index, dash) in [ShapeDash.dashed, .dotted].enumerated() {
            grouped.insert(Element(id: ElementID(UUID(uuid: (3, UInt8(index), 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))), zIndex: grouped.nextZIndex,
                                   frame: Rect(x: 10, y: 10 + Double(index) * 40, width: 60, height: 30), content: .shape(Shape(configuration: .ellipse, dash: dash))))
        }
        var arrow = Shape(configuration: .line(from: Point(x: 0.5, y: 0), to: Point(x: 0.5, y: 1), startMarker: .none, endMarker: .arrow))
        let ellipses = grouped.elements.suffix(2).map(\.id)
        arrow.startConnection = LineConnection(element: ellipses[0])
        arrow.endConnection = LineConnection(element: ellipses[1], anchor: Point(x: 0.5, y: 0), isExact: true)
        grouped.insert(Element(id: ElementID(UUID(uuid: (4, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))), zIndex: grouped.nextZIndex,
                               frame: Rect(x: 40, y: 44, width: 0, height: 6), content: .shape(arrow)))
        return [Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))] + (1...4).map { RandomDocuments.make(seed: UInt64($0), elementCount: 3 * $0) }
            + [grouped, pdfWithABlankPage]
    }

    /// A PDF's two pages with a blank one put in between them, ink on it.
    static var pdfWithABlankPage: Markup {
        var markup = RandomDocuments.make(seed: 7, elementCount: 4)
        let letter = Size(width: 612, height: 792), step = 792 + PageBackground.pageGap
        markup.background = PageBackground(source: .pdf(markup.addBlob(SamplePDF.make(pages: 2))), pages: [
            .init(index: 0, frame: Rect(origin: .zero, size: letter)), .blank(Rect(origin: Point(x: 0, y: step), size: letter)),
            .init(index: 1, frame: Rect(origin: Point(x: 0, y: 2 * step), size: letter))])
        markup.bounds = markup.background!.bounds
        return markup
    }

    /// Steps to undo and to redo in two scopes, made on a small document.
    static func undoHistories(seed: UInt64) throws -> UndoHistories {
        let controller = MarkupController(markup: RandomDocuments.make(seed: seed, elementCount: 4))
        controller.undoScope = "page:one"
        let box = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 100, height: 60))
        controller.select([box])
        try controller.moveSelection(by: Point(x: 20, y: 10))
        _ = try controller.undo()
        controller.undoScope = "page:two"
        controller.select(Set(controller.markup.elements.prefix(2).map(\.id)))
        try controller.deleteSelection()
        return controller.undoHistories
    }

    static func seeds(for harness: FuzzHarness) throws -> [[UInt8]] {
        switch harness {
        case .markup:
            return try documents.map { [UInt8](try MarkupFile(markup: $0).encoded(compressionLevel: 1)) }
        case .markupBody:
            return documents.map { BodyWriter.encode($0).bytes }
        case .json:
            return try documents.prefix(3).map { [UInt8](try MarkupJSON.encode(MarkupFile(markup: $0))) }
        case .journal:
            let markup = RandomDocuments.make(seed: 9, elementCount: 6)
            let changes = [
                MarkupChange(added: Array(markup.elements.prefix(3))),
                MarkupChange(updated: Array(markup.elements.suffix(2)), removed: [markup.elements[0].id]),
                MarkupChange(removed: markup.elements.map(\.id)),
                MarkupChange(updated: [markup.elements[1]], paper: PaperChange(to: Paper(ruling: .squared, spacing: 30))),
                MarkupChange(paper: PaperChange(to: nil)),
                MarkupChange(page: PageChange(bounds: Rect(x: 0, y: 0, width: 768, height: 2048), sheetHeight: 1024)),
                MarkupChange(updated: [markup.elements[2]], page: PageChange(of: pdfWithABlankPage), background: pdfWithABlankPage.background),
            ]
            return try changes.map { [UInt8](try ChangeCodec.encode($0)) }
        case .undo:
            return try (0..<3).map { seed in [UInt8](try UndoHistoriesCodec.encode(try undoHistories(seed: seed))) }
        case .message:
            return messages.map { Array($0.utf8) }
        case .xournal:
            // Plain XML, so mutations reach the parser rather than the gzip checksum.
            return try documents.prefix(4).map { markup in
                let gzip = XournalExporter.encode(markup).data
                return [UInt8](try Gzip.decompress(gzip, limit: 1 << 26, format: .xournal))
            } + [Array(xournalSample.utf8)]
        case .excalidraw:
            return documents.prefix(4).map { [UInt8](ExcalidrawExporter.encode($0).data) }
        case .inkml:
            return documents.prefix(4).map { [UInt8](InkMLExporter.encode($0).data) } + [Array(inkMLSample.utf8)]
        case .tldraw:
            return [Array(SampleTldraw.version4.utf8), Array(SampleTldraw.version2.utf8),
                    Array(#"{"tldrawFileFormatVersion": 1, "records": [{"typeName": "page", "id": "page:p", "index": "a1"}]}"#.utf8),
                    Array(SampleTldraw.clipboard.utf8), Array(SampleTldraw.legacyClipboard.utf8)]
        case .zip:
            // One written here (stored), and one as Python's zipfile writes it (deflated, a folder).
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: url) }
            let writer = try ZipWriter(writingTo: url)
            for (index, markup) in documents.prefix(2).enumerated() {
                try writer.add("Folder \(index)/Document \(index).markup", try MarkupFile(markup: markup).encoded(compressionLevel: 1), modified: Date(timeIntervalSince1970: 0))
            }
            try writer.finish()
            let empty: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
            return [[UInt8](try Data(contentsOf: url)), [UInt8](SampleArchive.fromPython), empty]
        case .png:
            let picture = SamplePDF.quartersPNG(width: 8, height: 4)
            return try [[UInt8](picture)] + documents.prefix(3).compactMap { markup in
                EmbeddedMarkup.embedding(try MarkupFile(markup: markup).encoded(compressionLevel: 1), in: picture).map { [UInt8]($0) }
            } + [[UInt8](SampleScenePNG.fromExcalidraw)]
        }
    }

    /// What Xournal++ itself writes: pressure, a highlighter, text, layers, ruled paper, a PDF page.
    static let xournalSample = """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="xournalpp 1.1.3" fileversion="4"><title>Xournal++ document</title>
        <page width="595.27" height="841.89"><background type="solid" color="#ffffffff" style="ruled"/>
        <layer><stroke tool="pen" color="#3333ccff" width="1.41 1.2 1.5">100 100 120 110 140 130.5</stroke>
        <stroke tool="highlighter" color="#ffff007f" width="8.5" fill="128" style="dash">50 300 250 300</stroke>
        <text font="Sans Bold" size="14" x="60" y="400" color="#ff0000ff">Hello &amp; welcome</text></layer><layer/></page>
        <page width="612" height="792"><background type="pdf" domain="attach" filename="bg.pdf" pageno="1"/><layer/></page>
        <page width="612" height="792"><background type="pixmap" domain="clone" filename="0"/><layer/></page>
        </xournal>
        """

    /// InkML with units, ranges, a brush and every kind of value encoding.
    static let inkMLSample = """
        <ink xmlns="http://www.w3.org/2003/InkML"><definitions>
        <context xml:id="c"><traceFormat><channel name="X" units="mm"/><channel name="Y" units="mm"/><channel name="F" max="1023"/>
        <intermittentChannels><channel name="T" units="ms"/></intermittentChannels></traceFormat></context>
        <brush xml:id="b"><brushProperty name="color" value="#FF0000"/><brushProperty name="width" value="0.5" units="mm"/></brush>
        </definitions><traceGroup brushRef="#b"><trace contextRef="#c">10 20 512 0, '1 '2 '10 '8, "0 "0 "0 "0, ? * T F</trace></traceGroup>
        <trace type="penUp">1 1, 2 2</trace></ink>
        """

    /// One message of each kind a page sends (docs/SERVER.md).
    static let messages = [
        ##"{"type":"pointer","phase":"began","pointerType":"pen","samples":[{"x":10,"y":20,"t":1000,"p":0.5,"tx":10,"ty":-5}],"view":{"x":0,"y":0,"width":768,"height":1024,"viewWidth":768,"viewHeight":1024}}"##,
        ##"{"type":"pointer","phase":"moved","pointerType":"touch","samples":[{"x":11,"y":21,"t":1008},{"x":12,"y":22,"t":1016,"p":1}]}"##,
        ##"{"type":"view","view":{"x":-100,"y":0,"width":1536,"height":2048,"viewWidth":768,"viewHeight":1024}}"##,
        ##"{"type":"tool","tool":"marker","color":"#ff000080","opacity":0.5,"width":12}"##,
        ##"{"type":"tool","tool":"eraser","eraser":"bitmap","width":20}"##,
        ##"{"type":"tool","tool":"fountainPen","width":4,"pressure":1.6}"##,
        ##"{"type":"insert","kind":"text","text":"Hello","color":"#0a84ff"}"##,
        ##"{"type":"insert","kind":"sticker","emoji":"⭐️"}"##,
        ##"{"type":"insert","kind":"signature","signature":3,"at":{"x":5,"y":6}}"##,
        ##"{"type":"selection","action":"move","dx":10,"dy":-4,"ids":["00000000-0000-0000-0000-000000000001"]}"##,
        ##"{"type":"mode","editable":false,"penOnly":true}"##,
        ##"{"type":"undo"}"##,
        ##"{"type":"stroke","op":"page-1","tool":"pencil","color":"#123456","opacity":0.8,"width":3,"pointerType":"pen","samples":[{"x":1,"y":2,"t":3,"p":0.5}],"view":{"x":0,"y":0,"width":768,"height":1024,"viewWidth":768,"viewHeight":1024}}"##,
        ##"{"type":"insert","kind":"rectangle","frame":{"x":10,"y":20,"width":100,"height":50}}"##,
        ##"{"type":"insert","kind":"arrow","from":{"x":1,"y":2},"to":{"x":30,"y":40}}"##,
        ##"{"type":"insert","kind":"sticker","emoji":"🎉","at":{"x":5,"y":6}}"##,
        ##"{"type":"insert","kind":"text","text":"Hi","font":"Serif","size":24,"bold":true,"italic":false,"align":"center","frame":{"x":0,"y":0,"width":200,"height":40}}"##,
        ##"{"type":"selection","action":"restyle","width":4,"opacity":0.5}"##,
        ##"{"type":"selection","action":"editText","text":"Again","font":"Sans","size":12}"##,
        ##"{"type":"selection","action":"restyleText","font":"Serif","size":30,"bold":true,"italic":false,"align":"trailing"}"##,
        ##"{"type":"selection","action":"resize","rect":{"x":1,"y":2,"width":30,"height":40},"flipX":true,"flipY":true}"##,
        ##"{"type":"insert","kind":"heart","frame":{"x":10,"y":20,"width":100,"height":90}}"##,
        ##"{"type":"insert","kind":"cloud","fill":"solid","frame":{"x":10,"y":20,"width":160,"height":90}}"##,
        ##"{"type":"presence","name":"Ada"}"##,
        ##"{"type":"cursor","x":10,"y":20,"drawing":true}"##,
        ##"{"type":"appearance","dark":true}"##,
        ##"{"type":"paper","op":"p-1","paper":"lined","spacing":30}"##,
        ##"{"type":"paper","paper":"plain"}"##,
        ##"{"type":"sheet","op":"s-1","action":"add"}"##,
        ##"{"type":"selection","action":"restyle","dash":"dotted","fill":"tint"}"##,
        ##"{"type":"cursor","x":1,"y":2,"drawing":false,"laser":true}"##,
        ##"{"type":"insert","kind":"ellipse","color":"#34c759","frame":{"x":10,"y":20,"width":100,"height":50},"width":6,"opacity":0.5,"rotation":0.3,"select":false}"##,
        ##"{"type":"insert","kind":"line","from":{"x":1,"y":2},"to":{"x":90,"y":40},"width":3,"opacity":1}"##,
        ##"{"type":"selection","action":"copy","ids":["00000000-0000-0000-0000-000000000001"]}"##,
        ##"{"type":"selection","action":"cut"}"##,
        ##"{"type":"selection","action":"paste","from":"tab-1","view":{"x":2000,"y":3000,"width":768,"height":1024,"viewWidth":768,"viewHeight":1024}}"##,
        ##"{"type":"selection","action":"duplicate","dx":120,"dy":-30}"##,
        ##"{"type":"selection","action":"rotate","angle":0.5}"##,
        ##"{"type":"insert","kind":"star","color":"#ffcc00","fill":"tint","frame":{"x":10,"y":20,"width":100,"height":50}}"##,
        ##"{"type":"selection","action":"restyle","fill":"solid"}"##,
        ##"{"type":"selection","action":"align","edge":"right"}"##,
        ##"{"type":"selection","action":"distribute","axis":"vertical"}"##,
        ##"{"type":"selection","action":"flip","axis":"horizontal"}"##,
        ##"{"type":"selection","action":"group"}"##,
        ##"{"type":"selection","action":"ungroup"}"##,
        ##"{"type":"selection","action":"lock"}"##,
        ##"{"type":"selection","action":"unlockAll"}"##,
        ##"{"type":"insert","kind":"text","text":"Label","align":"center","frame":{"x":10,"y":20,"width":100,"height":24},"labelFor":"00000000-0000-0000-0000-000000000001"}"##,
        ##"{"type":"paper","paper":"squared","spacing":14.2}"##,
        ##"{"type":"sheet","action":"add"}"##,
        ##"{"type":"insert","kind":"rectangle","dash":"dashed","frame":{"x":10,"y":20,"width":100,"height":50}}"##,
        ##"{"type":"insert","kind":"arrow","startMarker":"circle","endMarker":"openArrow","from":{"x":10,"y":20},"to":{"x":200,"y":90}}"##,
        ##"{"type":"selection","action":"restyle","startMarker":"bar","endMarker":"none","dash":"dotted"}"##,
        ##"{"type":"selectText","from":{"x":80,"y":155},"to":{"x":300,"y":155}}"##,
        ##"{"type":"space","at":150,"by":700}"##,
        ##"{"type":"findText","query":"Original text","fromPage":0}"##,
        ##"{"type":"highlight","from":{"x":74,"y":110},"to":{"x":400,"y":158},"color":"#34c759"}"##,
        ##"{"type":"insert","kind":"arrow","connect":true,"from":{"x":60,"y":45},"to":{"x":300,"y":150}}"##,
        ##"{"type":"selection","action":"moveEnd","ids":["00000000-0000-4000-8000-0000000000a1"],"end":"start","to":{"x":150,"y":240},"connect":true}"##,
        ##"{"type":"selection","action":"bend","ids":["00000000-0000-4000-8000-0000000000a1"],"through":{"x":180,"y":20}}"##,
        ##"{"type":"selection","action":"bend","ids":["00000000-0000-4000-8000-0000000000a1"]}"##,
        ##"{"type":"insert","kind":"arrow","from":{"x":20,"y":20},"to":{"x":300,"y":200},"elbow":true,"connect":true}"##,
        ##"{"type":"selection","action":"restyle","ids":["00000000-0000-4000-8000-0000000000a1"],"elbow":true}"##,
        ##"{"type":"selection","action":"restyle","ids":["00000000-0000-4000-8000-0000000000a1"],"elbow":false}"##,
        ##"{"type":"selection","action":"forward","ids":["00000000-0000-4000-8000-0000000000a1"]}"##,
        ##"{"type":"selection","action":"backward"}"##,
        ##"{"type":"insert","kind":"star","sketchy":true,"frame":{"x":10,"y":20,"width":100,"height":100}}"##,
        ##"{"type":"selection","action":"restyle","sketchy":true}"##,
        ##"{"type":"selection","action":"crop","rect":{"x":0.25,"y":0,"width":0.5,"height":0.75}}"##,
        ##"{"type":"selection","action":"crop"}"##,
        ##"{"type":"selection","action":"describe","text":"A chart of the week's sales"}"##,
    ]
}
