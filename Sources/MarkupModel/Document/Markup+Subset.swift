/// Part of a document on its own.
extension Markup {
    /// The elements named in `ids` alone, with the pictures they show and neither page background
    /// nor color: what a copy of a selection as a picture shows. O(n) in the elements.
    public func keeping(only ids: Set<ElementID>) -> Markup {
        var subset = self
        subset.replaceElements(elements.filter { ids.contains($0.id) })
        subset.background = nil
        subset.backgroundColor = nil
        return subset
    }
}
