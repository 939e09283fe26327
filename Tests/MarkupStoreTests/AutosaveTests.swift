import Foundation
import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

struct AutosaveTests {
    /// A random edit of `markup`: add a stroke, move something, or remove something.
    static func randomChange(of markup: Markup, _ random: inout SeededRandom) -> MarkupChange {
        switch random.next() % 4 {
        case 0 where !markup.elements.isEmpty:
            return MarkupChange(removed: [markup.elements[Int(random.next() % UInt64(markup.elements.count))].id])
        case 1 where !markup.elements.isEmpty:
            var element = markup.elements[Int(random.next() % UInt64(markup.elements.count))]
            element.rotation = random.uniform(-1...1)
            return MarkupChange(updated: [element])
        default:
            let piece = RandomDocuments.make(seed: random.next(), elementCount: 2)
            var next = markup.nextZIndex
            return MarkupChange(added: piece.elements.map { element in
                defer { next += Markup.zIndexStep }
                return Element(zIndex: next, frame: element.frame, rotation: element.rotation, content: element.content)
            }, addedBlobs: piece.blobs.mapValues { [UInt8]($0) })
        }
    }

    @Test func everyRecordedChangeComesBackThroughSnapshotsAndCompaction() throws {
        let library = TemporaryLibrary()
        let store = try library.open()
        var markup = RandomDocuments.make(seed: 10)
        let summary = try store.create(title: "Autosaved", encoded: try MarkupFile(markup: markup).encoded())
        // A tiny threshold so that snapshots, compaction and version pruning all happen.
        let policy = SnapshotPolicy(minimumJournalBytes: 2048, journalFractionOfSnapshot: 0.1, keptVersions: 4)
        let session = try AutosaveSession(store: store, document: try store.open(summary.id), policy: policy)
        var random = SeededRandom(seed: 3)
        for step in 0..<120 {
            let change = Self.randomChange(of: markup, &random)
            markup.apply(change)
            let saved = markup
            try session.record(change) { saved }
            if step % 40 == 39 {
                #expect(session.waitForSnapshots() == nil)
                let reopened = try library.open().open(summary.id)
                #expect(reopened.markup.elements == markup.elements, "step \(step)")
                #expect(reopened.markup.blobs.keys.sorted() == markup.blobs.keys.sorted())
            }
        }
        try session.close(markup)
        let versions = try store.versions(of: summary.id)
        #expect(versions.count == 4)
        #expect(versions.first?.number == session.savedSequence)
        // After closing, the newest version is the whole document and no change entries remain.
        let reopened = try store.open(summary.id)
        #expect(reopened.journalBytes == 0 && reopened.sequence == session.savedSequence)
        #expect(reopened.markup.elements == markup.elements)
        #expect(try MarkupFile.decode(store.encodedVersion(versions[0].number, of: summary.id)).markup.elements == markup.elements)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func restoringAVersionIsOneJournaledChange() throws {
        let library = TemporaryLibrary()
        let store = try library.open()
        let original = RandomDocuments.make(seed: 11)
        let summary = try store.create(title: "Versions", encoded: try MarkupFile(markup: original).encoded())
        let session = try AutosaveSession(store: store, document: try store.open(summary.id))
        var markup = original
        var random = SeededRandom(seed: 4)
        for _ in 0..<10 {
            let change = Self.randomChange(of: markup, &random)
            markup.apply(change)
            try session.record(change) { markup }
        }
        let version = try MarkupFile.decode(store.encodedVersion(0, of: summary.id)).markup
        let restore = MarkupChange(from: markup, to: version)
        markup.apply(restore)
        #expect(markup.elements == original.elements)
        try session.record(restore) { markup }
        #expect(try store.open(summary.id).markup.elements == original.elements)
    }

    @Test func changesRoundTripThroughTheirCodecAndDamageIsATypedError() throws {
        var random = SeededRandom(seed: 9)
        var markup = RandomDocuments.make(seed: 12)
        for _ in 0..<30 {
            let change = Self.randomChange(of: markup, &random)
            let bytes = try ChangeCodec.encode(change)
            let decoded = try ChangeCodec.decode(bytes)
            #expect(Set(decoded.added) == Set(change.added) && Set(decoded.updated) == Set(change.updated))
            #expect(decoded.removed == change.removed && decoded.addedBlobs == change.addedBlobs)
            for length in stride(from: 0, to: bytes.count, by: max(bytes.count / 40, 1)) {
                #expect(throws: StoreError.self) { try ChangeCodec.decode(bytes.prefix(length)) }
            }
            markup.apply(change)
        }
    }

    /// A stroke's entry as the editor journals it at pen-up is stored uncompressed (deflate's fixed
    /// cost was most of its encoding); a long one is still compressed. Both read back the same.
    @Test func aStrokeEntryIsStoredAndALongOneCompressed() throws {
        func change(points count: Int) -> MarkupChange {
            let points = (0..<count).map { index in
                let t = Double(index)
                return StrokePoint(location: Point(x: t * 0.7, y: 100 + 20 * (t / 9).squareRoot()), timeOffset: t / 240,
                                   size: Size(width: 3 + Double(index % 7) / 8, height: 3 + Double(index % 7) / 8), force: 1 + Double(index % 5) / 16)
            }
            return MarkupChange(added: [Element(zIndex: 1, frame: .zero, content: .stroke(Stroke(ink: Ink(.pen, width: 3), points: points)))])
        }
        let short = change(points: 200), long = change(points: 5000)
        let (shortBytes, longBytes) = (try ChangeCodec.encode(short), try ChangeCodec.encode(long))
        for (change, bytes) in [(short, shortBytes), (long, longBytes)] {
            #expect(try ChangeCodec.decode(bytes).added == change.added)
        }
        #expect(200 <= ChangeCodec.storedEntryPoints && 5000 > ChangeCodec.storedEntryPoints)
        // Stored, the short entry holds at least a byte for each of a point's nine values; compressed, the long one much less.
        #expect(shortBytes.count >= 200 * 9)
        #expect(longBytes.count < 5000 * 9 / 2)
    }
}

struct AutosaveEdgeTests {
    @Test func movingAnImageJournalsTheElementWithoutItsBytes() throws {
        let library = TemporaryLibrary()
        let store = try library.open()
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let blob = markup.addBlob(Data(RandomDocuments.onePixelPNG))
        markup.insert(.image(ImageElement(blob: blob)), frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let summary = try store.create(title: "Photo", encoded: try MarkupFile(markup: markup).encoded())
        let session = try AutosaveSession(store: store, document: try store.open(summary.id))
        var moved = markup.elements[0]
        moved.frame = Rect(x: 100, y: 100, width: 50, height: 50)
        let change = MarkupChange(updated: [moved])
        markup.apply(change)
        try session.record(change) { markup }
        let reopened = try store.open(summary.id)
        #expect(reopened.markup.elements == markup.elements && reopened.markup.blobs == markup.blobs && reopened.summary.readOnlyReason == nil)
    }

    @Test func anotherWritersChangeIsNeverBuiltOnOrCompactedAway() throws {
        let library = TemporaryLibrary()
        let store = try library.open()
        let markup = RandomDocuments.make(seed: 21)
        let summary = try store.create(title: "Shared", encoded: try MarkupFile(markup: markup).encoded())
        let session = try AutosaveSession(store: store, document: try store.open(summary.id))
        // Someone else appends first.
        let other = MarkupChange(removed: [markup.elements[0].id])
        _ = try library.open().append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(other))], to: summary.id,
                                      expectingHead: 0)
        let mine = MarkupChange(removed: [markup.elements[1].id])
        #expect(throws: StoreError.conflict(expectedHead: 0, foundHead: 1)) { try session.record(mine) { markup } }
        let reopened = try store.open(summary.id)
        #expect(reopened.markup.element(withID: markup.elements[0].id) == nil)
        #expect(reopened.markup.element(withID: markup.elements[1].id) != nil)
    }
}
