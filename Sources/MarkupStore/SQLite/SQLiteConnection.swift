import CSQLite
import Foundation

/// One SQLite connection. Calls are serialized by the owner (the store holds it behind a lock).
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Statements kept prepared by their SQL, as parsing costs more than running a short one.
    private var prepared: [String: SQLiteStatement] = [:]
    /// Called after each commit with the pages in the write-ahead log (`onCommit`).
    private var commitHandler: ((Int64) -> Void)?

    /// Opens (creating if needed) the database at `path`.
    init(path: String) throws(StoreError) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &db, flags, nil)
        guard result == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw .database(code: result, message: "\(path): \(message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 10_000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? errorMessage
            sqlite3_free(message)
            throw .database(code: result, message: text)
        }
    }

    /// Calls `handler` after each commit with the number of pages in the write-ahead log, in place of
    /// SQLite's automatic checkpoints, which this turns off.
    func onCommit(_ handler: @escaping (Int64) -> Void) throws(StoreError) {
        try execute("PRAGMA wal_autocheckpoint=0")
        commitHandler = handler
        sqlite3_wal_hook(handle, { context, _, _, pages in
            Unmanaged<SQLiteConnection>.fromOpaque(context!).takeUnretainedValue().commitHandler?(Int64(pages))
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The statement for `sql`, ready to bind: the one kept from before when nobody holds it still,
    /// else a new one (kept for next time when none is). The text is hashed once: a journal append
    /// prepares seven statements.
    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        guard let index = prepared.index(forKey: sql) else {
            let statement = try newStatement(sql)
            prepared[sql] = statement
            return statement
        }
        guard isKnownUniquelyReferenced(&prepared.values[index]) else { return try newStatement(sql) }
        let statement = prepared.values[index]
        statement.reset()
        return statement
    }

    /// Resets the kept statements nobody holds, so none keeps a read transaction open between calls.
    func resetIdleStatements() {
        var index = prepared.values.startIndex
        while index != prepared.values.endIndex {
            if isKnownUniquelyReferenced(&prepared.values[index]) { prepared.values[index].reset() }
            prepared.values.formIndex(after: &index)
        }
    }

    private func newStatement(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard result == SQLITE_OK, let statement else { throw .database(code: result, message: errorMessage) }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// Runs `body` in one transaction, rolled back if it throws. A writing transaction takes the write
    /// lock at once; a reading one only sees one consistent state.
    func transaction<T>(writing: Bool = true, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try run(writing ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let value = try body()
            resetIdleStatements()
            try run("COMMIT")
            return value
        } catch {
            resetIdleStatements()
            try? run("ROLLBACK")
            throw error
        }
    }

    /// Runs one statement that returns no rows, kept prepared.
    func run(_ sql: String) throws(StoreError) {
        try prepare(sql).run()
    }

    /// The first column of the first row of `sql`, as an integer.
    func integer(_ sql: String) throws(StoreError) -> Int64? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.integer(0) : nil
    }

    /// A passive checkpoint on this connection: the pages in the log and how many of them are now
    /// in the database, or nil when another checkpoint was running or it failed. (The pragma, not
    /// `sqlite3_wal_checkpoint_v2`, which does nothing on a connection that has not read yet.)
    func checkpoint() -> (pagesInLog: Int64, pagesCopied: Int64)? {
        guard let statement = try? prepare("PRAGMA wal_checkpoint(PASSIVE)") else { return nil }
        defer { statement.reset() }
        guard (try? statement.step()) == true, statement.integer(0) == 0 else { return nil }
        return (statement.integer(1), statement.integer(2))
    }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
    var changes: Int { Int(sqlite3_changes(handle)) }
}
