/// How a shape's fill paints its inside: evenly, or in parallel lines one way or both (Excalidraw's
/// solid, hachure and cross-hatch fills).
public enum ShapeFillStyle: String, CaseIterable, Hashable, Sendable, Codable {
    case solid, hatched, crossHatched
}
