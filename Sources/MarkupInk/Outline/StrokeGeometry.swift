import MarkupModel

/// What a renderer draws for a stroke: layers of closed contours, bottom first.
public struct StrokeGeometry: Hashable, Sendable {
    public var layers: [OutlineLayer]
    /// The box around every contour of every layer; `.zero` at the stroke's origin when empty.
    public var bounds: Rect

    public init(layers: [OutlineLayer]) {
        self.layers = layers
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for layer in layers {
            for contour in layer.contours {
                for vertex in contour {
                    minX = min(minX, vertex.x)
                    minY = min(minY, vertex.y)
                    maxX = max(maxX, vertex.x)
                    maxY = max(maxY, vertex.y)
                }
            }
        }
        bounds = minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .zero
    }
}

/// One painted layer: contours to fill together as one path with the non-zero rule (so overlaps
/// never darken), in the ink's color at `opacity`, with an optional texture.
///
/// Every contour has a negative signed area (shoelace formula on its coordinates), so under the
/// non-zero rule they add up and never cancel.
public struct OutlineLayer: Hashable, Sendable {
    public var contours: [[Point]]
    public var opacity: Double
    public var texture: InkTexture?

    public init(contours: [[Point]], opacity: Double, texture: InkTexture?) {
        self.contours = contours
        self.opacity = opacity
        self.texture = texture
    }

    /// The number of vertices over all contours.
    public var vertexCount: Int { contours.reduce(0) { $0 + $1.count } }
}
