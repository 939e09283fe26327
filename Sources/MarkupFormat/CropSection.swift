import MarkupModel

/// The `crop` section (docs/FORMAT.md §1.10): which pictures are cropped, and to what part.
/// Ancillary: a reader that skips it shows those pictures whole, squeezed into the same frames.
enum CropSection {
    static let tag = SectionTag("crop")

    /// The section's payload; nil when no picture is cropped.
    static func encode(_ markup: Markup) -> [UInt8]? {
        PositionedDoubles.encode(markup.elements.indices.compactMap { position in
            guard case .image(let image) = markup.elements[position].content, let crop = image.crop else { return nil }
            return (position, [crop.minX, crop.minY, crop.width, crop.height])
        })
    }

    /// Crops the pictures of `markup` that `payload` names.
    /// - Throws: `malformedData` for a position past the elements or not a picture, positions out
    ///   of order, a crop reaching outside the picture, smaller than `ImageElement.smallestCrop` or
    ///   not finite, or bytes missing or left over.
    static func apply(_ payload: ArraySlice<UInt8>, to markup: inout Markup) throws(MarkupError) {
        let entries = try PositionedDoubles.decode(payload, "cropped pictures", count: 4, elementCount: markup.elements.count)
        let crops = entries.map { Rect(x: $0.values[0], y: $0.values[1], width: $0.values[2], height: $0.values[3]) }
        guard markup.setImageCrops(crops, ofImagesAt: entries.map(\.position)) else {
            throw .malformedData(reason: "a crop names an element that is not a picture, or reaches outside it")
        }
    }
}
