import Foundation
@testable import MarkupInterchange
import MarkupTestSupport
import Testing

/// Zip archives, as the library's backup is one: what another tool wrote is read, what the writer
/// writes reads back, and a damaged or hostile archive is read no further than it holds.
struct ZipArchiveTests {
    static let fromPython = SampleArchive.fromPython
    static let hello = Data(String(repeating: "hello, hello, hello, hello ", count: 20).utf8)

    static func read(_ data: Data, limits: ZipReader.Limits = .standard) throws -> [Result<ZipReader.Entry, ZipReader.EntryFailure>] {
        var found = [Result<ZipReader.Entry, ZipReader.EntryFailure>]()
        try ZipReader.forEachEntry(in: data, limits: limits) { found.append($0) }
        return found
    }

    /// Where the central directory starts, and so its first entry.
    static func directory(of data: [UInt8]) -> Int {
        let end = data.count - 22
        return Int(data[end + 16]) | Int(data[end + 17]) << 8 | Int(data[end + 18]) << 16 | Int(data[end + 19]) << 24
    }

    @Test func anArchiveAnotherToolWroteIsRead() throws {
        #expect(ZipReader.isArchive(Self.fromPython))
        let found = try Self.read(Self.fromPython).map { try $0.get() }
        #expect(found.map(\.path) == [["notes", "hello.txt"], ["stored.bin"], ["empty"]])
        #expect(found.map(\.isFolder) == [false, false, true])
        #expect(found[0].data == Self.hello)
        #expect(found[1].data == Data(0...255))
    }

    /// A backup that is not finished (it failed, or the program stopped) leaves the last one whole.
    @Test func anUnfinishedArchiveLeavesTheFileThereAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("backup.zip")
        do {
            let writer = try ZipWriter(writingTo: url)
            try writer.add("first.markup", Self.hello, modified: Date())
            try writer.finish()
        }
        let first = try Data(contentsOf: url)
        do {
            let writer = try ZipWriter(writingTo: url)
            try writer.add("second.markup", Data([1, 2, 3]), modified: Date())
            #expect(try Data(contentsOf: url) == first, "the last backup is untouched while the next is written")
        }
        #expect(try Data(contentsOf: url) == first, "an unfinished backup replaced the last one")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.zip"], "the unfinished one left a file")
        #expect(try Self.read(first).map { try $0.get().path } == [["first.markup"]])
    }

    @Test func whatTheWriterWritesReadsBack() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try ZipWriter(writingTo: url)
        let files: [(String, Data)] = [("Physics/Ünïcode notes.markup", Self.hello), ("empty.markup", Data()), ("../up/./here.markup", Data([7])), ("Empty folder/", Data())]
        for (name, data) in files { try writer.add(name, data, modified: Date(timeIntervalSince1970: 1_796_580_000)) }
        try writer.finish()
        let written = try Data(contentsOf: url)
        let found = try Self.read(written).map { try $0.get() }
        #expect(found.map(\.path) == [["Physics", "Ünïcode notes.markup"], ["empty.markup"], ["up", "here.markup"], ["Empty folder"]])
        #expect(found.map(\.data) == files.map(\.1) && found.map(\.isFolder) == [false, false, false, true])
        #expect(ZipWriter.dosTime(Date(timeIntervalSince1970: 1_796_580_000)) == (UInt16(18 << 11), UInt16(46 << 9 | 12 << 5 | 6)), "18:00 on 6 December 2026")
        // No entries at all is an archive too.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: empty) }
        try ZipWriter(writingTo: empty).finish()
        let none = try Data(contentsOf: empty)
        let nothingRead = try Self.read(none)
        #expect(ZipReader.isArchive(none) && none.count == 22 && nothingRead.isEmpty)
    }

    @Test func aDamagedOrHostileArchiveIsReadNoFurtherThanItHolds() throws {
        let original = [UInt8](Self.fromPython), first = Self.directory(of: original), second = first + 46 + 15
        func patched(_ change: (inout [UInt8]) -> Void) -> Data {
            var bytes = original
            change(&bytes)
            return Data(bytes)
        }
        func reasons(_ data: Data) throws -> [String] {
            try Self.read(data).map { result in
                switch result {
                case .success(let entry): "read \(entry.path.joined(separator: "/"))"
                case .failure(let failure): "\(failure.name): \(failure.reason)"
                }
            }
        }
        // A checksum that does not hold, in the directory: that file alone is refused.
        #expect(try reasons(patched { $0[second + 16] ^= 0xFF }) == ["read notes/hello.txt", "stored.bin: its checksum does not hold", "read empty"])
        // A deflated file that says it is smaller than it inflates to: inflated no further.
        #expect(try reasons(patched { $0[first + 24] = 10; $0[first + 25] = 0 }).first == "notes/hello.txt: it inflates to more than it says")
        // Encrypted, or compressed some other way.
        #expect(try reasons(patched { $0[first + 8] |= 1 }).first == "notes/hello.txt: it is encrypted")
        #expect(try reasons(patched { $0[first + 10] = 12 }).first == "notes/hello.txt: it is compressed in a way MarkupKit does not read (method 12)")
        // A file whose header lies past the files, or whose data runs past them.
        #expect(try reasons(patched { $0[second + 42] = 0xFF; $0[second + 43] = 0xFF })[1] == "stored.bin: its header is missing")
        #expect(try reasons(patched { $0[second + 20] = 0xFF; $0[second + 21] = 0xFF; $0[second + 22] = 0xFF })[1] == "stored.bin: it runs past the archive's files")
        // A name of nothing but `.` and `..` has no name; `..` is never a way out of the archive.
        let nowhere = Array("./../../..".utf8)
        #expect(try reasons(patched { $0.replaceSubrange(second + 46..<second + 56, with: nowhere) })[1] == "./../../..: it has no name")
        // Cut short, its directory said to lie outside it, not a zip at all: nothing is read.
        for broken in [Self.fromPython.prefix(Self.fromPython.count - 5), patched { $0[$0.count - 6] = 0xFF }, Data("PK but nothing more".utf8), Data()] {
            #expect(throws: ZipError.self) { try Self.read(broken) }
        }
        // More entries or bytes than the limits allow: nothing past them is read.
        #expect(throws: ZipError.tooLarge("more than 1 entries")) { try Self.read(Self.fromPython, limits: .init(entries: 1, entryBytes: 1 << 20, totalBytes: 1 << 20)) }
        #expect(throws: ZipError.self) { try Self.read(Self.fromPython, limits: .init(entries: 10, entryBytes: 100, totalBytes: 1 << 20)) }
        #expect(throws: ZipError.self) { try Self.read(Self.fromPython, limits: .init(entries: 10, entryBytes: 1 << 20, totalBytes: 600)) }
    }
}
