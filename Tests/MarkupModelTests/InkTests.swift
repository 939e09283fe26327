import MarkupModel
import Testing

struct InkTests {
    @Test(arguments: InkType.allCases)
    func widthIsClampedIntoTheValidRange(type: InkType) {
        let range = type.validWidthRange
        #expect(Ink(type, width: range.lowerBound - 10).width == range.lowerBound)
        #expect(Ink(type, width: range.upperBound * 3).width == range.upperBound)
        #expect(Ink(type, width: .nan).width == type.defaultWidth)
        #expect(range.contains(type.defaultWidth))
    }

    @Test func widthSnapsToTheStoredGrid() {
        var ink = Ink(.pen, width: 3.3333)
        #expect(ink.width * 64 == (ink.width * 64).rounded())
        ink.setWidth(100)
        #expect(ink.width == InkType.pen.validWidthRange.upperBound)
    }

    @Test func contentVersionsFollowPencilKitsLadder() {
        let expected: [InkType: ContentVersion] = [
            .pen: .version1, .pencil: .version1, .marker: .version1,
            .monoline: .version2, .fountainPen: .version2, .watercolor: .version2, .crayon: .version2,
            .reed: .version3,
        ]
        for type in InkType.allCases {
            #expect(type.requiredContentVersion == expected[type])
        }
        #expect(ContentVersion.version1 < .version2 && ContentVersion.version2 < .version3 && ContentVersion.version3 < .latest)
    }
}
