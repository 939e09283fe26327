import MarkupModel

/// The `shet` section (docs/FORMAT.md §1.7): how tall each sheet of a page made longer a sheet at
/// a time is. Ancillary: a reader that skips it shows the same long page, as one sheet.
enum SheetSection {
    static let tag = SectionTag("shet")

    static func encode(_ height: Double) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeDouble(height)
        return writer.bytes
    }

    /// - Throws: `malformedData` for a height that is not a positive number, or bytes left over.
    static func decode(_ payload: ArraySlice<UInt8>) throws(MarkupError) -> Double {
        var reader = ByteReader(Array(payload))
        let height = try reader.readFiniteDouble("sheet height")
        guard height > 0 else { throw .malformedData(reason: "the sheet height is not a positive number") }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the sheet height") }
        return height
    }
}
