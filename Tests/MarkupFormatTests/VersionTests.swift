import Foundation
@testable import MarkupFormat
import MarkupModel
import MarkupTestSupport
import Testing

struct VersionTests {
    static let thumbnail: [UInt8] = RandomDocuments.onePixelPNG

    @Test func aNewerFormatVersionIsTooNewAndCarriesItsThumbnail() throws {
        let markup = RandomDocuments.make(seed: 5)
        let bytes = try MarkupFile(markup: markup, thumbnail: Self.thumbnail)
            .encodedBytes(formatVersion: FormatVersion.current + 1)
        let expected = MarkupError.incompatibleFormatTooNew(.init(
            foundFormatVersion: FormatVersion.current + 1, supportedFormatVersion: FormatVersion.current,
            foundContentVersion: markup.contentVersion, supportedContentVersion: .latest, thumbnail: Self.thumbnail))
        #expect(throws: expected) { try MarkupFile.decode(Data(bytes)) }
        #expect(try MarkupFile.thumbnail(in: Data(bytes)) == Self.thumbnail)
    }

    @Test func newerContentIsTooNewEvenInAKnownFormat() throws {
        let future = ContentVersion(rawValue: ContentVersion.latest.rawValue + 1)
        let bytes = MarkupFile.assemble(body: [0xDE, 0xAD], formatVersion: FormatVersion.current, contentVersion: future,
                                        blobs: [:], thumbnail: Self.thumbnail)
        do {
            _ = try MarkupFile.decode(Data(bytes))
            Issue.record("too-new content decoded")
        } catch {
            guard case .incompatibleFormatTooNew(let details) = error else {
                Issue.record("expected incompatibleFormatTooNew, got \(error)")
                return
            }
            #expect(details.foundContentVersion == future && details.thumbnail == Self.thumbnail)
        }
    }

    @Test func tooNewWithoutAReadableThumbnailStillSaysTooNew() {
        var bytes = MarkupContainer.write(formatVersion: 9, contentVersion: .version1, sections: [(.thumbnail, [1, 2, 3])])
        bytes[bytes.count - 1] ^= 0xFF
        #expect(throws: MarkupError.incompatibleFormatTooNew(.init(
            foundFormatVersion: 9, supportedFormatVersion: FormatVersion.current, foundContentVersion: .version1,
            supportedContentVersion: .latest, thumbnail: nil))) {
            try MarkupFile.decode(Data(bytes))
        }
    }

    @Test func jsonFromANewerVersionIsTooNew() throws {
        let json = #"{"format": "markupkit", "formatVersion": 7, "contentVersion": 1, "thumbnail": "AQID", "document": {}}"#
        #expect(throws: MarkupError.incompatibleFormatTooNew(.init(
            foundFormatVersion: 7, supportedFormatVersion: FormatVersion.current, foundContentVersion: .version1,
            supportedContentVersion: .latest, thumbnail: [1, 2, 3]))) {
            try MarkupJSON.decode(Data(json.utf8))
        }
    }

    @Test func headerContentVersionMustCoverTheContent() throws {
        var markup = Markup(bounds: .zero)
        markup.insertNewStroke(Stroke(ink: Ink(.reed), points: []))
        let body = BodyWriter.encode(markup)
        let bytes = MarkupFile.assemble(body: body.bytes, formatVersion: FormatVersion.current, contentVersion: .version1,
                                        blobs: [:], thumbnail: nil)
        #expect(throws: MarkupError.malformedData(reason: "content needs version 3; header says 1")) {
            try MarkupFile.decode(Data(bytes))
        }
    }
}

/// The migration mechanism, exercised as if the current format were 2 and format 1 had no title in its
/// body: the first real format 2 only has to add its own step to `FormatMigration.all`.
struct MigrationTests {
    /// Upgrades the made-up format 1 by inserting an empty title after the bounds (four doubles).
    static let addTitle = FormatMigration(from: 1, name: "add title") { body throws(MarkupError) in
        guard body.count >= 32 else { throw .malformedData(reason: "body too short") }
        return Array(body[..<32]) + [0] + Array(body[32...])
    }

    /// A format 1 file of `markup` as the made-up format wrote it: the empty title's byte left out.
    static func titlelessFile(of markup: Markup) -> [UInt8] {
        var body = BodyWriter.encode(markup).bytes
        body.remove(at: 32)
        return MarkupFile.assemble(body: body, formatVersion: 1, contentVersion: markup.contentVersion,
                                   blobs: markup.blobs, thumbnail: nil)
    }

    @Test func anOlderVersionIsUpgradedStepByStep() throws {
        // The made-up format 1 file is a body alone, without the ancillary sections (bent lines', crops).
        let markup = RandomDocuments.make(seed: 77).untitled().straightened()
        let decoded = try MarkupFile.decode(Self.titlelessFile(of: markup), migrations: [Self.addTitle], currentVersion: 2)
        #expect(decoded.markup == markup)
    }

    @Test func stepsChainInOrder() throws {
        let double = FormatMigration(from: 1, name: "double") { body throws(MarkupError) in body + body }
        let count = FormatMigration(from: 2, name: "count") { body throws(MarkupError) in [UInt8(body.count)] }
        #expect(try FormatMigration.upgrade([1, 2, 3], from: 1, to: 3, using: [count, double]) == [6])
        #expect(try FormatMigration.upgrade([1, 2, 3], from: 3, to: 3, using: []) == [1, 2, 3])
    }

    @Test func aMissingStepIsATypedError() {
        #expect(throws: MarkupError.malformedData(reason: "no migration from format version 1")) {
            try MarkupFile.decode(Self.titlelessFile(of: Markup(bounds: .zero)), migrations: [], currentVersion: 2)
        }
    }

    @Test func aFailingStepNamesItself() {
        let failing = FormatMigration(from: 1, name: "always fails") { _ throws(MarkupError) in throw .malformedData(reason: "nope") }
        do {
            _ = try MarkupFile.decode(Self.titlelessFile(of: Markup(bounds: .zero)), migrations: [failing], currentVersion: 2)
            Issue.record("a failing migration succeeded")
        } catch {
            guard case .malformedData(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("always fails") && reason.contains("nope"))
        }
    }

    @Test func theShippedChainIsContiguous() {
        let sources = FormatMigration.all.map(\.from)
        #expect(sources == Array((FormatVersion.current - sources.count)..<FormatVersion.current))
    }
}

extension Markup {
    func untitled() -> Markup {
        var copy = self
        copy.title = ""
        return copy
    }

    /// The document with every line straight and every picture whole, as a reader that skips the
    /// `curv`, `elbw`, `skch` and `crop` sections sees it.
    func straightened() -> Markup {
        var copy = self
        for element in elements {
            switch element.content {
            case .shape(var shape) where shape.lineMiddle != nil || shape.lineCorners != nil || shape.isSketchy:
                (shape.lineMiddle, shape.lineCorners, shape.elbowMiddle, shape.isSketchy) = (nil, nil, nil, false)
                copy.updateElement(withID: element.id) { $0.setContent(.shape(shape)) }
            case .image(var image) where image.crop != nil:
                image.crop = nil
                copy.updateElement(withID: element.id) { $0.setContent(.image(image)) }
            default: break
            }
        }
        return copy
    }
}
