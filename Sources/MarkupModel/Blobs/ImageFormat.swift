import Foundation

/// The raster formats a blob may hold, recognised by their leading bytes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The format of `data`, or nil when it is neither PNG nor JPEG.
    public init?(sniffing data: Data) {
        if data.starts(with: ImageFormat.pngSignature) {
            self = .png
        } else if data.starts(with: ImageFormat.jpegSignature) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
