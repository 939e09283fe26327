import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel

/// `markupkit info FILE`: what a document holds and how compactly.
enum InfoCommand: Command {
    static let name = "info"
    static let summary = "Show a document's bounds, elements, versions, features and size"
    static let help = """
        Usage: markupkit info FILE [--json]

        Prints the bounds, element counts by kind, point count, content and format versions,
        the features the document uses, the file size and the bytes per stroke point.

        Options:
          --json    Print the same as a JSON object
        """
    static let flagOptions: Set<String> = ["--json"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("file")[0]
        let data = try DocumentFiles.readData(path)
        let file = try DocumentFiles.read(path)
        let markup = file.markup
        var counts = [ElementKind: Int]()
        var pointCount = 0
        for element in markup.elements {
            counts[element.content.kind, default: 0] += 1
            if case .stroke(let stroke) = element.content { pointCount += stroke.points.count }
        }
        let features = markup.featureSet
        // Another app's file is described as the document it reads as, in today's format version.
        let interchange = InterchangeFormat(path: path) ?? InterchangeFormat.detect(data)
        // An editable PNG is described by the document it carries.
        let carried = interchange == nil ? EmbeddedMarkup.file(in: data) : nil
        let formatVersion = MarkupJSON.isJSON(data) || interchange != nil ? FormatVersion.current
            : try MarkupFile.versions(of: carried ?? data).formatVersion
        let bytesPerPoint = pointCount > 0 ? Double(data.count) / Double(pointCount) : 0
        let report = Report(
            file: path, encoding: interchange?.displayName ?? (carried != nil ? "editable PNG" : MarkupJSON.isJSON(data) ? "json" : "binary"),
            title: markup.title, bounds: markup.bounds, pages: markup.pageFrames.count, formatVersion: formatVersion,
            contentVersion: markup.contentVersion.rawValue,
            elements: markup.elements.count,
            elementsByKind: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }),
            points: pointCount, blobs: markup.blobs.count,
            features: features.features.map(\.rawValue).sorted(), inks: features.inks.map(\.rawValue).sorted(),
            shapes: features.shapes.map(\.rawValue).sorted(),
            colorMaximumLinearExposure: features.colorMaximumLinearExposure,
            thumbnailBytes: file.thumbnail?.count, bytes: data.count,
            bytesPerPoint: (bytesPerPoint * 1000).rounded() / 1000)
        if arguments.has("--json") {
            try JSONOutput.print(report)
        } else {
            print(report.text)
        }
        return .success
    }

    private struct Report: Encodable {
        var file, encoding, title: String
        var bounds: Rect
        /// A background's pages, or the sheets of a page made longer (1 for a page of one).
        var pages: Int
        var formatVersion, contentVersion, elements: Int
        var elementsByKind: [String: Int]
        var points, blobs: Int
        var features, inks, shapes: [String]
        var colorMaximumLinearExposure: Double
        var thumbnailBytes: Int?
        var bytes: Int
        var bytesPerPoint: Double

        var text: String {
            let kinds = ElementKind.allCases.compactMap { kind in elementsByKind[kind.rawValue].map { "\(kind.rawValue) \($0)" } }
            func list(_ values: [String]) -> String { values.isEmpty ? "none" : values.joined(separator: ", ") }
            let rows: [(String, String)] = [
                ("file", "\(file) (\(encoding))"),
                ("title", title.isEmpty ? "(untitled)" : title),
                ("bounds", "x \(format(bounds.minX)), y \(format(bounds.minY)), \(format(bounds.width)) × \(format(bounds.height)) pt"),
                ("pages", "\(pages)"),
                ("format version", "\(formatVersion)"),
                ("content version", "\(contentVersion)"),
                ("elements", "\(elements)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")),
                ("points", "\(points)"),
                ("blobs", "\(blobs)"),
                ("features", list(features)),
                ("inks", list(inks)),
                ("shapes", list(shapes)),
                ("max exposure", format(colorMaximumLinearExposure)),
                ("thumbnail", thumbnailBytes.map { "\($0) bytes" } ?? "none"),
                ("bytes", "\(bytes)"),
                ("bytes per point", points > 0 ? String(format: "%.3f", bytesPerPoint) : "n/a"),
            ]
            return rows.map { $0.0.padding(toLength: 17, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
        }

        private func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
    }
}
