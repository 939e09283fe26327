import CSQLite
import Foundation

/// A prepared statement: bind by position (from 1), step through rows, read columns (from 0).
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Unowned: the connection keeps its statements prepared, and outlives them.
    private unowned let connection: SQLiteConnection
    /// SQLite copies bound bytes at once (`SQLITE_TRANSIENT`), so callers' buffers may go away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Back to before the first row, its bindings kept.
    func reset() { sqlite3_reset(handle) }

    @discardableResult
    func bind(_ values: SQLiteValue...) throws(StoreError) -> SQLiteStatement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let position = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(handle, position)
            case .integer(let number): result = sqlite3_bind_int64(handle, position, number)
            case .text(let text): result = sqlite3_bind_text(handle, position, text, -1, Self.transient)
            case .blob(let bytes):
                result = bytes.withUnsafeBytes { raw in
                    // A zero-length blob still binds as a blob, not NULL.
                    sqlite3_bind_blob64(handle, position, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(raw.count), Self.transient)
                }
            }
            guard result == SQLITE_OK else { throw .database(code: result, message: connection.errorMessage) }
        }
        return self
    }

    /// Advances to the next row: true when there is one.
    func step() throws(StoreError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw .database(code: result, message: connection.errorMessage)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(StoreError) {
        while try step() {}
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func text(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: text)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// Appends the blob in `column` to `bytes`, without a `Data` between.
    func appendBlob(_ column: Int32, to bytes: inout [UInt8]) {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let start = sqlite3_column_blob(handle, column) else { return }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: count))
    }

    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case text(String)
    case blob(Data)
}
