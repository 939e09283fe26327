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
            PositionList.write(members[group]!, to: &writer)
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
            let positions = try PositionList.read("group \(group)", from: &reader, elementCount: markup.elements.count)
            for position in positions where !grouped.insert(position).inserted { throw .malformedData(reason: "an element in two groups") }
            markup.setGroup(group, ofElementsAt: positions)
        }
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the groups") }
    }
}
