import Foundation
@testable import MarkupInterchange
import MarkupModel
import MarkupTestSupport
import Testing

@Suite struct TldrawTests {
    /// A segment's points as tldraw 4 keeps them: the first as three single-precision numbers, each
    /// later one three half-precision steps from the one before, little-endian, in base64.
    static func path(_ points: [(Double, Double, Double)]) -> String {
        var bytes: [UInt8] = []
        func put<T: FixedWidthInteger>(_ bits: T) { withUnsafeBytes(of: bits.littleEndian) { bytes += $0 } }
        var previous = (0.0, 0.0, 0.0)
        for (index, point) in points.enumerated() {
            if index == 0 {
                put(Float(point.0).bitPattern); put(Float(point.1).bitPattern); put(Float(point.2).bitPattern)
            } else {
                put(Float16(point.0 - previous.0).bitPattern); put(Float16(point.1 - previous.1).bitPattern); put(Float16(point.2 - previous.2).bitPattern)
            }
            previous = point
        }
        return Data(bytes).base64EncodedString()
    }

    /// tldraw 3's base64 points: half-precision x, y, z triplets where each point lies.
    static func absolutePoints(_ points: [(Double, Double, Double)]) -> String {
        var bytes: [UInt8] = []
        for point in points {
            for value in [point.0, point.1, point.2] { withUnsafeBytes(of: Float16(value).bitPattern.littleEndian) { bytes += $0 } }
        }
        return Data(bytes).base64EncodedString()
    }

    static func shape(_ id: String, _ type: String, x: Double = 0, y: Double = 0, rotation: Double = 0, parent: String = "page:page",
                      index: String, locked: Bool = false, opacity: Double = 1, props: String) -> String {
        """
        {"typeName": "shape", "id": "shape:\(id)", "type": "\(type)", "x": \(x), "y": \(y), "rotation": \(rotation), "index": "\(index)",
         "parentId": "\(parent)", "isLocked": \(locked), "opacity": \(opacity), "meta": {}, "props": {\(props)}}
        """
    }

    static func file(_ records: [String]) -> Data {
        Data("""
            {"tldrawFileFormatVersion": 1,
             "schema": {"schemaVersion": 2, "sequences": {"com.tldraw.shape.draw": 4, "com.tldraw.shape.arrow": 7}},
             "records": [
              {"typeName": "document", "id": "document:document", "gridSize": 10, "name": "", "meta": {}},
              {"typeName": "page", "id": "page:page", "name": "Page 1", "index": "a1", "meta": {}},
              \(records.joined(separator: ",\n"))
             ]}
            """.utf8)
    }

    static func richText(_ paragraphs: String) -> String { "\"richText\": {\"type\": \"doc\", \"content\": [\(paragraphs)]}" }

    /// A board as tldraw 4 saves one: a pen stroke with pressure, a highlighter stroke, a labelled
    /// rectangle, a sketchy ellipse turned a quarter, a sticky note, a text, an arrow attached to both
    /// shapes, a line of three points, a picture, a frame with a shape in it, a group, an embed and a
    /// shape MarkupKit does not know.
    static func sampleBoard() -> Data {
        let png = Data(RandomDocuments.onePixelPNG).base64EncodedString()
        return file([
            shape("pen", "draw", x: 100, y: 50, index: "a1", props: """
                "color": "blue", "fill": "none", "dash": "draw", "size": "m", "isComplete": true, "isClosed": false, "isPen": true,
                "scale": 1, "scaleX": 1, "scaleY": 1, "segments": [{"type": "free", "path": "\(path([(0, 0, 0.2), (10, 5, 0.5), (25, 15, 0.9), (40, 20, 0.4)]))"}]
                """),
            shape("marker", "highlight", x: 0, y: 0, index: "a2", props: """
                "color": "yellow", "size": "l", "isComplete": true, "isPen": false, "scale": 1,
                "segments": [{"type": "free", "points": "\(absolutePoints([(10, 300, 0.5), (60, 300, 0.5), (110, 302, 0.5)]))"}]
                """),
            shape("box", "geo", x: 10, y: 200, index: "a3", props: """
                "geo": "rectangle", "w": 120, "h": 60, "growY": 0, "color": "red", "labelColor": "black", "fill": "solid", "dash": "solid",
                "size": "l", "font": "sans", "align": "middle", "verticalAlign": "middle", "url": "", "scale": 1,
                \(richText(#"{"type": "paragraph", "content": [{"type": "text", "text": "Plan "}, {"type": "text", "text": "A", "marks": [{"type": "bold"}]}]}"#))
                """),
            shape("round", "geo", x: 400, y: 200, rotation: .pi / 2, index: "a4", props: """
                "geo": "ellipse", "w": 80, "h": 40, "growY": 0, "color": "green", "labelColor": "black", "fill": "pattern", "dash": "draw",
                "size": "s", "font": "draw", "align": "middle", "verticalAlign": "middle", "url": "", "scale": 1, \(richText(""))
                """),
            shape("sticky", "note", x: 600, y: 40, index: "a5", props: """
                "color": "yellow", "labelColor": "black", "size": "m", "font": "sans", "fontSizeAdjustment": 0, "align": "middle",
                "verticalAlign": "middle", "growY": 0, "url": "", "scale": 1,
                \(richText(#"{"type": "bulletList", "content": [{"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "milk"}]}]}, {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "eggs"}]}]}]}"#))
                """),
            shape("words", "text", x: 50, y: 500, index: "a6", opacity: 0.5, props: """
                "color": "violet", "size": "m", "font": "serif", "textAlign": "start", "w": 200, "autoSize": true, "scale": 1,
                \(richText(#"{"type": "paragraph", "content": [{"type": "text", "text": "Hello"}]}, {"type": "paragraph", "content": [{"type": "text", "text": "world"}]}"#))
                """),
            shape("link", "arrow", x: 0, y: 0, index: "a7", props: """
                "kind": "arc", "color": "black", "labelColor": "black", "fill": "none", "dash": "solid", "size": "m", "arrowheadStart": "none",
                "arrowheadEnd": "arrow", "font": "draw", "start": {"x": 0, "y": 0}, "end": {"x": 0, "y": 0}, "bend": 0, "labelPosition": 0.5,
                "scale": 1, "elbowMidPoint": 0.5, \(richText(""))
                """),
            """
            {"typeName": "binding", "id": "binding:1", "type": "arrow", "fromId": "shape:link", "toId": "shape:box", "meta": {},
             "props": {"terminal": "start", "normalizedAnchor": {"x": 1, "y": 0.5}, "isExact": true, "isPrecise": true}}
            """,
            """
            {"typeName": "binding", "id": "binding:2", "type": "arrow", "fromId": "shape:link", "toId": "shape:round", "meta": {},
             "props": {"terminal": "end", "normalizedAnchor": {"x": 0.5, "y": 0.5}, "isExact": false, "isPrecise": false}}
            """,
            shape("zigzag", "line", x: 700, y: 400, index: "a8", props: """
                "color": "orange", "dash": "dashed", "size": "s", "spline": "line", "scale": 1,
                "points": {"p1": {"id": "p1", "index": "a1", "x": 0, "y": 0}, "p3": {"id": "p3", "index": "a3", "x": 100, "y": 0},
                           "p2": {"id": "p2", "index": "a2", "x": 50, "y": 50}}
                """),
            shape("picture", "image", x: 300, y: 600, index: "a9", props: """
                "w": 40, "h": 20, "playing": true, "url": "", "assetId": "asset:one", "flipX": false, "flipY": false, "altText": "a dot",
                "crop": {"topLeft": {"x": 0, "y": 0.25}, "bottomRight": {"x": 1, "y": 0.75}}
                """),
            """
            {"typeName": "asset", "id": "asset:one", "type": "image", "meta": {},
             "props": {"w": 1, "h": 1, "name": "dot.png", "isAnimated": false, "mimeType": "image/png", "src": "data:image/png;base64,\(png)"}}
            """,
            shape("board", "frame", x: 800, y: 600, index: "aA", props: #""w": 300, "h": 200, "name": "Ideas", "color": "black""#),
            shape("inside", "geo", x: 20, y: 30, parent: "shape:board", index: "a1", props: """
                "geo": "star", "w": 50, "h": 50, "growY": 0, "color": "black", "labelColor": "black", "fill": "none", "dash": "solid",
                "size": "m", "font": "draw", "align": "middle", "verticalAlign": "middle", "url": "", "scale": 1, \(richText(""))
                """),
            shape("pair", "group", x: 0, y: 900, index: "aB", locked: true, props: ""),
            shape("left", "geo", x: 0, y: 0, parent: "shape:pair", index: "a1", props: """
                "geo": "cloud", "w": 50, "h": 50, "growY": 0, "color": "grey", "labelColor": "black", "fill": "none", "dash": "dotted",
                "size": "m", "font": "draw", "align": "middle", "verticalAlign": "middle", "url": "", "scale": 1, \(richText(""))
                """),
            shape("right", "geo", x: 100, y: 0, parent: "shape:pair", index: "a2", props: """
                "geo": "arrow-up", "w": 50, "h": 80, "growY": 0, "color": "grey", "labelColor": "black", "fill": "fill", "dash": "solid",
                "size": "m", "font": "draw", "align": "middle", "verticalAlign": "middle", "url": "", "scale": 1, \(richText(""))
                """),
            shape("video", "embed", x: 0, y: 1100, index: "aC", props: #""w": 300, "h": 200, "url": "https://example.com/talk""#),
            shape("mystery", "custom-card", x: 0, y: 1400, index: "aD", props: #""w": 10, "h": 10"#),
        ])
    }

    static func shapeContent(_ element: Element) throws -> Shape {
        guard case .shape(let shape) = element.content else { throw InterchangeError.malformed(.tldraw, reason: "not a shape") }
        return shape
    }

    @Test func aTldraw4BoardBecomesStrokesShapesNotesTextArrowsLinesAndPictures() throws {
        let imported = try TldrawImporter.decode(Self.sampleBoard(), title: "board")
        let markup = imported.markup
        #expect(markup.title == "board")
        let kinds = markup.elements.map(\.content.kind)
        #expect(kinds == [.stroke, .stroke, .shape, .textBox, .shape, .shape, .textBox, .textBox, .shape, .shape, .shape, .image,
                          .shape, .textBox, .shape, .shape, .shape, .link])

        guard case .stroke(let pen) = markup.elements[0].content, case .stroke(let marker) = markup.elements[1].content else {
            Issue.record("no strokes"); return
        }
        #expect(pen.ink.type == .pen && pen.ink.color.hex == "#4465e9")
        #expect(pen.points.map(\.location) == [Point(x: 100, y: 50), Point(x: 110, y: 55), Point(x: 125, y: 65), Point(x: 140, y: 70)])
        #expect(pen.points[0].size.width < pen.points[2].size.width, "the pen's pressure makes it wider")
        #expect(marker.ink.type == .marker && marker.ink.color.hex == "#fddd00")
        #expect(marker.points.allSatisfy { abs($0.size.width - 36 * 1.12) < 0.01 }, "as wide as tldraw's highlighter")
        #expect(marker.points.map(\.location) == [Point(x: 10, y: 300), Point(x: 60, y: 300), Point(x: 110, y: 302)])

        let box = try Self.shapeContent(markup.elements[2])
        #expect(box.configuration == .rectangle && box.strokeColor?.hex == "#e03131" && box.fillColor?.hex == "#f4dadb")
        #expect(box.lineWidth == 5 && !box.isSketchy && markup.elements[2].frame == Rect(x: 10, y: 200, width: 120, height: 60))
        guard case .textBox(let label) = markup.elements[3].content else { Issue.record("no label"); return }
        #expect(label.text.string == "Plan A" && label.text.runs.map(\.font.weight) == [400, 700] && label.text.runs[0].font.size == 26)
        #expect(markup.elements[3].frame.center == markup.elements[2].frame.center && label.alignment == .center)
        #expect(markup.elements[2].groupID != nil && markup.elements[2].groupID == markup.elements[3].groupID, "a shape and its label move as one")

        // tldraw turns a shape about its corner, MarkupKit about its middle: a quarter turn about (400, 200).
        let round = try Self.shapeContent(markup.elements[4])
        #expect(round.configuration == .ellipse && round.isSketchy && round.fillStyle == .hatched && round.fillColor?.hex == "#39a785")
        let turned = markup.elements[4]
        #expect(abs(turned.rotation - .pi / 2) < 1e-9)
        #expect(abs(turned.frame.center.x - 380) < 1e-9 && abs(turned.frame.center.y - 240) < 1e-9 && turned.frame.width == 80)

        let note = try Self.shapeContent(markup.elements[5])
        #expect(note.fillColor?.hex == "#fed49a" && note.strokeColor == nil && markup.elements[5].frame == Rect(x: 600, y: 40, width: 200, height: 200))
        guard case .textBox(let list) = markup.elements[6].content else { Issue.record("no note text"); return }
        #expect(list.text.string == "• milk\n• eggs")

        guard case .textBox(let words) = markup.elements[7].content else { Issue.record("no text"); return }
        #expect(words.text.string == "Hello\nworld" && words.text.runs[0].font.family == "Serif" && words.text.runs[0].font.size == 24)
        #expect(abs(words.text.runs[0].color.alpha - 0.5) < 1e-9 && words.alignment == .leading && markup.elements[7].frame.origin == Point(x: 50, y: 500))

        // The arrow leaves the rectangle's right edge exactly and stops short of the ellipse's outline.
        let arrow = try Self.shapeContent(markup.elements[8])
        guard case .line(let from, let to, let startMarker, let endMarker) = arrow.configuration else { Issue.record("no arrow"); return }
        #expect(startMarker == .none && endMarker == .arrow)
        #expect(arrow.startConnection == LineConnection(element: markup.elements[2].id, anchor: Point(x: 1, y: 0.5), isExact: true))
        #expect(arrow.endConnection == LineConnection(element: markup.elements[4].id))
        let frame = markup.elements[8].frame
        func point(_ unit: Point) -> Point { Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height) }
        #expect(point(from).distance(to: Point(x: 130, y: 230)) < 1e-6)
        // The upright ellipse (40 across, 80 high) about (380, 240): its left edge is at x = 360; the
        // end stops the gap and half the arrow's width (3.5 pt) short of it, as an attached end does.
        // It lies on the line from the start toward the ellipse's middle.
        let end = point(to)
        #expect(abs(end.x - (360 - LineConnection.gap - 1.75)) < 0.5 && abs(end.y - (230 + 10 * (end.x - 130) / 250)) < 1e-6)

        let zigzag = [markup.elements[9], markup.elements[10]]
        #expect(try zigzag.map { try Self.shapeContent($0).dash } == [.dashed, .dashed])
        #expect(zigzag[0].groupID != nil && zigzag[0].groupID == zigzag[1].groupID)
        #expect(zigzag[0].frame == Rect(x: 700, y: 400, width: 50, height: 50) && zigzag[1].frame == Rect(x: 750, y: 400, width: 50, height: 50))

        guard case .image(let picture) = markup.elements[11].content else { Issue.record("no picture"); return }
        #expect(picture.crop == Rect(x: 0, y: 0.25, width: 1, height: 0.5) && picture.description == "a dot")
        #expect(markup.blobs[picture.blob] == Data(RandomDocuments.onePixelPNG))

        // The frame is a box with its name; the star in it lies where the frame puts it.
        #expect(markup.elements[12].frame == Rect(x: 800, y: 600, width: 300, height: 200))
        guard case .textBox(let name) = markup.elements[13].content else { Issue.record("no frame name"); return }
        #expect(name.text.string == "Ideas" && markup.elements[13].frame.maxY <= 600)
        #expect(try Self.shapeContent(markup.elements[14]).configuration == .star(points: 5, innerRadius: 0.5))
        #expect(abs(markup.elements[14].frame.center.x - 845) < 1e-9 && markup.elements[14].frame.minY == 630)

        let pair = [markup.elements[15], markup.elements[16]]
        #expect(try Self.shapeContent(pair[0]).configuration == .cloud)
        #expect(pair[0].groupID != nil && pair[0].groupID == pair[1].groupID && pair.allSatisfy(\.isLocked))
        #expect(try Self.shapeContent(pair[1]).configuration == .arrowShape && abs(pair[1].rotation + .pi / 2) < 1e-9)
        #expect(pair[1].frame.center == Point(x: 125, y: 940) && pair[1].frame.size == Size(width: 80, height: 50))
        guard case .link(let link) = markup.elements[17].content else { Issue.record("no link"); return }
        #expect(link.url == "https://example.com/talk")

        #expect(Set(imported.report.lines) == [
            "1 × frame: MarkupKit has no frames; drawn as a box with its name, what was in it kept",
            "1 × embed: MarkupKit cannot show it; kept as a link to it",
            "1 × custom-card shape: MarkupKit cannot show it; left out",
        ])
        #expect(markup.bounds.contains(markup.contentsRenderFrame))
    }

    /// tldraw 2's way: points as objects, an arrow's attached ends inside it, plain text, a line's handles.
    @Test func aTldraw2FileWithItsOwnWaysIsReadToo() throws {
        let data = Self.file([
            Self.shape("pen", "draw", x: 10, y: 10, index: "a1", props: """
                "color": "black", "fill": "none", "dash": "solid", "size": "s", "isComplete": true, "isClosed": false, "isPen": false,
                "segments": [{"type": "free", "points": [{"x": 0, "y": 0, "z": 0.5}, {"x": 30, "y": 40, "z": 0.5}]}]
                """),
            Self.shape("box", "geo", x: 100, y: 100, index: "a2", props: """
                "geo": "rectangle", "w": 100, "h": 100, "growY": 20, "color": "black", "labelColor": "black", "fill": "none", "dash": "draw",
                "size": "m", "font": "mono", "align": "start", "verticalAlign": "start", "url": "", "text": "first line"
                """),
            Self.shape("link", "arrow", x: 0, y: 0, index: "a3", props: """
                "color": "black", "labelColor": "black", "fill": "none", "dash": "draw", "size": "m", "arrowheadStart": "dot", "arrowheadEnd": "diamond",
                "font": "draw", "bend": 40, "text": "",
                "start": {"type": "point", "x": 0, "y": 150},
                "end": {"type": "binding", "boundShapeId": "shape:box", "normalizedAnchor": {"x": 0, "y": 0.25}, "isExact": false, "isPrecise": true}
                """),
            Self.shape("corner", "line", x: 300, y: 300, index: "a4", props: """
                "color": "black", "dash": "solid", "size": "m", "spline": "cubic",
                "handles": {"start": {"id": "start", "type": "vertex", "index": "a1", "x": 0, "y": 0},
                            "handle:1": {"id": "handle:1", "type": "vertex", "index": "a2", "x": 50, "y": 30},
                            "end": {"id": "end", "type": "vertex", "index": "a3", "x": 100, "y": 0}}
                """),
        ])
        let imported = try TldrawImporter.decode(data)
        let markup = imported.markup
        #expect(markup.elements.map(\.content.kind) == [.stroke, .shape, .textBox, .shape, .shape])
        guard case .stroke(let pen) = markup.elements[0].content else { Issue.record("no stroke"); return }
        #expect(pen.points.map(\.location) == [Point(x: 10, y: 10), Point(x: 40, y: 50)])
        #expect(pen.points.allSatisfy { $0.size.width == 3 }, "a solid freehand line keeps tldraw's even width")
        #expect(markup.elements[1].frame == Rect(x: 100, y: 100, width: 100, height: 120), "growY makes the shape taller")
        guard case .textBox(let label) = markup.elements[2].content else { Issue.record("no label"); return }
        #expect(label.text.string == "first line" && label.text.runs[0].font.family == "Monospace" && label.alignment == .leading)
        #expect(markup.elements[2].frame.minY == 116, "a label aligned to the top sits under the padding")

        let arrow = try Self.shapeContent(markup.elements[3])
        guard case .line(_, _, let startMarker, let endMarker) = arrow.configuration else { Issue.record("no arrow"); return }
        #expect(startMarker == .circle && endMarker == .arrow && arrow.lineMiddle != nil, "bent, its diamond the nearest marker")
        #expect(arrow.endConnection == LineConnection(element: markup.elements[1].id, anchor: Point(x: 0, y: 0.25), isExact: false))
        #expect(imported.report.lines.contains("1 × arrowhead: drawn as MarkupKit's nearest marker"))

        let curve = try Self.shapeContent(markup.elements[4])
        #expect(curve.lineMiddle != nil && markup.elements[4].frame.minX == 300)
    }

    /// An elbow arrow is routed as MarkupKit routes an elbow line: a precise end leaves from its very
    /// spot, an end at the middle aims as MarkupKit's aimed elbow ends do, from the middle of a side.
    @Test func anElbowArrowIsRoutedFromItsSpots() throws {
        let data = Self.file([
            Self.shape("box", "geo", x: 0, y: 0, index: "a1", props: #""geo": "rectangle", "w": 100, "h": 60, "dash": "solid""#),
            Self.shape("far", "geo", x: 300, y: 200, index: "a2", props: #""geo": "ellipse", "w": 80, "h": 80, "dash": "solid""#),
            Self.shape("link", "arrow", index: "a3", props: #""kind": "elbow", "dash": "solid", "size": "m", "start": {"x": 0, "y": 0}, "end": {"x": 0, "y": 0}"#),
            #"{"typeName": "binding", "id": "binding:1", "type": "arrow", "fromId": "shape:link", "toId": "shape:box", "props": {"terminal": "start", "normalizedAnchor": {"x": 0.25, "y": 1}, "isExact": false, "isPrecise": true}}"#,
            #"{"typeName": "binding", "id": "binding:2", "type": "arrow", "fromId": "shape:link", "toId": "shape:far", "props": {"terminal": "end", "normalizedAnchor": {"x": 0.5, "y": 0.5}, "isExact": false, "isPrecise": false}}"#,
        ])
        let markup = try TldrawImporter.decode(data).markup
        let arrow = markup.elements[2]
        let shape = try Self.shapeContent(arrow)
        #expect(shape.startConnection == LineConnection(element: markup.elements[0].id, anchor: Point(x: 0.25, y: 1), isExact: true))
        #expect(shape.endConnection == LineConnection(element: markup.elements[1].id))
        let path = try #require(arrow.elbowPath)
        #expect(path.count > 2 && path[0].distance(to: Point(x: 25, y: 60)) < 1e-6, "\(path)")
        for (a, b) in zip(path, path.dropFirst()) { #expect(abs(a.x - b.x) < 1e-6 || abs(a.y - b.y) < 1e-6, "turns only at right angles") }
    }

    /// tldraw stretches a polygon's corners to its box's edges and widens its star to nearly fill
    /// it: MarkupKit's frame reaches past the box so that the corners land where tldraw draws them,
    /// turned ones too, and an arrow's anchor in tldraw's box lands on the same spot.
    @Test func polygonsAndStarsHaveTheirCornersWhereTldrawDrawsThem() throws {
        let data = Self.file([
            Self.shape("triangle", "geo", x: 0, y: 0, index: "a1", props: #""geo": "triangle", "w": 100, "h": 60, "dash": "solid""#),
            Self.shape("hexagon", "geo", x: 200, y: 0, index: "a2", props: #""geo": "hexagon", "w": 120, "h": 80, "dash": "solid""#),
            Self.shape("star", "geo", x: 400, y: 0, index: "a3", props: #""geo": "star", "w": 100, "h": 70, "dash": "solid""#),
            Self.shape("turned", "geo", x: 0, y: 200, rotation: .pi / 2, index: "a4", props: #""geo": "triangle", "w": 100, "h": 60, "dash": "solid""#),
            Self.shape("link", "arrow", index: "a5", props: #""kind": "arc", "dash": "solid", "size": "m", "start": {"x": 50, "y": 150}, "end": {"x": 0, "y": 0}"#),
            #"{"typeName": "binding", "id": "binding:1", "type": "arrow", "fromId": "shape:link", "toId": "shape:triangle", "props": {"terminal": "end", "normalizedAnchor": {"x": 0.5, "y": 1}, "isExact": true, "isPrecise": true}}"#,
        ])
        let imported = try TldrawImporter.decode(data)
        let markup = imported.markup
        func corners(_ index: Int) throws -> [Point] {
            let element = markup.elements[index]
            let turn = Transform2D(rotationAbout: element.frame.center, radians: element.rotation)
            return try #require(try Self.shapeContent(element).configuration.polygonCorners(in: element.frame)).map(turn.apply)
        }
        func same(_ found: [Point], _ expected: [Point]) -> Bool {
            found.count == expected.count && zip(found, expected).allSatisfy { $0.distance(to: $1) < 1e-9 }
        }
        let (triangle, hexagon, fivePoints, turned) = (try corners(0), try corners(1), try corners(2), try corners(3))
        #expect(same(triangle, [Point(x: 50, y: 0), Point(x: 100, y: 60), Point(x: 0, y: 60)]), "\(triangle)")
        #expect(same(hexagon, [Point(x: 260, y: 0), Point(x: 320, y: 20), Point(x: 320, y: 60), Point(x: 260, y: 80),
                               Point(x: 200, y: 60), Point(x: 200, y: 20)]), "\(hexagon)")
        // tldraw's five-point star: centred across its box, its top point at the box's top, its
        // outer radii widened by what a star inscribed in the box would leave empty, its inner half those.
        let (w, h) = (100.0, 70.0), step = Double.pi / 5
        let widthUsed = cos(-Double.pi / 2 + 2 * step), heightUsed = (1 + sin(-Double.pi / 2 + 4 * step)) / 2
        let (outerX, outerY) = (w * (2 - widthUsed) / 2, h * (2 - heightUsed) / 2)
        let star = (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * step, scale = index % 2 == 1 ? 0.5 : 1
            return Point(x: 400 + w / 2 + outerX * scale * cos(angle), y: outerY + outerY * scale * sin(angle))
        }
        #expect(same(fivePoints, star), "\(fivePoints)")
        #expect(same(turned, [Point(x: 0, y: 250), Point(x: -60, y: 300), Point(x: -60, y: 200)]), "\(turned)")
        #expect(imported.report.lines.isEmpty, "\(imported.report.lines)")

        let arrow = try Self.shapeContent(markup.elements[4])
        let end = try #require(arrow.endConnection)
        let target = markup.elements[0]
        #expect(end.element == target.id && end.isExact)
        let anchor = end.anchor
        #expect(Point(x: target.frame.minX + anchor.x * target.frame.width, y: target.frame.minY + anchor.y * target.frame.height)
                    .distance(to: Point(x: 50, y: 60)) < 1e-9)
    }

    @Test func tldrawsPagesComeOneBelowAnother() throws {
        let data = Data("""
            {"tldrawFileFormatVersion": 1, "schema": {"schemaVersion": 2, "sequences": {}}, "records": [
              {"typeName": "page", "id": "page:second", "name": "Two", "index": "a2", "meta": {}},
              {"typeName": "page", "id": "page:first", "name": "One", "index": "a1", "meta": {}},
              \(Self.shape("b", "geo", x: 0, y: 0, parent: "page:second", index: "a1", props: #""geo": "rectangle", "w": 50, "h": 50, "dash": "solid""#)),
              \(Self.shape("a", "geo", x: 0, y: 0, parent: "page:first", index: "a1", props: #""geo": "ellipse", "w": 100, "h": 100, "dash": "solid""#)),
              \(Self.shape("lost", "geo", x: 0, y: 0, parent: "page:gone", index: "a1", props: #""geo": "ellipse", "w": 100, "h": 100"#))
            ]}
            """.utf8)
        let imported = try TldrawImporter.decode(data)
        let shapes = try imported.markup.elements.map(Self.shapeContent)
        #expect(shapes.map(\.configuration) == [.ellipse, .rectangle])
        #expect(imported.markup.elements[1].frame.minY > imported.markup.elements[0].frame.maxY + 60)
        #expect(imported.report.lines == ["1 × shape outside any page: left out", "1 × page: tldraw's pages placed one below another"])
    }

    /// The fuzzing seeds: whole files of tldraw 4 and tldraw 2, read without a loss but those said.
    @Test func theSampleFilesOfEachVersionAreRead() throws {
        let four = try TldrawImporter.decode(Data(SampleTldraw.version4.utf8))
        #expect(four.markup.elements.map(\.content.kind) == [.stroke, .stroke, .shape, .textBox, .link, .shape, .textBox, .shape, .textBox,
                                                             .shape, .shape, .image, .shape, .textBox, .shape, .shape])
        #expect(four.report.lines == ["2 × hand-drawn font: set in Sans", "1 × frame: MarkupKit has no frames; drawn as a box with its name, what was in it kept"])
        let two = try TldrawImporter.decode(Data(SampleTldraw.version2.utf8))
        #expect(two.markup.elements.map(\.content.kind) == [.stroke, .shape, .textBox, .shape, .shape])
        #expect(two.report.lines == ["1 × arrowhead: drawn as MarkupKit's nearest marker", "1 × page: tldraw's pages placed one below another"])
    }

    @Test func theFormatIsToldByItsContentAndItsExtension() {
        #expect(InterchangeFormat.detect(Self.sampleBoard()) == .tldraw)
        #expect(InterchangeFormat(path: "Board.TLDR") == .tldraw && !InterchangeFormat.tldraw.isWritable)
        #expect(InterchangeFormat.allCases.filter(\.isWritable) == [.xournal, .excalidraw, .inkML])
    }

    @Test(arguments: [
        ("{\"type\": \"excalidraw\"}", "not a tldraw file"),
        ("{\"tldrawFileFormatVersion\": 2, \"records\": []}", "newer than MarkupKit reads"),
        ("{\"tldrawFileFormatVersion\": 1}", "no records array"),
        ("{\"tldrawFileFormatVersion\": 1, \"records\": [{\"typeName\": \"page\", \"id\": \"page:p\", \"index\": \"a1\"}, "
            + "{\"typeName\": \"shape\", \"id\": \"shape:s\", \"type\": \"draw\", \"parentId\": \"page:p\", \"index\": \"a1\", "
            + "\"props\": {\"segments\": [{\"type\": \"free\", \"path\": \"AAAA\"}]}}]}", "not a first point and whole steps"),
        ("{\"tldrawFileFormatVersion\": 1, \"records\": [{\"typeName\": \"page\", \"id\": \"page:p\", \"index\": \"a1\"}, "
            + "{\"typeName\": \"shape\", \"id\": \"shape:s\", \"type\": \"draw\", \"parentId\": \"page:p\", \"index\": \"a1\", "
            + "\"props\": {\"segments\": [{\"type\": \"free\", \"points\": \"AHwAAAAA\"}]}}]}", "not a finite number"),
        ("{\"tldrawFileFormatVersion\": 1, \"records\": [{\"typeName\": \"page\", \"id\": \"page:p\", \"index\": \"a1\"}, "
            + "{\"typeName\": \"shape\", \"id\": \"shape:s\", \"type\": \"geo\", \"x\": 1e300, \"parentId\": \"page:p\", \"index\": \"a1\"}]}",
         "out of range"),
    ])
    func brokenFilesAreRefusedWithTheReason(text: String, reason: String) {
        #expect {
            try TldrawImporter.decode(Data(text.utf8))
        } throws: { error in
            (error as? InterchangeError)?.format == .tldraw && "\(error)".contains(reason)
        }
    }

    @Test func groupsNestedPastTheLimitAreRefusedNotFollowed() {
        var records = [#"{"typeName": "page", "id": "page:p", "index": "a1"}"#]
        for level in 0..<200 {
            records.append(#"{"typeName": "shape", "id": "shape:g\#(level)", "type": "group", "index": "a1", "parentId": "\#(level == 0 ? "page:p" : "shape:g\(level - 1)")"}"#)
        }
        let data = Data("{\"tldrawFileFormatVersion\": 1, \"records\": [\(records.joined(separator: ","))]}".utf8)
        #expect(throws: InterchangeError.tooLarge(.tldraw, reason: "groups or frames nested more than 64 deep")) {
            try TldrawImporter.decode(data)
        }
    }

    /// A stroke's points past what a stroke holds are refused before they are decoded; a second
    /// record of one shape (and its children) is read once, not again and again.
    @Test func tooManyPointsAndRepeatedShapesCostNothing() throws {
        let long = String(repeating: "A", count: 8 * 100_000 + 24)
        let points = Data(#"{"tldrawFileFormatVersion": 1, "records": [{"typeName": "page", "id": "page:p", "index": "a1"}, {"typeName": "shape", "id": "shape:s", "type": "draw", "parentId": "page:p", "index": "a1", "props": {"segments": [{"type": "free", "path": "\#(long)"}]}}]}"#.utf8)
        #expect(throws: InterchangeError.tooLarge(.tldraw, reason: "a stroke has more than 100000 points")) { try TldrawImporter.decode(points) }
        var records = [#"{"typeName": "page", "id": "page:p", "index": "a1"}"#]
        for level in 0..<40 {
            let parent = level == 0 ? "page:p" : "shape:g\(level - 1)"
            for _ in 0..<2 { records.append(#"{"typeName": "shape", "id": "shape:g\#(level)", "type": "group", "index": "a1", "parentId": "\#(parent)"}"#) }
        }
        records.append(#"{"typeName": "shape", "id": "shape:box", "type": "geo", "index": "a1", "parentId": "shape:g39", "props": {"w": 10, "h": 10}}"#)
        let repeated = try TldrawImporter.decode(Data("{\"tldrawFileFormatVersion\": 1, \"records\": [\(records.joined(separator: ","))]}".utf8))
        #expect(repeated.markup.elements.count == 1)
        #expect(repeated.report.lines.contains("40 × shape with the id of another: left out"))
    }

    /// Shapes copied in tldraw and pasted here: read from the clipboard's HTML, compressed or not.
    @Test func shapesCopiedInTldrawAreRead() throws {
        for html in [SampleTldraw.clipboard, SampleTldraw.legacyClipboard] {
            let data = Data(html.utf8)
            #expect(InterchangeFormat.detect(data) == .tldraw)
            let markup = try TldrawImporter.decode(data).markup
            #expect(markup.elements.map(\.content.kind) == [.shape, .textBox, .shape, .shape])
            guard case .textBox(let label) = markup.elements[1].content else { Issue.record("no label"); return }
            #expect(label.text.string == "Idée ✏️")
            let arrow = try Self.shapeContent(markup.elements[3])
            #expect(arrow.startConnection?.element == markup.elements[0].id && arrow.endConnection?.element == markup.elements[2].id)
        }
        // tldraw's version 2: the same JSON, not compressed.
        let plain = #"{"type": "application/tldraw", "kind": "content", "version": 2, "data": {"assets": [], "rootShapeIds": ["shape:a"], "bindings": [], "shapes": [{"typeName": "shape", "id": "shape:a", "type": "geo", "x": 0, "y": 0, "index": "a1", "parentId": "page:x", "props": {"geo": "ellipse", "w": 40, "h": 20}}]}}"#
        #expect(InterchangeFormat.detect(Data(plain.utf8)) == .tldraw)
        #expect(try TldrawImporter.decode(Data(plain.utf8)).markup.elements.map(\.content.kind) == [.shape])
        let damaged = SampleTldraw.clipboard.replacingOccurrences(of: #""otherCompressed":"N4Ig"#, with: #""otherCompressed":"!4Ig"#)
        #expect(throws: InterchangeError.malformed(.tldraw, reason: "the clipboard's compressed data is damaged")) {
            try TldrawImporter.decode(Data(damaged.utf8))
        }
    }

    /// lz-string's canonical vectors, and what is not its.
    @Test func lzStringDecompressesAsLzStringDoes() {
        for (text, encoded) in [("", "Q==="), ("hello world", "BYUwNmD2AEDukCcwBMg="),
                                (#"{"type":"excalidraw","version":2}"#, "N4IgLgngDgpiBcIYA8DGBDANgSwCYCd0B3EAGhADcZ8BnbAewDsEAmAXyA=="),
                                ("中文 OCR 😀 line\nSecond line", "rRynDTAEDyDCBKaLwbgAPbAGwJYDsCmAoAylgMYD2GAJqplkA===")] {
            #expect(LZString.decompressFromBase64(encoded, limit: 1000) == .text(text))
        }
        #expect(LZString.decompressFromBase64("not valid!", limit: 1000) == .invalid)
        #expect(LZString.decompressFromBase64("BYUwNmD2", limit: 1000) == .invalid, "cut short, it never ends")
        #expect(LZString.decompressFromBase64("BYUwNmD2AEDukCcwBMg=", limit: 5) == .tooLarge)
    }

    /// tldraw's clipboard is HTML; a JSON file whose words mention its tag is not.
    @Test func onlyMarkupIsReadAsTldrawsClipboard() {
        #expect(TldrawClipboard.isClipboardHTML(Data(SampleTldraw.clipboard.utf8)))
        #expect(TldrawClipboard.isClipboardHTML(Data(("\u{FEFF}\n  " + SampleTldraw.legacyClipboard).utf8)))
        #expect(!TldrawClipboard.isClipboardHTML(Data(#"{"type":"excalidraw","elements":[{"text":"<div data-tldraw>"}]}"#.utf8)))
        #expect(!TldrawClipboard.isClipboardHTML(Data("Copy <div data-tldraw> from the page".utf8)))
    }

    @Test func halfPrecisionNumbersReadAsIEEE754Says() {
        for value: Float16 in [0, -0.0, 1, -2.5, 0.333, 65504, Float16.leastNonzeroMagnitude, -Float16.leastNormalMagnitude] {
            let bits = value.bitPattern
            #expect(TldrawPoints.half([UInt8(bits & 0xFF), UInt8(bits >> 8)], 0) == Double(value))
        }
        #expect(TldrawPoints.half([0x00, 0x7C], 0) == .infinity && TldrawPoints.half([0x01, 0x7C], 0).isNaN)
    }
}
