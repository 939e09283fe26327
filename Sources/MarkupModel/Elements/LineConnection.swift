/// One end of a line or an arrow attached to another element, so that the end follows the element
/// as it moves, turns or is resized (the bound arrows of tldraw and Excalidraw).
public struct LineConnection: Hashable, Sendable, Codable {
    /// The element the end is attached to.
    public var element: ElementID
    /// The point of the element the end aims at, in unit coordinates of its frame before its
    /// rotation: (0, 0) its top-left corner, (1, 1) its bottom-right.
    public var anchor: Point
    /// Whether the end lies on `anchor` itself; otherwise it aims at `anchor` from the line's other
    /// end and stops `gap` short of the element's outline.
    public var isExact: Bool

    /// How far short of an element's outline an end aimed at it stops, in points, beyond half the
    /// line's width.
    public static let gap = 4.0

    /// The middle of the element, aimed at from outside: what an end dropped well inside a shape gets.
    public init(element: ElementID, anchor: Point = Point(x: 0.5, y: 0.5), isExact: Bool = false) {
        self.element = element
        self.anchor = anchor
        self.isExact = isExact
    }

    /// Whether the anchor is finite and inside the unit square.
    public var isValid: Bool { Shape.isUnitPoint(anchor) }

    private enum CodingKeys: String, CodingKey { case element, anchor, exact }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        element = try container.decode(ElementID.self, forKey: .element)
        anchor = try container.decode(Point.self, forKey: .anchor)
        isExact = try container.decodeIfPresent(Bool.self, forKey: .exact) ?? false
        guard isValid else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a connection's anchor lies outside 0…1"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(element, forKey: .element)
        try container.encode(anchor, forKey: .anchor)
        if isExact { try container.encode(true, forKey: .exact) }
    }
}
