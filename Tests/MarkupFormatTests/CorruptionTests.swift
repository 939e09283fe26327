import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

/// Damaged and hostile input: every case must end in a typed error, never a crash, hang or huge allocation.
struct CorruptionTests {
    static let small: [UInt8] = try! [UInt8](MarkupFile(markup: RandomDocuments.make(seed: 42, elementCount: 10),
                                                         thumbnail: [9, 9, 9]).encoded())

    static func decode(_ bytes: [UInt8]) -> Result<MarkupFile, MarkupError> {
        Result { () throws(MarkupError) -> MarkupFile in
            try MarkupFile.decode(bytes, migrations: FormatMigration.all, currentVersion: FormatVersion.current)
        }
    }

    @Test func everyTruncationFails() {
        for length in 0..<Self.small.count {
            switch Self.decode(Array(Self.small.prefix(length))) {
            case .success: Issue.record("a file cut to \(length) of \(Self.small.count) bytes decoded")
            case .failure(.incorrectFormat): #expect(length < 8)
            case .failure(.malformedData): #expect(length >= 8)
            case .failure(let other): Issue.record("unexpected \(other) at length \(length)")
            }
        }
    }

    @Test func tenThousandBitFlipsAreAllCaught() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<10_000 {
            var bytes = Self.small
            let bit = Int(random.next() % UInt64(bytes.count * 8))
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
            switch Self.decode(bytes) {
            case .success: Issue.record("flipping bit \(bit) went unnoticed")
            case .failure(.incompatibleFormatTooNew): #expect(bit / 8 >= 8 && bit / 8 < 12, "only a version byte can look too new")
            case .failure: break
            }
        }
    }

    @Test func randomOverwritesNeverCrash() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            var bytes = Self.small
            for _ in 0..<(1 + random.next() % 8) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = Self.decode(bytes)
        }
    }

    /// Mutations inside the body, re-framed with valid checksums, reach the body reader itself.
    @Test func mutatedBodiesGiveTypedErrors() throws {
        let markup = RandomDocuments.make(seed: 8, elementCount: 14)
        let body = BodyWriter.encode(markup).bytes
        var random = SeededRandom(seed: 1234)
        var failures = 0
        for round in 0..<3000 {
            var mutated = body
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + random.next() % 4) {
                    mutated[Int(random.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                mutated.removeLast(Int(random.next() % UInt64(mutated.count)))
            default:
                let at = Int(random.next() % UInt64(mutated.count))
                mutated.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], at: at)
            }
            let framed = MarkupFile.assemble(body: mutated, formatVersion: FormatVersion.current, contentVersion: .latest,
                                             blobs: markup.blobs, thumbnail: nil)
            if case .failure = Self.decode(framed) { failures += 1 }
        }
        #expect(failures > 2500)
    }

    @Test func hugeCountsAreRefusedBeforeAllocating() {
        var writer = ByteWriter()
        for _ in 0..<4 { writer.writeDouble(100) }
        writer.writeString("")
        writer.writeSignedVarint(0)
        writer.writeSignedVarint(0)
        writer.writeBool(false)
        writer.writeVarint(UInt64.max >> 2)
        let framed = MarkupFile.assemble(body: writer.bytes, formatVersion: FormatVersion.current, contentVersion: .version1,
                                         blobs: [:], thumbnail: nil)
        #expect(Self.decode(framed) == .failure(.malformedData(reason: "element count \(UInt64.max >> 2) is more than the data can hold")))
    }

    @Test func aBodyClaimingTooMuchInflatedDataIsRefused() {
        var section = ByteWriter()
        section.write(BodyCompression.zlibMethod)
        section.writeVarint(1)
        section.writeVarint(1 << 40)
        section.writeVarint(10)
        section.write([UInt8](repeating: 0, count: 10))
        let bytes = MarkupContainer.write(formatVersion: 1, contentVersion: .version1, sections: [(.body, section.bytes)])
        guard case .failure(.malformedData(let reason)) = Self.decode(bytes) else {
            Issue.record("a zlib bomb header was accepted")
            return
        }
        #expect(reason.contains("claims"))
    }

    @Test func unknownSections() throws {
        let empty = Markup(bounds: Rect(x: 0, y: 0, width: 10, height: 10), title: "plain")
        let body = BodyWriter.encode(empty)
        let compressed = BodyCompression.compress(body.bytes, cuts: [], level: 5)
        let ancillary = MarkupContainer.write(formatVersion: 1, contentVersion: .version1,
                                              sections: [(SectionTag("note"), [1, 2]), (.body, compressed)])
        #expect(try Self.decode(ancillary).get().markup == empty)
        let critical = MarkupContainer.write(formatVersion: 1, contentVersion: .version1,
                                             sections: [(SectionTag("NOTE"), [1, 2]), (.body, compressed)])
        #expect(Self.decode(critical) == .failure(.malformedData(reason: "unknown critical section NOTE")))
        let bodiless = MarkupContainer.write(formatVersion: 1, contentVersion: .version1, sections: [])
        #expect(Self.decode(bodiless) == .failure(.malformedData(reason: "no body section")))
    }

    @Test func notAMarkupFile() {
        #expect(Self.decode(Array("hello, world".utf8)) == .failure(.incorrectFormat))
        #expect(Self.decode([]) == .failure(.incorrectFormat))
        #expect(throws: MarkupError.incorrectFormat) { try MarkupJSON.decode(Data("not json".utf8)) }
        #expect(throws: MarkupError.incorrectFormat) { try MarkupJSON.decode(Data("{\"format\":\"other\",\"formatVersion\":1,\"contentVersion\":1}".utf8)) }
    }

    @Test func malformedJSONDocumentsAreNamed() throws {
        let good = String(decoding: try MarkupJSON.encode(MarkupFile(markup: RandomDocuments.make(seed: 2))), as: UTF8.self)
        let broken = good.replacingOccurrences(of: "\"bounds\"", with: "\"bounds_\"")
        guard case .malformedData(let reason)? = (Result { () throws(MarkupError) in try MarkupJSON.decode(Data(broken.utf8)) }).failure else {
            Issue.record("a document without bounds was accepted")
            return
        }
        #expect(reason.contains("bounds"))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
