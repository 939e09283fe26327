import Foundation
@testable import MarkupFormat
import MarkupInterchange
import MarkupModel
@testable import MarkupServer
import MarkupStore

/// What one fuzzing run feeds its input to. Every harness must end in a typed error or a value:
/// a crash, a hang or an allocation past libFuzzer's limit is the bug it looks for.
enum FuzzHarness: String, CaseIterable {
    /// A `.markup` file as it arrives.
    case markup
    /// The input as a document body, compressed and framed with valid checksums, so that
    /// mutations reach the body reader instead of failing the CRC.
    case markupBody = "markup-body"
    /// The `.markup.json` interchange form.
    case json
    /// A journal entry (`ChangeCodec`).
    case journal
    /// A WebSocket message from a page, decoded and turned into a tool as the server does.
    case message
    /// A Xournal++ file (its XML; gzip is undone first when the input is gzip).
    case xournal
    /// An Excalidraw scene.
    case excalidraw
    /// An InkML document.
    case inkml

    func run(_ bytes: [UInt8]) {
        switch self {
        case .markup:
            _ = try? MarkupFile.decode(Data(bytes))
        case .markupBody:
            let framed = MarkupFile.assemble(body: bytes, formatVersion: FormatVersion.current, contentVersion: .latest,
                                             blobs: [:], thumbnail: nil, compressionLevel: 1)
            _ = try? MarkupFile.decode(framed, migrations: FormatMigration.all, currentVersion: FormatVersion.current,
                                       requiringBlobs: false)
        case .json:
            _ = try? MarkupJSON.decode(Data(bytes))
        case .journal:
            _ = try? ChangeCodec.decode(Data(bytes))
        case .message:
            guard let envelope = try? ClientEnvelope.decode(String(decoding: bytes, as: UTF8.self)) else { return }
            if case .tool(let settings) = envelope.message {
                _ = try? ToolChoice.tool(from: settings)
                _ = try? ToolChoice.color(settings.color)
            }
        case .xournal:
            _ = try? XournalImporter.decode(Data(bytes)) { _ in nil }
        case .excalidraw:
            _ = try? ExcalidrawImporter.decode(Data(bytes))
        case .inkml:
            _ = try? InkMLImporter.decode(Data(bytes))
        }
    }
}
