import Foundation
import MarkupModel

/// The `.markup.json` interchange form: readable, keys in a stable order, and holding exactly what
/// the binary form holds, so converting either way and back gives the same bytes.
public enum MarkupJSON {
    /// The value of the top-level `format` key.
    static let formatName = "markupkit"

    private struct Envelope: Codable {
        var format: String
        var formatVersion: Int
        var contentVersion: Int
        /// Base64 PNG bytes; absent when the file has no thumbnail.
        var thumbnail: Data?
        var document: Markup
    }

    /// The header fields alone, read first so a too-new file is recognised before its document is decoded.
    private struct Header: Decodable {
        var format: String
        var formatVersion: Int
        var contentVersion: Int
        var thumbnail: Data?
    }

    public static func encode(_ file: MarkupFile) throws(MarkupError) -> Data {
        try file.markup.validate()
        let envelope = Envelope(
            format: formatName, formatVersion: FormatVersion.current,
            contentVersion: file.markup.contentVersion.rawValue, thumbnail: file.thumbnail.map { Data($0) },
            document: file.markup)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return try encoder.encode(envelope) + Data("\n".utf8)
        } catch {
            throw .malformedData(reason: "cannot write JSON: \(error)")
        }
    }

    /// Whether `data` looks like the JSON form rather than the binary container (its first
    /// non-blank byte opens an object); readers of either form tell them apart by this.
    public static func isJSON(_ data: Data) -> Bool {
        data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
    }

    /// Either form, told apart by content.
    public static func decodeEitherForm(_ data: Data, limits: DecodingLimits = .standard) throws(MarkupError) -> MarkupFile {
        isJSON(data) ? try decode(data, limits: limits) : try MarkupFile.decode(data, limits: limits)
    }

    /// Reads `.markup.json`.
    ///
    /// - Throws: `incorrectFormat` for anything that is not MarkupKit JSON, `incompatibleFormatTooNew`
    ///   for a newer version, `malformedData` for a damaged document or one larger than `limits` allow.
    public static func decode(_ data: Data, limits: DecodingLimits = .standard) throws(MarkupError) -> MarkupFile {
        guard data.count <= limits.maximumBodyBytes else {
            throw .malformedData(reason: "the JSON is larger than the decoding budget of \(limits.maximumBodyBytes) bytes")
        }
        guard JSONNesting.isWithin(data) else { throw .malformedData(reason: "the JSON nests deeper than \(JSONNesting.maximumDepth) levels") }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw .incorrectFormat
        }
        guard header.format == formatName else { throw .incorrectFormat }
        let contentVersion = ContentVersion(rawValue: header.contentVersion)
        if header.formatVersion > FormatVersion.current || contentVersion > .latest {
            throw .incompatibleFormatTooNew(.init(
                foundFormatVersion: header.formatVersion, supportedFormatVersion: FormatVersion.current,
                foundContentVersion: contentVersion, supportedContentVersion: .latest,
                thumbnail: header.thumbnail.map { [UInt8]($0) }))
        }
        guard header.formatVersion == FormatVersion.current else {
            throw .malformedData(reason: "JSON format version \(header.formatVersion) is not supported")
        }
        let envelope: Envelope
        do {
            envelope = try decoder.decode(Envelope.self, from: data)
        } catch {
            throw .malformedData(reason: "JSON document: \(describe(error))")
        }
        try envelope.document.validate()
        guard envelope.document.contentVersion <= contentVersion else {
            throw .malformedData(reason: "content needs version \(envelope.document.contentVersion.rawValue); header says \(header.contentVersion)")
        }
        return MarkupFile(markup: envelope.document, thumbnail: envelope.thumbnail.map { [UInt8]($0) })
    }

    private static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        switch decodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default:
            return "\(decodingError)"
        }
    }
}
