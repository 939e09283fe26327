import MarkupModel

/// A list of element positions in a section (the body's element order, from 0), ascending: the first
/// as it is, each later one as its step from the one before.
enum PositionList {
    /// A section's payload that is a position list alone (the elements a flag holds for); nil when
    /// there are none.
    static func payload(_ positions: [Int]) -> [UInt8]? {
        guard !positions.isEmpty else { return nil }
        var writer = ByteWriter()
        write(positions, to: &writer)
        return writer.bytes
    }

    /// The positions a payload of a position list alone names, `what` naming them in errors.
    /// - Throws: `malformedData` for a position past the elements, positions out of order, or
    ///   bytes left over.
    static func positions(in payload: ArraySlice<UInt8>, _ what: String, elementCount: Int) throws(MarkupError) -> [Int] {
        var reader = ByteReader(Array(payload))
        let positions = try read(what, from: &reader, elementCount: elementCount)
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the \(what)") }
        return positions
    }

    /// A section's payload that gives each element a kind: the positions, then one byte each, the
    /// kind's index in `kinds`; nil when there are none.
    static func payload<Kind: Equatable>(_ entries: [(position: Int, kind: Kind)], kinds: [Kind]) -> [UInt8]? {
        guard !entries.isEmpty else { return nil }
        var writer = ByteWriter()
        write(entries.map(\.position), to: &writer)
        for entry in entries { writer.write(UInt8(kinds.firstIndex(of: entry.kind).unsafelyUnwrapped)) }
        return writer.bytes
    }

    /// The positions and kinds a payload of `payload(_:kinds:)` names, `what` naming them in errors.
    /// - Throws: `malformedData` for a position past the elements, positions out of order, an
    ///   unknown kind, or bytes missing or left over.
    static func kinds<Kind>(in payload: ArraySlice<UInt8>, _ what: String, of kinds: [Kind], elementCount: Int) throws(MarkupError)
        -> (positions: [Int], kinds: [Kind]) {
        var reader = ByteReader(Array(payload))
        let positions = try read(what, from: &reader, elementCount: elementCount)
        var found = [Kind]()
        found.reserveCapacity(positions.count)
        for _ in positions {
            let kind = Int(try reader.readByte())
            guard kinds.indices.contains(kind) else { throw .malformedData(reason: "\(what): unknown kind \(kind)") }
            found.append(kinds[kind])
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the \(what)") }
        return (positions, found)
    }

    static func write(_ positions: [Int], to writer: inout ByteWriter) {
        writer.writeVarint(UInt64(positions.count))
        var previous = 0
        for (index, position) in positions.enumerated() {
            writer.writeVarint(UInt64(index == 0 ? position : position - previous))
            previous = position
        }
    }

    /// `what`'s positions, at least one, each less than `elementCount`.
    /// - Throws: `malformedData` for none, a step of 0 after the first, or a position past the elements.
    static func read(_ what: String, from reader: inout ByteReader, elementCount: Int) throws(MarkupError) -> [Int] {
        let count = try reader.readCount("\(what) member", minimumBytesEach: 1)
        guard count >= 1 else { throw .malformedData(reason: "\(what) has no members") }
        var positions = [Int](), position = 0
        positions.reserveCapacity(count)
        for index in 0..<count {
            let step = try reader.readVarint()
            guard index == 0 || step > 0 else { throw .malformedData(reason: "\(what): members out of order") }
            guard step < UInt64(elementCount - position) else { throw .malformedData(reason: "\(what): a member past the document's elements") }
            position += Int(step)
            positions.append(position)
        }
        return positions
    }
}
