import CLibPQ
import Foundation

/// One libpq connection. Calls are serialized by the owner. Parameters go as text, except bytes,
/// which go as binary; results come back in binary (`PostgresRows`), so a snapshot's bytes are
/// never escaped into hex and back.
final class PostgresConnection: @unchecked Sendable {
    /// A statement's parameter.
    enum Value {
        case integer(Int64)
        case text(String)
        case bytes(Data)
        /// Arrays go in PostgreSQL's binary array form, so a batch's rows go in one statement
        /// (`unnest($1::bigint[], …)`); the statement names the array's type with a cast.
        case integers([Int64])
        case texts([String])
        case byteArrays([Data])

        /// The bytes sent: integers and text as text (NUL-terminated), the rest in binary.
        fileprivate var encoded: (bytes: Data, isBinary: Bool) {
            switch self {
            case .integer(let value): (Data(String(value).utf8) + [0], false)
            case .text(let value): (Data(value.utf8) + [0], false)
            case .bytes(let value): (value, true)
            case .integers(let values): (Self.array(values.map { value in withUnsafeBytes(of: value.bigEndian) { Data($0) } }, oid: 20), true)
            case .texts(let values): (Self.array(values.map { Data($0.utf8) }, oid: 25), true)
            case .byteArrays(let values): (Self.array(values, oid: 17), true)
            }
        }

        /// The binary form of a one-dimensional array of elements of type `oid`.
        fileprivate static func array(_ elements: [Data], oid: Int32) -> Data {
            var data = Data()
            func append(_ value: Int32) { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
            append(1)
            append(0)
            append(oid)
            append(Int32(elements.count))
            append(1)
            for element in elements {
                append(Int32(element.count))
                data.append(element)
            }
            return data
        }
    }

    private let handle: OpaquePointer
    /// Whether a transaction is open: a connection lost meanwhile is not made again under it, or the
    /// rest of the transaction would run outside one.
    private var isInTransaction = false

    /// What a connection asks for unless its URL says otherwise: over TCP, a server gone without a
    /// word (a machine lost, a network cut) is noticed within about a minute, not the system's two
    /// hours, so a listener makes its connection again and a writer reports the failure.
    static let defaults = [("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3")]

    /// Connects to `url` (`postgres://…` or libpq's `key=value` form).
    init(url: String) throws(StoreError) {
        // The defaults come first: what the URL says is read after them and wins.
        let settings = Self.defaults + [("dbname", url)]
        let keywords = settings.map { strdup($0.0) }, values = settings.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let connection = (keywords + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordList in
            (values + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { valueList in
                PQconnectdbParams(keywordList.baseAddress, valueList.baseAddress, 1)
            }
        }
        guard let connection else { throw .postgres(state: "", message: "libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(connection)
            throw .postgres(state: "08001", message: message)
        }
        handle = connection
        // Notices (a table that already exists, say) are not errors; they would go to stderr.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// The value the connection uses for libpq's setting `keyword`, if it has one.
    func setting(_ keyword: String) -> String? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    /// Runs `sql` with `parameters` ($1, $2, …) and returns its rows (none for a command).
    @discardableResult
    func query(_ sql: String, _ parameters: Value...) throws(StoreError) -> PostgresRows {
        try query(sql, parameters: parameters)
    }

    func query(_ sql: String, parameters: [Value]) throws(StoreError) -> PostgresRows {
        do throws(StoreError) {
            return try run(sql, parameters: parameters)
        } catch {
            // A connection found closed by this statement (the server restarted meanwhile) is made
            // again and the statement sent once more, outside a transaction only: at worst a single
            // statement the server ran just before it closed runs twice (a rename, a listing); one
            // that must not is sent with `queryOnce`.
            guard PQstatus(handle) != CONNECTION_OK, !isInTransaction else { throw error }
            return try run(sql, parameters: parameters)
        }
    }

    /// Runs `sql` as `query` does, but never sends it a second time: for a statement whose answer
    /// says what it did (a row taken or restored, `RETURNING` it), which run twice would answer
    /// that it did nothing. A connection lost meanwhile is an error; the next statement makes a new one.
    @discardableResult
    func queryOnce(_ sql: String, _ parameters: Value...) throws(StoreError) -> PostgresRows {
        try run(sql, parameters: parameters)
    }

    private func run(_ sql: String, parameters: [Value]) throws(StoreError) -> PostgresRows {
        try reconnectIfLost()
        // Every parameter's bytes in one buffer, alive until the call returns.
        let encoded = parameters.map(\.encoded)
        var buffer = Data(), offsets = [Int]()
        for (bytes, _) in encoded {
            offsets.append(buffer.count)
            buffer.append(bytes)
        }
        let lengths = encoded.map { Int32($0.bytes.count) }, formats = encoded.map { Int32($0.isBinary ? 1 : 0) }
        let result = buffer.withUnsafeBytes { raw in
            let base = raw.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) } ?? UnsafePointer(bitPattern: 1)!
            let values: [UnsafePointer<CChar>?] = offsets.map { base + $0 }
            return PQexecParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 1)
        }
        guard let result else { throw .postgres(state: "", message: String(cString: PQerrorMessage(handle))) }
        do throws(StoreError) {
            try Self.check(result)
        } catch {
            PQclear(result)
            throw error
        }
        return PostgresRows(result)
    }

    private static func check(_ result: OpaquePointer) throws(StoreError) {
        let status = PQresultStatus(result)
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        throw .postgres(state: state, message: String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs statements that take no parameters and return no rows, several at once (a layout).
    func execute(_ sql: String) throws(StoreError) {
        try reconnectIfLost()
        guard let result = PQexec(handle, sql) else { throw .postgres(state: "", message: String(cString: PQerrorMessage(handle))) }
        defer { PQclear(result) }
        try Self.check(result)
    }

    /// Runs `body` in a transaction, committed when it returns and rolled back when it throws.
    /// `begin` may ask for another isolation level. A transaction PostgreSQL has aborted (a statement
    /// in it failed) ends in a rollback, which this reports as the error it is.
    func transaction<T>(_ begin: String = "BEGIN", _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try query(begin)
        isInTransaction = true
        defer { isInTransaction = false }
        do throws(StoreError) {
            let value = try body()
            guard try query("COMMIT").commandTag == "COMMIT" else {
                throw .postgres(state: "25P02", message: "the transaction was aborted and rolled back")
            }
            return value
        } catch {
            if PQstatus(handle) == CONNECTION_OK { _ = try? query("ROLLBACK") }
            throw error
        }
    }

    /// Waits up to `timeout` seconds for notifications on the channels this connection listens to
    /// (`LISTEN`), and returns their payloads, oldest first. Throws when the connection is lost.
    func notifications(waitingAtMost timeout: Double) throws(StoreError) -> [String] {
        var payloads = [String]()
        func drain() {
            while let notice = PQnotifies(handle) {
                payloads.append(String(cString: notice.pointee.extra))
                PQfreemem(notice)
            }
        }
        drain()
        guard payloads.isEmpty else { return payloads }
        var socket = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard socket.fd >= 0 else { throw .postgres(state: "08006", message: "the connection to PostgreSQL was lost") }
        guard poll(&socket, 1, Int32(timeout * 1000)) > 0 else { return [] }
        guard PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else {
            throw .postgres(state: "08006", message: String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        drain()
        return payloads
    }

    /// A connection the server closed (a restart, a failover) is made again before the next
    /// statement outside a transaction; inside one, the statement fails.
    private func reconnectIfLost() throws(StoreError) {
        guard PQstatus(handle) != CONNECTION_OK else { return }
        guard !isInTransaction else { throw .postgres(state: "08006", message: "the connection to PostgreSQL was lost during a transaction") }
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            throw .postgres(state: "08001", message: String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }
}

/// The rows of one result, in binary: integers big-endian, text and bytes as they are.
final class PostgresRows {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) { self.result = result }
    deinit { PQclear(result) }

    var count: Int { Int(PQntuples(result)) }

    /// What the server says the statement did: `COMMIT`, `ROLLBACK`, `INSERT 0 1`…
    var commandTag: String { String(cString: PQcmdStatus(result)) }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(result, Int32(row), Int32(column)) != 0 }

    /// An `int2`, `int4`, `int8` or `bool` column.
    func integer(_ row: Int, _ column: Int) -> Int64 {
        let bytes = raw(row, column)
        guard !bytes.isEmpty else { return 0 }
        let unsigned = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // Sign-extended from the column's width.
        let unused = UInt64(64 - 8 * min(bytes.count, 8))
        return Int64(bitPattern: unsigned << unused) >> unused
    }

    func text(_ row: Int, _ column: Int) -> String { String(decoding: raw(row, column), as: UTF8.self) }

    func bytes(_ row: Int, _ column: Int) -> Data { Data(raw(row, column)) }

    private func raw(_ row: Int, _ column: Int) -> UnsafeRawBufferPointer {
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        return UnsafeRawBufferPointer(start: PQgetvalue(result, Int32(row), Int32(column)), count: length)
    }
}
