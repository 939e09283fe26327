import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel
import MarkupTestSupport
import Testing

/// Other apps' files through the library API, over real HTTP: imported with what did not map, and
/// exported for Xournal++, Excalidraw and InkML.
@Suite(.serialized)
struct InterchangeAPITests {
    static let notebook = """
        <xournal fileversion="4"><page width="612" height="792"><background type="pdf" domain="absolute" filename="/home/someone/paper.pdf" pageno="1"/>
        <layer><stroke tool="pen" color="#ff0000ff" width="2">10 10 100 100</stroke></layer></page>
        <page width="612" height="792"><background type="pdf" pageno="2"/><layer/><layer/></page></xournal>
        """

    @Test func aXournalNotebookIsImportedWithItsPDFAndSaysWhatDidNotMap() throws {
        let test = try TestServer()
        let xopp = Data(Self.notebook.utf8), pdf = SamplePDF.make(pages: 2)
        let response = try test.request("POST", "/api/import?name=notes.xopp&split=\(xopp.count)&companion=paper.pdf", body: xopp + pdf)
        #expect(response.status == 201, "\(response.text)")
        let listed = try #require(response.json as? [String: Any])
        #expect(listed["title"] as? String == "notes")
        #expect(listed["notes"] as? [String] == ["1 × layer: MarkupKit has one layer per page; merged, bottom first"])
        let id = try #require(listed["id"] as? String)
        let page = try test.request("GET", "/api/documents/\(id)/pages/2.png?scale=1")
        #expect(page.status == 200 && page.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let exported = try test.request("GET", "/api/documents/\(id)/export.xopp")
        #expect(exported.status == 200 && exported.headers["content-type"] == "application/x-xopp")
        #expect(exported.headers["content-disposition"]?.contains("notes.xopp") == true)
        let back = try XournalImporter.decode(exported.body) { _ in pdf }
        #expect(back.markup.background?.pages.count == 2)
        let companion = try test.request("GET", "/api/documents/\(id)/export.xopp.bg.pdf")
        #expect(companion.status == 200 && companion.body == pdf)
        #expect(companion.headers["content-disposition"]?.contains("notes.xopp.bg.pdf") == true)

        let alone = try test.request("POST", "/api/import?name=alone.xopp", body: xopp)
        #expect(alone.status == 201)
        #expect((alone.json as? [String: Any])?["notes"] as? [String] != nil)
    }

    @Test func excalidrawAndInkMLComeInAndGoOut() throws {
        let test = try TestServer()
        let scene = Data("""
            {"type": "excalidraw", "elements": [{"type": "rectangle", "x": 10, "y": 10, "width": 100, "height": 50, "roughness": 2,
              "backgroundColor": "#ffc9c9", "fillStyle": "hachure"},
              {"type": "ellipse", "x": 200, "y": 10, "width": 100, "height": 50, "backgroundColor": "#ffc9c9", "fillStyle": "dots"}], "files": {}}
            """.utf8)
        let board = try test.request("POST", "/api/import?name=board.excalidraw", body: scene)
        #expect(board.status == 201)
        #expect((board.json as? [String: Any])?["notes"] as? [String] == ["1 × dots fill: filled solid"])
        // Its hand-drawn look and its hatching are kept: the rectangle is sketchy and hatched.
        let boardID = try #require((board.json as? [String: Any])?["id"] as? String)
        let rectangle = try MarkupFile.decode(try test.request("GET", "/api/documents/\(boardID)/export.markup").body).markup.elements.first
        guard case .shape(let shape)? = rectangle?.content else { Issue.record("no rectangle"); return }
        #expect(shape.isSketchy && shape.fillStyle == .hatched)
        let ink = Data("<ink><trace>10 10, 20 20, 30 10</trace></ink>".utf8)
        let traces = try test.request("POST", "/api/import?name=pen-data", body: ink)
        #expect(traces.status == 201)
        let id = try #require((traces.json as? [String: Any])?["id"] as? String)
        for (format, type) in [("excalidraw", "application/vnd.excalidraw+json"), ("inkml", "application/inkml+xml"), ("xopp", "application/x-xopp")] {
            let exported = try test.request("GET", "/api/documents/\(id)/export.\(format)")
            #expect(exported.status == 200 && exported.headers["content-type"] == type)
            let markup = try Interchange.decode(exported.body, format: try #require(InterchangeFormat(path: "x.\(format)"))).markup
            #expect(markup.elements.count == 1)
        }
        #expect(try test.request("GET", "/api/documents/\(id)/export.xopp.bg.pdf").status == 404)
    }

    /// A tldraw board comes in, said where it did not map, and is not offered back as tldraw's.
    @Test func aTldrawBoardComesIn() throws {
        let test = try TestServer()
        let imported = try test.request("POST", "/api/import?name=sketch.tldr", body: Data(SampleTldraw.version2.utf8))
        #expect(imported.status == 201, "\(imported.text)")
        let listed = try #require(imported.json as? [String: Any])
        #expect(listed["title"] as? String == "sketch")
        #expect(listed["notes"] as? [String] == ["1 × arrowhead: drawn as MarkupKit's nearest marker", "1 × page: tldraw's pages placed one below another"])
        let id = try #require(listed["id"] as? String)
        let markup = try MarkupFile.decode(try test.request("GET", "/api/documents/\(id)/export.markup").body).markup
        #expect(markup.elements.map(\.content.kind) == [.stroke, .shape, .textBox, .shape, .shape])
        // Told by its content, whatever its name.
        #expect(try test.request("POST", "/api/import?name=drawing", body: Data(SampleTldraw.version4.utf8)).status == 201)
        #expect(try test.request("GET", "/api/documents/\(id)/export.tldr").status == 404)
    }

    /// A selection copied for Excalidraw and tldraw: Excalidraw's clipboard text of those elements alone.
    @Test func aSelectionIsCopiedAsExcalidrawsClipboardText() throws {
        let test = try TestServer()
        let scene = Data(#"{"type": "excalidraw", "elements": [{"id": "a", "type": "rectangle", "x": 0, "y": 0, "width": 50, "height": 50}, {"id": "b", "type": "ellipse", "x": 90, "y": 0, "width": 50, "height": 50}]}"#.utf8)
        let imported = try test.request("POST", "/api/import?name=two.excalidraw", body: scene)
        let id = try #require((imported.json as? [String: Any])?["id"] as? String)
        let markup = try MarkupFile.decode(try test.request("GET", "/api/documents/\(id)/export.markup").body).markup
        let copied = try test.request("POST", "/api/documents/\(id)/export.excalidraw", body: Data(#"{"ids": ["\#(markup.elements[1].id)"]}"#.utf8))
        #expect(copied.status == 200 && copied.headers["content-type"] == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: copied.body) as? [String: Any])
        #expect(json["type"] as? String == "excalidraw/clipboard")
        #expect((json["elements"] as? [[String: Any]])?.map { $0["type"] as? String } == ["ellipse"])
        #expect(try ExcalidrawImporter.decode(copied.body).markup.elements.count == 1)
        // A selection goes to the formats MarkupKit writes, not to tldraw's, which it only reads.
        #expect(try test.request("POST", "/api/documents/\(id)/export.inkml", body: Data(#"{"ids": ["\#(markup.elements[1].id)"]}"#.utf8)).status == 200)
        #expect(try test.request("POST", "/api/documents/\(id)/export.tldr", body: Data(#"{"ids": ["\#(markup.elements[1].id)"]}"#.utf8)).status == 404)
    }

    /// A PNG Excalidraw exported with its scene opens as the scene, not as a picture to mark up.
    @Test func anExcalidrawPNGWithItsSceneComesInAsTheScene() throws {
        let test = try TestServer()
        let imported = try test.request("POST", "/api/import?name=diagram.excalidraw.png", body: SampleScenePNG.fromExcalidraw)
        #expect(imported.status == 201, "\(imported.text)")
        let listed = try #require(imported.json as? [String: Any])
        #expect(listed["notes"] as? [String] == ["1 × hand-drawn font: set in Sans"])
        let id = try #require(listed["id"] as? String)
        let markup = try MarkupFile.decode(try test.request("GET", "/api/documents/\(id)/export.markup").body).markup
        #expect(markup.elements.map(\.content.kind) == [.shape, .shape, .textBox, .stroke] && markup.background == nil)
    }

    @Test func brokenFilesOfEveryFormatAreRefusedAndChangeNothing() throws {
        let test = try TestServer()
        let cases: [(String, Data, Int)] = [
            ("bad.xopp", Data("<xournal><page width=\"x\"/></xournal>".utf8), 422),
            ("bad.excalidraw", Data("{\"type\": \"excalidraw\", \"elements\": [{\"type\": \"line\", \"x\": 0, \"y\": 0, \"points\": [[1]]}]}".utf8), 422),
            ("bad.inkml", Data("<ink><trace>1 2, 3 4 5</trace></ink>".utf8), 422),
            ("bad.tldr", Data(#"{"tldrawFileFormatVersion": 1, "records": [{"typeName": "page", "id": "page:p", "index": "a1"}, {"typeName": "shape", "id": "shape:s", "type": "draw", "parentId": "page:p", "index": "a1", "props": {"segments": [{"type": "free", "path": "AAAA"}]}}]}"#.utf8), 422),
            ("bomb.xopp", Data("<!DOCTYPE x [<!ENTITY a \"a\">]><xournal/>".utf8), 422),
            ("split.xopp", Data("<xournal/>".utf8), 400),
        ]
        for (name, body, status) in cases {
            let path = name == "split.xopp" ? "/api/import?name=\(name)&split=999" : "/api/import?name=\(name)"
            let response = try test.request("POST", path, body: body)
            #expect(response.status == status, "\(name): \(response.status) \(response.text)")
        }
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.count == 0)
    }
}
