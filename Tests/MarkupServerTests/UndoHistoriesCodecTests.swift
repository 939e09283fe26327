import Foundation
import MarkupEditor
import MarkupModel
@testable import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// Undo histories written down as a server stops, and read back by the next.
struct UndoHistoriesCodecTests {
    /// Two scopes' steps: Ann's three (one undone, so one to redo), Bo's one.
    static func histories() throws -> UndoHistories {
        let controller = MarkupController(markup: RandomDocuments.make(seed: 11))
        controller.undoScope = "page:ann"
        let box = try controller.insertShape(Shape(configuration: .rectangle), frame: Rect(x: 0, y: 0, width: 100, height: 60))
        controller.select([box])
        try controller.moveSelection(by: Point(x: 40, y: 20))
        _ = try controller.insertTextbox(AttributedText("Notes"), frame: Rect(x: 200, y: 200, width: 120, height: 40))
        _ = try controller.undo()
        controller.undoScope = "page:bo"
        controller.select(Set(controller.markup.elements.prefix(3).map(\.id)))
        try controller.deleteSelection()
        return controller.undoHistories
    }

    @Test func historiesComeBackStepForStep() throws {
        let histories = try Self.histories()
        let steps = histories.steps
        #expect(steps["page:ann"]?.undo.count == 2 && steps["page:ann"]?.redo.count == 1 && steps["page:bo"]?.undo.count == 1)
        let decoded = try UndoHistoriesCodec.decode(try UndoHistoriesCodec.encode(histories))
        #expect(decoded.steps == steps)
    }

    /// Cut short anywhere, or with a count claiming more than the bytes hold, the bytes are refused
    /// as damaged, and nothing is made from the count.
    @Test func damagedHistoriesAreRefused() throws {
        let bytes = [UInt8](try UndoHistoriesCodec.encode(try Self.histories()))
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
            #expect(throws: StoreError.self) { try UndoHistoriesCodec.decode(Data(bytes.prefix(length))) }
        }
        var claiming = bytes
        claiming.replaceSubrange(5..<9, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: StoreError.self) { try UndoHistoriesCodec.decode(Data(claiming)) }
        var longName = bytes
        longName.replaceSubrange(9..<13, with: [0, 0, 0x10, 0])
        #expect(throws: StoreError.self) { try UndoHistoriesCodec.decode(Data(longName)) }
        #expect(throws: StoreError.self) { try UndoHistoriesCodec.decode(Data(bytes + [0])) }
        var newer = bytes
        newer[4] = 2
        #expect(throws: StoreError.self) { try UndoHistoriesCodec.decode(Data(newer)) }
    }
}
