/// One piece of markup on the canvas: a stable id, a place in the z-order, a frame, a rotation and
/// its content.
public struct Element: Hashable, Sendable, Identifiable {
    public let id: ElementID
    /// The element's place in the z-order: higher draws above lower. Unique within a document.
    public var zIndex: Int64
    /// Rotation in radians about the frame's centre, clockwise on screen.
    public var rotation: Double
    public private(set) var content: ElementContent
    private var storedFrame: Rect
    /// The group the element belongs to, if any: the group is selected, moved and copied as one.
    public var groupID: GroupID?
    /// A locked element is drawn but cannot be selected, erased or cleared until unlocked (a picture
    /// being annotated, say).
    public var isLocked = false

    /// An element; a stroke's frame is always its bounds, so `frame` is ignored for strokes.
    public init(id: ElementID = ElementID(), zIndex: Int64, frame: Rect, rotation: Double = 0, content: ElementContent,
                groupID: GroupID? = nil) {
        self.id = id
        self.zIndex = zIndex
        self.rotation = rotation
        self.content = content
        self.storedFrame = frame
        self.groupID = groupID
        if case .stroke(let stroke) = content { storedFrame = stroke.approximateBounds }
    }

    /// The unrotated box the element is laid out in; for a stroke, the box around its ink.
    public var frame: Rect {
        get { storedFrame }
        set {
            if case .stroke(var stroke) = content {
                let scaleX = storedFrame.width > 0 ? newValue.width / storedFrame.width : 1
                let scaleY = storedFrame.height > 0 ? newValue.height / storedFrame.height : 1
                stroke.transform = stroke.transform
                    .concatenating(Transform2D(translationX: -storedFrame.minX, y: -storedFrame.minY))
                    .concatenating(Transform2D(scaleX: scaleX, y: scaleY))
                    .concatenating(Transform2D(translationX: newValue.minX, y: newValue.minY))
                setContent(.stroke(stroke))
            } else {
                storedFrame = newValue
            }
        }
    }

    /// Replaces the content; a stroke's frame follows it.
    public mutating func setContent(_ newContent: ElementContent) {
        content = newContent
        if case .stroke(let stroke) = newContent { storedFrame = stroke.approximateBounds }
    }

    /// The axis-aligned box the element covers once rotated (a line's ends and curve whole, should a
    /// file's reach out of its frame; a speech bubble's tail, which points out of it).
    public var renderFrame: Rect {
        let box = frame.boundingBox(rotatedBy: rotation)
        guard case .shape(let shape) = content else { return box }
        if case .chatBubble(let tail) = shape.configuration, tail.isFinite {
            let tip = Point(x: frame.minX + tail.x * frame.width, y: frame.minY + tail.y * frame.height)
            let turned = rotation == 0 ? tip : Transform2D(rotationAbout: frame.center, radians: rotation).apply(to: tip)
            return box.union(Rect(origin: turned, size: .zero))
        }
        // A line's ends (from a file, they may lie outside its frame) and its bend.
        guard let curve = lineCurve else { return box }
        return box.union(curve.bounds)
    }
}

extension Element: Codable {
    private enum CodingKeys: String, CodingKey { case id, zIndex, frame, rotation, content, group, locked }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let content = try container.decode(ElementContent.self, forKey: .content)
        let frame: Rect
        if case .stroke = content {
            frame = .zero
        } else {
            frame = try container.decode(Rect.self, forKey: .frame)
        }
        self.init(
            id: try container.decode(ElementID.self, forKey: .id),
            zIndex: try container.decode(Int64.self, forKey: .zIndex),
            frame: frame,
            rotation: try container.decode(Double.self, forKey: .rotation),
            content: content,
            groupID: try container.decodeIfPresent(GroupID.self, forKey: .group)
        )
        isLocked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(zIndex, forKey: .zIndex)
        if case .stroke = content {} else { try container.encode(frame, forKey: .frame) }
        try container.encode(rotation, forKey: .rotation)
        try container.encode(content, forKey: .content)
        try container.encodeIfPresent(groupID, forKey: .group)
        if isLocked { try container.encode(true, forKey: .locked) }
    }
}
