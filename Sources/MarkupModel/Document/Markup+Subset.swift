/// Part of a document on its own.
extension Markup {
    /// The elements named in `ids` alone, with the pictures they show and neither page background
    /// nor color: what a copy of a selection as a picture shows.
    public func keeping(only ids: Set<ElementID>) -> Markup {
        var subset = self
        _ = subset.apply(MarkupChange(removed: elements.lazy.filter { !ids.contains($0.id) }.map(\.id)))
        subset.background = nil
        subset.backgroundColor = nil
        return subset
    }
}
