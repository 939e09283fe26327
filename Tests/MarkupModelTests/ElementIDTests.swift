import Foundation
import MarkupModel
import Testing

struct ElementIDTests {
    @Test func newIDsAreRandomVersion4UUIDs() {
        let ids = (0..<2000).map { _ in ElementID() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let text = Array(id.description)
            #expect(text.count == 36)
            #expect(text[14] == "4")
            #expect("89ab".contains(text[19]))
            #expect(ElementID(id.description) == id)
        }
    }

    @Test func orderIsTheOrderOfTheirStrings() {
        let ids = (0..<500).map { _ in ElementID() } + [ElementID(UUID(uuidString: "00000000-0000-4000-8000-000000000000")!),
                                                       ElementID(UUID(uuidString: "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")!)]
        #expect(ids.sorted().map(\.description) == ids.map(\.description).sorted())
        #expect(!(ids[0] < ids[0]))
    }
}
