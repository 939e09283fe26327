import MarkupModel

/// The `elbw` section (docs/FORMAT.md §1.11): which lines are elbow lines, and where they turn.
/// Ancillary: a reader that skips it draws those lines straight between the same ends.
enum ElbowSection {
    static let tag = SectionTag("elbw")
    /// The bit of an entry's first byte saying that a middle follows its corners.
    static let hasMiddle: UInt8 = 0x80

    /// The section's payload; nil when no line is an elbow line.
    static func encode(_ markup: Markup) -> [UInt8]? {
        let entries = markup.elements.indices.compactMap { position -> (Int, [Point], Point?)? in
            guard case .shape(let shape) = markup.elements[position].content, let corners = shape.lineCorners,
                  Shape.areValidCorners(corners) else { return nil }
            return (position, corners, shape.elbowMiddle.flatMap { Shape.isValidElbowMiddle($0) ? $0 : nil })
        }
        guard !entries.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(entries.map(\.0), to: &writer)
        for (_, corners, middle) in entries {
            writer.write(UInt8(corners.count) | (middle == nil ? 0 : Self.hasMiddle))
            for point in corners + (middle.map { [$0] } ?? []) {
                writer.writeDouble(point.x)
                writer.writeDouble(point.y)
            }
        }
        return writer.bytes
    }

    /// Gives the lines of `markup` that `payload` names their corners.
    /// - Throws: `malformedData` for a position past the elements or not a straight line, positions
    ///   out of order, more than `Shape.maximumLineCorners` corners, a corner outside 0…1, a middle
    ///   more than 100 times the way between the ends, a number not finite, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        let positions = try PositionList.read("elbow lines", from: &reader, elementCount: markup.elements.count)
        var lines = [(corners: [Point], middle: Point?)]()
        lines.reserveCapacity(positions.count)
        func point() throws(MarkupError) -> Point {
            Point(x: try reader.readFiniteDouble("an elbow line's corner"), y: try reader.readFiniteDouble("an elbow line's corner"))
        }
        for _ in positions {
            let first = try reader.readByte()
            let count = Int(first & ~Self.hasMiddle)
            guard count <= Shape.maximumLineCorners else { throw .malformedData(reason: "an elbow line has more than \(Shape.maximumLineCorners) corners") }
            var corners = [Point]()
            for _ in 0..<count { corners.append(try point()) }
            lines.append((corners, first & Self.hasMiddle != 0 ? try point() : nil))
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the elbow lines") }
        guard markup.setLineCorners(lines.map(\.corners), middles: lines.map(\.middle), ofLinesAt: positions) else {
            throw .malformedData(reason: "an elbow line names an element that is not a straight line, a corner lies outside 0…1 or its middle too far")
        }
    }
}
