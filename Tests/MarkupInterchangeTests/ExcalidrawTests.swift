import Foundation
@testable import MarkupFormat
@testable import MarkupInterchange
import MarkupModel
import MarkupRender
import MarkupTestSupport
import Testing

@Suite struct ExcalidrawTests {
    /// A scene as excalidraw.com saves one: a freehand line with pressure, each shape, an arrow,
    /// text and an image with its file.
    static func sampleScene() -> String {
        let png = Data(RandomDocuments.onePixelPNG).base64EncodedString()
        return """
            {"type": "excalidraw", "version": 2, "source": "https://excalidraw.com",
             "elements": [
              {"id": "f1", "type": "freedraw", "x": 100, "y": 50, "width": 40, "height": 20, "angle": 0, "strokeColor": "#1971c2",
               "backgroundColor": "transparent", "strokeWidth": 2, "opacity": 100, "roughness": 0, "points": [[0, 0], [10, 5], [25, 15], [40, 20]],
               "pressures": [0.2, 0.5, 0.7, 0.4], "simulatePressure": false, "isDeleted": false},
              {"id": "r1", "type": "rectangle", "x": 10, "y": 200, "width": 120, "height": 60, "angle": 0.5, "strokeColor": "#e03131",
               "backgroundColor": "#ffc9c9", "fillStyle": "solid", "strokeWidth": 4, "roughness": 0, "opacity": 80, "roundness": {"type": 3}},
              {"id": "e1", "type": "ellipse", "x": 200, "y": 200, "width": 80, "height": 40, "angle": 0, "strokeColor": "#2f9e44",
               "backgroundColor": "transparent", "strokeWidth": 1, "roughness": 0, "opacity": 100, "roundness": null},
              {"id": "d1", "type": "diamond", "x": 300, "y": 200, "width": 60, "height": 60, "angle": 0, "strokeColor": "#000000",
               "backgroundColor": "transparent", "strokeWidth": 2, "roughness": 0, "opacity": 100},
              {"id": "a1", "type": "arrow", "x": 50, "y": 400, "width": 200, "height": 50, "angle": 0, "strokeColor": "#000000",
               "backgroundColor": "transparent", "strokeWidth": 2, "roughness": 0, "opacity": 100, "points": [[0, 0], [200, 50]],
               "startArrowhead": null, "endArrowhead": "arrow"},
              {"id": "t1", "type": "text", "x": 50, "y": 500, "width": 150, "height": 25, "angle": 0, "strokeColor": "#1e1e1e",
               "backgroundColor": "transparent", "strokeWidth": 1, "roughness": 0, "opacity": 100, "text": "Hello, \\"world\\"",
               "fontSize": 20, "fontFamily": 2, "textAlign": "center"},
              {"id": "i1", "type": "image", "x": 400, "y": 400, "width": 50, "height": 50, "angle": 0, "strokeColor": "transparent",
               "backgroundColor": "transparent", "strokeWidth": 1, "roughness": 0, "opacity": 100, "fileId": "file1", "scale": [1, 1]},
              {"id": "gone", "type": "rectangle", "x": 0, "y": 0, "width": 10, "height": 10, "isDeleted": true}
             ],
             "appState": {"viewBackgroundColor": "#ffffff"},
             "files": {"file1": {"mimeType": "image/png", "id": "file1", "dataURL": "data:image/png;base64,\(png)"}}}
            """
    }

    static func json(_ data: Data) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return try #require(object?["elements"] as? [[String: Any]])
    }

    @Test func aSceneBecomesStrokesShapesTextAndImages() throws {
        let imported = try ExcalidrawImporter.decode(Data(Self.sampleScene().utf8), title: "board")
        let kinds = imported.markup.elements.map(\.content.kind)
        #expect(kinds == [.stroke, .shape, .shape, .shape, .shape, .textBox, .image])
        guard case .stroke(let stroke) = imported.markup.elements[0].content else { Issue.record("no stroke"); return }
        #expect(stroke.points.count == 4 && stroke.points[2].location == Point(x: 125, y: 65))
        #expect(stroke.ink.type == .pen && stroke.ink.color.hex == "#1971c2" && stroke.ink.width == 7)
        #expect(stroke.points[0].size.width < stroke.points[2].size.width)
        guard case .shape(let rectangle) = imported.markup.elements[1].content else { Issue.record("no rectangle"); return }
        #expect(rectangle.configuration == .roundedRectangle(cornerRadius: 15))
        #expect(rectangle.fillColor?.hex == "#ffc9c9" && rectangle.lineWidth == 4 && abs(rectangle.opacity - 0.8) < 1e-9)
        #expect(imported.markup.elements[1].rotation == 0.5)
        guard case .shape(let arrow) = imported.markup.elements[4].content,
              case .line(_, _, let start, let end) = arrow.configuration else { Issue.record("no arrow"); return }
        #expect(start == .none && end == .openArrow)
        guard case .textBox(let text) = imported.markup.elements[5].content else { Issue.record("no text"); return }
        #expect(text.text.string == "Hello, \"world\"" && text.alignment == .center && text.text.runs[0].font.size == 20)
        #expect(imported.report.isEmpty, "\(imported.report.lines)")
    }

    @Test func aSceneComesBackAsItWas() throws {
        let original = Data(Self.sampleScene().utf8)
        let again = ExcalidrawExporter.encode(try ExcalidrawImporter.decode(original).markup).data
        let before = try Self.json(original).filter { $0["isDeleted"] as? Bool != true }, after = try Self.json(again)
        try #require(before.count == after.count)
        for (a, b) in zip(before, after) {
            #expect(a["type"] as? String == b["type"] as? String)
            for key in ["x", "y", "width", "height", "angle", "strokeWidth", "opacity", "fontSize"] {
                guard let expected = a[key] as? Double else { continue }
                let actual = b[key] as? Double ?? .nan
                #expect(abs(expected - actual) < 1e-3, "\(a["id"]!).\(key): \(expected) became \(actual)")
            }
            for key in ["strokeColor", "backgroundColor", "text", "textAlign", "endArrowhead"] {
                #expect(a[key] as? String == b[key] as? String, "\(a["id"]!).\(key)")
            }
            if let points = a["points"] as? [[Double]] {
                let copy = try #require(b["points"] as? [[Double]])
                #expect(points.count == copy.count && zip(points, copy).allSatisfy { abs($0[0] - $1[0]) < 1e-3 && abs($0[1] - $1[1]) < 1e-3 })
            }
            if let pressures = a["pressures"] as? [Double] {
                let copy = try #require(b["pressures"] as? [Double])
                #expect(zip(pressures, copy).allSatisfy { abs($0 - $1) < 0.01 })
            }
        }
    }

    @Test func ourDocumentComesBackFromExcalidrawWithEveryPoint() throws {
        var generator = HandwritingGenerator(.init(strokes: 80, seed: 3))
        let markup = generator.generate()
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        let before = markup.elements.compactMap { if case .stroke(let s) = $0.content { s } else { nil } }
        let after = back.elements.compactMap { if case .stroke(let s) = $0.content { s } else { nil } }
        try #require(before.count == after.count)
        for (a, b) in zip(before, after) {
            #expect(a.ink == b.ink && a.randomSeed == b.randomSeed)
            #expect(a.points.count == b.points.count)
            for (p, q) in zip(a.points, b.points) {
                #expect(p.location.distance(to: q.location) < 1e-3 && abs(p.force - q.force) < 0.01, "\(p) became \(q)")
            }
        }
        let shapes = markup.elements.filter { $0.content.kind == .shape }.count
        #expect(back.elements.filter { $0.content.kind == .shape }.count >= shapes)
    }

    @Test func groupsAndLocksComeInAndGoOut() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "a", "type": "rectangle", "x": 0, "y": 0, "width": 50, "height": 50, "groupIds": ["inner", "outer"]},
              {"id": "b", "type": "ellipse", "x": 100, "y": 0, "width": 50, "height": 50, "groupIds": ["outer"]},
              {"id": "c", "type": "rectangle", "x": 200, "y": 0, "width": 50, "height": 50, "groupIds": [], "locked": true},
              {"id": "d", "type": "line", "x": 0, "y": 100, "width": 100, "height": 50, "points": [[0, 0], [50, 50], [100, 0]]}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        let groups = imported.markup.elements.map(\.groupID)
        // The group inside a group is kept as the outer one; a bent line's two segments make a group.
        #expect(groups.count == 5 && groups[0] != nil && groups[0] == groups[1] && groups[2] == nil)
        #expect(groups[3] != nil && groups[3] == groups[4] && groups[3] != groups[0])
        #expect(imported.report.lines.contains { $0.contains("group inside a group") })
        #expect(imported.markup.elements.map(\.isLocked) == [false, false, true, false, false])
        let written = try Self.json(ExcalidrawExporter.encode(imported.markup).data)
        let writtenGroups = written.map { $0["groupIds"] as? [String] ?? [] }
        #expect(writtenGroups[0] == writtenGroups[1] && writtenGroups[0].count == 1 && writtenGroups[2].isEmpty)
        #expect(written.map { $0["locked"] as? Bool } == [false, false, true, false, false])
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(imported.markup).data).markup
        #expect(back.elements.map { $0.groupID == nil } == groups.map { $0 == nil })
    }

    @Test func boundArrowsComeInAttachedAndGoOutBound() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "arrow", "type": "arrow", "x": 60, "y": 25, "width": 140, "height": 0, "points": [[0, 0], [140, 0]],
               "startBinding": {"elementId": "box", "focus": 0, "gap": 10}, "endBinding": {"elementId": "round", "focus": 0.2, "gap": 5, "fixedPoint": [0, 0.5]}},
              {"id": "box", "type": "rectangle", "x": 0, "y": 0, "width": 50, "height": 50, "boundElements": [{"id": "arrow", "type": "arrow"}]},
              {"id": "round", "type": "ellipse", "x": 200, "y": 0, "width": 50, "height": 50},
              {"id": "loose", "type": "arrow", "x": 0, "y": 100, "width": 50, "height": 0, "points": [[0, 0], [50, 0]],
               "startBinding": {"elementId": "nowhere", "focus": 0, "gap": 1}, "endBinding": null},
              {"id": "plain", "type": "line", "x": 25, "y": 60, "width": 0, "height": 60, "points": [[0, 0], [0, 60]],
               "startBinding": {"elementId": "box", "focus": 0, "gap": 4}}
            ], "files": {}}
            """
        let markup = try ExcalidrawImporter.decode(Data(scene.utf8)).markup
        func shape(_ position: Int) -> Shape? { if case .shape(let shape) = markup.elements[position].content { shape } else { nil } }
        // The arrow comes before what it is bound to, which is attached all the same.
        #expect(shape(0)?.startConnection == LineConnection(element: markup.elements[1].id))
        #expect(shape(0)?.endConnection == LineConnection(element: markup.elements[2].id, anchor: Point(x: 0, y: 0.5), isExact: true))
        #expect(shape(3)?.startConnection == nil && shape(3)?.endConnection == nil, "bound to no element of the scene")
        let written = try Self.json(ExcalidrawExporter.encode(markup).data)
        let start = written[0]["startBinding"] as? [String: Any], end = written[0]["endBinding"] as? [String: Any]
        #expect(start?["elementId"] as? String == markup.elements[1].id.description && start?["gap"] as? Double == 5 && start?["fixedPoint"] == nil)
        #expect(end?["elementId"] as? String == markup.elements[2].id.description && end?["fixedPoint"] as? [Double] == [0, 0.5])
        let bound = written[1]["boundElements"] as? [[String: Any]]
        #expect(bound?.compactMap { $0["id"] as? String } == [markup.elements[0].id.description, markup.elements[4].id.description])
        #expect(bound?.allSatisfy { $0["type"] as? String == "arrow" } == true)
        // A plain line attached is written as an arrow without heads: Excalidraw binds only arrows.
        #expect(written[4]["type"] as? String == "arrow" && written[4]["startArrowhead"] is NSNull && written[4]["endArrowhead"] is NSNull)
        #expect(written[3]["startBinding"] is NSNull && written[3]["boundElements"] is NSNull)
        // Read back, the arrow is attached to the same two elements.
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        guard case .shape(let arrow) = back.elements[0].content else { Issue.record("not a shape"); return }
        #expect(arrow.startConnection?.element == back.elements[1].id && arrow.endConnection?.element == back.elements[2].id)
    }

    /// A text bound to a shape or an arrow (`containerId`, Excalidraw's way of labelling them) comes in
    /// as its label, grouped with it as a double-click labels one here; a label goes out bound to its
    /// container again, and a text bound to nothing in the scene stays loose.
    @Test func labelsComeInGroupedAndGoOutBound() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "box", "type": "rectangle", "x": 0, "y": 0, "width": 120, "height": 60, "boundElements": [{"id": "boxLabel", "type": "text"}]},
              {"id": "boxLabel", "type": "text", "x": 35, "y": 18, "width": 50, "height": 25, "text": "Client", "fontSize": 20,
               "textAlign": "center", "verticalAlign": "middle", "containerId": "box"},
              {"id": "arrow", "type": "arrow", "x": 120, "y": 30, "width": 200, "height": 0, "points": [[0, 0], [200, 0]],
               "boundElements": [{"id": "arrowLabel", "type": "text"}]},
              {"id": "arrowLabel", "type": "text", "x": 200, "y": 8, "width": 40, "height": 25, "text": "HTTP", "fontSize": 20,
               "textAlign": "center", "verticalAlign": "middle", "containerId": "arrow"},
              {"id": "stray", "type": "text", "x": 0, "y": 200, "width": 40, "height": 25, "text": "Note", "fontSize": 20, "containerId": "gone"},
              {"id": "path", "type": "arrow", "x": 0, "y": 300, "width": 100, "height": 100, "points": [[0, 0], [100, 0], [100, 100]]},
              {"id": "pathLabel", "type": "text", "x": 0, "y": 0, "width": 40, "height": 20, "text": "via", "fontSize": 16,
               "textAlign": "center", "verticalAlign": "middle", "containerId": "path"}
            ], "files": {}}
            """
        let markup = try ExcalidrawImporter.decode(Data(scene.utf8)).markup
        let (box, client, arrow, http, stray) = (markup.elements[0], markup.elements[1], markup.elements[2], markup.elements[3], markup.elements[4])
        #expect(box.groupID != nil && client.groupID == box.groupID)
        #expect(arrow.groupID != nil && http.groupID == arrow.groupID && arrow.groupID != box.groupID)
        #expect(stray.groupID == nil)
        // A path of two segments: its label halfway along it, at its corner, where Excalidraw draws it.
        let via = try #require(markup.elements.last)
        #expect(via.groupID != nil && via.groupID == markup.elements[5].groupID && via.frame.center.distance(to: Point(x: 100, y: 300)) < 1, "\(via.frame)")
        #expect(client.frame.center.distance(to: box.frame.center) < 1, "\(client.frame)")
        #expect(http.frame.center.distance(to: try #require(arrow.lineHalfway)) < 1, "\(http.frame)")
        let written = try Self.json(ExcalidrawExporter.encode(markup).data)
        func element(_ id: ElementID) throws -> [String: Any] { try #require(written.first { $0["id"] as? String == id.description }) }
        #expect(try element(client.id)["containerId"] as? String == box.id.description)
        #expect(try element(http.id)["containerId"] as? String == arrow.id.description)
        #expect(try element(stray.id)["containerId"] is NSNull)
        #expect((try element(box.id)["boundElements"] as? [[String: Any]])?.map { $0["type"] as? String } == ["text"])
        #expect((try element(arrow.id)["boundElements"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [http.id.description])
        // A plain line labelled goes out as an arrow without heads: Excalidraw holds text only in those.
        #expect(try element(arrow.id)["type"] as? String == "arrow")
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        #expect(back.elements[1].groupID == back.elements[0].groupID && back.elements[3].groupID == back.elements[2].groupID)
    }

    /// A curved arrow through three points comes in bent through its middle one and goes out so; a
    /// line drawn up and to the left keeps its place (Excalidraw's x and y are its first point's).
    @Test func curvedArrowsComeInBentAndLinesKeepTheirPlaceGoingOut() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "bent", "type": "arrow", "x": 20, "y": 100, "width": 160, "height": 80, "points": [[0, 0], [80, -80], [160, 0]],
               "roundness": {"type": 2}, "endArrowhead": "arrow"},
              {"id": "back", "type": "line", "x": 300, "y": 300, "width": 100, "height": 50, "points": [[0, 0], [-100, -50]]}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        #expect(imported.report.isEmpty, "\(imported.report.lines)")
        let markup = imported.markup
        let bent = try #require(markup.elements.first?.lineCurve)
        #expect(bent.start == Point(x: 20, y: 100) && bent.middle == Point(x: 100, y: 20) && bent.end == Point(x: 180, y: 100), "\(bent)")
        #expect(markup.elements[0].frame == Rect(x: 20, y: 20, width: 160, height: 80), "the frame holds the curve")
        let written = try Self.json(ExcalidrawExporter.encode(markup).data)
        #expect(written[0]["points"] as? [[Double]] == [[0, 0], [80, -80], [160, 0]])
        #expect((written[0]["roundness"] as? [String: Any])?["type"] as? Int == 2 && written[1]["roundness"] is NSNull)
        #expect(written[1]["x"] as? Double == 300 && written[1]["y"] as? Double == 300 && written[1]["points"] as? [[Double]] == [[0, 0], [-100, -50]])
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        #expect(back.elements.map(\.lineCurve) == markup.elements.map(\.lineCurve))
    }

    /// A hand-drawn look (roughness above 0) comes in as a sketchy outline and goes out as
    /// Excalidraw's "artist" roughness; a clean one as its "architect".
    @Test func aHandDrawnLookComesInSketchyAndGoesOutRough() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "rough", "type": "rectangle", "x": 0, "y": 0, "width": 100, "height": 60, "roughness": 2},
              {"id": "clean", "type": "ellipse", "x": 200, "y": 0, "width": 100, "height": 60, "roughness": 0},
              {"id": "line", "type": "line", "x": 0, "y": 100, "width": 100, "height": 0, "points": [[0, 0], [100, 0]], "roughness": 1}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        #expect(imported.report.isEmpty, "\(imported.report.lines)")
        let sketchy = imported.markup.elements.map { element -> Bool? in if case .shape(let shape) = element.content { shape.isSketchy } else { nil } }
        #expect(sketchy == [true, false, true])
        let written = try Self.json(ExcalidrawExporter.encode(imported.markup).data)
        #expect(written.map { $0["roughness"] as? Int } == [1, 0, 1])
    }

    /// Hachure and cross-hatch fills come in hatched and go out as they came; a zigzag comes in
    /// hatched, said so; a fill style MarkupKit has no likeness of comes in solid, said so.
    @Test func hatchedFillsComeInAndGoOut() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "a", "type": "rectangle", "x": 0, "y": 0, "width": 100, "height": 60, "backgroundColor": "#ffc9c9", "fillStyle": "hachure"},
              {"id": "b", "type": "ellipse", "x": 200, "y": 0, "width": 100, "height": 60, "backgroundColor": "#a5d8ff", "fillStyle": "cross-hatch"},
              {"id": "c", "type": "diamond", "x": 0, "y": 100, "width": 100, "height": 60, "backgroundColor": "#b2f2bb", "fillStyle": "zigzag"},
              {"id": "d", "type": "rectangle", "x": 200, "y": 100, "width": 100, "height": 60, "backgroundColor": "#b2f2bb", "fillStyle": "dots"},
              {"id": "e", "type": "rectangle", "x": 400, "y": 100, "width": 100, "height": 60, "backgroundColor": "transparent", "fillStyle": "hachure"}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        let styles = imported.markup.elements.map { element -> ShapeFillStyle? in if case .shape(let shape) = element.content { shape.fillStyle } else { nil } }
        #expect(styles == [.hatched, .crossHatched, .hatched, .solid, .solid])
        #expect(imported.report.lines.contains { $0.contains("zigzag fill") } && imported.report.lines.contains { $0.contains("dots fill") },
                "\(imported.report.lines)")
        let written = try Self.json(ExcalidrawExporter.encode(imported.markup).data)
        #expect(written.map { $0["fillStyle"] as? String } == ["hachure", "cross-hatch", "hachure", "solid", "solid"])
    }

    /// A frame comes in as Excalidraw shows it: a thin box and its name above it, grouped, what
    /// lies in it kept as it was; said so.
    @Test func aFrameComesInAsABoxWithItsName() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "inside", "type": "rectangle", "x": 40, "y": 60, "width": 50, "height": 30, "frameId": "f"},
              {"id": "f", "type": "frame", "x": 20, "y": 40, "width": 300, "height": 200, "name": "Sketches"},
              {"id": "g", "type": "frame", "x": 400, "y": 40, "width": 100, "height": 100, "name": null}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        #expect(imported.report.lines == ["2 × frame: MarkupKit has no frames; drawn as a box with its name, what was in it kept"], "\(imported.report.lines)")
        let elements = imported.markup.elements
        #expect(elements.count == 5)
        guard case .shape(let box) = elements[1].content, case .textBox(let title) = elements[2].content,
              case .textBox(let unnamed) = elements[4].content else { Issue.record("not a box and its name"); return }
        #expect(box.configuration == .rectangle && box.fillColor == nil && elements[1].frame == Rect(x: 20, y: 40, width: 300, height: 200))
        #expect(title.text.string == "Sketches" && elements[2].frame.maxY <= 40 && elements[2].frame.minX == 20)
        #expect(unnamed.text.string == "Frame")
        #expect(elements[1].groupID != nil && elements[1].groupID == elements[2].groupID && elements[3].groupID != elements[1].groupID)
        #expect(elements[0].frame == Rect(x: 40, y: 60, width: 50, height: 30))
    }

    /// An embedded page comes in as a link to it; said so.
    @Test func anEmbeddedPageComesInAsALink() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "e", "type": "embeddable", "x": 10, "y": 20, "width": 320, "height": 180, "link": "https://www.youtube.com/watch?v=1"}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        #expect(imported.report.lines == ["1 × embedded page: MarkupKit cannot show it; kept as a link to it"], "\(imported.report.lines)")
        guard case .link(let link)? = imported.markup.elements.first?.content else { Issue.record("no link"); return }
        #expect(link.url == "https://www.youtube.com/watch?v=1" && imported.markup.elements.first?.frame == Rect(x: 10, y: 20, width: 320, height: 180))
    }

    /// A link goes out as a text of its address carrying it, and comes back a link alone, not that
    /// text with a link over it; a text of a fixed width wraps inside it.
    @Test func aLinkComesBackALinkAndFixedWidthTextWraps() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 400))
        markup.insert(.link(Link(url: "https://example.com/notes")), frame: Rect(x: 20, y: 20, width: 240, height: 30))
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        #expect(back.elements.count == 1, "\(back.elements.map(\.content.kind))")
        guard case .link(let link)? = back.elements.first?.content else { Issue.record("no link"); return }
        #expect(link.url == "https://example.com/notes")
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "t", "type": "text", "x": 10, "y": 20, "width": 150, "height": 25, "text": "A fixed width text that wraps over several lines",
               "fontSize": 20, "fontFamily": 2, "autoResize": false}
            ], "files": {}}
            """
        let text = try #require(try ExcalidrawImporter.decode(Data(scene.utf8)).markup.elements.first)
        #expect(text.frame.width == 150 && text.frame.height > 3 * 20, "\(text.frame)")
        // Bold going out is said to be lost: Excalidraw has none.
        var bold = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 400))
        bold.insert(.textBox(TextBox(text: AttributedText("Title", font: TextFont(size: 30, weight: 700)))), frame: Rect(x: 10, y: 10, width: 200, height: 40))
        #expect(ExcalidrawExporter.encode(bold).report.lines.contains("1 × bold or italic text: set upright and regular: Excalidraw has neither"))
    }

    /// A MarkupKit shape Excalidraw has no such shape for goes out as its outline and comes back the
    /// shape, filled and dashed as it was, following its outline where Excalidraw moved or resized
    /// it, in a colour given it there.
    @Test func shapesExcalidrawLacksComeBackAsTheShapes() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 600, height: 400))
        let hexagon = Shape(configuration: .regularPolygon(sides: 6), fillColor: Color(red: 1, green: 0.8, blue: 0), strokeColor: .black,
                            lineWidth: 2, dash: .dashed)
        markup.insert(.shape(hexagon), frame: Rect(x: 40, y: 60, width: 120, height: 100), rotation: 0.25)
        markup.insert(.shape(Shape(configuration: .star(points: 5, innerRadius: 0.5), strokeColor: .black)), frame: Rect(x: 300, y: 60, width: 100, height: 100))
        let exported = ExcalidrawExporter.encode(markup)
        let back = try ExcalidrawImporter.decode(exported.data)
        #expect(back.report.lines.allSatisfy { !$0.contains("filled line") }, "\(back.report.lines)")
        let shapes = back.markup.elements.compactMap { element -> (Shape, Rect, Double)? in
            if case .shape(let shape) = element.content { (shape, element.frame, element.rotation) } else { nil }
        }
        try #require(shapes.count == 2 && back.markup.elements.count == 2)
        #expect(shapes[0].0 == hexagon && shapes[0].2 == 0.25)
        #expect(abs(shapes[0].1.minX - 40) < 1e-3 && abs(shapes[0].1.minY - 60) < 1e-3 && abs(shapes[0].1.width - 120) < 1e-3)
        #expect(shapes[1].0.configuration == .star(points: 5, innerRadius: 0.5))
        // Moved 50 to the right and made red in Excalidraw.
        var scene = try #require(try JSONSerialization.jsonObject(with: exported.data) as? [String: Any])
        var elements = try #require(scene["elements"] as? [[String: Any]])
        elements[0]["x"] = (elements[0]["x"] as? Double ?? 0) + 50
        elements[0]["strokeColor"] = "#ff0000"
        scene["elements"] = elements
        let edited = try ExcalidrawImporter.decode(JSONSerialization.data(withJSONObject: scene)).markup
        guard case .shape(let moved)? = edited.elements.first?.content else { Issue.record("no shape"); return }
        #expect(abs((edited.elements.first?.frame.minX ?? 0) - 90) < 1e-3 && moved.strokeColor?.hex == "#ff0000" && moved.fillColor == hexagon.fillColor)
    }

    /// An elbow arrow comes in an elbow line through its points, bound at the middles of sides aimed
    /// as MarkupKit's elbow ends are, elsewhere exactly; it goes out elbowed, its ends fixed where they lie.
    @Test func elbowArrowsComeInAndGoOutElbowed() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "box", "type": "rectangle", "x": 0, "y": 0, "width": 100, "height": 60},
              {"id": "round", "type": "ellipse", "x": 300, "y": 200, "width": 80, "height": 60},
              {"id": "elbow", "type": "arrow", "x": 105, "y": 30, "width": 235, "height": 165, "elbowed": true,
               "points": [[0, 0], [235, 0], [235, 165]], "endArrowhead": "arrow",
               "startBinding": {"elementId": "box", "focus": 0, "gap": 5, "fixedPoint": [1.05, 0.5001]},
               "endBinding": {"elementId": "round", "focus": 0, "gap": 5, "fixedPoint": [0.3, 0]}}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        #expect(imported.report.isEmpty, "\(imported.report.lines)")
        let markup = imported.markup
        let arrow = markup.elements[2]
        #expect(arrow.elbowPath == [Point(x: 105, y: 30), Point(x: 340, y: 30), Point(x: 340, y: 195)])
        guard case .shape(let shape) = arrow.content else { Issue.record("not a shape"); return }
        #expect(shape.startConnection == LineConnection(element: markup.elements[0].id))
        #expect(shape.endConnection == LineConnection(element: markup.elements[1].id, anchor: Point(x: 0.3, y: 0), isExact: true))
        let written = try Self.json(ExcalidrawExporter.encode(markup).data)
        #expect(written[2]["elbowed"] as? Bool == true && written[2]["roundness"] is NSNull)
        #expect(written[2]["points"] as? [[Double]] == [[0, 0], [235, 0], [235, 165]])
        let start = written[2]["startBinding"] as? [String: Any]
        #expect(start?["fixedPoint"] as? [Double] == [1.05, 0.5], "the aimed end fixed where it lies")
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        #expect(back.elements.map(\.elbowPath) == markup.elements.map(\.elbowPath))
        guard case .shape(let again) = back.elements[2].content else { Issue.record("not a shape"); return }
        #expect(again.startConnection == LineConnection(element: back.elements[0].id))
        #expect(again.endConnection == LineConnection(element: back.elements[1].id, anchor: Point(x: 0.3, y: 0), isExact: true))
    }

    /// A cropped image comes in cropped (Excalidraw's crop is in the picture's pixels) and goes out
    /// so; a crop reaching outside its picture is reported and left out.
    @Test func croppedImagesComeInAndGoOut() throws {
        let png = SamplePDF.quartersPNG(width: 20, height: 10).base64EncodedString()
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "part", "type": "image", "x": 0, "y": 0, "width": 100, "height": 50, "fileId": "f", "status": "saved",
               "crop": {"x": 10, "y": 0, "width": 10, "height": 5, "naturalWidth": 20, "naturalHeight": 10}},
              {"id": "over", "type": "image", "x": 200, "y": 0, "width": 100, "height": 50, "fileId": "f", "status": "saved",
               "crop": {"x": 15, "y": 0, "width": 10, "height": 5, "naturalWidth": 20, "naturalHeight": 10}}
            ], "files": {"f": {"mimeType": "image/png", "id": "f", "dataURL": "data:image/png;base64,\(png)"}}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        let crops = imported.markup.elements.map { element -> Rect? in if case .image(let image) = element.content { image.crop } else { nil } }
        #expect(crops == [Rect(x: 0.5, y: 0, width: 0.5, height: 0.5), nil])
        #expect(imported.report.lines.contains { $0.contains("crop outside its picture") }, "\(imported.report.lines)")
        let written = try Self.json(ExcalidrawExporter.encode(imported.markup).data)
        let crop = try #require(written[0]["crop"] as? [String: Double])
        #expect(crop == ["x": 10, "y": 0, "width": 10, "height": 5, "naturalWidth": 20, "naturalHeight": 10])
        #expect(written[1]["crop"] == nil)
        // Xournal++ gets the pixels of the part shown: 10 × 5 of the 20 × 10.
        let xournal = String(decoding: try Gzip.decompress(XournalExporter.encode(imported.markup).data, limit: 1 << 24, format: .xournal), as: UTF8.self)
        let first = try #require(xournal.range(of: #"<image [^>]*>([^<]+)</image>"#, options: .regularExpression))
        let base64 = String(xournal[first]).replacingOccurrences(of: #"^<image [^>]*>|</image>$"#, with: "", options: .regularExpression)
        let size = MarkupRenderer.imagePixelSize(try #require(Data(base64Encoded: base64)))
        #expect(size.map { [$0.width, $0.height] } == [10, 5])
    }

    @Test func dashedAndDottedOutlinesComeInAndGoOut() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "a", "type": "rectangle", "x": 0, "y": 0, "width": 50, "height": 50, "strokeStyle": "dashed"},
              {"id": "b", "type": "arrow", "x": 100, "y": 0, "width": 50, "height": 50, "points": [[0, 0], [50, 50]], "strokeStyle": "dotted"},
              {"id": "c", "type": "ellipse", "x": 200, "y": 0, "width": 50, "height": 50, "strokeStyle": "wavy"}
            ], "files": {}}
            """
        let imported = try ExcalidrawImporter.decode(Data(scene.utf8))
        let dashes = imported.markup.elements.compactMap { element -> ShapeDash? in if case .shape(let shape) = element.content { shape.dash } else { nil } }
        #expect(dashes == [.dashed, .dotted, .solid])
        #expect(imported.report.lines.contains { $0.contains("wavy line") } && !imported.report.lines.contains { $0.contains("dashed") || $0.contains("dotted") })
        let written = try Self.json(ExcalidrawExporter.encode(imported.markup).data)
        #expect(written.map { $0["strokeStyle"] as? String } == ["dashed", "dotted", "solid"])
    }

    @Test func aTintedFillKeepsItsAlphaThere() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let red = Color(hex: "#ff3b30")!
        markup.insert(Element(zIndex: 1, frame: Rect(x: 10, y: 10, width: 100, height: 50),
                              content: .shape(Shape(configuration: .rectangle, fillColor: Color(red: red.red, green: red.green, blue: red.blue, alpha: 0.2),
                                                    strokeColor: red))))
        let written = try Self.json(ExcalidrawExporter.encode(markup).data)
        #expect(written.first?["backgroundColor"] as? String == "#ff3b3033" && written.first?["strokeColor"] as? String == "#ff3b30")
        let back = try ExcalidrawImporter.decode(ExcalidrawExporter.encode(markup).data).markup
        guard case .shape(let shape)? = back.elements.first?.content else { Issue.record("no shape"); return }
        #expect(shape.fillColor?.hex == "#ff3b3033" && shape.strokeColor?.hex == "#ff3b30")
    }

    /// Numbers a scene may hold that no stroke seed or font family is (once a crash): the element's
    /// own seed, and the default family, stand in for them.
    @Test(arguments: ["1e300", "-5", "4294967296", "0.5e400"])
    func aSeedOrFontFamilyOutOfRangeFallsBack(_ number: String) throws {
        let text = """
            {"type": "excalidraw", "elements": [
              {"type": "freedraw", "x": 0, "y": 0, "points": [[0, 0], [10, 10]], "customData": {"markupkit": {"ink": "pencil", "seed": \(number)}}},
              {"type": "text", "x": 0, "y": 50, "width": 100, "height": 20, "text": "Hi", "fontSize": 20, "fontFamily": \(number)}]}
            """
        let imported = try ExcalidrawImporter.decode(Data(text.utf8))
        #expect(imported.markup.elements.map(\.content.kind) == [.stroke, .textBox])
        guard case .stroke(let stroke) = imported.markup.elements[0].content else { Issue.record("no stroke"); return }
        #expect(stroke.ink.type == .pencil)
    }

    @Test(arguments: [
        "not json", "[]", "{\"type\": \"something\"}", "{\"type\": \"excalidraw\"}",
        "{\"type\": \"excalidraw\", \"elements\": [{\"type\": \"freedraw\", \"x\": 0, \"y\": 0, \"points\": [[1]]}]}",
        "{\"type\": \"excalidraw\", \"elements\": [{\"type\": \"rectangle\", \"x\": 1e999, \"y\": 0}]}",
        "{\"type\": \"excalidraw\", \"elements\": [{\"type\": \"line\", \"x\": 0, \"y\": 0, \"points\": [[0, 0], [\"a\", 1]]}]}",
        "{\"type\": \"excalidraw\", \"elements\": [{\"type\": \"rectangle\", \"y\": 0}]}",
        String(repeating: "[", count: 200),
    ])
    func aBrokenSceneIsRefusedWithAReason(_ text: String) {
        #expect(throws: InterchangeError.self) { try ExcalidrawImporter.decode(Data(text.utf8)) }
    }

    /// A PNG Excalidraw exported with its scene in it is read as the scene, by any door: told apart
    /// from a plain PNG by its content.
    @Test func aPNGExportedWithItsSceneIsReadAsTheScene() throws {
        let png = SampleScenePNG.fromExcalidraw
        #expect(InterchangeFormat.detect(png) == .excalidraw)
        #expect(InterchangeFormat.detect(Data(RandomDocuments.onePixelPNG)) == nil)
        let imported = try ExcalidrawImporter.decode(png, title: "scene")
        #expect(imported.markup.elements.map(\.content.kind) == [.shape, .shape, .textBox, .stroke])
        guard case .textBox(let text) = imported.markup.elements[2].content else { Issue.record("no text"); return }
        #expect(text.text.string == "Café ☕")
        guard case .stroke(let stroke) = imported.markup.elements[3].content else { Issue.record("no stroke"); return }
        #expect(stroke.points.count == 60)

        // A damaged chunk is no scene; a scene cut short is refused in words.
        var bytes = [UInt8](png)
        let textChunk = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("tEXt".utf8)) })
        bytes[textChunk + 60] ^= 0x01
        #expect(InterchangeFormat.detect(Data(bytes)) == nil)
        #expect(throws: InterchangeError.notThisFormat(.excalidraw, reason: "the PNG carries no Excalidraw scene")) {
            try ExcalidrawImporter.decode(Data(bytes))
        }
        let cut = #"{"version":"1","encoding":"bstring","compressed":true,"encoded":"x\u009c"}"#
        let short = try #require(Self.png(withText: Array("application/vnd.excalidraw+json".utf8) + [0] + Array(cut.utf8)))
        #expect(throws: InterchangeError.malformed(.excalidraw, reason: "the compressed stream is damaged or cut short")) {
            try ExcalidrawImporter.decode(short)
        }
    }

    /// A PNG whose scene is a PNG again is refused, not unwrapped level after level.
    @Test func aSceneThatIsAnotherPNGIsRefused() throws {
        func wrapped(_ data: Data) throws -> Data {
            let escaped = data.map { String(format: "\\u%04x", $0) }.joined()
            let scene = #"{"version":"1","encoding":"bstring","compressed":false,"encoded":""# + escaped + #""}"#
            return try #require(Self.png(withText: Array("application/vnd.excalidraw+json".utf8) + [0] + Array(scene.utf8)))
        }
        let once = try wrapped(SampleScenePNG.fromExcalidraw)
        #expect(throws: InterchangeError.malformed(.excalidraw, reason: "the PNG's scene is another PNG")) {
            try ExcalidrawImporter.decode(try wrapped(once))
        }
    }

    /// Excalidraw turns a line about the middle of its points, which need not start at its box's
    /// corner: an arrow drawn leftwards and turned a quarter stands where Excalidraw shows it.
    @Test func aTurnedLineTurnsAboutTheMiddleOfItsPoints() throws {
        let scene = """
            {"type": "excalidraw", "elements": [
              {"id": "a", "type": "arrow", "x": 100, "y": 100, "width": 100, "height": 0, "angle": 1.5707963267948966,
               "points": [[0, 0], [-100, 0]], "endArrowhead": "arrow"}], "files": {}}
            """
        let ends = try #require(try ExcalidrawImporter.decode(Data(scene.utf8)).markup.elements.first?.lineEnds)
        #expect(abs(ends.start.x - 50) < 1e-6 && abs(ends.start.y - 150) < 1e-6, "\(ends)")
        #expect(abs(ends.end.x - 50) < 1e-6 && abs(ends.end.y - 50) < 1e-6, "\(ends)")
    }

    /// A MarkupKit stroke recoloured or made thicker in Excalidraw comes back as Excalidraw shows it;
    /// one left alone comes back exactly.
    @Test func aStrokeChangedInExcalidrawComesBackChanged() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let ink = Ink(.marker, color: Color(hex: "#ff3b3080")!, width: 12)
        let points = (0..<5).map { StrokePoint(location: Point(x: 20 + Double($0) * 20, y: 40), timeOffset: Double($0) / 60, size: Size(width: 12, height: 12)) }
        markup.insert(.stroke(Stroke(ink: ink, points: points, randomSeed: 7)), frame: .zero)
        let written = ExcalidrawExporter.encode(markup).data
        guard case .stroke(let same)? = try ExcalidrawImporter.decode(written).markup.elements.first?.content else { Issue.record("no stroke"); return }
        #expect(same.ink == ink, "\(same.ink)")
        var elements = try Self.json(written)
        elements[0]["strokeColor"] = "#1971c2"
        elements[0]["strokeWidth"] = (elements[0]["strokeWidth"] as? Double ?? 1) * 2
        let edited = try JSONSerialization.data(withJSONObject: ["type": "excalidraw", "elements": elements, "files": [String: Any]()])
        guard case .stroke(let changed)? = try ExcalidrawImporter.decode(edited).markup.elements.first?.content else { Issue.record("no stroke"); return }
        let blue = Color(hex: "#1971c2")!
        // As translucent as before: the marker's layer is not counted twice.
        #expect(abs(changed.ink.color.alpha - 0.5) < 0.01 && changed.ink.color.red == blue.red && changed.ink.color.blue == blue.blue, "\(changed.ink.color)")
        #expect(abs(changed.ink.width - 24) < 1e-3, "\(changed.ink.width)")
        #expect(changed.points.allSatisfy { abs($0.size.width - 24) < 0.01 }, "each point drawn twice as wide: \(changed.points.map(\.size.width))")
        #expect(changed.ink.type == .marker)
    }

    /// A stroke width kept by MarkupKit that no stroke has (a crafted 1e-300) scales nothing.
    @Test func anAbsurdKeptWidthScalesNothing() throws {
        for kept in ["1e-300", "0", "-3", "1e300"] {
            let text = """
                {"type": "excalidraw", "elements": [{"type": "freedraw", "x": 0, "y": 0, "strokeWidth": 2, "points": [[0, 0], [10, 10]],
                 "customData": {"markupkit": {"ink": "pen", "width": \(kept), "samples": "2 0 1 0 1.5 1 2 0.01 1 0 1.5 1"}}}]}
                """
            guard case .stroke(let stroke)? = try ExcalidrawImporter.decode(Data(text.utf8)).markup.elements.first?.content else {
                Issue.record("no stroke for \(kept)"); continue
            }
            #expect(stroke.points.allSatisfy { $0.size.width.isFinite && $0.size.width <= 2 * 64 }, "\(kept): \(stroke.points.map(\.size.width))")
        }
    }

    /// A shape's see-through outline keeps its alpha in Excalidraw and back; a see-through picture,
    /// which MarkupKit draws opaque, is said.
    @Test func aSeeThroughOutlineKeepsItsAlphaAndASeeThroughPictureIsSaid() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        markup.insert(Element(zIndex: 1, frame: Rect(x: 10, y: 10, width: 100, height: 50),
                              content: .shape(Shape(configuration: .ellipse, fillColor: nil, strokeColor: Color(hex: "#ff000080")!))))
        let written = ExcalidrawExporter.encode(markup).data
        #expect(try Self.json(written).first?["strokeColor"] as? String == "#ff000080")
        guard case .shape(let shape)? = try ExcalidrawImporter.decode(written).markup.elements.first?.content else { Issue.record("no shape"); return }
        #expect(shape.strokeColor?.hex == "#ff000080")
        let scene = Self.sampleScene().replacingOccurrences(of: #""opacity": 100, "fileId""#, with: #""opacity": 40, "fileId""#)
        #expect(try ExcalidrawImporter.decode(Data(scene.utf8)).report.lines.contains("1 × see-through image: shown opaque"))
    }

    @Test func aByteStringIsReadWithEveryEscape() {
        let text = Array(#"{"a": 1, "encoded" : "A\"\\\/\b\f\n\r\t\u0000\u00ff\#u{7F}"}"#.utf8)
        #expect(ExcalidrawPNG.byteString(named: "encoded", in: text[...]) == [0x41, 0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09, 0x00, 0xFF, 0x7F])
        #expect(ExcalidrawPNG.byteString(named: "encoded", in: Array(#"{"encoded": "\u0100"}"#.utf8)[...]) == nil)
        #expect(ExcalidrawPNG.byteString(named: "encoded", in: Array(#"{"encoded": "open"#.utf8)[...]) == nil)
        #expect(ExcalidrawPNG.byteString(named: "missing", in: text[...]) == nil)
    }

    /// A one-pixel PNG with a tEXt chunk of `text` (its keyword, a zero, its words) before its end.
    static func png(withText text: [UInt8]) -> Data? {
        let plain = [UInt8](RandomDocuments.onePixelPNG)
        guard let end = plain.indices.first(where: { plain[$0...].starts(with: Array("IEND".utf8)) }) else { return nil }
        var chunk = [UInt8(text.count >> 24), UInt8(text.count >> 16 & 0xFF), UInt8(text.count >> 8 & 0xFF), UInt8(text.count & 0xFF)]
        chunk += Array("tEXt".utf8) + text
        let crc = Deflate.crc32(chunk[4...])
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Data(plain[..<(end - 4)] + chunk + plain[(end - 4)...])
    }
}
