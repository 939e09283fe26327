import Foundation
import MarkupModel
import MarkupRender

/// Writes a document as an Excalidraw scene that excalidraw.com opens: strokes as freehand lines
/// (their MarkupKit ink, width and seed kept in `customData`, so they come back unchanged),
/// rectangles, ellipses, diamonds, lines and arrows as themselves, other shapes as closed lines,
/// text, and images with their files. Excalidraw has no pages: a PDF background is left out.
public enum ExcalidrawExporter {
    /// The scene of `markup`; as `clipboard`, in the form Excalidraw puts copied elements on the
    /// clipboard as text (`"type": "excalidraw/clipboard"`), which Excalidraw and tldraw paste.
    public static func encode(_ markup: Markup, clipboard: Bool = false) -> ExportedDocument {
        var writer = ExcalidrawWriter(markup: markup, type: clipboard ? "excalidraw/clipboard" : "excalidraw")
        writer.write()
        return ExportedDocument(data: Data(writer.output.bytes), report: writer.report)
    }
}

/// The JSON of one scene.
struct ExcalidrawWriter {
    let markup: Markup
    private(set) var output = TextBuffer()
    private(set) var report = ConversionReport()
    private var files: [BlobID: (mimeType: String, data: Data)] = [:]
    private var isFirst = true
    private var serial = 0
    /// The group of the element being written, and whether it is locked: its Excalidraw elements
    /// carry them in `groupIds` and `locked`.
    private var group: GroupID?
    private var isLocked = false
    /// The arrows attached to each element that Excalidraw can attach arrows to: its
    /// `boundElements`, which Excalidraw needs to move them with it.
    private var attachedArrows = [String: [String]]()
    /// The labels of shapes and lines (a text box in the group of a shape written as a rectangle,
    /// ellipse or diamond, its middle inside it, or of a line, its middle on the line's, as a
    /// double-click labels them): each label's container and each container's label (one at most),
    /// which Excalidraw binds by `containerId` and `boundElements` so they move with it.
    private var labelContainers = [String: String]()
    private var containerLabels = [String: [String]]()

    /// The scene's `type`: a file's, or the clipboard's.
    private let type: String

    init(markup: Markup, type: String = "excalidraw") {
        self.markup = markup
        self.type = type
    }

    mutating func write() {
        output.append("{\n  \"type\": \"\(type)\",\n  \"version\": 2,\n  \"source\": \"MarkupKit\",\n  \"elements\": [")
        switch markup.background?.source {
        case .pdf?: report.note("PDF background", "Excalidraw has no pages; left out (export the annotated PDF to keep it)")
        case .image(let blob)?:
            if let frame = markup.background?.pages.first(where: { !$0.isBlank })?.frame { writeImage(blob, frame: frame, rotation: 0, id: "background") }
        case nil: break
        }
        if markup.visiblePaper != nil { report.note("ruled paper", "Excalidraw has no paper; left out") }
        for element in markup.elements {
            guard case .shape(let shape) = element.content else { continue }
            let targets = Set([shape.startConnection, shape.endConnection].compactMap { $0 }.filter(binds).map(\.element))
            for target in targets.sorted() { attachedArrows[target.description, default: []].append(element.id.description) }
        }
        findLabels()
        for element in markup.elements {
            (group, isLocked) = (element.groupID, element.isLocked)
            write(element)
        }
        (group, isLocked) = (nil, false)
        output.append("\n  ],\n  \"appState\": {\"gridSize\": null, \"viewBackgroundColor\": ")
        output.append(jsonString: (markup.backgroundColor ?? .white).hex)
        output.append("},\n  \"files\": {")
        var first = true
        for (blob, file) in files.sorted(by: { $0.key.description < $1.key.description }) {
            output.append(first ? "\n    " : ",\n    ")
            first = false
            output.append(jsonString: blob.description)
            output.append(": {\"mimeType\": ")
            output.append(jsonString: file.mimeType)
            output.append(", \"id\": ")
            output.append(jsonString: blob.description)
            output.append(", \"dataURL\": ")
            output.append(jsonString: "data:\(file.mimeType);base64,\(file.data.base64EncodedString())")
            output.append(", \"created\": \(markup.modifiedAt.millisecondsSince1970)}")
        }
        output.append("\n  }\n}\n")
    }

    private mutating func findLabels() {
        var groups = [GroupID: [Element]]()
        for element in markup.elements {
            if let group = element.groupID { groups[group, default: []].append(element) }
        }
        for members in groups.values {
            // What Excalidraw holds text in: its rectangles, ellipses, diamonds and arrows (a labelled
            // line is written as one).
            let pairs = GroupLabels.pairs(among: members) { element in
                guard case .shape(let shape) = element.content else { return false }
                switch shape.configuration {
                case .rectangle, .roundedRectangle, .ellipse, .regularPolygon(sides: 4), .line: return true
                default: return false
                }
            }
            for (label, holder) in pairs {
                labelContainers[label.id.description] = holder.id.description
                containerLabels[holder.id.description] = [label.id.description]
            }
        }
    }

    private mutating func write(_ element: Element) {
        let id = element.id.description
        switch element.content {
        case .stroke(let stroke):
            writeFreehand(PlacedStroke(stroke, in: element), id: id)
        case .shape(let shape):
            writeShape(shape, element: element, id: id)
        case .textBox(let box):
            guard let first = box.text.runs.first else { return }
            if box.text.runs.contains(where: { $0.font != first.font || $0.color != first.color }) {
                report.note("styled text", "Excalidraw gives a text one font and colour; the first run's are used")
            }
            if box.text.runs.contains(where: { $0.font.weight >= 600 || $0.font.italic }) {
                report.note("bold or italic text", "set upright and regular: Excalidraw has neither")
            }
            let align = switch box.alignment { case .center: "center"; case .trailing: "right"; default: "left" }
            writeText(box.text.string, font: first.font, color: first.color, align: align, frame: element.frame, rotation: element.rotation, id: id, link: nil)
        case .image(let image):
            writeImage(image.blob, frame: element.frame, rotation: element.rotation, id: id, crop: image.crop)
        case .sticker(.image(let blob)):
            writeImage(blob, frame: element.frame, rotation: element.rotation, id: id)
        case .sticker(.emoji(let emoji)):
            writeText(emoji, font: TextFont(size: min(element.frame.width, element.frame.height) * 0.75), color: .black, align: "center",
                      frame: element.frame, rotation: element.rotation, id: id, link: nil)
        case .loupe:
            report.note("loupe", "Excalidraw has no loupes; left out")
        case .link(let link):
            writeText(link.url, font: TextFont(size: 16), color: Color(hex: "#0b57d0")!, align: "left", frame: element.frame,
                      rotation: element.rotation, id: id, link: link.url)
        }
    }

    /// Opens an element object with the fields every Excalidraw element has.
    private mutating func begin(_ type: String, id: String, frame: Rect, rotation: Double, strokeColor: Color?, fillColor: Color?,
                                strokeWidth: Double, opacity: Double, link: String? = nil, rounded: Bool = false, curved: Bool = false,
                                dash: ShapeDash = .solid, sketchy: Bool = false, fillStyle: ShapeFillStyle = .solid) {
        output.append(isFirst ? "\n    {" : ",\n    {")
        isFirst = false
        serial += 1
        output.append("\"type\": ")
        output.append(jsonString: type)
        output.append(", \"id\": ")
        output.append(jsonString: id)
        for (name, value) in [("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height), ("angle", rotation)] {
            output.append(", \"\(name)\": ")
            output.append(number: value, decimals: 4)
        }
        output.append(", \"strokeColor\": ")
        // A translucent outline keeps its alpha as a fill does; ink and text give theirs as the opacity.
        output.append(jsonString: strokeColor?.hex ?? "transparent")
        output.append(", \"backgroundColor\": ")
        // A translucent fill (a tinted shape's) keeps its alpha, which Excalidraw reads in 8-digit hex.
        output.append(jsonString: fillColor?.hex ?? "transparent")
        output.append(", \"fillStyle\": \"\(ExcalidrawStyle.fillStyleName(fillStyle))\", \"strokeWidth\": ")
        output.append(number: strokeWidth, decimals: 4)
        // A sketchy outline is Excalidraw's "artist" roughness; a clean one its "architect".
        output.append(", \"strokeStyle\": \"\(dash.rawValue)\", \"roughness\": \(sketchy ? 1 : 0), \"opacity\": ")
        output.append(number: min(max(opacity, 0), 1) * 100, decimals: 2)
        let seed = Int(truncatingIfNeeded: UInt64(serial) &* 0x9E37_79B9) & 0x7FFF_FFFF
        output.append(", \"groupIds\": [\(group.map { "\"\($0)\"" } ?? "")], \"frameId\": null, \"roundness\": \(rounded ? "{\"type\": 3}" : curved ? "{\"type\": 2}" : "null"), \"seed\": \(seed), \"version\": 1, \"versionNonce\": \(seed ^ 0x5bd1_e995)")
        output.append(", \"isDeleted\": false, \"boundElements\": ")
        let bound = (attachedArrows[id] ?? []).map { ($0, "arrow") } + (containerLabels[id] ?? []).map { ($0, "text") }
        if !bound.isEmpty {
            output.append("[")
            for (index, (element, kind)) in bound.enumerated() {
                output.append(index == 0 ? "{\"id\": " : ", {\"id\": ")
                output.append(jsonString: element)
                output.append(", \"type\": \"\(kind)\"}")
            }
            output.append("]")
        } else {
            output.append("null")
        }
        output.append(", \"updated\": \(markup.modifiedAt.millisecondsSince1970), \"link\": ")
        if let link { output.append(jsonString: link) } else { output.append("null") }
        output.append(", \"locked\": \(isLocked)")
    }

    private func opaque(_ color: Color) -> Color {
        var color = color
        color.alpha = 1
        return color
    }

    private mutating func writePoints(_ points: [Point], origin: Point) {
        output.append(", \"points\": [")
        for (index, point) in points.enumerated() {
            output.append(index == 0 ? "[" : ", [")
            output.append(number: point.x - origin.x, decimals: 4)
            output.append(", ")
            output.append(number: point.y - origin.y, decimals: 4)
            output.append("]")
        }
        output.append("]")
    }

    private mutating func writeFreehand(_ placed: PlacedStroke, id: String) {
        let ink = placed.stroke.ink
        if ink.type != .pen { report.note("\(ink.type.spokenName) stroke", "Excalidraw draws one freehand ink; its look is kept for MarkupKit only") }
        let locations = placed.samples.map(\.location)
        let bounds = Rect.enclosing(locations) ?? .zero
        let layerOpacity = ink.type == .marker ? ExcalidrawStyle.markerLayerOpacity : 1
        begin("freedraw", id: id, frame: bounds, rotation: 0, strokeColor: opaque(ink.color), fillColor: nil,
              strokeWidth: ink.width * placed.scale / ExcalidrawStyle.penWidthPerStrokeWidth, opacity: ink.color.alpha * layerOpacity)
        writePoints(locations, origin: bounds.origin)
        output.append(", \"pressures\": [")
        for (index, sample) in placed.samples.enumerated() {
            if index > 0 { output.append(", ") }
            output.append(number: min(max(sample.point.force / 2, 0), 1), decimals: 4)
        }
        output.append("], \"simulatePressure\": false, \"lastCommittedPoint\": null, \"customData\": {\"markupkit\": {\"ink\": ")
        output.append(jsonString: ink.type.rawValue)
        output.append(", \"width\": ")
        output.append(number: ink.width * placed.scale, decimals: 6)
        output.append(", \"color\": ")
        output.append(jsonString: ink.color.hex)
        // Each point's width, time, force, azimuth, altitude and opacity, six numbers a point in one
        // string: a JSON value per number would make a large scene too many values to read back.
        output.append(", \"seed\": \(placed.stroke.randomSeed), \"samples\": \"")
        for (index, sample) in placed.samples.enumerated() {
            let point = sample.point
            for (position, value) in [sample.width, point.timeOffset, point.force, point.azimuth, point.altitude, point.opacity].enumerated() {
                if index > 0 || position > 0 { output.append(" ") }
                output.append(number: value, decimals: 5)
            }
        }
        output.append("\"}}}")
    }

    private mutating func writeShape(_ shape: Shape, element: Element, id: String) {
        let frame = element.frame
        switch shape.configuration {
        case .rectangle, .roundedRectangle, .ellipse, .regularPolygon(sides: 4):
            let type = switch shape.configuration { case .ellipse: "ellipse"; case .regularPolygon: "diamond"; default: "rectangle" }
            begin(type, id: id, frame: frame, rotation: element.rotation, strokeColor: shape.strokeColor, fillColor: shape.fillColor,
                  strokeWidth: shape.lineWidth, opacity: shape.opacity, rounded: { if case .roundedRectangle = shape.configuration { true } else { false } }(),
                  dash: shape.dash, sketchy: shape.isSketchy, fillStyle: shape.fillStyle)
            output.append("}")
        case .line(_, _, let startMarker, let endMarker):
            guard let curve = element.lineCurve else { return }
            // Attached or labelled, a line is an arrow (without heads): Excalidraw binds only arrows.
            let isArrow = startMarker != .none || endMarker != .none || [shape.startConnection, shape.endConnection].contains { $0.map(binds) == true }
                || containerLabels[id] != nil
            // A bent line is Excalidraw's curved line through three points, an elbow line its elbow
            // arrow through its corners; x and y are its first point's.
            let elbow = element.elbowPath
            let points = elbow ?? (shape.lineMiddle == nil ? [curve.start, curve.end] : [curve.start, curve.middle, curve.end])
            let bounds = Rect.enclosing(points)!
            begin(isArrow ? "arrow" : "line", id: id, frame: Rect(origin: curve.start, size: bounds.size), rotation: 0, strokeColor: shape.strokeColor,
                  fillColor: nil, strokeWidth: shape.lineWidth, opacity: shape.opacity, curved: shape.lineMiddle != nil, dash: shape.dash,
                  sketchy: shape.isSketchy)
            writePoints(points, origin: curve.start)
            if elbow != nil { output.append(", \"elbowed\": true, \"fixedSegments\": null, \"startIsSpecial\": null, \"endIsSpecial\": null") }
            output.append(", \"lastCommittedPoint\": null, \"startBinding\": ")
            writeBinding(shape.startConnection, lineWidth: shape.lineWidth, elbowEnd: elbow.map { _ in curve.start })
            output.append(", \"endBinding\": ")
            writeBinding(shape.endConnection, lineWidth: shape.lineWidth, elbowEnd: elbow.map { _ in curve.end })
            output.append(", \"startArrowhead\": ")
            if let head = ExcalidrawStyle.arrowhead(startMarker) { output.append(jsonString: head) } else { output.append("null") }
            output.append(", \"endArrowhead\": ")
            if let head = ExcalidrawStyle.arrowhead(endMarker) { output.append(jsonString: head) } else { output.append("null") }
            output.append("}")
        default:
            report.note(shape.configuration.type.spokenName,
                        "Excalidraw has no such shape; drawn as a closed line along its outline (MarkupKit reads it back as the shape)")
            for (index, outline) in MarkupRenderer.outlines(of: shape, frame: frame, rotation: element.rotation).enumerated() {
                guard let first = outline.points.first, let bounds = Rect.enclosing(outline.points) else { continue }
                begin("line", id: index == 0 ? id : "\(id)-\(index)", frame: bounds, rotation: 0, strokeColor: shape.strokeColor,
                      fillColor: outline.isFilled ? shape.fillColor : nil, strokeWidth: shape.lineWidth, opacity: shape.opacity, dash: shape.dash,
                      sketchy: shape.isSketchy, fillStyle: shape.fillStyle)
                writePoints(outline.points, origin: first)
                output.append(", \"lastCommittedPoint\": null, \"startBinding\": null, \"endBinding\": null, \"startArrowhead\": null, \"endArrowhead\": null")
                // The shape itself goes with its first outline (and the box that outline was written
                // in, to follow it if moved or resized there), so MarkupKit reads it back as the shape.
                output.append(", \"customData\": {\"markupkit\": ")
                if index == 0, let carried = CarriedShape.encoded(element) {
                    output.append("{\"shape\": \"\(carried)\", \"box\": [")
                    output.append([bounds.minX, bounds.minY, bounds.width, bounds.height].map { String($0) }.joined(separator: ", "))
                    output.append("]}}}")
                } else {
                    output.append("{\"shapeOf\": ")
                    output.append(jsonString: id)
                    output.append("}}}")
                }
            }
        }
    }

    /// Whether Excalidraw can hold the arrow's end on the element `connection` names: one written,
    /// as a rectangle, an ellipse, a diamond, a text or an image.
    private func binds(_ connection: LineConnection) -> Bool {
        switch markup.element(withID: connection.element)?.content {
        case .shape(let shape)?:
            switch shape.configuration {
            case .rectangle, .roundedRectangle, .ellipse, .regularPolygon(sides: 4): true
            default: false
            }
        case .textBox(let box)?: !box.text.runs.isEmpty
        case .image(let image)?: markup.blobs[image.blob] != nil
        case .sticker(.image(let blob))?: markup.blobs[blob] != nil
        case .sticker?, .link?: true
        default: false
        }
    }

    /// An end's binding: aimed at the element's middle with the gap MarkupKit leaves, or an exact
    /// end at its `fixedPoint` (the fraction of the element's box across and down). An elbow
    /// arrow's ends are all fixed, as Excalidraw binds them: an aimed one where it lies (`elbowEnd`).
    private mutating func writeBinding(_ connection: LineConnection?, lineWidth: Double, elbowEnd: Point? = nil) {
        guard let connection, binds(connection) else { return output.append("null") }
        output.append("{\"elementId\": ")
        output.append(jsonString: connection.element.description)
        output.append(", \"focus\": 0, \"gap\": ")
        output.append(number: connection.isExact ? 0 : LineConnection.gap + lineWidth / 2, decimals: 4)
        var fixed = connection.isExact ? connection.anchor : nil
        if fixed == nil, let elbowEnd, let target = markup.element(withID: connection.element), target.frame.width > 0, target.frame.height > 0 {
            let local = target.unrotated(elbowEnd), frame = target.frame
            fixed = Point(x: (local.x - frame.minX) / frame.width, y: (local.y - frame.minY) / frame.height)
        }
        if let fixed {
            output.append(", \"fixedPoint\": [")
            output.append(number: fixed.x, decimals: 6)
            output.append(", ")
            output.append(number: fixed.y, decimals: 6)
            output.append("]")
        }
        output.append("}")
    }

    private mutating func writeText(_ text: String, font: TextFont, color: Color, align: String, frame: Rect, rotation: Double,
                                    id: String, link: String?) {
        begin("text", id: id, frame: frame, rotation: rotation, strokeColor: opaque(color), fillColor: nil, strokeWidth: 1, opacity: color.alpha, link: link)
        output.append(", \"text\": ")
        output.append(jsonString: text)
        output.append(", \"originalText\": ")
        output.append(jsonString: text)
        output.append(", \"fontSize\": ")
        output.append(number: font.size, decimals: 4)
        output.append(", \"fontFamily\": \(ExcalidrawStyle.familyNumber(font.family)), \"textAlign\": ")
        output.append(jsonString: align)
        // A label is centred in its container, which Excalidraw keeps it in.
        if let container = labelContainers[id] {
            output.append(", \"verticalAlign\": \"middle\", \"containerId\": ")
            output.append(jsonString: container)
        } else {
            output.append(", \"verticalAlign\": \"top\", \"containerId\": null")
        }
        output.append(", \"autoResize\": false, \"lineHeight\": 1.25}")
    }

    private mutating func writeImage(_ blob: BlobID, frame: Rect, rotation: Double, id: String, crop: Rect? = nil) {
        guard let data = markup.blobs[blob] else { return }
        let mimeType = data.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png" : "image/jpeg"
        files[blob] = (mimeType, data)
        begin("image", id: id, frame: frame, rotation: rotation, strokeColor: nil, fillColor: nil, strokeWidth: 1, opacity: 1)
        output.append(", \"fileId\": ")
        output.append(jsonString: blob.description)
        output.append(", \"status\": \"saved\", \"scale\": [1, 1]")
        // Excalidraw's crop is in the picture's own pixels.
        if let crop, let size = MarkupRenderer.imagePixelSize(data) {
            output.append(", \"crop\": {")
            let values = [("x", crop.minX * Double(size.width)), ("y", crop.minY * Double(size.height)), ("width", crop.width * Double(size.width)),
                          ("height", crop.height * Double(size.height)), ("naturalWidth", Double(size.width)), ("naturalHeight", Double(size.height))]
            for (index, (name, value)) in values.enumerated() {
                output.append(index == 0 ? "\"\(name)\": " : ", \"\(name)\": ")
                output.append(number: value, decimals: 4)
            }
            output.append("}")
        }
        output.append("}")
    }
}
