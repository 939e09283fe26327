import Foundation
import MarkupModel

/// The `grup` section (docs/FORMAT.md §1.3): which elements are grouped. Ancillary: a reader that
/// skips it shows the same picture, its elements merely ungrouped.
enum GroupSection {
    static let tag = SectionTag("grup")

    /// The section's payload; nil when no element is in a group.
    static func encode(_ markup: Markup) -> [UInt8]? {
        var order = [GroupID](), members = [GroupID: [Int]]()
        for (position, element) in markup.elements.enumerated() {
            guard let group = element.groupID else { continue }
            if members[group] == nil { order.append(group) }
            members[group, default: []].append(position)
        }
        guard !order.isEmpty else { return nil }
        var writer = ByteWriter()
        writer.writeVarint(UInt64(order.count))
        for group in order {
            withUnsafeBytes(of: group.uuid.uuid) { writer.write(Array($0)) }
            let positions = members[group]!
            writer.writeVarint(UInt64(positions.count))
            var previous = 0
            for (index, position) in positions.enumerated() {
                writer.writeVarint(UInt64(index == 0 ? position : position - previous))
                previous = position
            }
        }
        return writer.bytes
    }

    /// Puts the elements of `markup` in the groups `payload` names.
    /// - Throws: `malformedData` for a position past the elements, members out of order, an element
    ///   in two groups or a group named twice.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        var reader = ByteReader(Array(payload))
        let count = try reader.readCount("group", minimumBytesEach: 18)
        var grouped = Set<Int>(), seen = Set<GroupID>()
        for _ in 0..<count {
            let group = GroupID(try reader.readUUID())
            guard seen.insert(group).inserted else { throw .malformedData(reason: "group \(group) named twice") }
            let size = try reader.readCount("group member", minimumBytesEach: 1)
            guard size >= 1 else { throw .malformedData(reason: "group \(group) has no members") }
            var positions = [Int](), position = 0
            positions.reserveCapacity(size)
            for index in 0..<size {
                let step = try reader.readVarint()
                guard index == 0 || step > 0 else { throw .malformedData(reason: "group \(group): members out of order") }
                guard step < UInt64(markup.elements.count - position) else {
                    throw .malformedData(reason: "group \(group): a member past the document's elements")
                }
                position += Int(step)
                guard grouped.insert(position).inserted else { throw .malformedData(reason: "an element in two groups") }
                positions.append(position)
            }
            markup.setGroup(group, ofElementsAt: positions)
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the groups") }
    }
}
