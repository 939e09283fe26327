import MarkupModel

/// The `elbw` section (docs/FORMAT.md §1.11): which lines are elbow lines, and where they turn.
/// Ancillary: a reader that skips it draws those lines straight between the same ends.
enum ElbowSection {
    static let tag = SectionTag("elbw")

    /// The section's payload; nil when no line is an elbow line.
    static func encode(_ markup: Markup) -> [UInt8]? {
        let entries = markup.elements.indices.compactMap { position -> (Int, [Point])? in
            guard case .shape(let shape) = markup.elements[position].content, let corners = shape.lineCorners,
                  Shape.areValidCorners(corners) else { return nil }
            return (position, corners)
        }
        guard !entries.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(entries.map(\.0), to: &writer)
        for (_, corners) in entries {
            writer.write(UInt8(corners.count))
            for corner in corners {
                writer.writeDouble(corner.x)
                writer.writeDouble(corner.y)
            }
        }
        return writer.bytes
    }

    /// Gives the lines of `markup` that `payload` names their corners.
    /// - Throws: `malformedData` for a position past the elements or not a straight line, positions
    ///   out of order, more than `Shape.maximumLineCorners` corners, a corner outside 0…1 or not
    ///   finite, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        let positions = try PositionList.read("elbow lines", from: &reader, elementCount: markup.elements.count)
        var corners = [[Point]]()
        corners.reserveCapacity(positions.count)
        for _ in positions {
            let count = Int(try reader.readByte())
            guard count <= Shape.maximumLineCorners else { throw .malformedData(reason: "an elbow line has more than \(Shape.maximumLineCorners) corners") }
            var line = [Point]()
            for _ in 0..<count {
                line.append(Point(x: try reader.readFiniteDouble("an elbow line's corner"), y: try reader.readFiniteDouble("an elbow line's corner")))
            }
            corners.append(line)
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the elbow lines") }
        guard markup.setLineCorners(corners, ofLinesAt: positions) else {
            throw .malformedData(reason: "an elbow line names an element that is not a straight line, or a corner lies outside 0…1")
        }
    }
}
