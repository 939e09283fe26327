/// Where Align puts the selected elements: their boxes' left edges, horizontal centres or right
/// edges on the selection's, or their top edges, vertical middles or bottom edges.
public enum SelectionAlignment: String, CaseIterable, Hashable, Sendable {
    case left, center, right, top, middle, bottom

    /// Whether the alignment moves elements sideways (else up or down).
    var isHorizontal: Bool { [.left, .center, .right].contains(self) }
}

/// Which way Distribute spaces the selected elements out.
public enum SelectionAxis: String, CaseIterable, Hashable, Sendable {
    case horizontal, vertical
}
