import Foundation
import MarkupModel
import MarkupStore
import MarkupTestSupport
import Testing

/// Journal entries carry every part of an element.
struct ChangeCodecTests {
    @Test func aGroupedElementsGroupIsJournaled() throws {
        let markup = RandomDocuments.make(seed: 11, elementCount: 6)
        let group = GroupID()
        let updated = markup.elements.prefix(3).map { element in
            var copy = element
            copy.groupID = group
            return copy
        }
        let change = MarkupChange(added: [markup.elements[4]], updated: updated, removed: [markup.elements[5].id])
        let back = try ChangeCodec.decode(ChangeCodec.encode(change))
        #expect(back.updated.map(\.groupID) == [group, group, group] && back.added.map(\.groupID) == [nil])
        #expect(back == change)
    }
}
