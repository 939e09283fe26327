/// The tables of a library file (docs/STORE.md, "Layout"), and the steps that bring a library of an
/// older layout up to this one.
enum SQLiteLayout {
    /// The layout this MarkupKit writes, kept in `PRAGMA user_version`.
    static let version: Int32 = 9

    /// Every table and index of the current layout, each made only where it is missing.
    static let schema = """
        CREATE TABLE IF NOT EXISTS documents (
            id INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            modified_ms INTEGER NOT NULL,
            format_version INTEGER NOT NULL,
            content_version INTEGER NOT NULL,
            size INTEGER NOT NULL,
            head INTEGER NOT NULL,
            deleted_ms INTEGER,
            folder TEXT
        );
        CREATE TABLE IF NOT EXISTS thumbnails (
            document INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            data BLOB NOT NULL
        );
        CREATE TABLE IF NOT EXISTS previews (
            document INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            light BLOB NOT NULL,
            dark BLOB NOT NULL
        );
        CREATE TABLE IF NOT EXISTS snapshots (
            document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            created_ms INTEGER NOT NULL,
            data BLOB NOT NULL,
            parts INTEGER,
            PRIMARY KEY (document, sequence)
        );
        CREATE TABLE IF NOT EXISTS snapshot_parts (
            document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            generation INTEGER NOT NULL,
            part INTEGER NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY (document, generation, part)
        );
        CREATE TABLE IF NOT EXISTS journal (
            document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            kind INTEGER NOT NULL,
            created_ms INTEGER NOT NULL,
            payload BLOB NOT NULL,
            PRIMARY KEY (document, sequence)
        );
        CREATE INDEX IF NOT EXISTS journal_unknown_kinds ON journal (document) WHERE \(unknownKind);
        CREATE TABLE IF NOT EXISTS operations (
            document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            operation TEXT NOT NULL,
            PRIMARY KEY (document, sequence)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS signatures (id INTEGER PRIMARY KEY, created_ms INTEGER NOT NULL, data BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS undo_histories (
            document INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            kept_ms INTEGER NOT NULL,
            data BLOB NOT NULL
        );
        CREATE TABLE IF NOT EXISTS folders (name TEXT PRIMARY KEY, created_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS blobs (id BLOB PRIMARY KEY, data BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS snapshot_blobs (
            document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            position INTEGER NOT NULL,
            blob BLOB NOT NULL REFERENCES blobs(id),
            PRIMARY KEY (document, sequence, position)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS snapshot_blobs_by_blob ON snapshot_blobs (blob);
        """

    /// The condition that picks journal entries of kinds this MarkupKit does not know. It is the
    /// condition of the partial index `journal_unknown_kinds`, word for word, so every query that
    /// states it is answered from that index, which holds no entry of a known kind and so costs an
    /// append nothing.
    static let unknownKind = "kind <> \(JournalEntry.changeKind)"

    /// The condition that picks the documents not deleted (`d` names the documents table).
    static let live = "d.deleted_ms IS NULL"

    /// Brings a library of an older layout (1 to 7) to the current one, step by step as each finds
    /// it needed; runs in the transaction that then creates what is missing and sets the version.
    static func upgrade(_ connection: SQLiteConnection) throws(StoreError) {
        // Layouts 1 and 2 have no `parts` column naming a snapshot's parts (an instant change).
        if try !has(connection, column: "parts", in: "snapshots") {
            try connection.execute("ALTER TABLE snapshots ADD COLUMN parts INTEGER")
        }
        // Until layout 3, operations were keyed by their id, with a second index by sequence: two
        // pages to write per append where one does.
        if try has(connection, column: "operation", in: "operations", partOfKey: true) {
            try connection.execute("""
                CREATE TABLE operations_by_entry (
                    document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    operation TEXT NOT NULL,
                    PRIMARY KEY (document, sequence)
                ) WITHOUT ROWID;
                INSERT OR IGNORE INTO operations_by_entry (document, sequence, operation) SELECT document, sequence, operation FROM operations;
                DROP TABLE operations;
                ALTER TABLE operations_by_entry RENAME TO operations;
                """)
        }
        // Until layout 3, thumbnails lived in the documents' rows, so every append rewrote its
        // document's thumbnail along with the new head.
        if try has(connection, column: "thumbnail", in: "documents") {
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS thumbnails (
                    document INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
                    data BLOB NOT NULL
                );
                INSERT OR REPLACE INTO thumbnails (document, data) SELECT id, thumbnail FROM documents WHERE thumbnail IS NOT NULL;
                ALTER TABLE documents DROP COLUMN thumbnail;
                """)
        }
        // Until layout 6, a deleted document was gone at once; now it waits in recently deleted.
        if try !has(connection, column: "deleted_ms", in: "documents") {
            try connection.execute("ALTER TABLE documents ADD COLUMN deleted_ms INTEGER")
        }
        // Until layout 7, no document was in a folder.
        if try !has(connection, column: "folder", in: "documents") {
            try connection.execute("ALTER TABLE documents ADD COLUMN folder TEXT")
        }
        // Until layout 8, a folder was only the name its documents carried: it is kept now, empty
        // too, until removed.
        if try !has(connection, column: "name", in: "folders") {
            try connection.execute("""
                CREATE TABLE folders (name TEXT PRIMARY KEY, created_ms INTEGER NOT NULL) WITHOUT ROWID;
                INSERT OR IGNORE INTO folders (name, created_ms) SELECT folder, MIN(created_ms) FROM documents WHERE folder IS NOT NULL GROUP BY folder;
                """)
        }
        // An index holding every entry's kind cost each append a page; the partial one holds none.
        try connection.execute("DROP INDEX IF EXISTS journal_kinds")
    }

    /// Whether `table` exists and has `column` (as part of its primary key, with `partOfKey`).
    private static func has(_ connection: SQLiteConnection, column: String, in table: String, partOfKey: Bool = false) throws(StoreError) -> Bool {
        let statement = try connection.prepare("SELECT pk FROM pragma_table_info(?) WHERE name = ?")
        try statement.bind(.text(table), .text(column))
        defer { statement.reset() }
        guard try statement.step() else { return false }
        return !partOfKey || statement.integer(0) > 0
    }
}
