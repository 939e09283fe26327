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

    @Test func anIDIsWrittenAsFoundationWritesItsUUIDInLowerCase() {
        var generator = SeededBytes(state: 0x9E37_79B9_7F4A_7C15)
        let uuids = (0..<5000).map { _ in UUID(uuid: generator.uuid()) } + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                                                                          UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!]
        for uuid in uuids {
            #expect(uuid.lowercaseText == uuid.uuidString.lowercased())
            #expect(ElementID(uuid).description == uuid.uuidString.lowercased())
        }
    }

    /// Every byte value in every position, not only the bits a version 4 UUID leaves random.
    private struct SeededBytes {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }

        mutating func uuid() -> uuid_t {
            let bytes = withUnsafeBytes(of: (next(), next())) { Array($0) }
            return (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])
        }
    }
}
