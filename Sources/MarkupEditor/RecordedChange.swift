import MarkupModel

/// A change together with what it replaced, so it can be undone exactly.
struct RecordedChange: Sendable {
    var forward: MarkupChange
    var backward: MarkupChange
}
