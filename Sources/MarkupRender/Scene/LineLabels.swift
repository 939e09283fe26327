import Foundation
import MarkupModel

/// Where the lines in groups are halfway along, by group: what tells a text box that labels a line
/// (in the line's group, its middle on the line's middle, as a double-click labels one), so that the
/// line is hidden behind its words rather than striking them through, as in tldraw and Excalidraw.
/// Worked out when a text box in a group is first drawn, once for every scene a renderer draws (a
/// page's elements one by one included).
final class LineLabels: @unchecked Sendable {
    private let markup: Markup
    /// Guards `halfways`: a renderer may draw on several threads.
    private let lock = NSLock()
    private var halfways: [GroupID: [Point]]?

    init(markup: Markup) { self.markup = markup }

    /// Whether `element`, a text box, labels a line of its group (`Element.isLabel(onLineHalfway:)`).
    func isLineLabel(_ element: Element) -> Bool {
        guard let group = element.groupID else { return false }
        return lineHalfways[group]?.contains(where: element.isLabel(onLineHalfway:)) ?? false
    }

    private var lineHalfways: [GroupID: [Point]] {
        lock.withLock {
            if let halfways { return halfways }
            var found = [GroupID: [Point]]()
            for element in markup.elements {
                guard let group = element.groupID, let halfway = element.lineHalfway else { continue }
                found[group, default: []].append(halfway)
            }
            halfways = found
            return found
        }
    }
}
