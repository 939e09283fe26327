import Foundation
import MarkupModel
@testable import MarkupRender
import MarkupTestSupport
import Testing

/// One render decodes images within a budget of pixels, not any number of the largest images.
struct ImageBudgetTests {
    static func image(_ side: Int, red: Double) -> (BlobID, [UInt8]) {
        let bytes = [UInt8](SamplePDF.png(width: side, height: side, red: red, green: 0, blue: 0))
        return (BlobID(of: Data(bytes)), bytes)
    }

    @Test func imagesPastTheBudgetAreNotDecoded() {
        let cache = ImageCache(pixelBudget: 1000)
        let first = Self.image(20, red: 1), second = Self.image(20, red: 0.5), third = Self.image(20, red: 0.2)
        #expect(cache.surface(for: first.0, data: first.1) != nil)
        #expect(cache.surface(for: second.0, data: second.1) != nil)
        #expect(cache.remainingPixels == 200)
        #expect(cache.surface(for: third.0, data: third.1) == nil, "a third 400-pixel image fits no 1000-pixel budget")
        #expect(cache.surface(for: first.0, data: first.1) != nil, "a decoded image is drawn again without cost")
    }

    @Test func theBudgetIsTwoOfTheLargestImages() {
        #expect(ImageCache.pixelBudget == 2 * ImageDecoder.maximumPixels)
        #expect(ImageCache().remainingPixels == 128_000_000)
    }

    @Test func anImageDeclaringMorePixelsThanAllowedIsNotDecoded() {
        var png = [UInt8](SamplePDF.png(width: 4, height: 4, red: 1, green: 0, blue: 0))
        // IHDR's width and height say 9000 × 9000 (81 Mpx): refused from the header alone.
        png.replaceSubrange(16..<24, with: [0, 0, 0x23, 0x28, 0, 0, 0x23, 0x28])
        #expect(ImageDecoder.declaredSize(of: png)?.width == 9000)
        #expect(ImageDecoder.surface(from: png) == nil)
    }
}
