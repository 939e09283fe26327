import Foundation

extension MarkupRenderer {
    /// The pixel size a PNG or JPEG declares in its header, without decoding it; nil for anything else.
    public static func imagePixelSize(_ data: Data) -> (width: Int, height: Int)? {
        ImageDecoder.declaredSize(of: [UInt8](data))
    }
}
