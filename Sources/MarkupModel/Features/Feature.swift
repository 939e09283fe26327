/// A capability a canvas offers or a document uses, as PaperKit's FeatureSet lists them.
public enum Feature: String, CaseIterable, Hashable, Sendable, Codable {
    case drawing, text, images, stickers, loupes, links, shapeFills, shapeStrokes, shapeOpacity
    /// An image or PDF pages under the markup (content version 4).
    case backgrounds
    /// Ruled paper under the markup: lines, squares or dots (content version 5).
    case paper
    /// Blank pages among a background's pages (content version 6).
    case blankPages
}
