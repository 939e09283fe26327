import Foundation
import MarkupInk
import MarkupModel

/// Reads W3C InkML: every pen-down trace (in trace groups too) becomes a stroke, with the X, Y,
/// F (force), T (time), W (width) and OA/OE (azimuth, elevation) channels its trace format declares,
/// in the units it gives, and its brush's colour, width and transparency. docs/FORMATS.md has the
/// mapping.
public enum InkMLImporter {
    public static func decode(_ data: Data, title: String = "") throws(InterchangeError) -> ImportedDocument {
        guard data.count <= InterchangeLimits.maximumTextBytes else {
            throw .tooLarge(.inkML, reason: "more than \(InterchangeLimits.maximumTextBytes >> 20) MB of XML")
        }
        var reader = InkMLDocumentReader(title: title)
        try XMLReader.read([UInt8](data), format: .inkML) { (xml) throws(InterchangeError) in try reader.read(xml) }
        return try reader.finish()
    }
}

/// The state of reading one InkML document: the definitions seen so far, and the strokes made.
struct InkMLDocumentReader {
    struct Brush {
        var color = Color.black
        var width: Double?
        var transparency = 0.0
        var inkType: InkType?
    }

    private var markup: Markup
    private var report = ConversionReport()
    private var formats: [String: InkMLTraceFormat] = [:]
    private var contexts: [String: (format: String?, brush: String?)] = [:]
    private var brushes: [String: Brush] = [:]
    private var defaultFormat = InkMLTraceFormat.standard
    private var currentContext: (format: String?, brush: String?) = (nil, nil)
    private var strokeCount = 0

    init(title: String) {
        markup = Markup(bounds: .zero, title: title)
    }

    mutating func read(_ xml: XMLReader) throws(InterchangeError) {
        guard case .start(let root, _)? = try xml.next(), root == "ink" else {
            throw .notThisFormat(.inkML, reason: "the root element is not <ink>")
        }
        // The open trace groups' brush and context, which their traces take unless they name their own.
        var groups: [(brush: String?, context: String?)] = []
        while let event = try xml.next() {
            switch event {
            case .start("traceFormat", let isEmpty):
                let id = xml.attribute("xml:id") ?? xml.attribute("id")
                let format = try readTraceFormat(xml, isEmpty: isEmpty)
                if let id { formats[id] = format } else { defaultFormat = format }
            case .start("context", let isEmpty):
                try readContext(xml, isEmpty: isEmpty)
            case .start("brush", let isEmpty):
                let id = xml.attribute("xml:id") ?? xml.attribute("id") ?? ""
                brushes[id] = try readBrush(xml, isEmpty: isEmpty)
            case .start("traceGroup", let isEmpty):
                if !isEmpty { groups.append((xml.attribute("brushRef"), xml.attribute("contextRef"))) }
            case .end("traceGroup"):
                _ = groups.popLast()
            case .start("trace", let isEmpty):
                let type = xml.attribute("type") ?? "penDown"
                let contextName = xml.attribute("contextRef") ?? groups.last(where: { $0.context != nil })?.context
                let context = reference(contextName).flatMap { contexts[$0] }
                let brush = reference(xml.attribute("brushRef") ?? groups.last(where: { $0.brush != nil })?.brush)
                    ?? context?.brush ?? currentContext.brush
                let format = (context?.format ?? currentContext.format).flatMap { formats[$0] } ?? defaultFormat
                let text = isEmpty ? "" : try xml.elementText()
                guard type != "penUp" else {
                    report.note("pen-up (hovering) trace", "left out")
                    continue
                }
                try addTrace(text, format: format, brush: brush.flatMap { brushes[$0] } ?? Brush())
            case .start(let name, let isEmpty) where name == "annotation" || name == "annotationXML" || name == "timestamp" || name == "canvas":
                if name.hasPrefix("annotation") { report.note("annotation", "not carried over") }
                if !isEmpty { try xml.skipElement() }
            default:
                continue
            }
        }
    }

    mutating func finish() throws(InterchangeError) -> ImportedDocument {
        let content = markup.contentsRenderFrame
        markup.bounds = content.width > 0 || content.height > 0 ? content.expanded(by: 20) : Rect(x: 0, y: 0, width: 768, height: 1024)
        do { try markup.validate() } catch { throw .malformed(.inkML, reason: "\(error)") }
        return ImportedDocument(markup: markup, report: report)
    }

    private func reference(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text.hasPrefix("#") ? String(text.dropFirst()) : text
    }

    private mutating func readContext(_ xml: XMLReader, isEmpty: Bool) throws(InterchangeError) {
        let id = xml.attribute("xml:id") ?? xml.attribute("id")
        var context: (format: String?, brush: String?) = (reference(xml.attribute("traceFormatRef")), reference(xml.attribute("brushRef")))
        if let parent = reference(xml.attribute("contextRef")).flatMap({ contexts[$0] }) {
            context.format = context.format ?? parent.format
            context.brush = context.brush ?? parent.brush
        }
        if !isEmpty {
            var open = 1
            while open > 0, let event = try xml.next() {
                switch event {
                case .start("traceFormat", let empty):
                    let formatID = xml.attribute("xml:id") ?? xml.attribute("id") ?? "context-\(id ?? "")-\(formats.count)"
                    formats[formatID] = try readTraceFormat(xml, isEmpty: empty)
                    context.format = formatID
                case .start("brush", let empty):
                    let brushID = xml.attribute("xml:id") ?? xml.attribute("id") ?? "context-\(id ?? "")-\(brushes.count)"
                    brushes[brushID] = try readBrush(xml, isEmpty: empty)
                    context.brush = brushID
                case .start(_, let empty): if !empty { open += 1 }
                case .end: open -= 1
                case .text: break
                }
            }
        }
        if let id { contexts[id] = context } else { currentContext = context }
    }

    private func readTraceFormat(_ xml: XMLReader, isEmpty: Bool) throws(InterchangeError) -> InkMLTraceFormat {
        var channels: [InkMLTraceFormat.Channel] = []
        guard !isEmpty else { return .standard }
        var intermittent = false
        while let event = try xml.next() {
            switch event {
            case .end("traceFormat"): return channels.isEmpty ? .standard : InkMLTraceFormat(channels: channels)
            case .start("intermittentChannels", let empty): intermittent = !empty
            case .end("intermittentChannels"): intermittent = false
            case .start("channel", let empty):
                let name = xml.attribute("name") ?? ""
                let units = xml.attribute("units")
                var channel = InkMLTraceFormat.Channel(name: name, isIntermittent: intermittent)
                switch name {
                case "X", "Y", "W":
                    guard let scale = InkMLTraceFormat.lengthScale(units) else {
                        throw .malformed(.inkML, reason: "channel \(name) has units \"\(units ?? "")\", which MarkupKit does not know")
                    }
                    channel.scale = scale
                case "T": channel.scale = InkMLTraceFormat.timeScale(units)
                case "OA", "OE": channel.scale = InkMLTraceFormat.angleScale(units)
                case "F":
                    let minimum = Double(xml.attribute("min") ?? "") ?? 0
                    let maximum = Double(xml.attribute("max") ?? "") ?? 1
                    guard minimum.isFinite, maximum.isFinite, maximum > minimum else {
                        throw .malformed(.inkML, reason: "channel F has an empty range")
                    }
                    channel.minimum = minimum
                    channel.scale = 1 / (maximum - minimum)
                default: break
                }
                guard channels.count < 64 else { throw .tooLarge(.inkML, reason: "a trace format has more than 64 channels") }
                channels.append(channel)
                if !empty { try xml.skipElement() }
            case .start(_, let empty): if !empty { try xml.skipElement() }
            default: continue
            }
        }
        return channels.isEmpty ? .standard : InkMLTraceFormat(channels: channels)
    }

    private func readBrush(_ xml: XMLReader, isEmpty: Bool) throws(InterchangeError) -> Brush {
        var brush = Brush()
        if let parent = reference(xml.attribute("brushRef")).flatMap({ brushes[$0] }) { brush = parent }
        guard !isEmpty else { return brush }
        while let event = try xml.next() {
            switch event {
            case .end("brush"): return brush
            case .start("brushProperty", let empty):
                let value = xml.attribute("value") ?? ""
                switch xml.attribute("name") ?? "" {
                case "color": brush.color = ColorText.color(value) ?? brush.color
                case "width":
                    if let width = Double(value), width.isFinite, width > 0, let scale = InkMLTraceFormat.lengthScale(xml.attribute("units")) {
                        brush.width = width * scale
                    }
                case "transparency":
                    if let transparency = Double(value), transparency.isFinite {
                        brush.transparency = min(max(transparency > 1 ? transparency / 255 : transparency, 0), 1)
                    }
                case "inkType": brush.inkType = InkType(rawValue: value)
                default: break
                }
                if !empty { try xml.skipElement() }
            case .start(_, let empty): if !empty { try xml.skipElement() }
            default: continue
            }
        }
        return brush
    }

    private mutating func addTrace(_ text: String, format: InkMLTraceFormat, brush: Brush) throws(InterchangeError) {
        strokeCount += 1
        guard strokeCount <= InterchangeLimits.maximumElements else {
            throw .tooLarge(.inkML, reason: "more than \(InterchangeLimits.maximumElements) traces")
        }
        guard let xIndex = format.index(of: "X"), let yIndex = format.index(of: "Y") else {
            throw .malformed(.inkML, reason: "a trace format without X and Y channels")
        }
        let values = try InkMLTraceValues.parse(text, channelCount: format.channels.count)
        guard !values.isEmpty else { return }
        var color = brush.color
        color.alpha *= 1 - brush.transparency
        let ink = Ink(brush.inkType ?? .pen, color: color, width: brush.width ?? InkType.pen.defaultWidth)
        var builder = StrokeBuilder(ink: ink, format: .inkML)
        let channel = { (name: String) in format.index(of: name) }
        let (t, f, w, oa, oe) = (channel("T"), channel("F"), channel("W"), channel("OA"), channel("OE"))
        let firstTime = t.flatMap { values[0][$0] } ?? 0
        for point in values {
            guard let x = point[xIndex], let y = point[yIndex] else { continue }
            func scaled(_ index: Int?) -> Double? { index.flatMap { point[$0].map { $0 * format.channels[index!].scale } } }
            let time = t.flatMap { point[$0] }.map { ($0 - firstTime) * format.channels[t!].scale } ?? 0
            let force = f.flatMap { point[$0] }.map { ($0 - format.channels[f!].minimum) * format.channels[f!].scale * InkOptions.fullForce } ?? 1
            try builder.add(x: x * format.channels[xIndex].scale, y: y * format.channels[yIndex].scale, time: max(time, 0),
                            force: max(force, 0), width: scaled(w), azimuth: scaled(oa) ?? 0,
                            altitude: oe.flatMap { _ in scaled(oe) } ?? .pi / 2)
        }
        if let stroke = builder.stroke(randomSeed: UInt32(truncatingIfNeeded: strokeCount &* 2_654_435_761)) {
            markup.insert(.stroke(stroke), frame: .zero)
        }
    }
}
