import MarkupModel

/// The `cnct` section (docs/FORMAT.md §1.8): which lines' ends are attached to other elements.
/// Ancillary: a reader that skips it draws the same lines, their ends merely free.
enum ConnectionSection {
    static let tag = SectionTag("cnct")

    private static let startConnected: UInt8 = 1, endConnected: UInt8 = 2, startExact: UInt8 = 4, endExact: UInt8 = 8

    /// The section's payload; nil when no line is connected.
    static func encode(_ markup: Markup) -> [UInt8]? {
        let connected = markup.elements.indices.compactMap { position -> (Int, Shape)? in
            guard case .shape(let shape) = markup.elements[position].content,
                  shape.startConnection != nil || shape.endConnection != nil else { return nil }
            return (position, shape)
        }
        guard !connected.isEmpty else { return nil }
        var writer = ByteWriter()
        PositionList.write(connected.map(\.0), to: &writer)
        for (_, shape) in connected {
            var flags: UInt8 = 0
            if let start = shape.startConnection { flags |= startConnected | (start.isExact ? startExact : 0) }
            if let end = shape.endConnection { flags |= endConnected | (end.isExact ? endExact : 0) }
            writer.write(flags)
            for connection in [shape.startConnection, shape.endConnection].compactMap({ $0 }) {
                withUnsafeBytes(of: connection.element.uuid.uuid) { writer.write(Array($0)) }
                writer.writeDouble(connection.anchor.x)
                writer.writeDouble(connection.anchor.y)
            }
        }
        return writer.bytes
    }

    /// Attaches the lines of `markup` that `payload` names.
    /// - Throws: `malformedData` for a position past the elements or not a line, positions out of
    ///   order, unknown flags, a line with neither end connected or connected to itself, an anchor
    ///   outside 0…1, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        let positions = try PositionList.read("connected lines", from: &reader, elementCount: markup.elements.count)
        var connections = [(start: LineConnection?, end: LineConnection?)]()
        connections.reserveCapacity(positions.count)
        for _ in positions {
            let flags = try reader.readByte()
            guard flags & ~(startConnected | endConnected | startExact | endExact) == 0, flags & (startConnected | endConnected) != 0,
                  flags & startExact == 0 || flags & startConnected != 0, flags & endExact == 0 || flags & endConnected != 0 else {
                throw .malformedData(reason: "a connected line's flags \(flags) are not known")
            }
            func connection(_ connected: UInt8, exact: UInt8) throws(MarkupError) -> LineConnection? {
                guard flags & connected != 0 else { return nil }
                let element = ElementID(try reader.readUUID())
                let anchor = Point(x: try reader.readFiniteDouble("a connection's anchor"), y: try reader.readFiniteDouble("a connection's anchor"))
                let made = LineConnection(element: element, anchor: anchor, isExact: flags & exact != 0)
                guard made.isValid else { throw .malformedData(reason: "a connection's anchor lies outside 0…1") }
                return made
            }
            let start = try connection(startConnected, exact: startExact)
            connections.append((start, try connection(endConnected, exact: endExact)))
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the connected lines") }
        guard markup.setConnections(connections, ofLinesAt: positions) else {
            throw .malformedData(reason: "a connection names an element that is not a line, or a line connected to itself")
        }
    }
}
