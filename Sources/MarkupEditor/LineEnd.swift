/// One of a line's two ends: where it was drawn from, or where it was drawn to.
public enum LineEnd: String, Sendable, CaseIterable {
    case start, end
}
