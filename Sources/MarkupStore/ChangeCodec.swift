import Foundation
import MarkupFormat
import MarkupModel

/// The bytes of a `MarkupChange` journal entry (kind 1), specified in docs/STORE.md: a magic and
/// version, the removed ids, the ids of the updated elements, then a `.markup` file holding the
/// added and updated elements and the blobs they bring; elements may draw blobs the document
/// already holds, which the entry does not repeat. Reusing the file format keeps every element
/// kind, the point compression and the version checks in one place. A change of the paper, of
/// the page's size or of the background's pages is an entry of version 2, whose flags say so and
/// whose file carries them; every other change is written as version 1, which a MarkupKit from
/// before such changes reads.
public enum ChangeCodec {
    static let magic: [UInt8] = Array("MKCH".utf8)
    static let version: UInt8 = 2
    /// Version 2's flags: the change sets the paper (to the file's, or plain when it has none), the
    /// page's size (to the file's bounds and sheet height), and the background (to the file's).
    static let changesPaper: UInt8 = 1, changesPage: UInt8 = 2, changesBackground: UInt8 = 4
    /// The fastest compression level: an entry is written while its page waits for the ack, and is read
    /// only until the next snapshot covers it.
    static let entryCompressionLevel: Int32 = 1
    /// Entries of at most this many stroke points are stored without compression (level 0): deflate's
    /// fixed cost per stream (its Huffman codes) was about 60 % of encoding one stroke's entry. It
    /// made the entry 43 % smaller, but the entry is read only until the next snapshot covers it.
    static let storedEntryPoints = 1000

    public static func encode(_ change: MarkupChange) throws(StoreError) -> Data {
        let flags = (change.paper == nil ? 0 : changesPaper) | (change.page == nil ? 0 : changesPage)
            | (change.background == nil ? 0 : changesBackground)
        var bytes = magic + (flags == 0 ? [1] : [version, flags])
        appendIDs(change.removed, to: &bytes)
        appendIDs(change.updated.map(\.id), to: &bytes)
        var carrier = Markup(bounds: change.page?.bounds ?? .zero)
        carrier.paper = change.paper?.paper
        carrier.sheetHeight = change.page?.sheetHeight
        carrier.background = change.background
        var points = 0
        for element in change.added + change.updated {
            carrier.insert(element)
            if case .stroke(let stroke) = element.content { points += stroke.points.count }
        }
        for (id, blob) in change.addedBlobs { carrier.addBlob(Data(blob), id: id) }
        let level = points <= storedEntryPoints && change.addedBlobs.isEmpty ? 0 : entryCompressionLevel
        do throws(MarkupError) {
            bytes += try MarkupFile(markup: carrier).encodedPart(compressionLevel: level)
        } catch {
            throw .document(error)
        }
        return Data(bytes)
    }

    /// - Throws: `document(.incompatibleFormatTooNew)` for a change from a newer MarkupKit,
    ///   `document(.malformedData)` for damaged bytes.
    public static func decode(_ data: Data) throws(StoreError) -> MarkupChange {
        let bytes = [UInt8](data)
        guard bytes.count >= 5, Array(bytes[0..<4]) == magic else { throw .document(.malformedData(reason: "not a change entry")) }
        guard bytes[4] <= version else {
            throw .document(.malformedData(reason: "change entry version \(bytes[4]) is newer than \(version)"))
        }
        var offset = 5, flags: UInt8 = 0
        if bytes[4] >= 2 {
            guard bytes.count > offset else { throw .document(.malformedData(reason: "change entry truncated")) }
            flags = bytes[offset]
            offset += 1
            guard flags & ~(changesPaper | changesPage | changesBackground) == 0 else { throw .document(.malformedData(reason: "change entry flags \(flags) unknown")) }
        }
        let removed = try readIDs(bytes, at: &offset)
        let updatedIDs = Set(try readIDs(bytes, at: &offset))
        let carrier: Markup
        do throws(MarkupError) {
            carrier = try MarkupFile.decodePart(Data(bytes[offset...])).markup
        } catch {
            throw .document(error)
        }
        var change = MarkupChange(removed: removed)
        if flags & changesPaper != 0 { change.paper = PaperChange(to: carrier.paper) }
        if flags & changesPage != 0 { change.page = PageChange(of: carrier) }
        if flags & changesBackground != 0 {
            guard let background = carrier.background else { throw .document(.malformedData(reason: "a change of the background without one")) }
            change.background = background
        }
        for element in carrier.elements {
            if updatedIDs.contains(element.id) { change.updated.append(element) } else { change.added.append(element) }
        }
        guard change.updated.count == updatedIDs.count else { throw .document(.malformedData(reason: "updated ids without elements")) }
        for (id, blob) in carrier.blobs { change.addedBlobs[id] = [UInt8](blob) }
        return change
    }

    private static func appendIDs(_ ids: [ElementID], to bytes: inout [UInt8]) {
        let count = UInt32(ids.count)
        bytes += [UInt8(count >> 24), UInt8((count >> 16) & 0xff), UInt8((count >> 8) & 0xff), UInt8(count & 0xff)]
        for id in ids { withUnsafeBytes(of: id.uuid.uuid) { bytes += $0 } }
    }

    private static func readIDs(_ bytes: [UInt8], at offset: inout Int) throws(StoreError) -> [ElementID] {
        guard bytes.count - offset >= 4 else { throw .document(.malformedData(reason: "change entry truncated")) }
        let count = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        offset += 4
        guard count <= (bytes.count - offset) / 16 else { throw .document(.malformedData(reason: "change entry truncated")) }
        var ids = [ElementID]()
        ids.reserveCapacity(count)
        for _ in 0..<count {
            let uuid = bytes.withUnsafeBytes { raw in raw.loadUnaligned(fromByteOffset: offset, as: uuid_t.self) }
            ids.append(ElementID(UUID(uuid: uuid)))
            offset += 16
        }
        return ids
    }
}
