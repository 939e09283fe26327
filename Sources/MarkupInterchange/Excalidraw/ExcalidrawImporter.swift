import Foundation
import MarkupFormat
import MarkupInk
import MarkupModel
import MarkupRender

/// Reads Excalidraw scenes (`.excalidraw`, its clipboard form, and a PNG exported with its scene in
/// it, `ExcalidrawPNG`): freehand lines, rectangles,
/// ellipses, diamonds, lines, arrows, text and images, with their colours, widths, opacity and angle.
/// Excalidraw's canvas has no edge; the document's page is drawn around the content.
/// docs/FORMATS.md has the mapping.
public enum ExcalidrawImporter {
    /// The margin left around the content for the document's page, in points.
    static let margin = 40.0

    public static func decode(_ data: Data, title: String = "") throws(InterchangeError) -> ImportedDocument {
        if data.starts(with: PNGChunks.signature) {
            guard let scene = try ExcalidrawPNG.scene(in: data) else { throw .notThisFormat(.excalidraw, reason: "the PNG carries no Excalidraw scene") }
            // The scene a PNG carries is JSON; one that is a PNG again would be unwrapped without end.
            guard !scene.starts(with: PNGChunks.signature) else { throw .malformed(.excalidraw, reason: "the PNG's scene is another PNG") }
            return try decode(scene, title: title)
        }
        return try JSONReader.parse(data, format: .excalidraw) { (root) throws(InterchangeError) -> ImportedDocument in
            guard root.isObject, let type = root["type"]?.string, type == "excalidraw" || type == "excalidraw/clipboard" else {
                throw .notThisFormat(.excalidraw, reason: "the JSON has no \"type\": \"excalidraw\"")
            }
            guard let elements = root["elements"], elements.isArray else { throw .malformed(.excalidraw, reason: "the scene has no elements array") }
            var reader = ExcalidrawSceneReader(files: root["files"], title: title)
            if let color = root["appState"]?["viewBackgroundColor"]?.string.flatMap(ColorText.color), color != .white {
                reader.markup.backgroundColor = color
            }
            for element in elements.children { try reader.add(element) }
            return try reader.finish()
        }
    }
}

/// A scene's elements read one by one into a document.
struct ExcalidrawSceneReader {
    var markup: Markup
    private var report = ConversionReport()
    /// Our group for each Excalidraw group id met so far.
    private var excalidrawGroups = [String: GroupID]()
    private let files: JSONNode?
    /// The element made of each Excalidraw element an arrow may be attached to, by its id.
    private var madeFrom = [String: ElementID]()
    /// The arrows whose ends are bound in the scene, attached once every element is read: a line's
    /// first and last segment, and each end's binding.
    /// The elbow lines made of elbow arrows.
    private var elbowLines = Set<ElementID>()
    private var bindings = [(start: ElementID, end: ElementID, startBinding: JSONNode?, endBinding: JSONNode?)]()
    /// The element made of each shape, line and arrow a text may be bound to (its label), by its id.
    private var containers = [String: ElementID]()
    /// The texts bound to a container (`containerId`), made its labels once every element is read.
    private var labels = [(text: ElementID, container: String)]()
    /// Where a line of more than two points (made of one line per segment, from the position given)
    /// is halfway along its length: where Excalidraw draws its label.
    private var pathMiddles = [ElementID: Point]()
    /// The ids of lines that brought back a MarkupKit shape: the lines after them that were more of
    /// it are drawn with it.
    private var ownShapes = Set<String>()
    private var count = 0
    private var seed: UInt32 = 1

    init(files: JSONNode?, title: String) {
        self.files = files
        markup = Markup(bounds: .zero, title: title)
    }

    mutating func finish() throws(InterchangeError) -> ImportedDocument {
        attachBoundArrows()
        groupLabels()
        let content = markup.contentsRenderFrame
        markup.bounds = content.width > 0 || content.height > 0
            ? content.expanded(by: ExcalidrawImporter.margin) : Rect(x: 0, y: 0, width: 768, height: 1024)
        do { try markup.validate() } catch { throw .malformed(.excalidraw, reason: "\(error)") }
        return ImportedDocument(markup: markup, report: report)
    }

    mutating func add(_ element: JSONNode) throws(InterchangeError) {
        guard element.isObject, element["isDeleted"]?.bool != true else { return }
        count += 1
        guard count <= InterchangeLimits.maximumElements else {
            throw .tooLarge(.excalidraw, reason: "more than \(InterchangeLimits.maximumElements) elements")
        }
        let type = element["type"]?.string ?? ""
        let frame = Rect(x: try element.number("x"), y: try element.number("y"),
                         width: element["width"]?.number ?? 0, height: element["height"]?.number ?? 0)
        guard frame.isFinite, abs(frame.minX) < 1e9, abs(frame.minY) < 1e9, abs(frame.width) < 1e9, abs(frame.height) < 1e9 else {
            throw .malformed(.excalidraw, reason: "an element's position is out of range")
        }
        let angle = element["angle"]?.number ?? 0
        let opacity = min(max((element["opacity"]?.number ?? 100) / 100, 0), 1)
        let strokeColor = color(element["strokeColor"]?.string)
        let fillColor = color(element["backgroundColor"]?.string)
        let strokeWidth = min(max(element["strokeWidth"]?.number ?? 2, 0), 1000)
        let dash = element["strokeStyle"]?.string.flatMap(ShapeDash.init(rawValue:)) ?? .solid
        // A hand-drawn look (Excalidraw's roughness) is MarkupKit's sketchy outline.
        let sketchy = (element["roughness"]?.number ?? 0) > 0
        let firstAdded = markup.elements.count
        defer {
            let made = markup.elements.indices.suffix(from: firstAdded)
            group(made, named: element["groupIds"]?.children.compactMap(\.string) ?? [])
            if element["locked"]?.bool == true { markup.lockElements(at: Array(made)) }
        }
        if type != "text", type != "image", type != "freedraw" {
            noteStyle(element, hasFill: fillColor != nil)
        }
        seed = seed &* 1_664_525 &+ 1_013_904_223
        switch type {
        case "freedraw":
            try addFreehand(element, origin: frame.origin, angle: angle, color: strokeColor ?? .black, opacity: opacity, strokeWidth: strokeWidth)
        case "rectangle", "ellipse", "diamond":
            let configuration: ShapeConfiguration = switch type {
            case "ellipse": .ellipse
            case "diamond": .regularPolygon(sides: 4)
            default: element["roundness"] != nil ? .roundedRectangle(cornerRadius: ExcalidrawStyle.cornerRadius(width: frame.width, height: frame.height)) : .rectangle
            }
            var shape = Shape(configuration: configuration, fillColor: fillColor, strokeColor: strokeColor, lineWidth: strokeWidth, opacity: opacity,
                              dash: dash)
            shape.isSketchy = sketchy
            if fillColor != nil { shape.fillStyle = element["fillStyle"]?.string.flatMap(ExcalidrawStyle.fillStyle(named:)) ?? .solid }
            markup.insert(.shape(shape), frame: frame.standardized, rotation: angle)
        case "line", "arrow":
            var line = Shape(configuration: .rectangle, fillColor: nil, strokeColor: strokeColor, lineWidth: strokeWidth, opacity: opacity, dash: dash)
            line.isSketchy = sketchy
            if type == "line", let custom = element["customData"]?["markupkit"] {
                // A MarkupKit shape Excalidraw has no such shape for, written as its outline: the
                // shape again, in the outline's box and style as they are now.
                if let whole = custom["shapeOf"]?.string, ownShapes.contains(whole) { return }
                if let own = Self.ownShape(custom, box: frame, style: line, fillColor: fillColor) {
                    markup.insert(.shape(own.shape), frame: own.frame, rotation: own.rotation)
                    if let id = element["id"]?.string { ownShapes.insert(id) }
                    return
                }
            }
            try addLine(element, origin: frame.origin, frame: frame, angle: angle, isArrow: type == "arrow", shape: line, hasFill: fillColor != nil)
        case "text":
            // A text that is its own link's address (MarkupKit writes a link so) is that link alone.
            let address = element["link"]?.string
            if address == nil || address!.isEmpty || element["text"]?.string?.trimmingCharacters(in: .whitespacesAndNewlines) != address {
                addText(element, frame: frame, angle: angle, color: (strokeColor ?? .black).withAlpha(opacity))
            }
        case "image":
            addImage(element, frame: frame.standardized, angle: angle)
        case "frame", "magicframe":
            addFrame(element, frame: frame.standardized, angle: angle, named: type == "frame" ? "Frame" : "AI Frame")
        case "embeddable", "iframe":
            // An embedded page is its address, which comes in as a link (below).
            let linked = !(element["link"]?.string ?? "").isEmpty
            report.note("embedded page", linked ? "MarkupKit cannot show it; kept as a link to it" : "MarkupKit cannot show it; left out")
        default:
            report.note("\(type.isEmpty ? "unnamed" : type) element", "MarkupKit cannot show it; left out")
        }
        if markup.elements.count > firstAdded, let id = element["id"]?.string {
            if ["rectangle", "ellipse", "diamond", "text", "image"].contains(type) { madeFrom[id] = markup.elements[firstAdded].id }
            if ["rectangle", "ellipse", "diamond", "line", "arrow"].contains(type) { containers[id] = markup.elements[firstAdded].id }
            if type == "text", let container = element["containerId"]?.string { labels.append((markup.elements[firstAdded].id, container)) }
            let (startBinding, endBinding) = (element["startBinding"], element["endBinding"])
            if type == "line" || type == "arrow", startBinding?.isObject == true || endBinding?.isObject == true {
                bindings.append((markup.elements[firstAdded].id, markup.elements[markup.elements.count - 1].id, startBinding, endBinding))
            }
        }
        if let url = element["link"]?.string, !url.isEmpty, url.utf8.count <= Link.maximumURLBytes {
            markup.insert(.link(Link(url: url)), frame: frame.standardized, rotation: angle)
        }
    }

    /// Makes each text bound to a shape or an arrow (Excalidraw's `containerId`) its label, as a
    /// double-click labels one here: in its group (a new one when it has none), so it moves, turns
    /// and goes with it; a shape's where Excalidraw centred it, an arrow's on its middle, where
    /// Excalidraw draws it whatever its `x` and `y`. A container not in the scene leaves the text be.
    private mutating func groupLabels() {
        for (text, container) in labels {
            guard let target = containers[container].flatMap(markup.element(withID:)) else { continue }
            let middle = pathMiddles[target.id] ?? target.lineHalfway
            let group = target.groupID ?? GroupID()
            _ = markup.updateElement(withID: target.id) { $0.groupID = group }
            _ = markup.updateElement(withID: text) { label in
                label.groupID = group
                if let middle {
                    label.frame = Rect(x: middle.x - label.frame.width / 2, y: middle.y - label.frame.height / 2,
                                       width: label.frame.width, height: label.frame.height)
                }
            }
        }
    }

    /// Puts the elements made of one Excalidraw element in its outermost group (`groupIds` go from
    /// the innermost out); elements made of one ungrouped element (the segments of a line of many points, a link
    /// over a shape) in a group of their own, so they still move as one.
    private mutating func group(_ positions: Range<Int>, named groups: [String]) {
        if groups.count > 1 { report.note("group inside a group", "MarkupKit groups one level; kept as the outermost group") }
        let group: GroupID
        if let outermost = groups.last {
            group = excalidrawGroups[outermost] ?? GroupID()
            excalidrawGroups[outermost] = group
        } else if positions.count > 1 {
            group = GroupID()
        } else {
            return
        }
        markup.setGroup(group, ofElementsAt: Array(positions))
    }

    /// Attaches the bound arrows' ends to the elements made of those they are bound to: at a
    /// binding's `fixedPoint` exactly, else aimed at the element's middle (an elbow arrow's end
    /// bound at the middle of a side, where MarkupKit's aimed elbow ends go, aimed too). A binding
    /// to an element not in the scene, or to one MarkupKit attaches nothing to, is left out.
    private mutating func attachBoundArrows() {
        func connection(_ binding: JSONNode?, elbow: Bool) -> LineConnection? {
            guard let binding, binding.isObject, let id = binding["elementId"]?.string, let target = madeFrom[id] else { return nil }
            if let point = binding["fixedPoint"]?.numbers, point.count == 2, point.allSatisfy(\.isFinite) {
                let anchor = Point(x: min(max(point[0], 0), 1), y: min(max(point[1], 0), 1))
                let onSideMiddle = [(anchor.x, anchor.y), (anchor.y, anchor.x)].contains { abs($0.1 - 0.5) < 0.02 && ($0.0 < 0.02 || $0.0 > 0.98) }
                if elbow, onSideMiddle { return LineConnection(element: target) }
                return LineConnection(element: target, anchor: anchor, isExact: true)
            }
            return LineConnection(element: target)
        }
        for (first, last, startBinding, endBinding) in bindings {
            if let start = connection(startBinding, elbow: elbowLines.contains(first)) { attach(first, start: start) }
            if let end = connection(endBinding, elbow: elbowLines.contains(last)) { attach(last, end: end) }
        }
    }

    private mutating func attach(_ line: ElementID, start: LineConnection? = nil, end: LineConnection? = nil) {
        markup.updateElement(withID: line) { element in
            guard case .shape(var shape) = element.content else { return }
            if let start { shape.startConnection = start }
            if let end { shape.endConnection = end }
            element.setContent(.shape(shape))
        }
    }

    /// The MarkupKit shape a line's `customData` carries (base64 of its element's JSON, and the box its
    /// outline was written in), moved and scaled as that box has been since, in the line's `style`
    /// and `fillColor` where they are not what MarkupKit wrote; nil when it carries none it can draw.
    private static func ownShape(_ custom: JSONNode, box: Rect, style: Shape, fillColor: Color?) -> (shape: Shape, frame: Rect, rotation: Double)? {
        guard let recorded = custom["shape"]?.string.flatMap(CarriedShape.decoded), case .shape(var shape) = recorded.content,
              let written = custom["box"]?.numbers, written.count == 4, written.allSatisfy(\.isFinite), written[2] > 0, written[3] > 0,
              box.width > 0, box.height > 0 else { return nil }
        // Older files wrote the outline opaque; newer ones with its alpha.
        var opaqueStroke = shape.strokeColor
        opaqueStroke?.alpha = 1
        if style.strokeColor?.hex != shape.strokeColor?.hex, style.strokeColor?.hex != opaqueStroke?.hex { shape.strokeColor = style.strokeColor }
        if fillColor?.hex != shape.fillColor?.hex { shape.fillColor = fillColor }
        if abs(style.lineWidth - shape.lineWidth) > 1e-3 { shape.lineWidth = style.lineWidth }
        if abs(style.opacity - min(max(shape.opacity, 0), 1)) > 1e-3 { shape.opacity = style.opacity }
        if style.dash != shape.dash { shape.dash = style.dash }
        if style.isSketchy != shape.isSketchy { shape.isSketchy = style.isSketchy }
        let (scaleX, scaleY) = (box.width / written[2], box.height / written[3])
        let frame = recorded.frame
        return (shape, Rect(x: box.minX + (frame.minX - written[0]) * scaleX, y: box.minY + (frame.minY - written[1]) * scaleY,
                            width: frame.width * scaleX, height: frame.height * scaleY), recorded.rotation)
    }

    private mutating func noteStyle(_ element: JSONNode, hasFill: Bool) {
        // Dashed and dotted outlines are kept; a style MarkupKit has no name for is not.
        if let style = element["strokeStyle"]?.string, ShapeDash(rawValue: style) == nil { report.note("\(style) line", "drawn solid") }
        if hasFill, let fill = element["fillStyle"]?.string {
            switch ExcalidrawStyle.fillStyle(named: fill) {
            case nil: report.note("\(fill) fill", "filled solid")
            case .hatched? where fill == "zigzag": report.note("zigzag fill", "hatched")
            default: break
            }
        }
    }

    private func color(_ text: String?) -> Color? {
        guard let text, text != "transparent" else { return nil }
        return ColorText.color(text)
    }

    private mutating func addFreehand(_ element: JSONNode, origin: Point, angle: Double, color: Color, opacity: Double,
                                      strokeWidth: Double) throws(InterchangeError) {
        guard let points = element["points"]?.children, !points.isEmpty else { return }
        let custom = element["customData"]?["markupkit"]
        let inkType = custom?["ink"]?.string.flatMap(InkType.init(rawValue:)) ?? .pen
        // What MarkupKit kept of its stroke stands only while Excalidraw's own fields still say what
        // it wrote beside them: a width or colour changed in Excalidraw is taken instead.
        let storedWidth = custom?["width"]?.number.flatMap { $0.isFinite && $0 > 0 && $0 <= 10_000 ? $0 : nil }
        let ownWidth = storedWidth.flatMap { width in
            abs(width / ExcalidrawStyle.penWidthPerStrokeWidth - strokeWidth) <= 1e-3 * max(1, strokeWidth) ? width : nil
        }
        let width = ownWidth ?? strokeWidth * ExcalidrawStyle.penWidthPerStrokeWidth
        // Each point's kept width grows or shrinks with a stroke width changed there (within reason).
        let pointWidthScale = storedWidth.map { ownWidth == nil ? min(max(width / $0, 1 / 64), 64) : 1 } ?? 1
        let pressures = element["pressures"]?.numbers ?? []
        // MarkupKit's own strokes carry each point's width, time, force, tilt and opacity.
        let samples = custom?["samples"]?.string.map(ExcalidrawStyle.samples)
        let exact = samples?.count == points.count ? samples : nil
        let simulated = element["simulatePressure"]?.bool ?? pressures.isEmpty
        var inkColor = color
        // A marker's layer is translucent itself: the opacity MarkupKit wrote for one holds that too.
        inkColor.alpha = min(1, color.alpha * opacity / (inkType == .marker ? ExcalidrawStyle.markerLayerOpacity : 1))
        if let own = custom?["color"]?.string.flatMap(ColorText.color), Self.sameColor(own, written: color, opacity: opacity, ink: inkType) {
            inkColor = own
        }
        var builder = StrokeBuilder(ink: Ink(inkType, color: inkColor, width: width), format: .excalidraw)
        var offsets: [Point] = []
        offsets.reserveCapacity(points.count)
        for point in points {
            guard let values = point.numbers, values.count >= 2 else { throw .malformed(.excalidraw, reason: "a freehand point is not [x, y]") }
            offsets.append(Point(x: values[0], y: values[1]))
        }
        let bounds = Rect.enclosing(offsets) ?? .zero
        let center = Point(x: origin.x + bounds.center.x, y: origin.y + bounds.center.y)
        let rotation = Transform2D(rotationAbout: center, radians: angle)
        for (index, offset) in offsets.enumerated() {
            let location = rotation.apply(to: Point(x: origin.x + offset.x, y: origin.y + offset.y))
            let pressure = simulated || index >= pressures.count ? 0.5 : min(max(pressures[index], 0), 1)
            if let sample = exact?[index] {
                try builder.add(x: location.x, y: location.y, time: sample[1], force: sample[2], width: sample[0] * pointWidthScale, opacity: sample[5],
                                azimuth: sample[3], altitude: sample[4])
                continue
            }
            let size = custom != nil ? nil : ExcalidrawStyle.freehandWidth(strokeWidth: strokeWidth, pressure: pressure)
            try builder.add(x: location.x, y: location.y, force: pressure * InkOptions.fullForce, width: size)
        }
        // A seed that is no whole number a stroke can carry (a file's 1e300 or -5) is not ours: the element's own is used.
        let storedSeed = custom?["seed"]?.number.flatMap { UInt32(exactly: $0.rounded(.towardZero)) }
        if let stroke = builder.stroke(randomSeed: storedSeed ?? seed) {
            markup.insert(.stroke(stroke), frame: .zero)
        }
    }

    /// Whether `color` at `opacity`, a freehand element's, is still what MarkupKit wrote for a stroke
    /// of `own` colour in `ink` (its alpha, a marker's layer's too, in the element's opacity).
    private static func sameColor(_ own: Color, written color: Color, opacity: Double, ink: InkType) -> Bool {
        var opaqueOwn = own
        opaqueOwn.alpha = 1
        let layerOpacity = ink == .marker ? ExcalidrawStyle.markerLayerOpacity : 1
        return opaqueOwn.hex == color.hex && abs(own.alpha * layerOpacity - opacity) <= 0.01
    }

    private mutating func addLine(_ element: JSONNode, origin: Point, frame: Rect, angle: Double, isArrow: Bool, shape: Shape,
                                  hasFill: Bool) throws(InterchangeError) {
        guard let nodes = element["points"]?.children else { return }
        var points: [Point] = []
        for node in nodes {
            guard let values = node.numbers, values.count >= 2 else { throw .malformed(.excalidraw, reason: "a line's point is not [x, y]") }
            points.append(Point(x: origin.x + values[0], y: origin.y + values[1]))
        }
        guard points.count >= 2 else { return }
        // Excalidraw turns a line about the middle of its points' box (its x and y are its first
        // point's, which need not be the box's corner).
        let rotation = Transform2D(rotationAbout: (Rect.enclosing(points) ?? frame.standardized).center, radians: angle)
        points = points.map { rotation.apply(to: $0) }
        let start = ExcalidrawStyle.marker(isArrow ? element["startArrowhead"]?.string : nil)
        let end = ExcalidrawStyle.marker(isArrow ? element["endArrowhead"]?.string : nil)
        if start == nil || end == nil { report.note("arrowhead", "drawn as MarkupKit's nearest marker") }
        if element["elbowed"]?.bool == true, points.count - 2 <= Shape.maximumLineCorners {
            // An elbow arrow is an elbow line through its points.
            let (frame, from, to, corners) = ElbowPath.layout(points)
            var line = shape
            line.configuration = .line(from: from, to: to, startMarker: start ?? .arrow, endMarker: end ?? .arrow)
            line.lineCorners = corners
            markup.insert(.shape(line), frame: frame)
            elbowLines.insert(markup.elements[markup.elements.count - 1].id)
            return
        }
        let curved = element["roundness"] != nil
        if curved, points.count == 3 {
            // A curved line through three points is a bent line through its middle one.
            let (frame, from, to, middle) = LineCurve(start: points[0], middle: points[1], end: points[2]).layout(bent: true)
            var line = shape
            line.configuration = .line(from: from, to: to, startMarker: start ?? .arrow, endMarker: end ?? .arrow)
            line.lineMiddle = middle
            markup.insert(.shape(line), frame: frame)
            return
        }
        if points.count > 2 { report.note("line of more than two points", "drawn as one straight line per segment") }
        if curved, points.count > 2 { report.note("curved line", "drawn straight between its points") }
        if hasFill, points.count > 2 { report.note("filled line", "drawn without its fill") }
        let firstSegment = markup.elements.count
        for index in 0..<(points.count - 1) {
            let (lineFrame, from, to) = LinePlacement.straight(from: points[index], to: points[index + 1])
            var line = shape
            line.configuration = .line(from: from, to: to, startMarker: index == 0 ? start ?? .arrow : .none,
                                       endMarker: index == points.count - 2 ? end ?? .arrow : .none)
            markup.insert(.shape(line), frame: lineFrame)
        }
        if points.count > 2, markup.elements.count > firstSegment { pathMiddles[markup.elements[firstSegment].id] = ElbowPath.halfway(points) }
    }

    private mutating func addText(_ element: JSONNode, frame: Rect, angle: Double, color: Color) {
        guard let string = element["text"]?.string ?? element["originalText"]?.string, !string.isEmpty else { return }
        let size = min(max(element["fontSize"]?.number ?? 20, 1), 10_000)
        let (family, handDrawn) = ExcalidrawStyle.family(Int(exactly: (element["fontFamily"]?.number ?? 1).rounded(.towardZero)) ?? 1)
        if handDrawn { report.note("hand-drawn font", "set in Sans") }
        let alignment: TextAlignment = switch element["textAlign"]?.string {
        case "center": .center
        case "right": .trailing
        default: .leading
        }
        let text = AttributedText(string, font: TextFont(family: family, size: size), color: color)
        // A text of a fixed width (`autoResize` false) wraps inside it, as Excalidraw wraps it; another
        // is as wide as its longest line.
        let fixedWidth = element["autoResize"]?.bool == false && element["containerId"]?.string == nil && frame.width >= 1
        let natural = MarkupRenderer.naturalSize(of: text, width: fixedWidth ? frame.width : nil)
        let boxSize = Size(width: fixedWidth ? frame.width : max(frame.width, natural.width.rounded(.up)),
                           height: max(frame.height, natural.height.rounded(.up)))
        // A label (bound to a container) grows about its middle, where Excalidraw centred it.
        let origin = element["containerId"]?.string == nil ? frame.origin
            : Point(x: frame.center.x - boxSize.width / 2, y: frame.center.y - boxSize.height / 2)
        markup.insert(.textBox(TextBox(text: text, alignment: alignment)), frame: Rect(origin: origin, size: boxSize), rotation: angle)
    }

    /// A frame as Excalidraw shows it: a thin grey box, and its name above its top left corner
    /// (grouped); what lies in it is kept, not clipped to it.
    private mutating func addFrame(_ element: JSONNode, frame: Rect, angle: Double, named fallback: String) {
        report.note("frame", "MarkupKit has no frames; drawn as a box with its name, what was in it kept")
        markup.insertFrame(frame, rotation: angle, name: element["name"]?.string, fallback: fallback, titleCorner: frame.origin)
    }

    private mutating func addImage(_ element: JSONNode, frame: Rect, angle: Double) {
        guard let fileID = element["fileId"]?.string, let url = files?[fileID]?["dataURL"]?.string,
              let (data, size) = ImportedPieces.picture(dataURL: url) else {
            report.note("image without a PNG or JPEG file", "left out")
            return
        }
        if let scale = element["scale"]?.numbers, scale.contains(where: { $0 < 0 }) { report.note("flipped image", "shown unflipped") }
        if let opacity = element["opacity"]?.number, opacity < 99.5 { report.note("see-through image", "shown opaque") }
        let blob = markup.addBlob(data)
        // Excalidraw's crop is in the picture's pixels (`naturalWidth` by `naturalHeight`); one
        // reaching outside the picture is left out.
        var crop: Rect?
        if let values = element["crop"], let x = values["x"]?.number, let y = values["y"]?.number, let width = values["width"]?.number,
           let height = values["height"]?.number {
            let natural = (values["naturalWidth"]?.number ?? Double(size.width), values["naturalHeight"]?.number ?? Double(size.height))
            let unit = Rect(x: x / natural.0, y: y / natural.1, width: width / natural.0, height: height / natural.1)
            if ImageElement.isValidCrop(unit) { crop = unit } else { report.note("crop outside its picture", "the picture shown whole") }
        }
        markup.insert(.image(ImageElement(blob: blob, crop: crop)), frame: frame, rotation: angle)
    }
}

extension Color {
    func withAlpha(_ factor: Double) -> Color {
        var color = self
        color.alpha *= factor
        return color
    }
}

extension Rect {
    /// The same rectangle with a non-negative width and height.
    var standardized: Rect {
        Rect(x: min(minX, maxX), y: min(minY, maxY), width: abs(width), height: abs(height))
    }
}
