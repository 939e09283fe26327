/// A raster image element, whose PNG or JPEG bytes live in the document's blobs.
public struct ImageElement: Hashable, Sendable, Codable {
    public var blob: BlobID
    /// A description for accessibility and search.
    public var description: String

    public init(blob: BlobID, description: String = "") {
        self.blob = blob
        self.description = description
    }
}
