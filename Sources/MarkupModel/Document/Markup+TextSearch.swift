import Foundation

extension Markup {
    /// The boxes (as drawn, turned ones by the box around them) of the text boxes whose text holds
    /// `query`, case and accents aside, top to bottom and left to right; at most `limit` of them.
    public func textBoxes(containing query: String, limit: Int) -> [Rect] {
        guard !query.isEmpty else { return [] }
        var found = [Rect]()
        for element in elements {
            guard case .textBox(let box) = element.content,
                  box.text.string.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil else { continue }
            found.append(element.renderFrame)
        }
        return Array(found.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }.prefix(limit))
    }
}
