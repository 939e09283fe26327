import MarkupModel
import MarkupRender
import MarkupTestSupport

extension Pixels {
    /// Renders `area` of `markup` into `width` × `height` pixels.
    convenience init(_ markup: Markup, area: Rect? = nil, width: Int, height: Int, options: RenderOptions = RenderOptions()) throws {
        try self.init(width: width, height: height) { context in
            try MarkupRenderer(markup: markup, options: options).draw(into: context, area: area,
                                                                       frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        }
    }
}
