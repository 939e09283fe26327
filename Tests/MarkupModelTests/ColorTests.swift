import MarkupModel
import Testing

struct ColorTests {
    @Test(arguments: ["#000000", "#ffffff", "#ff3b30", "#0a84ff", "#12345678", "#808080"])
    func hexRoundTrips(hex: String) throws {
        let color = try #require(Color(hex: hex))
        #expect(color.hex == hex)
    }

    @Test(arguments: ["", "#", "#12345", "#1234567", "#gg0000", "red", "#ff00ff00ff"])
    func malformedHexIsRejected(hex: String) {
        #expect(Color(hex: hex) == nil)
    }

    @Test func midGrayIsLinearized() throws {
        let gray = try #require(Color(hex: "#808080"))
        #expect(abs(gray.red - 0.2158605) < 1e-6)
        #expect(gray.alpha == 1)
    }

    @Test func transferFunctionsInvertEachOther() {
        for step in 0...200 {
            let encoded = Double(step) / 100 - 0.5
            #expect(abs(Color.sRGBFromLinear(Color.linearFromSRGB(encoded)) - encoded) < 1e-12)
        }
    }

    @Test func hdrComponentsClampToTheExposureLimit() {
        let bright = Color(red: 6, green: 2, blue: -0.5, alpha: 1.5)
        #expect(bright.linearExposure == 6)
        #expect(bright.clamped(toMaximumLinearExposure: 4) == Color(red: 4, green: 2, blue: 0, alpha: 1))
        #expect(bright.clamped(toMaximumLinearExposure: 1) == Color(red: 1, green: 1, blue: 0, alpha: 1))
        #expect(bright.hex == "#ffff00")
    }
}
