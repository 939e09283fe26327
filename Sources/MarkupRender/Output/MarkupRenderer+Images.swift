import Foundation

extension MarkupRenderer {
    /// The pixel size a PNG or JPEG declares in its header, without decoding it; nil for anything else.
    public static func imagePixelSize(_ data: Data) -> (width: Int, height: Int)? {
        ImageDecoder.declaredSize(of: [UInt8](data))
    }

    /// Why `data` cannot be a document's picture, in words: it is no whole PNG or JPEG, or it has
    /// more pixels than MarkupKit draws; nil when it can. Read from its structure, not decoded.
    public static func pictureProblem(_ data: Data) -> String? {
        let bytes = [UInt8](data), size = ImageDecoder.declaredSize(of: bytes)
        if let size, let problem = ImageDecoder.oversizeProblem(size) { return problem }
        if let problem = PictureCheck.problem(in: bytes) { return problem }
        guard let size, size.width > 0, size.height > 0 else { return "the picture declares no size" }
        return nil
    }
}
