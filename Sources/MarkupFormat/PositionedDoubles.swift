import MarkupModel

/// The payload of an ancillary section that gives some elements a few numbers each (a bent line
/// its middle, a cropped picture its crop): a position list (§1.3), then each position's finite
/// f64s in turn.
enum PositionedDoubles {
    /// The payload for `entries` (positions in order, each with the same count of numbers); nil
    /// when there are none.
    static func encode(_ entries: [(position: Int, values: [Double])]) -> [UInt8]? {
        guard !entries.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(entries.map(\.position), to: &writer)
        for (_, values) in entries {
            for value in values { writer.writeDouble(value) }
        }
        return writer.bytes
    }

    /// The positions `payload` names and `count` numbers for each, `what` naming them in errors.
    /// - Throws: `malformedData` for a position past the elements, positions out of order, a number
    ///   that is not finite, or bytes missing or left over.
    static func decode(_ payload: ArraySlice<UInt8>, _ what: String, count: Int, elementCount: Int) throws(MarkupError) -> [(position: Int, values: [Double])] {
        var reader = ByteReader(Array(payload))
        let positions = try PositionList.read(what, from: &reader, elementCount: elementCount)
        var entries = [(position: Int, values: [Double])]()
        entries.reserveCapacity(positions.count)
        for position in positions {
            var values = [Double]()
            for _ in 0..<count { values.append(try reader.readFiniteDouble("a number of the \(what)")) }
            entries.append((position, values))
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the \(what)") }
        return entries
    }
}
