/// Where Align puts the selected elements: their boxes' left edges, horizontal centres or right
/// edges on the selection's, or their top edges, vertical middles or bottom edges.
public enum SelectionAlignment: String, CaseIterable, Hashable, Sendable {
    case left, center, right, top, middle, bottom

    /// Whether the alignment moves elements sideways (else up or down).
    var isHorizontal: Bool { [.left, .center, .right].contains(self) }
}

/// A direction on the page: across (`horizontal`) or down. Distribute spaces the selection out
/// along it; Flip mirrors along it (`horizontal`: left to right).
public enum SelectionAxis: String, CaseIterable, Hashable, Sendable {
    case horizontal, vertical
}
