import Foundation

/// Reads a zip archive's files one at a time, each stored or deflated, from its central directory:
/// only what the archive holds is read (every offset and size checked against it), nothing is
/// allocated from a size it declares, an entry is inflated no further than a limit, and its
/// checksum must hold.
public enum ZipReader {
    /// What MarkupKit reads from one archive.
    public struct Limits: Sendable {
        public var entries: Int
        /// One entry's bytes, once inflated.
        public var entryBytes: Int
        /// All entries' bytes together, once inflated.
        public var totalBytes: Int

        public static let standard = Limits(entries: 10_000, entryBytes: 256 << 20, totalBytes: 1 << 30)

        public init(entries: Int, entryBytes: Int, totalBytes: Int) {
            (self.entries, self.entryBytes, self.totalBytes) = (entries, entryBytes, totalBytes)
        }
    }

    /// One file or folder of the archive.
    public struct Entry: Sendable {
        /// Its path in the archive, folders first, `/` between them: `..` and empty parts left out.
        public var path: [String]
        public var data: Data
        /// A folder (its name ends in `/`), with no data.
        public var isFolder = false
    }

    /// Whether `data` starts as a zip archive does (a file's header, or an empty archive's end).
    public static func isArchive(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Calls `body` with each file and folder of the archive in `data`, in the directory's order.
    /// The whole directory is read and checked against the limits first, so an archive
    /// refused (`ZipError`) gives `body` nothing. An entry that cannot be read (encrypted,
    /// compressed otherwise than by deflate, or damaged) is given as a failure with its name, and
    /// the rest are read.
    public static func forEachEntry(in data: Data, limits: Limits = .standard,
                                    _ body: (Result<Entry, EntryFailure>) throws -> Void) throws {
        let bytes = [UInt8](data)
        let end = try endOfDirectory(in: bytes)
        let records = try directory(of: bytes, end: end, limits: limits)
        for record in records {
            let (name, method, size, packed, header) = (record.name, record.method, record.size, record.packed, record.header)
            let path = name.split(separator: "/").map(String.init).filter { !$0.isEmpty && $0 != "." && $0 != ".." }
            func failed(_ reason: String) throws { try body(.failure(EntryFailure(name: name, reason: reason))) }
            guard !path.isEmpty else { try failed("it has no name"); continue }
            if name.hasSuffix("/") {
                try body(.success(Entry(path: path, data: Data(), isFolder: true)))
                continue
            }
            guard record.flags & 1 == 0 else { try failed("it is encrypted"); continue }
            guard method == 0 || method == 8 else { try failed("it is compressed in a way MarkupKit does not read (method \(method))"); continue }
            guard header + 30 <= end.offset, read32(bytes, header) == 0x0403_4B50 else { try failed("its header is missing"); continue }
            let start = header + 30 + Int(read16(bytes, header + 26)) + Int(read16(bytes, header + 28))
            guard start <= end.offset, packed <= end.offset - start else { try failed("it runs past the archive's files"); continue }
            let stored = Data(bytes[start..<start + packed])
            let content: Data
            if method == 0 {
                guard packed == size else { try failed("its sizes disagree"); continue }
                content = stored
            } else {
                do throws(Gzip.InflateFailure) {
                    content = Data(try Gzip.inflate(stored, windowBits: -15, limit: size))
                } catch {
                    try failed(error == .tooLarge ? "it inflates to more than it says" : "its compressed data is damaged")
                    continue
                }
                guard content.count == size else { try failed("it inflates to less than it says"); continue }
            }
            guard Gzip.crc32(content) == record.crc else { try failed("its checksum does not hold"); continue }
            try body(.success(Entry(path: path, data: content)))
        }
    }

    /// One file's entry in the central directory.
    private struct Record {
        var name: String
        var flags, method: UInt16
        var crc: UInt32
        var packed, size, header: Int
    }

    /// The directory's entries, each lying whole within it, and within the limits in number and in
    /// the sizes they declare.
    private static func directory(of bytes: [UInt8], end: (offset: Int, size: Int, count: Int), limits: Limits) throws -> [Record] {
        guard end.count <= limits.entries else { throw ZipError.tooLarge("more than \(limits.entries) entries") }
        var records = [Record](), position = end.offset, total = 0
        for _ in 0..<end.count {
            guard position + 46 <= end.offset + end.size, read32(bytes, position) == 0x0201_4B50 else {
                throw ZipError.malformed("the directory's entries do not follow one another")
            }
            let nameLength = Int(read16(bytes, position + 28))
            let length = 46 + nameLength + Int(read16(bytes, position + 30)) + Int(read16(bytes, position + 32))
            guard position + length <= end.offset + end.size else { throw ZipError.malformed("an entry runs past the directory") }
            let record = Record(name: String(decoding: bytes[position + 46..<position + 46 + nameLength], as: UTF8.self),
                                flags: read16(bytes, position + 8), method: read16(bytes, position + 10), crc: read32(bytes, position + 16),
                                packed: Int(read32(bytes, position + 20)), size: Int(read32(bytes, position + 24)), header: Int(read32(bytes, position + 42)))
            position += length
            total += record.name.hasSuffix("/") ? 0 : record.size
            guard record.size <= limits.entryBytes, total <= limits.totalBytes else {
                throw ZipError.tooLarge("more than \(limits.entryBytes >> 20) MB in one file or \(limits.totalBytes >> 20) MB in all")
            }
            records.append(record)
        }
        return records
    }

    /// An entry that could not be read, and why.
    public struct EntryFailure: Error, Sendable {
        public var name: String
        public var reason: String
    }

    /// The central directory's place, size and entry count, from the end record (searched for in
    /// the last 64 KiB, where a comment may push it).
    private static func endOfDirectory(in bytes: [UInt8]) throws -> (offset: Int, size: Int, count: Int) {
        guard bytes.count >= 22 else { throw ZipError.malformed("it is too short") }
        let earliest = max(0, bytes.count - 22 - 0xFFFF)
        var at = bytes.count - 22
        while at >= earliest, read32(bytes, at) != 0x0605_4B50 { at -= 1 }
        guard at >= earliest else { throw ZipError.malformed("its directory's end is missing") }
        let count = Int(read16(bytes, at + 10)), size = Int(read32(bytes, at + 12)), offset = Int(read32(bytes, at + 16))
        guard read16(bytes, at + 4) == 0, read16(bytes, at + 6) == 0 else { throw ZipError.malformed("it spans several disks") }
        guard offset <= at, size <= at - offset else { throw ZipError.malformed("its directory lies outside it") }
        return (offset, size, count)
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
