import Foundation
@testable import MarkupFormat
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// Each blob (a PDF, an image) is kept once per library, however many documents and versions hold
/// it, is put back whole when a version is read, and goes once nothing names it.
struct BlobStorageTests {
    /// What the library holds in blobs: how many, and their bytes.
    static func blobs(in store: any DocumentStore) throws -> (count: Int, bytes: Int64) {
        if let store = store as? SQLiteDocumentStore { return try store.blobTotals() }
        return try (store as! PostgresDocumentStore).blobTotals()
    }

    @Test(arguments: StoreBackend.allCases) func aBlobIsKeptOnceHoweverManyDocumentsAndVersionsHoldIt(_ backend: StoreBackend) throws {
        let library = try backend.library()
        let store = try library.open()
        let image = SamplePDF.noisePNG(width: 160, height: 160, seed: 7)
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 612, height: 792))
        let blob = markup.addBlob(image)
        markup.insert(.image(ImageElement(blob: blob)), frame: Rect(x: 10, y: 10, width: 160, height: 160))
        let encoded = try MarkupFile(markup: markup).encoded()
        let first = try store.create(title: "First", encoded: encoded), second = try store.create(title: "Second", encoded: encoded)

        // Three more versions of the first, each with the image and one more line.
        var versions = [encoded]
        for step in 1...3 {
            markup.insert(.shape(Shape(configuration: .rectangle)), frame: Rect(x: Double(step) * 20, y: 300, width: 100, height: 4))
            let version = try MarkupFile(markup: markup).encoded()
            try store.writeSnapshot(version, thumbnail: nil, of: first.id, through: Int64(step), keepingVersions: 3)
            versions.append(version)
        }
        #expect(try Self.blobs(in: store).count == 1)
        #expect(try Self.blobs(in: store).bytes == Int64(image.count))
        // Every kept version reads back byte for byte, the image in it; the oldest was dropped.
        let kept = try store.versions(of: first.id)
        #expect(kept.map(\.number) == [3, 2, 1])
        for version in kept {
            let read = try store.encodedVersion(version.number, of: first.id)
            #expect(read == versions[Int(version.number)])
            #expect(version.bytes == Int64(read.count))
        }
        #expect(try store.open(first.id).markup.blobs[blob] == image)
        #expect(try store.encodedVersion(0, of: second.id) == encoded)
        #expect(try store.open(second.id).markup.elements.count == 1)

        // Reopened (a new connection, as a restarted server), then deleted and purged one document
        // at a time: a deleted document keeps its pictures until it is purged.
        let reopened = try library.open()
        #expect(try reopened.open(first.id).markup.blobs[blob] == image)
        try reopened.delete(first.id)
        try reopened.purgeDeleted(first.id)
        #expect(try Self.blobs(in: reopened).count == 1, "the second document still holds it")
        try reopened.delete(second.id)
        #expect(try Self.blobs(in: reopened).count == 1, "the deleted document may be restored")
        #expect(try reopened.restoreDeleted(second.id).title == "Second")
        #expect(try reopened.open(second.id).markup.elements.count == 1)
        try reopened.delete(second.id)
        try reopened.purgeDeleted(second.id)
        #expect(try Self.blobs(in: reopened).count == 0)
    }

    @Test func aFileWhoseSectionsAreInAnotherOrderIsKeptWhole() throws {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        markup.addBlob(SamplePDF.png(width: 4, height: 4, red: 1, green: 0, blue: 0))
        let encoded = [UInt8](try MarkupFile(markup: markup).encoded())
        let separated = try #require(BlobSections.separate(encoded))
        #expect(separated.blobs.count == 1)
        #expect(try BlobSections.join(separated.rest, blobs: separated.blobs) == encoded)
        // The blob moved ahead of the body: a layout this MarkupKit does not write is not taken apart.
        let container = try MarkupContainer.read(encoded)
        let sections = container.sections.map { ($0.tag, Array(encoded[$0.payload])) }
        let reordered = MarkupContainer.write(formatVersion: container.formatVersion, contentVersion: container.contentVersion,
                                              sections: [sections.last!] + sections.dropLast())
        #expect(BlobSections.separate(reordered) == nil)
        #expect(BlobSections.separate([UInt8](try MarkupFile(markup: Markup(bounds: .zero)).encoded())) == nil)
    }
}
