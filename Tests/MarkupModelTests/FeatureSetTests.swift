import Foundation
import MarkupModel
import Testing

struct FeatureSetTests {
    @Test func presets() {
        #expect(FeatureSet.empty.features.isEmpty && FeatureSet.empty.inks.isEmpty && FeatureSet.empty.shapes.isEmpty)
        #expect(FeatureSet.latest.features == Set(Feature.allCases))
        #expect(FeatureSet.latest.inks == Set(InkType.allCases))
        #expect(FeatureSet.latest.shapes == Set(ShapeType.allCases))
        #expect(FeatureSet.latest.lineMarkerPositions == .all)
        #expect(FeatureSet.version1.inks == [.pen, .pencil, .marker])
        #expect(FeatureSet.empty.contentVersion == .version1)
        #expect(FeatureSet.version1.contentVersion == .version1)
        #expect(FeatureSet.latest.contentVersion == .latest)
        #expect(FeatureSet.latest.colorMaximumLinearExposure == 1)
    }

    @Test(arguments: Feature.allCases)
    func insertAndRemoveFeature(feature: Feature) {
        var set = FeatureSet.empty
        #expect(!set.contains(feature))
        set.insert(feature)
        #expect(set.contains(feature) && set.features == [feature])
        set.remove(feature)
        #expect(set == .empty)
    }

    @Test(arguments: InkType.allCases)
    func insertAndRemoveInk(ink: InkType) {
        var set = FeatureSet.latest
        set.remove(ink)
        #expect(!set.contains(ink))
        #expect(set.isSubset(of: .latest) && !FeatureSet.latest.isSubset(of: set))
        set.insert(ink)
        #expect(set == .latest)
    }

    @Test(arguments: ShapeType.allCases)
    func insertAndRemoveShape(shape: ShapeType) {
        var set = FeatureSet.empty
        set.insert(shape)
        #expect(set.contains(shape) && set.shapes.count == 1)
        set.remove(shape)
        #expect(!set.contains(shape))
    }

    @Test func subsetsAndUnions() {
        #expect(FeatureSet.empty.isSubset(of: .version1))
        #expect(FeatureSet.version1.isSubset(of: .latest))
        #expect(!FeatureSet.latest.isSubset(of: .version1))
        var hdr = FeatureSet.version1
        hdr.colorMaximumLinearExposure = 4
        #expect(!hdr.isSubset(of: .latest))
        var latestHDR = FeatureSet.latest
        latestHDR.colorMaximumLinearExposure = 4
        #expect(hdr.isSubset(of: latestHDR))
        var markers = FeatureSet.empty
        markers.lineMarkerPositions = .start
        #expect(!FeatureSet.latest.isSubset(of: markers) && markers.isSubset(of: .latest))
        let union = hdr.union(.latest)
        #expect(union.inks == Set(InkType.allCases) && union.colorMaximumLinearExposure == 4)
    }

    @Test func contentVersionFollowsTheNewestInkAndShape() {
        var set = FeatureSet.empty
        set.insert(.pen)
        #expect(set.contentVersion == .version1)
        set.insert(.crayon)
        #expect(set.contentVersion == .version2)
        set.insert(.reed)
        #expect(set.contentVersion == .version3)
        // Page backgrounds came after every ink, ruled paper after them, blank pages among a
        // background's pages after that, and hearts and clouds last.
        set.insert(.backgrounds)
        #expect(set.contentVersion == .version4)
        set.insert(.paper)
        #expect(set.contentVersion == .version5)
        set.insert(.blankPages)
        #expect(set.contentVersion == .version6)
        set.insert(ShapeType.star)
        #expect(set.contentVersion == .version6)
        set.insert(ShapeType.cloud)
        #expect(set.contentVersion == .version7 && ContentVersion.version7 == .latest)
        #expect(!FeatureSet.version1.contains(ShapeType.heart) && FeatureSet.version1.contains(ShapeType.arrowShape))
    }

    /// A document's content version, worked out on its own, is the one its feature set gives.
    @Test func aDocumentsContentVersionIsItsFeatureSets() {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(markup.contentVersion == .version1 && markup.contentVersion == markup.featureSet.contentVersion)
        markup.insert(.shape(Shape(configuration: .ellipse)), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(markup.contentVersion == markup.featureSet.contentVersion)
        for ink in [InkType.marker, .watercolor, .pencil, .reed, .pen] {
            markup.insert(.stroke(Stroke(ink: Ink(ink, width: 4), points: [StrokePoint(location: .zero, timeOffset: 0, size: Size(width: 4, height: 4))])),
                          frame: .zero)
            #expect(markup.contentVersion == markup.featureSet.contentVersion)
        }
        #expect(markup.contentVersion == .version3)
        markup.background = PageBackground(source: .pdf(BlobID(of: Data("pdf".utf8))), pageSizes: [Size(width: 100, height: 100)])
        #expect(markup.contentVersion == .version4 && markup.contentVersion == markup.featureSet.contentVersion)
        markup.paper = Paper(ruling: .dotted)
        #expect(markup.contentVersion == .version5 && markup.contentVersion == markup.featureSet.contentVersion)
        // A canvas of content version 4 leaves the paper out.
        var withoutPaper = FeatureSet.latest
        withoutPaper.remove(.paper)
        markup.removeContentUnsupported(by: withoutPaper)
        #expect(markup.paper == nil && markup.contentVersion == .version4)
        // A heart needs content version 7; a canvas without hearts leaves it out.
        markup.insert(.shape(Shape(configuration: .heart)), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(markup.contentVersion == .version7 && markup.contentVersion == markup.featureSet.contentVersion)
        var withoutHearts = FeatureSet.latest
        withoutHearts.remove(ShapeType.heart)
        markup.removeContentUnsupported(by: withoutHearts)
        #expect(markup.contentVersion == .version4)
        #expect(!markup.elements.contains { if case .shape(let shape) = $0.content { shape.configuration == .heart } else { false } })
        #expect(markup.elements.contains { if case .shape(let shape) = $0.content { shape.configuration == .ellipse } else { false } })
    }
}
