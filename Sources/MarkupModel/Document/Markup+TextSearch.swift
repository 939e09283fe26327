import Foundation

extension Markup {
    /// The boxes (as drawn, turned ones by the box around them) of the elements whose words hold
    /// `query`, case and accents aside: text boxes (sticky notes and labels among them) by their
    /// text, pictures by their descriptions, links by their addresses; top to bottom and left to
    /// right, at most `limit` of them.
    public func boxes(containing query: String, limit: Int) -> [Rect] {
        guard !query.isEmpty else { return [] }
        var found = [Rect]()
        for element in elements {
            let words: String? = switch element.content {
            case .textBox(let box): box.text.string
            case .image(let image): image.description
            case .link(let link): link.url
            case .stroke, .shape, .sticker, .loupe: nil
            }
            guard let words, words.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil else { continue }
            found.append(element.renderFrame)
        }
        return Array(found.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }.prefix(limit))
    }
}
