/// Which text boxes of a group are labels of which of its elements: a text box whose middle lies in
/// a shape (the smallest, when several hold it), or on a line's middle. Each element has one label
/// at most, the first text box found for it. A label is kept in its element's group (a shape labelled
/// after a double-click, an Excalidraw container's bound text): what takes elements out of groups
/// keeps these pairs together, and Excalidraw gets them as bound text.
public enum GroupLabels {
    /// The label and labelled element of each pair among `members` (one group's elements), of the
    /// elements `canHold` accepts.
    public static func pairs(among members: [Element], canHold: (Element) -> Bool = { _ in true }) -> [(label: Element, holder: Element)] {
        let holders = members.filter { element in
            guard case .shape = element.content else { return false }
            return canHold(element)
        }
        var taken = Set<ElementID>(), pairs: [(label: Element, holder: Element)] = []
        for text in members {
            guard case .textBox = text.content else { continue }
            let holding = holders.filter { holder in
                guard !taken.contains(holder.id) else { return false }
                if let halfway = holder.lineHalfway { return text.isLabel(onLineHalfway: halfway) }
                return holder.frame.contains(text.frame.center)
            }
            guard let holder = holding.min(by: { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height }) else { continue }
            taken.insert(holder.id)
            pairs.append((text, holder))
        }
        return pairs
    }
}
