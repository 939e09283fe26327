import Foundation
import MarkupModel

/// Pictures cropped to the part that matters, their pixels kept (Excalidraw's and tldraw's crop),
/// and described for those who cannot see them.
extension MarkupController {
    /// Describes the picture `id`: what it shows, for a screen reader (Apple's Markup has pictures
    /// described so), as one step; blank, the description goes.
    public func describeImage(_ id: ElementID, as description: String) throws(EditorError) {
        guard let element = markup.element(withID: id), !element.isLocked, case .image(var image) = element.content else {
            throw .invalidGeometry("only an unlocked picture is described")
        }
        let text = description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count <= ImageElement.maximumDescriptionBytes else {
            throw .tooLarge(what: "description bytes", limit: ImageElement.maximumDescriptionBytes)
        }
        guard text != image.description else { return }
        image.description = text
        var described = element
        described.setContent(.image(image))
        try commit(MarkupChange(updated: [described]))
    }

    /// Crops the picture `id` to `crop` (unit coordinates of the whole picture), or shows it whole
    /// when `crop` is nil or the whole, as one step: what stays shown stays where it is on the
    /// page, the frame (and its turn) around just that part.
    public func cropImage(_ id: ElementID, to crop: Rect?) throws(EditorError) {
        guard let element = markup.element(withID: id), !element.isLocked, case .image(var image) = element.content else {
            throw .invalidGeometry("only an unlocked picture is cropped")
        }
        guard element.frame.width > 0, element.frame.height > 0 else { throw .invalidGeometry("a picture without a width or a height is not cropped") }
        if let crop, !ImageElement.isValidCrop(crop) {
            throw .invalidGeometry("a crop lies inside its picture and keeps at least 0.1 % of it each way")
        }
        let whole = ImageElement.wholePicture(in: element.frame, crop: image.crop)
        let part = crop ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let shown = Rect(x: whole.minX + part.minX * whole.width, y: whole.minY + part.minY * whole.height,
                         width: part.width * whole.width, height: part.height * whole.height)
        guard shown.isFinite, shown.width > 0, shown.height > 0 else { throw .invalidGeometry("the cropped picture needs a width and a height") }
        // The element turns about its frame's middle: the new frame's middle goes where the turn
        // puts that point of the picture now.
        let frame = element.frame
        let middle = element.documentPoint(Point(x: (shown.center.x - frame.minX) / frame.width, y: (shown.center.y - frame.minY) / frame.height))
        // The whole, to within rounding (a page's crop widened to the edges), is no crop.
        let isWhole = abs(part.minX) < 1e-9 && abs(part.minY) < 1e-9 && abs(part.width - 1) < 1e-9 && abs(part.height - 1) < 1e-9
        image.crop = isWhole ? nil : part
        var cropped = element
        cropped.frame = Rect(x: middle.x - shown.width / 2, y: middle.y - shown.height / 2, width: shown.width, height: shown.height)
        cropped.setContent(.image(image))
        guard cropped != element else { return }
        let lines = linesKeepingTheirSpots(on: element, croppedTo: cropped)
        try commit(MarkupChange(updated: [cropped] + lines), connectionsAsGiven: Set(lines.map(\.id)))
    }

    /// The lines with an end fixed on a spot of `element`, that spot named again in the frame of
    /// `cropped` (the same picture cropped otherwise), so the end stays on the same pixel; an end
    /// whose spot is cropped away lets go.
    private func linesKeepingTheirSpots(on element: Element, croppedTo cropped: Element) -> [Element] {
        connections.lines(attachedTo: element.id).sorted().compactMap { id -> Element? in
            guard var line = markup.element(withID: id), case .shape(var shape) = line.content else { return nil }
            func following(_ connection: LineConnection?) -> LineConnection? {
                guard var connection, connection.element == element.id, connection.isExact else { return connection }
                let local = cropped.unrotated(element.documentPoint(connection.anchor)), frame = cropped.frame
                let anchor = Point(x: (local.x - frame.minX) / frame.width, y: (local.y - frame.minY) / frame.height)
                guard (-1e-9...(1 + 1e-9)).contains(anchor.x), (-1e-9...(1 + 1e-9)).contains(anchor.y) else { return nil }
                connection.anchor = Point(x: min(max(anchor.x, 0), 1), y: min(max(anchor.y, 0), 1))
                return connection
            }
            (shape.startConnection, shape.endConnection) = (following(shape.startConnection), following(shape.endConnection))
            line.setContent(.shape(shape))
            return line
        }
    }
}
