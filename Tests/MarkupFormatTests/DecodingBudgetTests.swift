import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// The decoding budget: a body's declared sizes are checked against it before anything is inflated.
struct DecodingBudgetTests {
    /// A body section of `chunks`, each claiming `inflated` bytes from `compressed` bytes of junk.
    static func bodyFile(chunks: Int, inflated: UInt64, compressed: Int) -> [UInt8] {
        var section = ByteWriter()
        section.write(BodyCompression.zlibMethod)
        section.writeVarint(UInt64(chunks))
        for _ in 0..<chunks {
            section.writeVarint(inflated)
            section.writeVarint(UInt64(compressed))
        }
        section.write([UInt8](repeating: 0x5A, count: compressed * chunks))
        return MarkupContainer.write(formatVersion: 1, contentVersion: .version1, sections: [(.body, section.bytes)])
    }

    static func reason(_ bytes: [UInt8], limits: DecodingLimits = .standard) -> String? {
        do {
            _ = try MarkupFile.decode(Data(bytes), limits: limits)
            return nil
        } catch {
            guard case .malformedData(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    /// 30 MB claiming 33,000,000,000 inflated bytes: within the ratio rule, past the budget.
    @Test func aThirtyMegabyteFileClaimingThirtyThreeGigabytesIsRefusedUnread() {
        let bytes = Self.bodyFile(chunks: 1, inflated: 33_000_000_000, compressed: 30_000_000)
        let started = Date()
        #expect(Self.reason(bytes)?.contains("decoding budget of 1073741824 bytes") == true)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func chunksAreAddedUpAgainstTheBudget() {
        let bytes = Self.bodyFile(chunks: 3, inflated: 600_000, compressed: 1000)
        #expect(Self.reason(bytes, limits: DecodingLimits(maximumBodyBytes: 1_000_000))?.contains("decoding budget") == true)
        #expect(Self.reason(bytes, limits: DecodingLimits(maximumBodyBytes: 2_000_000))?.contains("decoding budget") == false,
                "within the budget the junk is inflated, and refused as corrupt")
    }

    @Test func aRealDocumentObeysTheBudgetItIsGiven() throws {
        let markup = RandomDocuments.make(seed: 5, elementCount: 40)
        let encoded = try MarkupFile(markup: markup).encoded()
        let bodySize = BodyWriter.encode(markup).bytes.count
        #expect(try MarkupFile.decode(encoded, limits: DecodingLimits(maximumBodyBytes: bodySize)).markup == markup)
        #expect(throws: MarkupError.self) { try MarkupFile.decode(encoded, limits: DecodingLimits(maximumBodyBytes: bodySize - 1)) }
    }

    @Test func aJSONFormLargerThanTheBudgetIsRefused() throws {
        let json = try MarkupJSON.encode(MarkupFile(markup: RandomDocuments.make(seed: 6, elementCount: 5)))
        #expect(try MarkupJSON.decode(json, limits: DecodingLimits(maximumBodyBytes: json.count)).markup.elements.count == 5)
        #expect(throws: MarkupError.self) { try MarkupJSON.decode(json, limits: DecodingLimits(maximumBodyBytes: json.count - 1)) }
    }
}
