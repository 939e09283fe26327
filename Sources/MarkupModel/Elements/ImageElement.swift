/// A raster image element, whose PNG or JPEG bytes live in the document's blobs.
public struct ImageElement: Hashable, Sendable, Codable {
    public var blob: BlobID
    /// A description for accessibility and search.
    public var description: String
    /// The part of the picture shown, stretched over the element's frame, in unit coordinates of
    /// the whole picture ((0, 0) its top-left corner, (1, 1) its bottom-right); nil shows it whole.
    /// Cropping keeps the picture's pixels: the part left out comes back when the crop is widened.
    public var crop: Rect?

    public init(blob: BlobID, description: String = "", crop: Rect? = nil) {
        self.blob = blob
        self.description = description
        self.crop = crop
    }

    /// The longest description a picture is given, in UTF-8 bytes.
    public static let maximumDescriptionBytes = 4096

    /// The smallest part of a picture a crop may keep, each way.
    public static let smallestCrop = 0.001

    /// Whether a crop is finite, inside the picture and at least `smallestCrop` each way.
    public static func isValidCrop(_ crop: Rect) -> Bool {
        crop.isFinite && crop.minX >= 0 && crop.minY >= 0 && crop.width >= smallestCrop && crop.height >= smallestCrop
            && crop.maxX <= 1 + 1e-12 && crop.maxY <= 1 + 1e-12
    }

    /// Where the whole picture lies for an element cropped to `crop` filling `frame` (both before
    /// the element's rotation): the frame itself when it is not cropped.
    public static func wholePicture(in frame: Rect, crop: Rect?) -> Rect {
        guard let crop else { return frame }
        let width = frame.width / crop.width, height = frame.height / crop.height
        return Rect(x: frame.minX - crop.minX * width, y: frame.minY - crop.minY * height, width: width, height: height)
    }
}
