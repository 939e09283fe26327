import Foundation

/// PaperMarkup's insertion API: each call adds one element on top and returns its id.
extension Markup {
    /// Inserts a shape with the default style (a black 2 pt outline).
    @discardableResult
    public mutating func insertNewShape(configuration: ShapeConfiguration, frame: Rect, rotation: Double = 0) -> ElementID {
        insert(.shape(Shape(configuration: configuration)), frame: frame, rotation: rotation)
    }

    /// Inserts a PNG or JPEG image, storing its bytes once.
    ///
    /// - Throws: `MarkupError.malformedData` when `data` is neither PNG nor JPEG.
    @discardableResult
    public mutating func insertNewImage(_ data: Data, frame: Rect, rotation: Double = 0) throws(MarkupError) -> ElementID {
        guard ImageFormat(sniffing: data) != nil else {
            throw .malformedData(reason: "image data is neither PNG nor JPEG")
        }
        let blob = addBlob(data)
        return insert(.image(ImageElement(blob: blob)), frame: frame, rotation: rotation)
    }

    /// Inserts a straight line between two points in document coordinates, with optional arrowheads.
    /// The points are kept relative to `frame`, so resizing the frame stretches the line.
    @discardableResult
    public mutating func insertNewLine(
        frame: Rect, from start: Point, to end: Point, startMarker: LineMarker = .none, endMarker: LineMarker = .arrow
    ) -> ElementID {
        func unit(_ point: Point) -> Point {
            Point(x: frame.width == 0 ? 0 : (point.x - frame.minX) / frame.width,
                  y: frame.height == 0 ? 0 : (point.y - frame.minY) / frame.height)
        }
        let configuration = ShapeConfiguration.line(
            from: unit(start), to: unit(end), startMarker: startMarker, endMarker: endMarker)
        return insert(.shape(Shape(configuration: configuration)), frame: frame)
    }

    /// Inserts a text box.
    @discardableResult
    public mutating func insertNewTextbox(
        attributedText: AttributedText, frame: Rect, rotation: Double = 0, alignment: TextAlignment = .leading
    ) -> ElementID {
        insert(.textBox(TextBox(text: attributedText, alignment: alignment)), frame: frame, rotation: rotation)
    }

    /// Inserts a stroke; its frame is its bounds.
    @discardableResult
    public mutating func insertNewStroke(_ stroke: Stroke) -> ElementID {
        insert(.stroke(stroke), frame: .zero)
    }

    /// Inserts an emoji sticker.
    @discardableResult
    public mutating func insertNewSticker(emoji: String, frame: Rect, rotation: Double = 0) -> ElementID {
        insert(.sticker(.emoji(emoji)), frame: frame, rotation: rotation)
    }

    /// Inserts a loupe magnifying what lies under `frame`.
    @discardableResult
    public mutating func insertNewLoupe(frame: Rect, magnification: Double = 2) -> ElementID {
        let clamped = Swift.min(Swift.max(magnification.isFinite ? magnification : 2, 1), Loupe.maximumMagnification)
        return insert(.loupe(Loupe(magnification: clamped)), frame: frame)
    }

    /// Inserts a link to `url`.
    @discardableResult
    public mutating func insertNewLink(url: String, frame: Rect) -> ElementID {
        insert(.link(Link(url: url)), frame: frame)
    }
}
