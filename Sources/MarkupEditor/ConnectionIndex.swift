import MarkupModel

/// Which lines are attached to each element, kept in step with the document, so that an edit finds
/// the lines it moves without a pass over the document.
struct ConnectionIndex {
    private var linesByElement: [ElementID: Set<ElementID>] = [:]
    private var elementsByLine: [ElementID: [ElementID]] = [:]

    init(_ markup: Markup) {
        for element in markup.elements {
            if case .shape(let shape) = element.content, shape.startConnection != nil || shape.endConnection != nil { update(element) }
        }
    }

    /// Whether no line is attached to anything.
    var isEmpty: Bool { elementsByLine.isEmpty }

    /// The lines with an end attached to `id`.
    func lines(attachedTo id: ElementID) -> Set<ElementID> { linesByElement[id] ?? [] }

    /// Takes `element` as it is now: the elements it is attached to, if it is a connected line.
    mutating func update(_ element: Element) {
        remove(element.id)
        guard case .shape(let shape) = element.content else { return }
        let attached = [shape.startConnection, shape.endConnection].compactMap { $0?.element }
        guard !attached.isEmpty else { return }
        elementsByLine[element.id] = attached
        for target in attached { linesByElement[target, default: []].insert(element.id) }
    }

    /// Forgets the element `id` as a line; the lines attached to it stay until they change.
    mutating func remove(_ id: ElementID) {
        guard let attached = elementsByLine.removeValue(forKey: id) else { return }
        for target in attached {
            linesByElement[target]?.remove(id)
            if linesByElement[target]?.isEmpty == true { linesByElement[target] = nil }
        }
    }
}
