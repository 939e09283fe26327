import Foundation
import MarkupModel

/// Room made on the page, as Xournal++'s vertical space tool makes it: what lies below a line moves
/// down (or up, to close a gap), and a notebook's page grows a sheet at a time to hold it.
extension MarkupController {
    /// The most a page is pushed apart or closed up by at once, in points.
    public static let maximumSpace = 100_000.0

    /// Moves every element that lies wholly below `y` (document points) down by `distance` (up
    /// when negative), as one step; locked elements, and those across the line, stay. When what
    /// moves would pass the page's bottom, a page without a background grows by as many sheets as
    /// it takes, in the same step.
    ///
    /// - Throws: `invalidGeometry` for a place or distance that is not finite, a distance of 0 or
    ///   past `maximumSpace`, nothing below the line, markup pushed above the page or past a
    ///   background's last page; `tooLarge` past the most sheets a page may have.
    public func insertSpace(at y: Double, by distance: Double) throws(EditorError) {
        guard isEditable else { throw .notEditable }
        guard y.isFinite, distance.isFinite, distance != 0, abs(distance) <= Self.maximumSpace else {
            throw .invalidGeometry("the space needs a place and a height of at most \(Int(Self.maximumSpace)) points")
        }
        let page = markup.bounds
        let below = Rect(x: -Self.coordinateLimit, y: y, width: 2 * Self.coordinateLimit, height: max(Self.coordinateLimit - y, 0))
        var moving = [Element]()
        index.visit(intersecting: below) { id in
            guard let element = markup.element(withID: id), !element.isLocked, element.renderFrame.minY >= y else { return }
            moving.append(element)
        }
        guard let top = moving.map(\.renderFrame.minY).min(), let bottom = moving.map(\.renderFrame.maxY).max() else {
            throw .invalidGeometry("nothing lies below there to move")
        }
        guard top + distance >= page.minY else { throw .invalidGeometry("that would push the markup above the page") }
        var grown: PageChange?
        if bottom + distance > page.maxY {
            guard markup.background == nil else { throw .invalidGeometry("that would push the markup past the last page") }
            let sheet = markup.sheetHeight ?? page.height
            let height = page.height + (((bottom + distance - page.maxY) / sheet).rounded(.up)) * sheet
            guard height <= sheet * (Double(Markup.maximumSheets) + 0.5) else { throw .tooLarge(what: "sheets in a page", limit: Markup.maximumSheets) }
            guard page.minY + height <= Self.coordinateLimit else { throw .invalidGeometry("the page would reach past the canvas") }
            grown = PageChange(bounds: Rect(x: page.minX, y: page.minY, width: page.width, height: height), sheetHeight: sheet)
        }
        let offset = Point(x: 0, y: distance)
        try commit(MarkupChange(updated: moving.map { Self.moved($0, by: offset) }, page: grown))
    }
}
