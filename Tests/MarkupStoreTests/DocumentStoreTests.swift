import Foundation
@testable import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Synchronization
import Testing

struct DocumentStoreTests {
    static func encoded(_ markup: Markup, thumbnail: [UInt8]? = nil) throws -> Data {
        try MarkupFile(markup: markup, thumbnail: thumbnail).encoded()
    }

    @Test(arguments: StoreBackend.allCases) func documentsAreCreatedListedRenamedAndDeleted(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        #expect(try store.documents().isEmpty)
        let notes = RandomDocuments.make(seed: 1)
        let first = try store.create(title: "Notes", encoded: try Self.encoded(notes, thumbnail: RandomDocuments.onePixelPNG))
        let second = try store.create(title: "Sketch", encoded: try Self.encoded(RandomDocuments.make(seed: 2)))
        #expect(Set(try store.documents().map(\.id)) == [first.id, second.id])
        #expect(first.thumbnail == RandomDocuments.onePixelPNG && first.readOnlyReason == nil)
        #expect(try store.open(first.id).markup.elements == notes.elements)
        #expect(try store.resolve("Sketch").id == second.id)
        #expect(try store.resolve(String(second.id.description.prefix(8))).id == second.id)
        #expect(throws: StoreError.documentNotFound("nothing")) { try store.resolve("nothing") }
        try store.rename(first.id, to: "Renamed")
        #expect(try store.resolve("Renamed").id == first.id)
        try store.delete(second.id)
        #expect(try store.documents().map(\.id) == [first.id])
        #expect(throws: StoreError.documentNotFound(second.id.description)) { try store.open(second.id) }
        #expect(throws: StoreError.documentNotFound(second.id.description)) { try store.delete(second.id) }
        // Everything is still there for a second connection.
        #expect(try library.open().documents().map(\.title) == ["Renamed"])
        #expect(try library.isSound(store))
    }

    /// A document is filed in a folder, taken out, and a folder renamed or taken away, deleted
    /// documents included, so a restored one comes back where its folder now is.
    @Test(arguments: StoreBackend.allCases) func documentsAreFiledInFolders(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let blank = try Self.encoded(Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100)))
        let (a, b, c) = (try store.create(title: "A", encoded: blank), try store.create(title: "B", encoded: blank), try store.create(title: "C", encoded: blank))
        #expect(a.folder == nil)
        try store.setFolder(a.id, to: "Physics")
        try store.setFolder(b.id, to: "Physics")
        try store.setFolder(c.id, to: "Work")
        let folders = { try Dictionary(uniqueKeysWithValues: store.documents().map { ($0.title, $0.folder) }) }
        #expect(try folders() == ["A": "Physics", "B": "Physics", "C": "Work"])
        #expect(try store.summary(of: a.id).folder == "Physics")
        try store.delete(b.id)
        #expect(try store.renameFolder("Physics", to: "Physics 101") == 2, "the deleted one too")
        #expect(try store.deletedDocuments().first?.summary.folder == "Physics 101")
        #expect(try store.restoreDeleted(b.id).folder == "Physics 101")
        try store.setFolder(a.id, to: nil)
        #expect(try folders() == ["A": nil, "B": "Physics 101", "C": "Work"])
        #expect(try store.renameFolder("Work", to: nil) == 1 && folders()["C"]! == nil)
        #expect(try store.renameFolder("Nothing", to: "Else") == 0)
        try store.setFolder(a.id, to: "")
        #expect(try store.summary(of: a.id).folder == nil, "an empty name is none")
        #expect(throws: StoreError.documentNotFound(b.id.description)) { try store.delete(b.id); try store.setFolder(b.id, to: "X") }
        #expect(try library.open().summary(of: c.id).folder == nil)
    }

    /// A folder is kept, empty too, until removed: made alone or by filing a document in it, kept when
    /// its last document leaves, merged into another by a rename, gone when removed.
    @Test(arguments: StoreBackend.allCases) func foldersAreKeptEmptyTooUntilRemoved(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let blank = try Self.encoded(Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100)))
        #expect(try store.folders().isEmpty)
        try store.addFolder("Drafts")
        try store.addFolder("Drafts")
        let a = try store.create(title: "A", encoded: blank)
        try store.setFolder(a.id, to: "Physics")
        #expect(try store.folders() == ["Drafts", "Physics"])
        try store.setFolder(a.id, to: nil)
        #expect(try library.open().folders() == ["Drafts", "Physics"], "emptied, a folder stays")
        try store.setFolder(a.id, to: "Drafts")
        #expect(try store.renameFolder("Drafts", to: "Physics") == 1)
        #expect(try store.folders() == ["Physics"] && store.summary(of: a.id).folder == "Physics")
        #expect(try store.renameFolder("Physics", to: nil) == 1)
        #expect(try store.folders().isEmpty && store.summary(of: a.id).folder == nil)
        // A document's folder counts even when only it holds the name.
        try store.addFolder("Kept")
        #expect(try store.renameFolder("Kept", to: "Renamed") == 0 && store.folders() == ["Renamed"])
    }

    /// A deleted document waits in recently deleted, out of every call that names it, until it is
    /// restored as it was (its journal and versions with it) or purged; a purge never takes a
    /// document that was not deleted.
    @Test(arguments: StoreBackend.allCases) func aDeletedDocumentWaitsUntilRestoredOrPurged(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let notes = RandomDocuments.make(seed: 3)
        let first = try store.create(title: "Notes", encoded: try Self.encoded(notes, thumbnail: RandomDocuments.onePixelPNG))
        let kept = try store.create(title: "Kept", encoded: try Self.encoded(RandomDocuments.make(seed: 4)))
        let change = MarkupChange(removed: [notes.elements[0].id])
        let entry = JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(change))
        #expect(try store.append([entry], to: first.id, expectingHead: 0) == 1)
        try store.writePreview(DocumentPreview(sequence: 1, light: Data("light".utf8), dark: Data("dark".utf8)), of: first.id)
        let before = try store.open(first.id).markup
        let versions = try store.versions(of: first.id)

        let deletedAt = Date()
        try store.delete(first.id)
        let gone = StoreError.documentNotFound(first.id.description)
        #expect(try store.documents().map(\.id) == [kept.id])
        #expect(throws: gone) { try store.open(first.id) }
        #expect(throws: gone) { try store.summary(of: first.id) }
        #expect(throws: gone) { try store.append([entry], to: first.id, expectingHead: 1) }
        #expect(throws: gone) { try store.rename(first.id, to: "Again") }
        #expect(throws: gone) { try store.delete(first.id) }
        #expect(throws: StoreError.documentNotFound("Notes")) { try store.resolve("Notes") }
        #expect(try store.preview(of: first.id, dark: false) == nil)
        let deleted = try store.deletedDocuments()
        #expect(deleted.map(\.summary.id) == [first.id] && deleted[0].summary.title == "Notes")
        #expect(deleted[0].summary.thumbnail == RandomDocuments.onePixelPNG)
        #expect(abs(deleted[0].deletedAt.timeIntervalSince(deletedAt)) < 5)
        #expect(try store.resolveDeleted("Notes").summary.id == first.id)
        #expect(try store.deletedDocument(first.id).summary.thumbnail == RandomDocuments.onePixelPNG)
        #expect(throws: StoreError.documentNotFound(kept.id.description)) { try store.deletedDocument(kept.id) }

        // A live document is neither restored nor purged from here.
        #expect(throws: StoreError.documentNotFound(kept.id.description)) { try store.restoreDeleted(kept.id) }
        #expect(throws: StoreError.documentNotFound(kept.id.description)) { try store.purgeDeleted(kept.id) }
        #expect(try store.purgeDeleted(before: deletedAt - 60) == 0)

        // Restored, it is as it was, versions and all, and goes on taking changes.
        #expect(try store.restoreDeleted(first.id).title == "Notes")
        #expect(try store.deletedDocuments().isEmpty)
        #expect(try store.open(first.id).markup == before)
        #expect(try store.versions(of: first.id) == versions)
        #expect(try store.append([entry], to: first.id, expectingHead: 1) == 2)

        // Deleted again: a purge of what was deleted before an earlier time leaves it; one of what
        // was deleted before now takes it, and it cannot be restored.
        try store.delete(first.id)
        #expect(try store.purgeDeleted(before: Date() - 3_600) == 0)
        #expect(try store.deletedDocuments().count == 1)
        #expect(try store.purgeDeleted(before: Date() + 1) == 1)
        #expect(try store.deletedDocuments().isEmpty)
        #expect(throws: gone) { try store.restoreDeleted(first.id) }
        #expect(try store.documents().map(\.id) == [kept.id])
        // One by one too; the other document untouched throughout.
        try store.delete(kept.id)
        try store.purgeDeleted(kept.id)
        #expect(try store.deletedDocuments().isEmpty && store.documents().isEmpty)
        #expect(try library.isSound(store))
    }

    /// The committer times each batch it writes, and hands the times over once: as many as batches,
    /// each as long as its transaction and sync at least took, and none twice.
    @Test func theCommitterTimesEachBatchItWrites() throws {
        let library = TemporaryLibrary()
        let store = try library.open()
        let blank = try Self.encoded(Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100)))
        let id = try store.create(title: "A", encoded: blank).id
        let stroke = try #require(RandomDocuments.make(seed: 4).elements.first { if case .stroke = $0.content { true } else { false } })
        let payload = try ChangeCodec.encode(MarkupChange(added: [stroke]))
        let committer = GroupCommitter(store: store)
        defer { committer.stop() }
        for round in 1...3 {
            let done = DispatchSemaphore(value: 0)
            let started = DispatchTime.now().uptimeNanoseconds
            committer.append(JournalAppend(document: id, entries: [JournalEntry(kind: JournalEntry.changeKind, payload: payload)],
                                           expectingHead: Int64(round - 1))) { result in
                #expect((try? result.get()) == Int64(round))
                done.signal()
            }
            done.wait()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let durations = committer.takeDurations()
            #expect(durations.count == 1 && durations[0] > 0 && durations[0] <= elapsed, "\(durations) within \(elapsed) s")
        }
        #expect(committer.takeDurations().isEmpty)
    }

    /// Appends written together: one that cannot land (a head moved on, a document gone) fails alone
    /// and writes nothing; the others land, in order, even on the same document.
    @Test(arguments: StoreBackend.allCases) func anAppendThatCannotLandFailsAloneInItsBatch(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let blank = try Self.encoded(Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100)))
        let (first, second, third) = (try store.create(title: "A", encoded: blank).id, try store.create(title: "B", encoded: blank).id,
                                      try store.create(title: "C", encoded: blank).id)
        let stroke = try #require(RandomDocuments.make(seed: 4).elements.first { if case .stroke = $0.content { true } else { false } })
        func entry(_ operation: String) throws -> JournalEntry {
            JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(MarkupChange(added: [stroke])), operation: operation)
        }
        let missing = DocumentID()
        let results = store.append([
            JournalAppend(document: first, entries: [try entry("a-1")], expectingHead: 0),
            JournalAppend(document: second, entries: [try entry("b-1")], expectingHead: 5),
            JournalAppend(document: missing, entries: [try entry("x-1")], expectingHead: 0),
            JournalAppend(document: third, entries: [try entry("c-1"), try entry("c-2")], expectingHead: 0),
            JournalAppend(document: first, entries: [try entry("a-2")], expectingHead: 1),
        ])
        #expect(try results[0].get() == 1 && results[3].get() == 2 && results[4].get() == 2)
        #expect(throws: StoreError.conflict(expectedHead: 5, foundHead: 0)) { try results[1].get() }
        #expect(throws: StoreError.documentNotFound(missing.description)) { try results[2].get() }
        let (a, b, c) = (try store.open(first), try store.open(second), try store.open(third))
        #expect(a.sequence == 2 && b.sequence == 0 && c.sequence == 2)
        #expect(a.operations == ["a-1", "a-2"] && b.operations.isEmpty && c.operations == ["c-1", "c-2"])
        #expect(a.markup.elements.count == 1 && b.markup.elements.isEmpty)
        #expect(try library.isSound(store))
    }

    /// A snapshot larger than one part is written part by part and reads back whole: opened, as a
    /// version, with its size; versions no longer kept take their parts with them.
    @Test(arguments: StoreBackend.allCases) func aSnapshotWrittenInPartsReadsBackWhole(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        var markup = RandomDocuments.make(seed: 3)
        let summary = try store.create(title: "Big", encoded: try Self.encoded(markup))
        markup.addBlob(Data((0..<(3 * SQLiteDocumentStore.snapshotPartBytes + 1234)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        let big = try Self.encoded(markup)
        #expect(big.count > 3 * SQLiteDocumentStore.snapshotPartBytes)
        let change = MarkupChange(removed: [markup.elements[0].id])
        let sequence = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(change))],
                                        to: summary.id, expectingHead: 0)
        markup.apply(change)
        let snapshot = try Self.encoded(markup)
        try store.writeSnapshot(snapshot, thumbnail: nil, of: summary.id, through: sequence, keepingVersions: 1)
        #expect(try store.encodedVersion(sequence, of: summary.id) == snapshot)
        #expect(try store.versions(of: summary.id).map(\.bytes) == [Int64(snapshot.count)])
        let reopened = try library.open().open(summary.id)
        #expect(reopened.markup.elements == markup.elements && reopened.markup.blobs == markup.blobs && reopened.sequence == sequence)
        // A newer snapshot replaces it; its parts go with it, and the library stays sound.
        try store.writeSnapshot(snapshot, thumbnail: nil, of: summary.id, through: sequence + 0, keepingVersions: 1)
        #expect(try store.open(summary.id).markup.elements == markup.elements)
        #expect(try library.isSound(store))
    }

    /// Two snapshots of one document written at once (a library's restore while the document's last
    /// page closes) both land whole: neither's clean-up takes the other's parts before its row names
    /// them, which left the document unreadable.
    @Test func twoSnapshotsOfOneDocumentAtOnceBothLandWhole() throws {
        let library = try StoreBackend.sqlite.library()
        let store = try library.open()
        let markup = RandomDocuments.make(seed: 4)
        let summary = try store.create(title: "Twice", encoded: try Self.encoded(markup))
        let encoded = try Self.encoded(markup)
        for round in 0..<40 {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                try? store.writeSnapshot(encoded, thumbnail: nil, of: summary.id, through: 0, keepingVersions: 3)
            }
            #expect(try store.open(summary.id).markup.elements == markup.elements, "round \(round)")
        }
        #expect(try library.isSound(store))
    }

    /// Two writers on one library (two servers, each with its own connection) append to one
    /// document at once, at the head both saw: one lands, the other is told of the conflict and
    /// writes nothing.
    @Test(arguments: StoreBackend.allCases) func twoWritersAtOneHeadCannotBothLand(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let (first, second) = (try library.open(), try library.open())
        var markup = RandomDocuments.make(seed: 5)
        let id = try first.create(title: "Shared", encoded: try Self.encoded(markup)).id
        func removal(_ index: Int) throws -> JournalEntry {
            JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(MarkupChange(removed: [markup.elements[index].id])))
        }
        let entries = [try removal(0), try removal(1)], writers = [first, second]
        let results = Mutex([Result<Int64, StoreError>?](repeating: nil, count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = Result { () throws(StoreError) in try writers[index].append([entries[index]], to: id, expectingHead: 0) }
            results.withLock { $0[index] = result }
        }
        let outcomes = results.withLock { $0.compactMap { $0 } }
        let landed = outcomes.indices.filter { (try? outcomes[$0].get()) == 1 }
        #expect(landed.count == 1, "\(outcomes)")
        let other = 1 - (landed.first ?? 0)
        #expect(throws: StoreError.conflict(expectedHead: 0, foundHead: 1)) { try outcomes[other].get() }
        markup.apply(MarkupChange(removed: [markup.elements[landed.first ?? 0].id]))
        #expect(try second.open(id).markup.elements == markup.elements)
    }

    @Test(arguments: StoreBackend.allCases) func ambiguousTitlesAreRefused(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let ids = try (0..<2).map { _ in try store.create(title: "Same", encoded: try Self.encoded(Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10)))).id }
        let starts = ids.map { String($0.description.prefix(8)) }.sorted()
        #expect(throws: StoreError.ambiguousDocument("Same", matches: starts)) { try store.resolve("Same") }
        #expect(StoreError.ambiguousDocument("Same", matches: starts).description
            == "'Same' matches 2 documents (\(starts[0]), \(starts[1])); give more of the id")
    }

    @Test(arguments: StoreBackend.allCases) func aDocumentFromANewerMarkupKitIsKeptReadOnlyWithItsThumbnail(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let bytes = Data(try MarkupFile(markup: RandomDocuments.make(seed: 3), thumbnail: RandomDocuments.onePixelPNG)
            .encodedBytes(formatVersion: FormatVersion.current + 1))
        let summary = try store.create(title: "Future", encoded: bytes)
        #expect(summary.thumbnail == RandomDocuments.onePixelPNG)
        #expect(summary.readOnlyReason?.contains("newer MarkupKit") == true)
        let opened = try store.open(summary.id)
        #expect(opened.summary.readOnlyReason != nil && opened.markup.elements.isEmpty)
        #expect(throws: StoreError.self) { try AutosaveSession(store: store, document: opened) }
        #expect(throws: StoreError.readOnly(documentID: summary.id.description, reason: "written by a newer MarkupKit")) {
            try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: Data())], to: summary.id, expectingHead: nil)
        }
        // Its bytes are kept exactly, to be exported for a newer MarkupKit.
        #expect(try store.encodedVersion(0, of: summary.id) == bytes)
    }

    @Test(arguments: StoreBackend.allCases) func journalEntriesOfUnknownKindsAreKeptAndMakeTheDocumentReadOnly(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        var markup = RandomDocuments.make(seed: 4)
        let summary = try store.create(title: "Mixed", encoded: try Self.encoded(markup))
        let change = MarkupChange(added: [Element(zIndex: markup.nextZIndex, frame: Rect(x: 1, y: 1, width: 5, height: 5), content: .sticker(.emoji("⭐️")))])
        _ = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(change))], to: summary.id, expectingHead: nil)
        let unknown = JournalEntry(kind: 77, payload: Data("from the future".utf8))
        let sequence = try store.append([unknown], to: summary.id, expectingHead: nil)
        let opened = try store.open(summary.id)
        #expect(opened.summary.readOnlyReason?.contains("kind 77") == true)
        markup.apply(change)
        #expect(opened.markup.elements == markup.elements)
        // A snapshot over it drops the change entry it covers but keeps the unknown one.
        try store.writeSnapshot(try Self.encoded(markup), thumbnail: nil, of: summary.id, through: sequence, keepingVersions: 5)
        #expect(try store.journal(of: summary.id, after: sequence - 1)?.map(\.entry.kind) == [77])
        if let store = store as? SQLiteDocumentStore {
            #expect(try store.connectionForTests { try $0.integer("SELECT COUNT(*) FROM journal WHERE kind = 1") } == 0)
        }
        #expect(try store.documents().first?.readOnlyReason != nil)
        #expect(throws: StoreError.self) { try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: Data())], to: summary.id, expectingHead: nil) }
    }

    /// What a server sharing the library catches up on: the entries after a position, with their
    /// edit ids; nil once a snapshot has dropped some of them (at once in SQLite, a minute later in
    /// PostgreSQL, where other servers may still need them).
    @Test(arguments: StoreBackend.allCases) func theJournalAfterAPositionComesWithItsEditIds(_ backend: StoreBackend) throws {
        let store = try backend.library().open()
        let markup = RandomDocuments.make(seed: 5)
        let summary = try store.create(title: "Caught up", encoded: try Self.encoded(markup))
        let changes = markup.elements.prefix(3).map { MarkupChange(removed: [$0.id]) }
        for (index, change) in changes.enumerated() {
            _ = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(change), operation: index == 1 ? nil : "edit-\(index)")],
                                 to: summary.id, expectingHead: Int64(index))
        }
        let after = try #require(try store.journal(of: summary.id, after: 1))
        #expect(after.map(\.sequence) == [2, 3])
        #expect(after.map(\.entry.operation) == [nil, "edit-2"])
        #expect(try after.map { try ChangeCodec.decode($0.entry.payload) } == Array(changes.dropFirst()))
        #expect(try store.journal(of: summary.id, after: 3)?.isEmpty == true)
        let missing = DocumentID()
        #expect(throws: StoreError.documentNotFound(missing.description)) { try store.journal(of: missing, after: 0) }
        var snapshot = markup
        for change in changes { snapshot.apply(change) }
        try store.writeSnapshot(try Self.encoded(snapshot), thumbnail: nil, of: summary.id, through: 3, keepingVersions: 5)
        if backend == .sqlite { #expect(try store.journal(of: summary.id, after: 0) == nil) }
        #expect(try store.journal(of: summary.id, after: 3)?.isEmpty == true)
    }

    @Test(arguments: StoreBackend.allCases) func aDamagedJournalEntryOpensReadOnlyWithEverythingBeforeIt(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let markup = RandomDocuments.make(seed: 6)
        let summary = try store.create(title: "Damaged", encoded: try Self.encoded(markup))
        var payload = try ChangeCodec.encode(MarkupChange(removed: [markup.elements[0].id]))
        payload[payload.count - 3] ^= 0x40
        _ = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: payload)], to: summary.id, expectingHead: nil)
        let opened = try store.open(summary.id)
        #expect(opened.summary.readOnlyReason?.contains("journal entry 1") == true)
        #expect(opened.markup.elements == markup.elements)
    }

    @Test func aLibraryFromANewerMarkupKitOrNotALibraryIsRefused() throws {
        let library = TemporaryLibrary()
        _ = try library.open()
        try SQLiteConnection(path: library.path).execute("PRAGMA user_version = 99")
        #expect(throws: StoreError.libraryTooNew(found: 99, supported: SQLiteDocumentStore.layoutVersion)) { try library.open() }
        let garbage = library.folder + "/garbage.sqlite"
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: StoreError.self) { try SQLiteDocumentStore(path: garbage) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == Data(repeating: 0x5A, count: 4096))
    }

    @Test(arguments: StoreBackend.allCases) func signaturesAreKeptForEveryDocument(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let strokes = [RandomDocuments.make(seed: 8), RandomDocuments.make(seed: 9)].flatMap { markup in
            markup.elements.compactMap { element -> Stroke? in
                if case .stroke(let stroke) = element.content { return stroke }
                return nil
            }
        }
        #expect(!strokes.isEmpty)
        let first = try library.open().addSignature(strokes)
        let second = try library.open().addSignature(Array(strokes.prefix(1)))
        #expect(second > first)
        #expect(try library.open().signatures() == [SavedSignature(id: first, strokes: strokes), SavedSignature(id: second, strokes: Array(strokes.prefix(1)))])
        // Deleted, a signature is gone for every document; one not saved is not found.
        try library.open().deleteSignature(first)
        #expect(try library.open().signatures().map(\.id) == [second])
        #expect(throws: StoreError.signatureNotFound(first)) { try library.open().deleteSignature(first) }
    }

    /// Writers at once (two servers on one library, each with its own connection) save signatures
    /// until the library is full: it keeps its maximum exactly, and the next is refused as full.
    @Test(arguments: StoreBackend.allCases) func signaturesSavedAtOnceStopAtTheMaximum(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let writers = [try library.open(), try library.open(), try library.open()]
        let stroke = try #require(RandomDocuments.make(seed: 8).elements.lazy.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element.content { return stroke }
            return nil
        }.first)
        let outcomes = Mutex([Result<Int64, StoreError>]())
        DispatchQueue.concurrentPerform(iterations: writers.count) { index in
            for _ in 0..<SavedSignature.maximumCount {
                let result = Result { () throws(StoreError) in try writers[index].addSignature([stroke]) }
                outcomes.withLock { $0.append(result) }
            }
        }
        let results = outcomes.withLock { $0 }
        #expect(results.count { (try? $0.get()) != nil } == SavedSignature.maximumCount)
        #expect(results.allSatisfy { result in
            if case .failure(let error) = result { return error == .signaturesFull(maximum: SavedSignature.maximumCount) }
            return true
        }, "\(results)")
        #expect(try library.open().signatures().count == SavedSignature.maximumCount)
        #expect(throws: StoreError.signaturesFull(maximum: SavedSignature.maximumCount)) { try writers[0].addSignature([stroke]) }
        // One deleted makes room for one.
        try writers[1].deleteSignature(try #require(try writers[1].signatures().first).id)
        _ = try writers[2].addSignature([stroke])
        #expect(try library.open().signatures().count == SavedSignature.maximumCount)
    }

    /// Undo histories a server kept as it stopped are taken by the next to open the document, once;
    /// a second keep replaces the first; too old ones (by when they were as kept) are taken out and
    /// not given, or go when another document's are kept; none are kept for a document not in the
    /// library.
    @Test(arguments: StoreBackend.allCases) func undoHistoriesAreKeptForTheNextServer(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let id = try store.create(title: "Kept", encoded: try Self.encoded(RandomDocuments.make(seed: 3))).id
        let other = try store.create(title: "Other", encoded: try Self.encoded(RandomDocuments.make(seed: 4))).id
        #expect(try store.takeUndoHistories(of: id, keptWithin: 60) == nil)
        try store.keepUndoHistories(Data([1, 2, 3]), of: id, at: Date(), maximumAge: 60)
        try store.keepUndoHistories(Data([4, 5]), of: id, at: Date(), maximumAge: 60)
        #expect(try library.open().takeUndoHistories(of: id, keptWithin: 60) == Data([4, 5]))
        #expect(try library.open().takeUndoHistories(of: id, keptWithin: 60) == nil, "taken once")
        try store.keepUndoHistories(Data([6]), of: id, at: Date().addingTimeInterval(-90), maximumAge: 60)
        #expect(try store.takeUndoHistories(of: id, keptWithin: 60) == nil, "too old")
        #expect(try store.takeUndoHistories(of: id, keptWithin: 600) == nil, "and gone")
        try store.keepUndoHistories(Data([7]), of: id, at: Date().addingTimeInterval(-90), maximumAge: 600)
        try store.keepUndoHistories(Data([8]), of: other, at: Date(), maximumAge: 60)
        #expect(try store.takeUndoHistories(of: id, keptWithin: 600) == nil, "gone when another document's were kept")
        #expect(try store.takeUndoHistories(of: other, keptWithin: 60) == Data([8]))
        let absent = try #require(DocumentID("00000000-0000-0000-0000-000000000001"))
        try store.keepUndoHistories(Data([9]), of: absent, at: Date(), maximumAge: 60)
        #expect(try store.takeUndoHistories(of: absent, keptWithin: 60) == nil)
    }

    @Test func theDefaultPlaceFollowsXDG() {
        #expect(LibraryLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/markupkit/library.sqlite")
        #expect(LibraryLocation.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/markupkit/library.sqlite")
        #expect(LibraryLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/share/markupkit/library.sqlite")
    }

    @Test func theLibraryIsCreatedWithItsFolderOnFirstUse() throws {
        let library = TemporaryLibrary()
        let nested = library.folder + "/a/b/library.sqlite"
        _ = try SQLiteDocumentStore(path: nested)
        #expect(FileManager.default.fileExists(atPath: nested))
    }

    @Test func atomicWritesReplaceWholeFilesAndLeaveNoTemporaries() throws {
        let library = TemporaryLibrary()
        let path = library.folder + "/out.markup"
        try AtomicFile.write(Data("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder) == ["out.markup"])
        #expect(throws: StoreError.self) { try AtomicFile.write(Data(), to: library.folder + "/missing/out.markup") }
    }

    /// A file kept private stays private when written again, and a link to a file keeps pointing at
    /// it, the file it names written.
    @Test func atomicWritesKeepAFilesPermissionsAndLinks() throws {
        let library = TemporaryLibrary()
        let path = library.folder + "/private.markup", link = library.folder + "/link.markup"
        try AtomicFile.write(Data("first".utf8), to: path)
        #expect(chmod(path, 0o600) == 0)
        #expect(symlink(path, link) == 0)
        try AtomicFile.write(Data("second".utf8), to: link)
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link was replaced by a file")
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "mode \(String(status.st_mode & 0o777, radix: 8))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder).sorted() == ["link.markup", "private.markup"])
        // A link to what is not there yet (relative, as links often are) makes that file.
        #expect(symlink("made.markup", library.folder + "/ahead.markup") == 0)
        try AtomicFile.write(Data("third".utf8), to: library.folder + "/ahead.markup")
        #expect(lstat(library.folder + "/ahead.markup", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: library.folder + "/made.markup")) == Data("third".utf8))
    }
}

extension SQLiteDocumentStore {
    /// Runs `body` on the connection, for tests that look at the tables directly.
    func connectionForTests<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try body(SQLiteConnection(path: path))
    }
}
