import Foundation
@testable import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// A library laid out by the previous MarkupKit (layout 3) opens with everything in it: its
/// thumbnails move to a table of their own, its edit ids are kept under their journal entries, and
/// the index of every entry's kind gives way to one of unknown kinds only.
struct LayoutUpgradeTests {
    /// A library of layout 7 (folders were only their documents' names) keeps each folder a document
    /// is in as a folder of its own: emptied, it stays.
    @Test func aLayout7LibraryKeepsItsFolders() throws {
        let library = TemporaryLibrary()
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10))).encoded()
        let id: DocumentID
        do {
            let store = try library.open()
            id = try store.create(title: "Filed", encoded: blank).id
            try store.setFolder(id, to: "Physics")
            try store.connectionForTests { try $0.execute("DROP TABLE folders; PRAGMA user_version = 7") }
        }
        let store = try library.open()
        #expect(try store.connectionForTests { try $0.integer("PRAGMA user_version") } == Int64(SQLiteDocumentStore.layoutVersion))
        #expect(try store.folders() == ["Physics"])
        try store.setFolder(id, to: nil)
        #expect(try store.folders() == ["Physics"])
    }

    /// Layout 3 as the MarkupKit before this one created it.
    static let layout3 = """
        CREATE TABLE documents (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, title TEXT NOT NULL, created_ms INTEGER NOT NULL,
            modified_ms INTEGER NOT NULL, format_version INTEGER NOT NULL, content_version INTEGER NOT NULL, size INTEGER NOT NULL,
            thumbnail BLOB, head INTEGER NOT NULL);
        CREATE TABLE snapshots (document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE, sequence INTEGER NOT NULL,
            created_ms INTEGER NOT NULL, data BLOB NOT NULL, parts INTEGER, PRIMARY KEY (document, sequence));
        CREATE TABLE journal (document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE, sequence INTEGER NOT NULL,
            kind INTEGER NOT NULL, created_ms INTEGER NOT NULL, payload BLOB NOT NULL, PRIMARY KEY (document, sequence));
        CREATE INDEX journal_kinds ON journal (document, kind);
        CREATE TABLE signatures (id INTEGER PRIMARY KEY, created_ms INTEGER NOT NULL, data BLOB NOT NULL);
        CREATE TABLE operations (document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE, operation TEXT NOT NULL,
            sequence INTEGER NOT NULL, PRIMARY KEY (document, operation)) WITHOUT ROWID;
        CREATE INDEX operations_by_sequence ON operations (document, sequence);
        CREATE TABLE snapshot_parts (document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE, generation INTEGER NOT NULL,
            part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (document, generation, part));
        PRAGMA user_version = 3;
        """

    @Test func aLayout3LibraryKeepsItsThumbnailsEditsAndJournal() throws {
        let library = TemporaryLibrary()
        let markup = RandomDocuments.make(seed: 11)
        let thumbnail: [UInt8] = Array("a thumbnail".utf8)
        let change = MarkupChange(removed: [markup.elements[0].id])
        let id = DocumentID()
        do {
            let old = try SQLiteConnection(path: library.path)
            try old.execute(Self.layout3)
            try old.prepare("INSERT INTO documents VALUES (1, ?, 'Old', 0, 0, ?, ?, 0, ?, 1)")
                .bind(.text(id.description), .integer(Int64(FormatVersion.current)), .integer(Int64(ContentVersion.latest.rawValue)),
                      .blob(Data(thumbnail))).run()
            try old.prepare("INSERT INTO snapshots VALUES (1, 0, 0, ?, NULL)").bind(.blob(try MarkupFile(markup: markup).encoded())).run()
            try old.prepare("INSERT INTO journal VALUES (1, 1, 1, 0, ?)").bind(.blob(try ChangeCodec.encode(change))).run()
            try old.execute("INSERT INTO operations VALUES (1, 'page-edit-1', 1)")
        }

        let store = try library.open()
        #expect(try store.connectionForTests { try $0.integer("PRAGMA user_version") } == Int64(SQLiteDocumentStore.layoutVersion))
        #expect(try store.connectionForTests { try $0.integer("SELECT COUNT(*) FROM pragma_table_info('documents') WHERE name = 'thumbnail'") } == 0)
        #expect(try store.connectionForTests { try $0.integer("SELECT COUNT(*) FROM sqlite_master WHERE name = 'journal_kinds'") } == 0)
        #expect(try store.documents().map(\.thumbnail) == [thumbnail])
        let opened = try store.open(id)
        var expected = markup
        expected.apply(change)
        #expect(opened.markup.elements == expected.elements)
        #expect(opened.operations == ["page-edit-1"])
        #expect(opened.summary.readOnlyReason == nil)

        let next = MarkupChange(removed: [markup.elements[1].id])
        let sequence = try store.append([JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(next), operation: "page-edit-2")],
                                        to: id, expectingHead: 1)
        #expect(sequence == 2)
        #expect(try store.open(id).operations == ["page-edit-1", "page-edit-2"])
        // Its documents are none of them deleted or in a folder, and can be (layouts 6 and 7).
        #expect(try store.deletedDocuments().isEmpty)
        try store.delete(id)
        #expect(try store.deletedDocuments().map(\.summary.id) == [id])
        #expect(try store.restoreDeleted(id).title == "Old" && store.summary(of: id).folder == nil)
        try store.setFolder(id, to: "Kept")
        #expect(try store.summary(of: id).folder == "Kept" && store.folders() == ["Kept"])
        // Reopening an upgraded library changes nothing more.
        #expect(try library.open().documents().map(\.thumbnail) == [thumbnail])
    }
}
