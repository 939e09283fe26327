import MarkupCore

/// What a renderer draws for a stroke: layers of closed contours, bottom first.
public struct StrokeGeometry: Hashable, Sendable {
    public var layers: [OutlineLayer]
    /// The box around every contour of every layer; `.zero` at the stroke's origin when empty.
    public var bounds: Rect

    public init(layers: [OutlineLayer]) {
        self.layers = layers
        var bounds: Rect?
        for layer in layers {
            guard let layerBounds = layer.outline.bounds else { continue }
            bounds = bounds?.union(layerBounds) ?? layerBounds
        }
        self.bounds = bounds ?? .zero
    }
}

/// One painted layer: contours to fill together as one path with the non-zero rule (so overlaps
/// never darken), in the ink's color at `opacity`, with an optional texture.
///
/// Every contour has a negative signed area (shoelace formula on its coordinates), so under the
/// non-zero rule they add up and never cancel.
public struct OutlineLayer: Hashable, Sendable {
    public var outline: ContourList
    public var opacity: Double
    public var texture: InkTexture?

    public init(outline: ContourList, opacity: Double, texture: InkTexture?) {
        self.outline = outline
        self.opacity = opacity
        self.texture = texture
    }

    /// Each contour as an array of its own.
    public var contours: [[Point]] { outline.contours }

    /// The number of vertices over all contours.
    public var vertexCount: Int { outline.points.count }
}
