import Foundation
import MarkupFormat

/// The scene Excalidraw keeps in a PNG it exports with "Embed scene": a `tEXt` chunk whose keyword
/// is Excalidraw's media type and whose text is `{"version": "1", "encoding": "bstring",
/// "compressed": true, "encoded": "…"}`, the scene's JSON deflated (zlib) with each byte one
/// character of the string (older exports: uncompressed, or the scene's JSON itself).
enum ExcalidrawPNG {
    private static let keyword = Array("application/vnd.excalidraw+json".utf8) + [0]

    /// Whether `data` is a PNG with such a chunk, whole (its checksum holds; the scene is not read).
    static func carriesScene(_ data: Data) -> Bool { data.starts(with: PNGChunks.signature) && sceneText(in: [UInt8](data)) != nil }

    /// The scene's JSON text; nil when `data` is no PNG with such a chunk.
    static func scene(in data: Data) throws(InterchangeError) -> Data? {
        guard let text = sceneText(in: [UInt8](data)) else { return nil }
        // tEXt holds Latin-1: each byte is the character of that number.
        let json = Data(String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) })).utf8)
        let (compressed, isScene) = try JSONReader.parse(json, format: .excalidraw) { (root) throws(InterchangeError) in
            (root["compressed"]?.bool ?? false, root["encoded"] == nil && root["type"]?.string == "excalidraw")
        }
        if isScene { return json }
        // cJSON ends a string at its first \u0000, which deflated bytes hold: the string is read here.
        guard let encoded = byteString(named: "encoded", in: text) else { throw .malformed(.excalidraw, reason: "the PNG's scene has no encoded text") }
        guard compressed else { return Data(encoded) }
        return Data(try Gzip.decompress(Data(encoded), limit: InterchangeLimits.maximumTextBytes, format: .excalidraw))
    }

    private static func sceneText(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        for chunk in PNGChunks.chunks(of: bytes) {
            if chunk.type.elementsEqual("IEND".utf8) { return nil }
            guard chunk.type.elementsEqual("tEXt".utf8), chunk.data.starts(with: keyword) else { continue }
            return PNGChunks.checksumHolds(chunk, in: bytes) ? chunk.data.dropFirst(keyword.count) : nil
        }
        return nil
    }

    /// The bytes of the JSON string member `name` of `text`, each character one byte; nil when it is
    /// not there or a character is past one byte.
    static func byteString(named name: String, in text: ArraySlice<UInt8>) -> [UInt8]? {
        let key = Array("\"\(name)\"".utf8)
        guard let keyStart = text.indices.first(where: { text[$0...].starts(with: key) }) else { return nil }
        var index = text.index(keyStart, offsetBy: key.count)
        func skipSpace() { while index < text.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 } }
        skipSpace()
        guard index < text.endIndex, text[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard index < text.endIndex, text[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var bytes: [UInt8] = []
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return bytes
            case UInt8(ascii: "\\"):
                guard index < text.endIndex else { return nil }
                let escaped = text[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    guard text.endIndex - index >= 4, let value = UInt16(String(decoding: text[index..<index + 4], as: UTF8.self), radix: 16),
                          value <= 0xFF else { return nil }
                    bytes.append(UInt8(value))
                    index += 4
                default: bytes.append(escaped)
                }
            default: bytes.append(byte)
            }
        }
        return nil
    }
}
