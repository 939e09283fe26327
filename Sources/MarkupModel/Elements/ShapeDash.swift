/// How a shape's outline is drawn: one line, dashes, or dots (tldraw's and Excalidraw's stroke
/// style).
public enum ShapeDash: String, CaseIterable, Hashable, Sendable, Codable {
    case solid, dashed, dotted
}
