import Foundation
import MarkupFormat

/// Writes a zip archive to a file an entry at a time, each stored as it is (what MarkupKit puts in
/// one, `.markup` files, is compressed already), names in UTF-8. No ZIP64: at most 65,535 entries
/// and 4 GiB, which `add` refuses past.
public final class ZipWriter {
    private let file: ReplacingFile
    private var offset = 0
    private var directory = [UInt8]()
    private var count = 0

    /// The most entries and bytes an archive without ZIP64 holds.
    public static let maximumEntries = 0xFFFF
    public static let maximumBytes = 0xFFFF_FFFF

    /// Starts an archive for `url`; any file there is replaced when `finish` is done, and left as it
    /// was when the archive is not finished. One not `durable` (sent and deleted at once) is not
    /// flushed to disk.
    public init(writingTo url: URL, durable: Bool = true) throws(ZipError) {
        do {
            file = try ReplacingFile(replacing: url.path, durable: durable)
        } catch {
            throw .unwritable("cannot create \(url.lastPathComponent): \(error.reason)")
        }
    }

    /// Adds `data` under `name` (a path with `/` between folders), last changed at `modified`; a
    /// name ending in `/` is a folder, with no data.
    public func add(_ name: String, _ data: Data, modified: Date) throws(ZipError) {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 0xFFFF else { throw .unwritable("an entry's name is 1 to 65,535 bytes") }
        guard count < Self.maximumEntries, offset + 30 + nameBytes.count + data.count + directory.count + 46 + nameBytes.count + 22 <= Self.maximumBytes else {
            throw .tooLarge("more than \(Self.maximumEntries) entries or 4 GiB")
        }
        let crc = Gzip.crc32(data)
        let (time, day) = Self.dosTime(modified)
        // Version 2.0, UTF-8 names (flag bit 11), stored.
        var common = ZipBytes()
        common.append16(20)
        common.append16(0x0800)
        common.append16(0)
        common.append16(time)
        common.append16(day)
        common.append32(crc)
        common.append32(UInt32(data.count))
        common.append32(UInt32(data.count))
        common.append16(UInt16(nameBytes.count))
        common.append16(0)
        var local = ZipBytes()
        local.append32(0x0403_4B50)
        local.bytes += common.bytes + nameBytes
        var central = ZipBytes()
        central.append32(0x0201_4B50)
        central.append16(0x0314)
        central.bytes += common.bytes
        central.append16(0)
        central.append16(0)
        central.append16(0)
        central.append32(name.hasSuffix("/") ? 0o040755 << 16 | 0x10 : 0o100644 << 16)
        central.append32(UInt32(offset))
        central.bytes += nameBytes
        try write(Data(local.bytes))
        try write(data)
        directory += central.bytes
        count += 1
    }

    /// Writes the central directory and puts the archive in its place.
    public func finish() throws(ZipError) {
        var end = ZipBytes()
        end.append32(0x0605_4B50)
        end.append16(0)
        end.append16(0)
        end.append16(UInt16(count))
        end.append16(UInt16(count))
        end.append32(UInt32(directory.count))
        end.append32(UInt32(offset))
        end.append16(0)
        try write(Data(directory + end.bytes))
        do { try file.commit() } catch { throw .unwritable(error.reason) }
    }

    private func write(_ data: Data) throws(ZipError) {
        do { try file.write(data) } catch { throw .unwritable(error.reason) }
        offset += data.count
    }

    /// MS-DOS time and date, in UTC, as zip keeps them (two seconds apart, from 1980).
    static func dosTime(_ date: Date) -> (time: UInt16, day: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        let time = (parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2
        let day = year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)
        return (UInt16(time), UInt16(day))
    }
}

/// Little-endian fields, as zip writes them.
struct ZipBytes {
    var bytes = [UInt8]()
    mutating func append16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    mutating func append32(_ value: UInt32) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)] }
}
