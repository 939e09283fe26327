import Foundation
import MarkupModel
import Testing

/// A heart's and a cloud's outlines fill their frame, are the same on the left as on the right, and
/// have the features that make them read as what they are.
struct CurvedOutlineTests {
    static let frame = Rect(x: 100, y: 50, width: 200, height: 120)

    static func outline(_ configuration: ShapeConfiguration) throws -> [Point] {
        try #require(configuration.polygonCorners(in: frame))
    }

    /// The polygon's area, by the shoelace formula.
    static func area(_ points: [Point]) -> Double {
        abs(zip(points, points.dropFirst() + points.prefix(1)).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
    }

    @Test(arguments: [ShapeConfiguration.heart, .cloud])
    func theOutlineFillsItsFrameAndIsTheSameOnBothSides(_ configuration: ShapeConfiguration) throws {
        let points = try Self.outline(configuration)
        let box = try #require(Rect.enclosing(points))
        for (found, wanted) in [(box.minX, 100.0), (box.maxX, 300), (box.minY, 50), (box.maxY, 170)] {
            #expect(abs(found - wanted) < 0.5, "\(box)")
        }
        // The curves themselves, not only their flattening, reach the frame's edges and no further.
        let curves = try #require(configuration.curvedOutline(in: Self.frame))
        let extent = curves.extent
        for (found, wanted) in [(extent.minX, 100.0), (extent.maxX, 300), (extent.minY, 50), (extent.maxY, 170)] {
            #expect(abs(found - wanted) < 1e-9, "\(extent)")
        }
        // Mirrored across the frame's middle, every point lies on the outline again.
        let dense = curves.flattened(steps: 200)
        for point in points {
            let mirrored = Point(x: 400 - point.x, y: point.y)
            #expect(dense.contains { $0.distance(to: mirrored) < 0.5 }, "\(mirrored)")
        }
        #expect(Self.area(points) > 0.5 * 200 * 120, "a shape, not a sliver")
        #expect(configuration.isValid && ShapeType.allCases.contains(configuration.type))
    }

    @Test func aHeartHasItsPointAtTheBottomAndADipBetweenItsLobes() throws {
        let points = try Self.outline(.heart)
        let lowest = try #require(points.max { $0.y < $1.y })
        #expect(abs(lowest.x - 200) < 0.5 && abs(lowest.y - 170) < 0.5)
        // Down the middle, the outline's top is well below the lobes' tops (the frame's top).
        let middle = points.filter { abs($0.x - 200) < 2 }.map(\.y).min() ?? 0
        #expect(middle > 50 + 0.12 * 120, "\(middle)")
    }

    @Test func aCloudsBumpsMeetInNotches() throws {
        let curves = try #require(ShapeConfiguration.cloud.curvedOutline(in: Self.frame))
        #expect(curves.curves.count == 8)
        // Where two bumps meet lies inside the ellipse of the frame; each bump's middle reaches out.
        func ellipseRadius(_ point: Point) -> Double {
            let dx = (point.x - 200) / 100, dy = (point.y - 110) / 60
            return (dx * dx + dy * dy).squareRoot()
        }
        for curve in curves.curves { #expect(ellipseRadius(curve.end) < 0.9, "\(curve.end)") }
        let bumpMiddles = curves.flattened(steps: 2).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        for middle in bumpMiddles { #expect(ellipseRadius(middle) > 0.9, "\(middle)") }
    }
}
