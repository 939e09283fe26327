import Foundation
import MarkupEditor
import MarkupStore

/// The bytes of a document's undo histories as a server stopping keeps them in its library
/// (docs/STORE.md, `undo_histories`): `MKUH`, a version, the number of scopes, then each scope's
/// name, its steps to undo and to redo (oldest first), each step what it did and what undoes it
/// as two change entries (`ChangeCodec`). Every count and length is checked against the bytes
/// that are left before anything is made from it.
enum UndoHistoriesCodec {
    static let magic: [UInt8] = Array("MKUH".utf8)
    static let version: UInt8 = 1
    /// The longest scope name kept (a page's id, which pages choose).
    static let maximumScopeBytes = 256

    static func encode(_ histories: UndoHistories) throws(StoreError) -> Data {
        var bytes = magic + [version]
        let scopes = histories.steps.filter { $0.key.utf8.count <= maximumScopeBytes && !($0.value.undo.isEmpty && $0.value.redo.isEmpty) }
        append(UInt32(scopes.count), to: &bytes)
        for (scope, steps) in scopes.sorted(by: { $0.key < $1.key }) {
            append(UInt32(scope.utf8.count), to: &bytes)
            bytes += scope.utf8
            append(UInt32(steps.undo.count), to: &bytes)
            append(UInt32(steps.redo.count), to: &bytes)
            for step in steps.undo + steps.redo {
                for change in [step.forward, step.backward] {
                    let entry = try ChangeCodec.encode(change)
                    append(UInt32(entry.count), to: &bytes)
                    bytes += entry
                }
            }
        }
        return Data(bytes)
    }

    /// - Throws: `document(.malformedData)` for damaged or truncated bytes, or those of a newer
    ///   MarkupKit.
    static func decode(_ data: Data) throws(StoreError) -> UndoHistories {
        var reader = Reader(bytes: [UInt8](data))
        guard try reader.take(4) == magic else { throw malformed("not undo histories") }
        guard try reader.take(1) == [version] else { throw malformed("undo histories of another version") }
        // A scope takes at least 12 bytes, a step at least 8 (two lengths).
        let scopeCount = try reader.count(atLeast: 12)
        var steps = [String: UndoHistories.Steps]()
        for _ in 0..<scopeCount {
            let nameLength = try reader.count(atLeast: 1)
            guard nameLength <= maximumScopeBytes else { throw malformed("a scope's name is too long") }
            let scope = String(decoding: try reader.take(nameLength), as: UTF8.self)
            let undoCount = try reader.count(atLeast: 8), redoCount = try reader.count(atLeast: 8)
            guard undoCount + redoCount <= reader.remaining / 8 else { throw malformed("undo histories truncated") }
            var read = [UndoHistories.Step]()
            for _ in 0..<(undoCount + redoCount) {
                let forward = try ChangeCodec.decode(Data(try reader.take(try reader.count(atLeast: 1))))
                let backward = try ChangeCodec.decode(Data(try reader.take(try reader.count(atLeast: 1))))
                read.append(UndoHistories.Step(forward: forward, backward: backward))
            }
            steps[scope] = UndoHistories.Steps(undo: Array(read.prefix(undoCount)), redo: Array(read.suffix(redoCount)))
        }
        guard reader.remaining == 0 else { throw malformed("bytes after the undo histories") }
        return UndoHistories(steps: steps)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    private static func malformed(_ reason: String) -> StoreError { .document(.malformedData(reason: reason)) }

    /// Reads the bytes in order, never past their end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func take(_ count: Int) throws(StoreError) -> [UInt8] {
            guard count >= 0, count <= remaining else { throw malformed("undo histories truncated") }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        /// A count of things each at least `size` bytes long, refused when that many could not fit
        /// in what is left.
        mutating func count(atLeast size: Int) throws(StoreError) -> Int {
            let value = try take(4).reduce(0) { $0 << 8 | Int($1) }
            guard value <= remaining / size else { throw malformed("undo histories truncated") }
            return value
        }
    }
}
