import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel
import MarkupRender

/// One tldraw page's shapes read into a document, parents before their children (as tldraw draws
/// them), each placed through its parents' positions and turns.
struct TldrawPageReader {
    private(set) var markup = Markup(bounds: .zero)
    private(set) var report: ConversionReport
    /// How many shapes were read.
    private(set) var count = 0
    private let store: TldrawRecords
    /// The element made of each tldraw shape an arrow may be attached to, by the shape's id.
    private var madeFrom = [String: ElementID]()
    /// The frames, in unit coordinates of tldraw's box, of shapes whose frame is not that box
    /// (`TldrawStyle.frameInBox`), for what attaches to them.
    private var framesInBox = [ElementID: Rect]()
    private var arrows: [PendingArrow] = []
    /// The shapes read, by id: a second record of one is left out, and so are its children again.
    private var read = Set<String>()
    private var seed: UInt32 = 1

    /// Groups and frames inside each other, deeper than this, are refused (each level is a call).
    static let maximumDepth = 64

    /// An arrow as first drawn, its attached ends placed once every shape is read.
    private struct PendingArrow {
        let line: ElementID, label: ElementID?
        let placement: Transform2D
        let start: Point, end: Point
        let startBinding: JSONNode?, endBinding: JSONNode?
        let bend: Double, isElbow: Bool
    }

    init(store: TldrawRecords, report: ConversionReport) {
        self.store = store
        self.report = report
    }

    mutating func read(page: String) throws(InterchangeError) {
        for shape in store.children[page] ?? [] { try add(shape, in: .identity, opacity: 1, depth: 0) }
        placeArrows()
    }

    private mutating func add(_ shape: JSONNode, in parent: Transform2D, opacity parentOpacity: Double, depth: Int) throws(InterchangeError) {
        guard depth < Self.maximumDepth else { throw .tooLarge(.tldraw, reason: "groups or frames nested more than \(Self.maximumDepth) deep") }
        count += 1
        guard count <= InterchangeLimits.maximumElements else {
            throw .tooLarge(.tldraw, reason: "more than \(InterchangeLimits.maximumElements) shapes")
        }
        let x = shape["x"]?.number ?? 0, y = shape["y"]?.number ?? 0, rotation = shape["rotation"]?.number ?? 0
        guard abs(x) < 1e9, abs(y) < 1e9, abs(rotation) < 1e6 else { throw .malformed(.tldraw, reason: "a shape's position is out of range") }
        let placement = Transform2D(rotationRadians: rotation).concatenating(Transform2D(translationX: x, y: y)).concatenating(parent)
        let opacity = parentOpacity * min(max(shape["opacity"]?.number ?? 1, 0), 1)
        let props = shape["props"]
        let type = shape["type"]?.string ?? ""
        let id = shape["id"]?.string ?? ""
        if !id.isEmpty {
            guard read.insert(id).inserted else { return report.note("shape with the id of another", "left out") }
        }
        let firstAdded = markup.elements.count
        seed = seed &* 1_664_525 &+ 1_013_904_223
        switch type {
        case "draw", "highlight":
            try addFreehand(props, placement: placement, opacity: opacity, isHighlight: type == "highlight")
        case "geo":
            try addGeo(props, placement: placement, opacity: opacity)
        case "note":
            try addNote(props, placement: placement, opacity: opacity)
        case "text":
            try addText(props, placement: placement, opacity: opacity)
        case "arrow":
            try addArrow(props, id: id, placement: placement, opacity: opacity)
        case "line":
            try addLine(props, placement: placement, opacity: opacity)
        case "image":
            try addImage(props, placement: placement, opacity: opacity)
        case "frame":
            try addFrame(props, placement: placement)
        case "group":
            break
        case "embed", "bookmark":
            let linked = !(props?["url"]?.string ?? "").isEmpty
            report.note(type, linked ? "MarkupKit cannot show it; kept as a link to it" : "MarkupKit cannot show it; left out")
        default:
            report.note("\(type.isEmpty ? "unnamed" : type) shape", "MarkupKit cannot show it; left out")
        }
        if markup.elements.count > firstAdded, !id.isEmpty, type != "arrow" { madeFrom[id] = markup.elements[firstAdded].id }
        if let url = props?["url"]?.string, !url.isEmpty, url.utf8.count <= Link.maximumURLBytes {
            // Over what the shape became (a note has no size of its own in the file), else its box.
            if markup.elements.count > firstAdded {
                let over = markup.elements[firstAdded]
                markup.insert(.link(Link(url: url)), frame: over.frame, rotation: over.rotation)
            } else {
                markup.insert(.link(Link(url: url)), frame: Self.frame(try size(props, width: "w", height: "h"), placement), rotation: placement.rotationAngle)
            }
        }
        for child in store.children[id] ?? [] where !id.isEmpty {
            try add(child, in: placement, opacity: opacity, depth: depth + 1)
        }
        let made = Array(markup.elements.indices.suffix(from: firstAdded))
        if type == "group" || made.count > 1 && type != "frame" {
            // A tldraw group, or a shape with its label, moves as one (groups in groups as the outermost).
            markup.setGroup(GroupID(), ofElementsAt: made)
        }
        if shape["isLocked"]?.bool == true { markup.lockElements(at: made) }
    }

    // MARK: - Shapes

    private mutating func addFreehand(_ props: JSONNode?, placement: Transform2D, opacity: Double, isHighlight: Bool) throws(InterchangeError) {
        let scale = Self.scale(props)
        let stretch = (x: props?["scaleX"]?.number ?? 1, y: props?["scaleY"]?.number ?? 1)
        guard abs(stretch.x) < 1e6, abs(stretch.y) < 1e6 else { throw .malformed(.tldraw, reason: "a stroke's scale is out of range") }
        var points: [TldrawPoints.Point3] = []
        for segment in props?["segments"]?.children ?? [] {
            guard let decoded = try TldrawPoints.decode(segment: segment, limit: InkGesture.maximumPoints - points.count) else { continue }
            points += decoded
            guard points.count <= InkGesture.maximumPoints else {
                throw .tooLarge(.tldraw, reason: "a stroke has more than \(InkGesture.maximumPoints) points")
            }
        }
        guard !points.isEmpty else { return }
        let tints = TldrawStyle.tints(props?["color"]?.string)
        let size = props?["size"]?.string
        let ink: Ink, width: Double?
        if isHighlight {
            let markerWidth = TldrawStyle.fontSize(size) * 1.12 * scale
            ink = Ink(.marker, color: TldrawStyle.color(tints.highlight, opacity: opacity), width: markerWidth)
            width = markerWidth
        } else {
            let freehandSize = (TldrawStyle.strokeWidth(size) + 1) * scale
            let dash = props?["dash"]?.string ?? "draw"
            ink = Ink(.pen, color: TldrawStyle.color(tints.solid, opacity: opacity), width: freehandSize * TldrawStyle.penWidthPerFreehandSize)
            // A line of even width (tldraw's solid, dashed and dotted freehand lines) keeps its width.
            width = dash == "draw" ? nil : freehandSize
            if dash == "dashed" || dash == "dotted" { report.note("\(dash) freehand line", "drawn solid") }
            if props?["isClosed"]?.bool == true, TldrawStyle.fill(props?["fill"]?.string, tints: tints) != nil {
                report.note("filled freehand shape", "drawn without its fill")
            }
        }
        let pressed = props?["isPen"]?.bool ?? false
        var builder = StrokeBuilder(ink: ink, format: .tldraw)
        for point in points {
            let location = placement.apply(to: Point(x: point.x * stretch.x, y: point.y * stretch.y))
            let force = (pressed ? min(max(point.z, 0), 1) : 0.5) * InkOptions.fullForce
            try builder.add(x: location.x, y: location.y, force: force, width: width)
        }
        if let stroke = builder.stroke(randomSeed: seed) { markup.insert(.stroke(stroke), frame: .zero) }
    }

    private mutating func addGeo(_ props: JSONNode?, placement: Transform2D, opacity: Double) throws(InterchangeError) {
        let box = try size(props, width: "w", height: "h")
        let size = Size(width: box.width, height: box.height + min(max(props?["growY"]?.number ?? 0, 0), 1e9))
        let geo = props?["geo"]?.string
        let (configuration, isExact) = TldrawStyle.configuration(geo, width: size.width, height: size.height)
        if !isExact { report.note("\(geo ?? "unnamed") shape", "drawn as MarkupKit's nearest shape") }
        let tints = TldrawStyle.tints(props?["color"]?.string)
        var shape = Shape(configuration: configuration, strokeColor: TldrawStyle.color(tints.solid),
                          lineWidth: TldrawStyle.strokeWidth(props?["size"]?.string) * Self.scale(props), opacity: opacity)
        style(&shape, props, tints: tints)
        var frame = Self.frame(size, placement)
        var rotation = placement.rotationAngle
        let inBox = TldrawStyle.frameInBox(configuration)
        if inBox != TldrawStyle.unit {
            let offset = Transform2D(rotationAbout: .zero, radians: rotation)
                .apply(to: Point(x: (inBox.center.x - 0.5) * size.width, y: (inBox.center.y - 0.5) * size.height))
            let grown = Size(width: inBox.width * size.width, height: inBox.height * size.height)
            frame = Rect(x: frame.center.x + offset.x - grown.width / 2, y: frame.center.y + offset.y - grown.height / 2,
                         width: grown.width, height: grown.height)
        }
        let turn = TldrawStyle.arrowTurn(geo)
        if turn != 0 {
            // A block arrow pointing another way is MarkupKit's, pointing right, turned.
            if abs(turn) < .pi { frame = Rect(x: frame.center.x - size.height / 2, y: frame.center.y - size.width / 2, width: size.height, height: size.width) }
            rotation += turn
        }
        markup.insert(.shape(shape), frame: frame, rotation: rotation)
        if inBox != TldrawStyle.unit, let made = markup.elements.last?.id { framesInBox[made] = inBox }
        addLabel(props, in: Self.frame(size, placement), rotation: placement.rotationAngle,
                 fontSize: TldrawStyle.labelFontSize(props?["size"]?.string) * Self.scale(props), color: Self.labelColor(props, opacity: opacity))
    }

    private mutating func addNote(_ props: JSONNode?, placement: Transform2D, opacity: Double) throws(InterchangeError) {
        let scale = Self.scale(props)
        let size = Size(width: 200 * scale, height: (200 + min(max(props?["growY"]?.number ?? 0, 0), 1e9)) * scale)
        let tints = TldrawStyle.tints(props?["color"]?.string)
        let paper = Shape(configuration: .rectangle, fillColor: TldrawStyle.color(tints.note), strokeColor: nil, lineWidth: 0, opacity: opacity)
        let frame = Self.frame(size, placement)
        markup.insert(.shape(paper), frame: frame, rotation: placement.rotationAngle)
        // Up to tldraw 4 the adjustment is the letters' size; later it is a ratio to the size's.
        let labelSize = TldrawStyle.labelFontSize(props?["size"]?.string)
        let adjustment = min(max(props?["fontSizeAdjustment"]?.number ?? 0, 0), 1000)
        let fontSize = (adjustment > 4 ? adjustment : adjustment > 0 ? labelSize * adjustment : labelSize) * scale
        let labelColor = props?["labelColor"]?.string
        let color = labelColor == nil || labelColor == "black" ? Color.black : TldrawStyle.color(TldrawStyle.tints(labelColor).solid)
        addLabel(props, in: frame, rotation: placement.rotationAngle, fontSize: fontSize, color: color.withAlpha(opacity))
    }

    private mutating func addText(_ props: JSONNode?, placement: Transform2D, opacity: Double) throws(InterchangeError) {
        let tints = TldrawStyle.tints(props?["color"]?.string)
        guard let (text, alignment) = styledText(props, fontSize: TldrawStyle.fontSize(props?["size"]?.string) * Self.scale(props),
                                                  color: TldrawStyle.color(tints.solid, opacity: opacity), align: props?["textAlign"]?.string ?? props?["align"]?.string)
        else { return }
        // A text of fixed width (`autoSize` false) wraps at it, as tldraw wraps it.
        let fixed = props?["autoSize"]?.bool == false ? max(min(props?["w"]?.number ?? 0, 1e6), 1) : nil
        let natural = MarkupRenderer.naturalSize(of: text, width: fixed)
        let size = Size(width: max(fixed ?? natural.width.rounded(.up), 1), height: max(natural.height.rounded(.up), 1))
        markup.insert(.textBox(TextBox(text: text, alignment: alignment)), frame: Self.frame(size, placement), rotation: placement.rotationAngle)
    }

    /// A shape's words across its middle (at its top or bottom, as aligned), turned with it.
    private mutating func addLabel(_ props: JSONNode?, in frame: Rect, rotation: Double, fontSize: Double, color: Color) {
        guard let (text, alignment) = styledText(props, fontSize: fontSize, color: color, align: props?["align"]?.string) else { return }
        // Wrapped inside the shape, as tldraw wraps a label.
        let padding = min(16, frame.width / 4), width = max(frame.width - 2 * padding, 1)
        let height = max(MarkupRenderer.naturalSize(of: text, width: width).height.rounded(.up), 1)
        let top: Double = switch props?["verticalAlign"]?.string {
        case "start": frame.minY + padding
        case "end": frame.maxY - padding - height
        default: frame.center.y - height / 2
        }
        markup.insert(.textBox(TextBox(text: text, alignment: alignment)),
                      frame: Rect(x: frame.center.x - width / 2, y: top, width: width, height: height), rotation: rotation)
    }

    private mutating func styledText(_ props: JSONNode?, fontSize: Double, color: Color, align: String?) -> (AttributedText, TextAlignment)? {
        let (family, handDrawn) = TldrawStyle.family(props?["font"]?.string)
        let font = TextFont(family: family, size: min(max(fontSize, 1), 10_000))
        guard let text = TldrawRichText.text(of: props, font: font, color: color) else { return nil }
        if handDrawn { report.note("hand-drawn font", "set in Sans") }
        return (text, TldrawStyle.alignment(align))
    }

    private mutating func addLine(_ props: JSONNode?, placement: Transform2D, opacity: Double) throws(InterchangeError) {
        // The points: an object keyed by id and ordered by index (tldraw 2.1 on), an array, or the
        // older handles.
        let nodes = (props?["points"] ?? props?["handles"])?.children ?? []
        let ordered = nodes.allSatisfy { $0["index"]?.string != nil } ? nodes.sorted { $0["index"]!.string! < $1["index"]!.string! } : nodes
        var points: [Point] = []
        for node in ordered {
            guard let x = node["x"]?.number, let y = node["y"]?.number, abs(x) < 1e9, abs(y) < 1e9 else {
                throw .malformed(.tldraw, reason: "a line's point is not x and y")
            }
            points.append(placement.apply(to: Point(x: x, y: y)))
        }
        guard points.count >= 2, points.count <= 10_000 else { return }
        let tints = TldrawStyle.tints(props?["color"]?.string)
        var line = Shape(configuration: .rectangle, strokeColor: TldrawStyle.color(tints.solid),
                         lineWidth: TldrawStyle.strokeWidth(props?["size"]?.string) * Self.scale(props), opacity: opacity)
        style(&line, props, tints: tints)
        if props?["spline"]?.string == "cubic", points.count == 3 {
            let (frame, from, to, middle) = LineCurve(start: points[0], middle: points[1], end: points[2]).layout(bent: true)
            line.configuration = .line(from: from, to: to, startMarker: .none, endMarker: .none)
            line.lineMiddle = middle
            markup.insert(.shape(line), frame: frame)
            return
        }
        if props?["spline"]?.string == "cubic" { report.note("curved line", "drawn straight between its points") }
        for (from, to) in zip(points, points.dropFirst()) {
            let (frame, start, end) = LinePlacement.straight(from: from, to: to)
            line.configuration = .line(from: start, to: end, startMarker: .none, endMarker: .none)
            markup.insert(.shape(line), frame: frame)
        }
    }

    private mutating func addImage(_ props: JSONNode?, placement: Transform2D, opacity: Double) throws(InterchangeError) {
        let size = try self.size(props, width: "w", height: "h")
        guard let assetID = props?["assetId"]?.string, let url = store.assets[assetID]?["props"]?["src"]?.string,
              let (data, _) = ImportedPieces.picture(dataURL: url) else {
            report.note("image without a PNG or JPEG file in it", "left out")
            return
        }
        if props?["flipX"]?.bool == true || props?["flipY"]?.bool == true { report.note("flipped image", "shown unflipped") }
        if opacity < 1 { report.note("see-through image", "shown opaque") }
        // tldraw's crop is the part shown, in unit coordinates of the whole picture.
        var crop: Rect?
        if let topLeft = props?["crop"]?["topLeft"], let bottomRight = props?["crop"]?["bottomRight"],
           let left = topLeft["x"]?.number, let top = topLeft["y"]?.number, let right = bottomRight["x"]?.number, let bottom = bottomRight["y"]?.number {
            let unit = Rect(x: left, y: top, width: right - left, height: bottom - top)
            if unit != Rect(x: 0, y: 0, width: 1, height: 1) {
                if ImageElement.isValidCrop(unit) { crop = unit } else { report.note("crop outside its picture", "the picture shown whole") }
            }
        }
        let blob = markup.addBlob(data)
        markup.insert(.image(ImageElement(blob: blob, description: String((props?["altText"]?.string ?? "").prefix(2000)), crop: crop)),
                      frame: Self.frame(size, placement), rotation: placement.rotationAngle)
    }

    /// A frame: a thin grey box and its name above its top left corner (`insertFrame`).
    private mutating func addFrame(_ props: JSONNode?, placement: Transform2D) throws(InterchangeError) {
        report.note("frame", "MarkupKit has no frames; drawn as a box with its name, what was in it kept")
        markup.insertFrame(Self.frame(try size(props, width: "w", height: "h"), placement), rotation: placement.rotationAngle,
                           name: props?["name"]?.string, fallback: "Frame", titleCorner: placement.apply(to: Point(x: 0, y: 0)))
    }

    // MARK: - Arrows

    private mutating func addArrow(_ props: JSONNode?, id: String, placement: Transform2D, opacity: Double) throws(InterchangeError) {
        func terminal(_ key: String) throws(InterchangeError) -> (point: Point, binding: JSONNode?) {
            let node = props?[key]
            let point = Point(x: node?["x"]?.number ?? 0, y: node?["y"]?.number ?? 0)
            guard abs(point.x) < 1e9, abs(point.y) < 1e9 else { throw .malformed(.tldraw, reason: "an arrow's end is out of range") }
            // Before tldraw 2.2 an attached end says so itself; later a binding record does.
            if node?["type"]?.string == "binding" { return (point, node) }
            let record = store.bindings[id]?.first { $0["props"]?["terminal"]?.string == key }
            return (point, record)
        }
        let (start, startBinding) = try terminal("start"), (end, endBinding) = try terminal("end")
        let tints = TldrawStyle.tints(props?["color"]?.string)
        var line = Shape(configuration: .rectangle, strokeColor: TldrawStyle.color(tints.solid),
                         lineWidth: TldrawStyle.strokeWidth(props?["size"]?.string) * Self.scale(props), opacity: opacity)
        style(&line, props, tints: tints)
        line.fillColor = nil
        let startMarker = TldrawStyle.marker(props?["arrowheadStart"]?.string), endMarker = TldrawStyle.marker(props?["arrowheadEnd"]?.string ?? "arrow")
        if !startMarker.isExact || !endMarker.isExact { report.note("arrowhead", "drawn as MarkupKit's nearest marker") }
        line.configuration = .line(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1), startMarker: startMarker.marker, endMarker: endMarker.marker)
        let lineID = markup.insert(.shape(line), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        var labelID: ElementID?
        let fontSize = TldrawStyle.arrowLabelFontSize(props?["size"]?.string) * Self.scale(props)
        if let (text, alignment) = styledText(props, fontSize: fontSize, color: Self.labelColor(props, opacity: opacity), align: "middle") {
            let size = MarkupRenderer.naturalSize(of: text)
            labelID = markup.insert(.textBox(TextBox(text: text, alignment: alignment)),
                                    frame: Rect(x: 0, y: 0, width: max(size.width.rounded(.up), 1), height: max(size.height.rounded(.up), 1)))
        }
        let bend = props?["bend"]?.number ?? 0
        arrows.append(PendingArrow(line: lineID, label: labelID, placement: placement, start: start, end: end,
                                   startBinding: startBinding, endBinding: endBinding,
                                   bend: abs(bend) < 8 * Self.scale(props) || abs(bend) > 1e9 ? 0 : bend, isElbow: props?["kind"]?.string == "elbow"))
    }

    /// Lays out every arrow now that what it is attached to is read, as the editor lays out an
    /// attached line (`LineRouting.routed`): an attached end at its anchor on that element (the
    /// middle unless tldraw kept a precise one), stopping short of its outline unless exact; the
    /// line straight, bent through tldraw's bend, or an elbow line routed round what it joins.
    private mutating func placeArrows() {
        for arrow in arrows {
            guard var line = markup.element(withID: arrow.line), case .shape(var shape) = line.content,
                  case .line(_, _, let startMarker, let endMarker) = shape.configuration else { continue }
            shape.startConnection = connection(arrow.startBinding, elbow: arrow.isElbow)
            shape.endConnection = connection(arrow.endBinding, elbow: arrow.isElbow)
            func aim(_ connection: LineConnection?, free: Point) -> Point {
                connection.flatMap { markup.element(withID: $0.element)?.documentPoint($0.anchor) } ?? arrow.placement.apply(to: free)
            }
            let start = aim(shape.startConnection, free: arrow.start), end = aim(shape.endConnection, free: arrow.end)
            let length = start.distance(to: end)
            if arrow.isElbow, start.x != end.x, start.y != end.y {
                let (frame, from, to, corners) = ElbowPath.layout(LineRouting.freeElbow(from: start, to: end))
                shape.configuration = .line(from: from, to: to, startMarker: startMarker, endMarker: endMarker)
                shape.lineCorners = corners
                line.frame = frame
            } else if arrow.bend != 0, length > 0 {
                // tldraw bends an arrow through the point `bend` to the right of its middle, going from start to end.
                let across = Point(x: (end.y - start.y) / length, y: -(end.x - start.x) / length)
                let middle = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2) + across * -arrow.bend
                let (frame, from, to, bent) = LineCurve(start: start, middle: middle, end: end).layout(bent: true)
                shape.configuration = .line(from: from, to: to, startMarker: startMarker, endMarker: endMarker)
                shape.lineMiddle = bent
                line.frame = frame
            } else {
                let (frame, from, to) = LinePlacement.straight(from: start, to: end)
                shape.configuration = .line(from: from, to: to, startMarker: startMarker, endMarker: endMarker)
                line.frame = frame
            }
            line.setContent(.shape(shape))
            if shape.startConnection != nil || shape.endConnection != nil {
                line = LineRouting.routed(line, element: { markup.element(withID: $0) }) ?? line
            }
            let laidOut = line
            _ = markup.updateElement(withID: arrow.line) { $0 = laidOut }
            guard let label = arrow.label, let middle = line.elbowPath.map(ElbowPath.halfway) ?? line.lineCurve?.point(at: 0.5) else { continue }
            _ = markup.updateElement(withID: label) { element in
                let size = element.frame.size
                element.frame = Rect(x: middle.x - size.width / 2, y: middle.y - size.height / 2, width: size.width, height: size.height)
            }
        }
        arrows.removeAll()
    }

    /// What an end is attached to, by its binding; nil for an end attached to nothing MarkupKit made.
    /// An elbow arrow's precise end leaves from its very spot, unless that is the middle of a side,
    /// where MarkupKit's aimed elbow ends leave from anyway (as Excalidraw's are read).
    private func connection(_ binding: JSONNode?, elbow: Bool) -> LineConnection? {
        guard let binding else { return nil }
        let values = binding["props"] ?? binding
        guard let targetID = binding["toId"]?.string ?? binding["boundShapeId"]?.string, let made = madeFrom[targetID] else { return nil }
        let isExact = values["isExact"]?.bool ?? false
        guard values["isPrecise"]?.bool ?? true, let x = values["normalizedAnchor"]?["x"]?.number, let y = values["normalizedAnchor"]?["y"]?.number else {
            return LineConnection(element: made)
        }
        var anchor = Point(x: min(max(x, 0), 1), y: min(max(y, 0), 1))
        if let inBox = framesInBox[made], anchor != Point(x: 0.5, y: 0.5) || isExact {
            anchor = Point(x: (anchor.x - inBox.minX) / inBox.width, y: (anchor.y - inBox.minY) / inBox.height)
        }
        if elbow {
            let middles: Set<Point> = [Point(x: 0.5, y: 0.5), Point(x: 0, y: 0.5), Point(x: 1, y: 0.5), Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)]
            return middles.contains(anchor) ? LineConnection(element: made) : LineConnection(element: made, anchor: anchor, isExact: true)
        }
        return anchor == Point(x: 0.5, y: 0.5) && !isExact ? LineConnection(element: made) : LineConnection(element: made, anchor: anchor, isExact: isExact)
    }

    // MARK: - Styles and places

    /// A shape's fill and outline as tldraw's `fill` and `dash` give them: its hand-drawn dash is
    /// MarkupKit's sketchy outline.
    private mutating func style(_ shape: inout Shape, _ props: JSONNode?, tints: TldrawStyle.Tints) {
        if let fill = TldrawStyle.fill(props?["fill"]?.string, tints: tints) {
            shape.fillColor = TldrawStyle.color(fill.color)
            shape.fillStyle = fill.style
        }
        switch props?["dash"]?.string {
        case "dashed": shape.dash = .dashed
        case "dotted": shape.dash = .dotted
        case "solid": break
        default: shape.isSketchy = true
        }
    }

    private static func labelColor(_ props: JSONNode?, opacity: Double) -> Color {
        TldrawStyle.color(TldrawStyle.tints(props?["labelColor"]?.string ?? props?["color"]?.string).solid, opacity: opacity)
    }

    private static func scale(_ props: JSONNode?) -> Double {
        min(max(props?["scale"]?.number ?? 1, 0.01), 100)
    }

    private func size(_ props: JSONNode?, width: String, height: String) throws(InterchangeError) -> Size {
        let size = Size(width: props?[width]?.number ?? 0, height: props?[height]?.number ?? 0)
        guard abs(size.width) < 1e9, abs(size.height) < 1e9 else { throw .malformed(.tldraw, reason: "a shape's size is out of range") }
        return Size(width: max(abs(size.width), 1), height: max(abs(size.height), 1))
    }

    /// The frame of a box of `size` whose top left corner is the origin `placement` moves and
    /// turns: MarkupKit turns a frame about its middle, tldraw a shape about its corner.
    private static func frame(_ size: Size, _ placement: Transform2D) -> Rect {
        let center = placement.apply(to: Point(x: size.width / 2, y: size.height / 2))
        return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
}
