import Foundation
import MarkupInk
import MarkupModel
import MarkupRender

/// Writes a document's strokes as W3C InkML: one trace per stroke with X, Y (points), T
/// (milliseconds from the stroke's start), F (force, 0…1 at full force), W (width, points) and
/// OA/OE (azimuth, elevation, radians), and one brush per distinct ink with its colour, width,
/// transparency and MarkupKit ink type. InkML holds pen data only; other elements are left out.
public enum InkMLExporter {
    public static func encode(_ markup: Markup) -> ExportedDocument {
        var output = TextBuffer()
        var report = ConversionReport()
        var brushes: [Ink: Int] = [:]
        var strokes: [(PlacedStroke, Int)] = []
        for element in markup.elements {
            guard case .stroke(let stroke) = element.content else {
                report.note(Self.name(of: element.content.kind), "InkML holds pen traces only; left out")
                continue
            }
            let placed = PlacedStroke(stroke, in: element)
            var ink = stroke.ink
            ink.setWidth(ink.width * placed.scale)
            let brush = brushes[ink] ?? brushes.count
            brushes[ink] = brush
            strokes.append((placed, brush))
        }
        if markup.background != nil { report.note("background", "InkML holds pen traces only; left out") }
        if markup.visiblePaper != nil { report.note("ruled paper", "InkML holds pen traces only; left out") }
        if markup.elements.contains(where: { $0.groupID != nil }) { report.note("group", "kept as its strokes, not grouped") }
        if markup.elements.contains(where: \.isLocked) { report.note("locked element", "InkML cannot lock; kept unlocked") }
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ink xmlns=\"http://www.w3.org/2003/InkML\">\n<definitions>\n")
        output.append("<context xml:id=\"ctx0\"><inkSource xml:id=\"markupkit\"><traceFormat>")
        output.append("<channel name=\"X\" type=\"decimal\" units=\"pt\"/><channel name=\"Y\" type=\"decimal\" units=\"pt\"/>")
        output.append("<channel name=\"T\" type=\"decimal\" units=\"ms\"/><channel name=\"F\" type=\"decimal\" min=\"0\" max=\"1\"/>")
        output.append("<channel name=\"W\" type=\"decimal\" units=\"pt\"/><channel name=\"OA\" type=\"decimal\" units=\"rad\"/>")
        output.append("<channel name=\"OE\" type=\"decimal\" units=\"rad\"/></traceFormat></inkSource></context>\n")
        for (ink, index) in brushes.sorted(by: { $0.value < $1.value }) {
            var opaque = ink.color
            opaque.alpha = 1
            output.append("<brush xml:id=\"brush\(index)\"><brushProperty name=\"width\" value=\"")
            output.append(number: ink.width, decimals: 6)
            output.append("\" units=\"pt\"/><brushProperty name=\"color\" value=\"\(opaque.hex)\"/>")
            output.append("<brushProperty name=\"transparency\" value=\"")
            output.append(number: 1 - ink.color.alpha, decimals: 4)
            output.append("\"/><brushProperty name=\"inkType\" value=\"\(ink.type.rawValue)\"/></brush>\n")
        }
        output.append("</definitions>\n")
        for (placed, brush) in strokes {
            if placed.hasVaryingOpacity { report.note("stroke of varying opacity", "InkML has no channel for it; drawn even when read back") }
            if InkOptions.for(placed.stroke.ink.type).edgeRoughness > 0 {
                report.note("\(placed.stroke.ink.type.spokenName) stroke", "its rough edge is drawn anew when read back (InkML keeps no seed)")
            }
            output.append("<trace contextRef=\"#ctx0\" brushRef=\"#brush\(brush)\">")
            for (index, sample) in placed.samples.enumerated() {
                if index > 0 { output.append(", ") }
                let point = sample.point
                output.append(number: sample.location.x, decimals: 4)
                for (value, decimals) in [(sample.location.y, 4), (point.timeOffset * 1000, 3), (point.force / 2, 4), (sample.width, 4),
                                          (point.azimuth, 4), (point.altitude, 4)] {
                    output.append(" ")
                    output.append(number: value, decimals: decimals)
                }
            }
            output.append("</trace>\n")
        }
        output.append("</ink>\n")
        return ExportedDocument(data: Data(output.bytes), report: report)
    }

    private static func name(of kind: ElementKind) -> String {
        switch kind {
        case .textBox: "text"
        default: kind.rawValue
        }
    }
}
