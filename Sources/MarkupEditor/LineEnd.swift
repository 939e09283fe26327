/// One of a line's two ends: where it was drawn from, or where it was drawn to.
public enum LineEnd: String, Sendable, CaseIterable {
    /// Where the line was drawn from: its `from`, and its start marker.
    case start
    /// Where the line was drawn to: its `to`, and its end marker.
    case end
}
