/// Moving, scaling and rotating everything at once.
extension Markup {
    /// Applies `transform` to every element. Strokes take it exactly; other elements move their frame
    /// centre through it, scale their frame by its axis scales and add its rotation (a skew is not kept).
    public mutating func transformContent(_ transform: Transform2D) {
        let scale = transform.scale
        let angle = transform.rotationAngle
        for index in elements.indices {
            var element = elements[index]
            if case .stroke(var stroke) = element.content {
                stroke.transform = stroke.transform.concatenating(transform)
                element.setContent(.stroke(stroke))
            } else {
                let center = transform.apply(to: element.frame.center)
                let size = Size(width: element.frame.width * scale.width, height: element.frame.height * scale.height)
                element.frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                                     width: size.width, height: size.height)
                element.rotation += angle
            }
            elements[index] = element
        }
    }
}
