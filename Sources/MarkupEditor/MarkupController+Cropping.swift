import MarkupModel

/// Pictures cropped to the part that matters, their pixels kept (Excalidraw's and tldraw's crop).
extension MarkupController {
    /// Crops the picture `id` to `crop` (unit coordinates of the whole picture), or shows it whole
    /// when `crop` is nil or the whole, as one step: what stays shown stays where it is on the
    /// page, the frame (and its turn) around just that part.
    public func cropImage(_ id: ElementID, to crop: Rect?) throws(EditorError) {
        guard let element = markup.element(withID: id), !element.isLocked, case .image(var image) = element.content else {
            throw .invalidGeometry("only an unlocked picture is cropped")
        }
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
        image.crop = part == Rect(x: 0, y: 0, width: 1, height: 1) ? nil : part
        var cropped = element
        cropped.frame = Rect(x: middle.x - shown.width / 2, y: middle.y - shown.height / 2, width: shown.width, height: shown.height)
        cropped.setContent(.image(image))
        guard cropped != element else { return }
        try commit(MarkupChange(updated: [cropped]))
    }
}
