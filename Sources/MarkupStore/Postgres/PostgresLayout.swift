/// The tables of a library on PostgreSQL: those of the SQLite layout (docs/STORE.md), with
/// PostgreSQL's types.
enum PostgresLayout {
    /// The condition that picks the documents not deleted (`d` names the documents table).
    static let live = "d.deleted_ms IS NULL"

    static let tables = """
        CREATE TABLE IF NOT EXISTS layout (version INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS documents (
            id BIGSERIAL PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            created_ms BIGINT NOT NULL,
            modified_ms BIGINT NOT NULL,
            format_version INTEGER NOT NULL,
            content_version INTEGER NOT NULL,
            size BIGINT NOT NULL,
            head BIGINT NOT NULL,
            deleted_ms BIGINT,
            folder TEXT
        );
        CREATE TABLE IF NOT EXISTS thumbnails (
            document BIGINT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            data BYTEA NOT NULL
        );
        CREATE TABLE IF NOT EXISTS previews (
            document BIGINT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            sequence BIGINT NOT NULL,
            light BYTEA NOT NULL,
            dark BYTEA NOT NULL
        );
        CREATE TABLE IF NOT EXISTS snapshots (
            document BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence BIGINT NOT NULL,
            created_ms BIGINT NOT NULL,
            data BYTEA NOT NULL,
            PRIMARY KEY (document, sequence)
        );
        CREATE TABLE IF NOT EXISTS journal (
            document BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence BIGINT NOT NULL,
            kind BIGINT NOT NULL,
            created_ms BIGINT NOT NULL,
            payload BYTEA NOT NULL,
            PRIMARY KEY (document, sequence)
        );
        CREATE INDEX IF NOT EXISTS journal_unknown_kinds ON journal (document) WHERE kind <> 1;
        CREATE TABLE IF NOT EXISTS operations (
            document BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence BIGINT NOT NULL,
            operation TEXT NOT NULL,
            PRIMARY KEY (document, sequence)
        );
        CREATE TABLE IF NOT EXISTS signatures (id BIGSERIAL PRIMARY KEY, created_ms BIGINT NOT NULL, data BYTEA NOT NULL);
        CREATE TABLE IF NOT EXISTS undo_histories (
            document BIGINT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            kept_ms BIGINT NOT NULL,
            data BYTEA NOT NULL
        );
        CREATE TABLE IF NOT EXISTS folders (name TEXT PRIMARY KEY, created_ms BIGINT NOT NULL);
        CREATE TABLE IF NOT EXISTS blobs (id BYTEA PRIMARY KEY, data BYTEA NOT NULL);
        CREATE TABLE IF NOT EXISTS snapshot_blobs (
            document BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            sequence BIGINT NOT NULL,
            position INTEGER NOT NULL,
            blob BYTEA NOT NULL REFERENCES blobs(id),
            PRIMARY KEY (document, sequence, position)
        );
        CREATE INDEX IF NOT EXISTS snapshot_blobs_by_blob ON snapshot_blobs (blob);
        """
}
