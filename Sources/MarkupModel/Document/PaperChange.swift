/// A change of the paper a document lies on, part of a `MarkupChange`: a notebook's pages turned
/// from plain to lined, or to squares, as the person writing wants them.
public struct PaperChange: Hashable, Sendable {
    /// The paper from now on; nil for plain.
    public var paper: Paper?

    public init(to paper: Paper?) { self.paper = paper }
}
