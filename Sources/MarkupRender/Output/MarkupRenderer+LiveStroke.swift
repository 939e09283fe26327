import MarkupInk
import MarkupModel

extension MarkupRenderer {
    /// One layer of a stroke being drawn, as SVG `<path>` elements: contours finished since the last
    /// update, which a page appends and never touches again, and the provisional tail, which replaces
    /// the previous one. Either is empty when there is nothing.
    public struct LiveLayerSVG: Hashable, Sendable {
        public var finished: String
        public var provisional: String
    }

    /// The SVG of a live stroke's update, layer by layer, painted as the finished stroke will be
    /// (its texture aside): a page shows the stroke under the pen without computing any geometry.
    public func liveStrokeSVG(ink: Ink, update: LiveStrokeOutline.Update) -> [LiveLayerSVG] {
        let styles = InkOptions.for(ink.type).layers
        let scene = SceneRenderer(markup: markup, options: options, lineLabels: lineLabels)
        func path(_ contours: ContourList, layer: Int) -> String {
            guard !contours.isEmpty else { return "" }
            var color = ink.color
            color.alpha *= layer < styles.count ? styles[layer].opacity : 1
            var canvas = SVGCanvas(style: scene.style, capacity: MarkupRenderer.fragmentCapacity, imageReference: MarkupRenderer.dataURI)
            canvas.fill(contours, color: color)
            return canvas.text
        }
        return (0..<max(update.newlyFinished.count, update.provisional.count)).map { layer in
            LiveLayerSVG(
                finished: layer < update.newlyFinished.count ? path(update.newlyFinished[layer], layer: layer) : "",
                provisional: layer < update.provisional.count ? path(update.provisional[layer], layer: layer) : "")
        }
    }
}
