import Foundation
import MarkupFormat
import MarkupInterchange
import MarkupModel
@testable import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// The library API and the static pages, over real HTTP.
@Suite(.serialized)
struct HTTPAPITests {
    @Test func documentsAreMadeRenamedExportedDuplicatedAndDeleted() throws {
        let test = try TestServer()
        #expect(try test.request("GET", "/api/documents").json as? [Any] != nil)
        let made = try test.json("POST", "/api/documents", ["title": "Sketch"])
        #expect(made.status == 201)
        let id = try #require((made.json as? [String: Any])?["id"] as? String)
        #expect(try test.json("PATCH", "/api/documents/\(id)", ["title": "Renamed"]).status == 200)
        let listed = try #require(try test.request("GET", "/api/documents").json as? [[String: Any]])
        #expect(listed.map { $0["title"] as? String } == ["Renamed"])
        let thumbnail = try test.request("GET", "/api/documents/\(id)/thumbnail.png")
        #expect(thumbnail.status == 200 && thumbnail.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // HEAD is answered as GET is, without the body.
        let head = try test.request("HEAD", "/api/documents/\(id)/thumbnail.png")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-type"] == "image/png", "\(head.status) \(head.headers)")
        #expect(try test.request("HEAD", "/api/documents/\(DocumentID())").status == 404)
        #expect(try test.request("GET", "/api/documents/\(id)/export.png").body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try test.request("GET", "/api/documents/\(id)/export.pdf").body.starts(with: Array("%PDF".utf8)))
        #expect(try test.request("GET", "/api/documents/\(id)/export.svg").text.contains("<svg"))
        let exported = try test.request("GET", "/api/documents/\(id)/export.markup")
        #expect(try MarkupFile.decode(exported.body).markup.title == "Renamed")
        #expect(exported.headers["content-disposition"]?.contains("Renamed.markup") == true)
        // A download is named as the title reads, what no file system takes made `-`; in UTF-8 by
        // RFC 6266's filename*, with an ASCII name beside it for clients that read only that.
        #expect(try test.json("PATCH", "/api/documents/\(id)", ["title": "Résumé: Q3/Q4 \"draft\""]).status == 200)
        let named = try test.request("GET", "/api/documents/\(id)/export.pdf").headers["content-disposition"]
        #expect(named == #"attachment; filename="R_sum_- Q3-Q4 -draft-.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9-%20Q3-Q4%20-draft-.pdf"#)
        #expect(try test.request("POST", "/api/documents/\(id)/duplicate").status == 201)
        #expect(try test.request("DELETE", "/api/documents/\(id)").status == 204)
        #expect(try test.request("GET", "/api/documents/\(id)").status == 404)
        let remaining = try test.request("GET", "/api/documents")
        #expect((remaining.json as? [Any])?.count == 1, "\(remaining.status) \(remaining.text)")
    }

    /// A version restored while a page has the document open (an undoable change there) keeps the
    /// document as it was among its versions too: once the page has gone, what it drew can be
    /// restored still.
    @Test func restoringAVersionOfAnOpenDocumentKeepsWhatItReplaces() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let page = try test.page(id)
        page.send(.stroke((0..<20).map { ClientMessage.Sample(x: 100 + Double($0) * 5, y: 100, t: Double($0) * 4, p: 0.5, tx: 0, ty: 0) }), op: "drawn")
        guard case .ack(op: "drawn"?, _) = try page.next(.ack) else { Issue.record("no ack"); return }
        func versions() throws -> [Int] {
            try #require(test.request("GET", "/api/documents/\(id)/versions").json as? [[String: Any]]).compactMap { ($0["version"] as? Double).map(Int.init) }
        }
        let before = try versions()
        let oldest = try #require(before.last)
        #expect(try test.request("POST", "/api/documents/\(id)/restore", body: Data("{\"version\": \(oldest)}".utf8)).status == 200)
        let after = try versions()
        #expect(after.count == before.count + 1, "\(before) → \(after)")
        let kept = try test.store.markup(ofVersion: Int64(try #require(after.first)), of: try #require(DocumentID(id)))
        #expect(kept.elements.count == 1, "the stroke kept as the newest version")
        // Each version's picture, from its own file, for the dialog that lists them.
        let picture = try test.request("GET", "/api/documents/\(id)/versions/\(try #require(after.first))/thumbnail.png")
        #expect(picture.status == 200 && picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try test.request("GET", "/api/documents/\(id)/versions/999999/thumbnail.png").status == 404)
        #expect(try test.request("GET", "/api/documents/\(id)/versions/first/thumbnail.png").status == 404)
    }

    /// A version restored while no page has the document open (so no page can undo it) keeps the
    /// document as it was among its versions first: restoring that one brings back what was drawn.
    @Test func restoringAVersionKeepsWhatItReplaces() throws {
        let test = try TestServer()
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 400, height: 400))).encoded()
        let id = try test.store.create(title: "Drawn on", encoded: blank).id
        let strokes = RandomDocuments.make(seed: 5, elementCount: 40).elements.filter { if case .stroke = $0.content { true } else { false } }.prefix(3)
        let entry = JournalEntry(kind: JournalEntry.changeKind, payload: try ChangeCodec.encode(MarkupChange(added: Array(strokes))))
        _ = try test.store.append([entry], to: id, expectingHead: 0)
        func versions() throws -> [Int] {
            try #require(test.request("GET", "/api/documents/\(id)/versions").json as? [[String: Any]]).compactMap { ($0["version"] as? Double).map(Int.init) }
        }
        let first = try #require(try versions().first)
        #expect(try versions().count == 1)
        #expect(try test.request("POST", "/api/documents/\(id)/restore", body: Data("{\"version\": \(first)}".utf8)).status == 200)
        #expect(try test.store.open(id).markup.elements.isEmpty)
        let kept = try versions()
        #expect(kept.count == 2, "the three strokes kept as a version")
        #expect(try test.request("POST", "/api/documents/\(id)/restore", body: Data("{\"version\": \(kept[0])}".utf8)).status == 200)
        #expect(try test.store.open(id).markup.elements.map(\.id) == strokes.map(\.id))
        // That restore kept the empty document it replaced too; one to what the document already is keeps nothing.
        #expect(try versions().count == 3)
        #expect(try test.request("POST", "/api/documents/\(id)/restore", body: Data("{\"version\": \(kept[0])}".utf8)).status == 200)
        #expect(try versions().count == 3 && test.store.open(id).markup.elements.map(\.id) == strokes.map(\.id))
    }

    /// Deleted, a document waits in recently deleted: listed there with when it goes for good and
    /// its thumbnail, restored as it was, or deleted for good one at a time or all at once.
    @Test func aDeletedDocumentIsRestoredOrDeletedForGood() throws {
        let test = try TestServer()
        let id = try #require((try test.json("POST", "/api/documents", ["title": "Kept a while"]).json as? [String: Any])?["id"] as? String)
        let other = try #require((try test.json("POST", "/api/documents", ["title": "Other"]).json as? [String: Any])?["id"] as? String)
        #expect((try test.request("GET", "/api/deleted").json as? [Any])?.isEmpty == true)
        #expect(try test.request("DELETE", "/api/documents/\(id)").status == 204)
        #expect(try test.request("GET", "/edit/\(id)").status == 404)
        let listed = try #require(try test.request("GET", "/api/deleted").json as? [[String: Any]])
        #expect(listed.count == 1)
        let document = try #require(listed[0]["document"] as? [String: Any])
        #expect(document["id"] as? String == id && document["title"] as? String == "Kept a while")
        let deleted = try #require(listed[0]["deleted"] as? Double), purged = try #require(listed[0]["purged"] as? Double)
        #expect(abs(deleted - Date().timeIntervalSince1970) < 30 && abs(purged - deleted - DeletedDocument.keptFor) < 1)
        let thumbnail = try test.request("GET", try #require(document["thumbnail"] as? String))
        #expect(thumbnail.status == 200 && thumbnail.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Only what is there is restored or purged: a live document, or no id, is not found.
        #expect(try test.request("POST", "/api/deleted/\(other)/restore").status == 404)
        #expect(try test.request("DELETE", "/api/deleted/\(other)").status == 404)
        #expect(try test.request("DELETE", "/api/deleted/not-an-id").status == 404)
        for method in ["POST", "PUT", "PATCH"] {
            let answer = try test.request(method, "/api/deleted")
            #expect(answer.status == 404, "\(method): \(answer.status) \(answer.text)")
        }
        #expect(try test.request("GET", "/api/deleted/\(id)/versions").status == 404)
        #expect(try test.request("GET", "/api/documents/\(other)").status == 200)
        // Restored: in the library again, and opened.
        let restored = try test.request("POST", "/api/deleted/\(id)/restore")
        #expect(restored.status == 200 && (restored.json as? [String: Any])?["title"] as? String == "Kept a while")
        #expect(try test.request("GET", "/api/documents/\(id)/export.markup").status == 200)
        // Deleted for good, one at a time and all at once.
        #expect(try test.request("DELETE", "/api/documents/\(id)").status == 204)
        #expect(try test.request("DELETE", "/api/deleted/\(id)").status == 204)
        #expect(try test.request("POST", "/api/deleted/\(id)/restore").status == 404)
        #expect(try test.request("DELETE", "/api/documents/\(other)").status == 204)
        let emptied = try test.request("DELETE", "/api/deleted")
        #expect(emptied.status == 200 && (emptied.json as? [String: Any])?["purged"] as? Int == 1)
        #expect((try test.request("GET", "/api/deleted").json as? [Any])?.isEmpty == true)
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.isEmpty == true)
    }

    /// Documents filed in folders: made, imported or moved there, a copy where its original is,
    /// a folder renamed or taken away; names that are not one line are refused.
    @Test func documentsAreFiledInFolders() throws {
        let test = try TestServer()
        let made = try #require(try test.json("POST", "/api/documents", ["title": "Lecture 1", "folder": "Physics"]).json as? [String: Any])
        let id = try #require(made["id"] as? String)
        #expect(made["folder"] as? String == "Physics")
        let imported = try test.request("POST", "/api/import?name=notes.markup&folder=Physics",
                                        body: try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 50, height: 50))).encoded())
        #expect((imported.json as? [String: Any])?["folder"] as? String == "Physics")
        let copy = try #require(try test.request("POST", "/api/documents/\(id)/duplicate").json as? [String: Any])
        #expect(copy["folder"] as? String == "Physics")
        let other = try #require((try test.json("POST", "/api/documents", ["title": "Taxes"]).json as? [String: Any])?["id"] as? String)
        #expect((try test.json("PATCH", "/api/documents/\(other)", ["folder": "Home"]).json as? [String: Any])?["folder"] as? String == "Home")
        func folders() throws -> [String?] {
            ((try test.request("GET", "/api/documents").json as? [[String: Any]]) ?? []).map { $0["folder"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") }
        }
        #expect(try folders() == ["Home", "Physics", "Physics", "Physics"])
        #expect(try test.request("GET", "/api/folders").json as? [String] == ["Home", "Physics"])
        let renamed = try test.json("POST", "/api/folders/rename", ["from": "Physics", "to": "Physics I"])
        #expect((renamed.json as? [String: Any])?["documents"] as? Int == 3)
        // Out of its folder with null; a title alone leaves the folder.
        #expect(try test.request("PATCH", "/api/documents/\(other)", body: Data(#"{"folder": null}"#.utf8)).status == 200)
        #expect((try test.json("PATCH", "/api/documents/\(id)", ["title": "Lecture one"]).json as? [String: Any])?["folder"] as? String == "Physics I")
        #expect(try folders() == [nil, "Physics I", "Physics I", "Physics I"])
        #expect(try test.request("POST", "/api/folders/rename", body: Data(#"{"from": "Physics I", "to": null}"#.utf8)).status == 200)
        #expect(try folders() == [nil, nil, nil, nil])
        // Emptied, a folder stays until removed; one is made empty too.
        #expect(try test.request("GET", "/api/folders").json as? [String] == ["Home"])
        #expect(try test.json("POST", "/api/folders", ["name": "Drafts"]).status == 201)
        #expect(try test.request("GET", "/api/folders").json as? [String] == ["Drafts", "Home"])
        for bad in [#"{"name": ""}"#, #"{"name": "two\nlines"}"#, "{}", #"{"name": 3}"#, #"{"name": "."}"#, #"{"name": ".."}"#, #"{"name": " ... "}"#] {
            #expect(try test.request("POST", "/api/folders", body: Data(bad.utf8)).status == 400, "\(bad)")
        }
        for bad in [#"{"folder": "two\nlines"}"#, #"{"folder": ""}"#, #"{"folder": 3}"#, "{}"] {
            #expect(try test.request("PATCH", "/api/documents/\(id)", body: Data(bad.utf8)).status == 400, "\(bad)")
        }
        #expect(try test.json("POST", "/api/documents", ["title": "X", "folder": String(repeating: "f", count: 101)]).status == 400)
        let badImport = try test.request("POST", "/api/import?name=n.markup&folder=" + String(repeating: "f", count: 101), body: Data())
        #expect(badImport.status == 400, "\(badImport.status) \(badImport.text)")
        #expect(try test.request("PATCH", "/api/documents/\(UUID().uuidString.lowercased())", body: Data(#"{"folder": "A"}"#.utf8)).status == 404)
    }

    @Test func aNewDocumentGetsThePaperAskedFor() throws {
        let test = try TestServer()
        let made = try test.json("POST", "/api/documents", ["title": "Notes", "paper": "squared", "spacing": 20] as [String: Any])
        #expect(made.status == 201)
        let id = try #require((made.json as? [String: Any])?["id"] as? String)
        let markup = try MarkupFile.decode(try test.request("GET", "/api/documents/\(id)/export.markup").body).markup
        #expect(markup.paper == Paper(ruling: .squared, spacing: 20))
        let plain = try #require((try test.json("POST", "/api/documents", ["title": "Blank", "paper": "plain"]).json as? [String: Any])?["id"] as? String)
        #expect(try MarkupFile.decode(try test.request("GET", "/api/documents/\(plain)/export.markup").body).markup.paper == nil)
        // A page size by name; a tablet's by default; another name is a 400.
        let a4 = try #require((try test.json("POST", "/api/documents", ["title": "Letter", "size": "a4"]).json as? [String: Any])?["id"] as? String)
        #expect(try MarkupFile.decode(try test.request("GET", "/api/documents/\(a4)/export.markup").body).markup.bounds.size == PageSize.a4.size)
        #expect(try MarkupFile.decode(try test.request("GET", "/api/documents/\(plain)/export.markup").body).markup.bounds.size == Size(width: 768, height: 1024))
        #expect(try test.json("POST", "/api/documents", ["title": "Odd", "size": "b4"]).status == 400)
    }

    @Test func aSelectionIsDrawnAsAPictureForOtherApps() throws {
        let test = try TestServer()
        let id = try #require((try test.json("POST", "/api/documents", ["title": "Picture"]).json as? [String: Any])?["id"] as? String)
        let page = try test.page(id)
        page.send(.insert(.rectangle, color: "#ff3b30", view: .letter, placement: .frame(Rect(x: 100, y: 100, width: 200, height: 50))))
        let rectangle = try #require(try page.next(.change).change?.added.first?.id)
        page.send(.insert(.ellipse, color: nil, view: .letter, placement: .frame(Rect(x: 400, y: 500, width: 80, height: 80))))
        _ = try page.next(.change)
        let picture = try test.json("POST", "/api/documents/\(id)/picture", ["ids": [rectangle, "not-an-id"]])
        #expect(picture.status == 200 && picture.headers["content-type"] == "image/png")
        // The rectangle alone (its 2-point line), 8 points around it, two pixels a point, on white.
        let pixels = Pixels(png: picture.body)
        #expect(abs(pixels.width - 436) <= 4 && abs(pixels.height - 136) <= 4, "\(pixels.width)×\(pixels.height)")
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<8, 0..<8)) == 0)
        #expect(pixels.countDiffering(from: "#ffffff", in: (0..<pixels.width, 0..<pixels.height)) > 500)
        #expect(try test.json("POST", "/api/documents/\(id)/picture", ["ids": ["00000000-0000-0000-0000-000000000000"]]).status == 404)
        #expect(try test.request("POST", "/api/documents/\(id)/picture", body: Data("{\"ids\": 3}".utf8)).status == 400)
    }

    /// Exports as tldraw and Excalidraw offer them: the selection alone, dark, without a background,
    /// at a scale; what cannot be is refused with the reason.
    @Test func exportsAreDrawnTheWayTheirOptionsSay() throws {
        let test = try TestServer()
        let id = try #require((try test.json("POST", "/api/documents", ["title": "Export me"]).json as? [String: Any])?["id"] as? String)
        let page = try test.page(id)
        page.send(.insert(.rectangle, color: "#1c1c1e", view: .letter, placement: .frame(Rect(x: 100, y: 100, width: 200, height: 50))))
        let rectangle = try #require(try page.next(.change).change?.added.first?.id)
        page.send(.insert(.ellipse, color: nil, view: .letter, placement: .frame(Rect(x: 400, y: 500, width: 80, height: 80))))
        _ = try page.next(.change)
        // The whole page, dark, at one pixel a point: 768 × 1024, its corner the dark page's gray.
        let dark = try test.request("GET", "/api/documents/\(id)/export.png?dark=1&scale=1")
        #expect(dark.status == 200)
        var pixels = Pixels(png: dark.body)
        #expect(pixels.width == 768 && pixels.height == 1024, "\(pixels.width)×\(pixels.height)")
        #expect(pixels.countDiffering(from: "#1c1c1e", in: (0..<8, 0..<8)) == 0)
        // Without a background, the corner is see-through.
        pixels = Pixels(png: try test.request("GET", "/api/documents/\(id)/export.png?transparent=1&scale=0.5").body)
        #expect(pixels.width == 384 && pixels[2, 2].alpha == 0)
        // The selection alone: its box and 8 points around it, at three pixels a point; in SVG and
        // PDF too, named after the document.
        let selection = try test.json("POST", "/api/documents/\(id)/export.png", ["ids": [rectangle], "scale": 3] as [String: Any])
        #expect(selection.status == 200 && selection.headers["content-disposition"]?.contains("Export me (selection).png") == true)
        pixels = Pixels(png: selection.body)
        #expect(pixels.width == 648 && pixels.height == 198, "\(pixels.width)×\(pixels.height)")
        let svg = try test.json("POST", "/api/documents/\(id)/export.svg", ["ids": [rectangle], "transparent": true] as [String: Any])
        #expect(svg.status == 200 && svg.text.contains("viewBox=\"92 92 216 66\"") && svg.text.components(separatedBy: "<g id=\"e-").count == 2, "\(svg.text.prefix(300))")
        let pdf = try test.json("POST", "/api/documents/\(id)/export.pdf", ["ids": [rectangle]])
        #expect(pdf.status == 200 && pdf.body.starts(with: Data("%PDF".utf8)))
        // As a document too, of the selection alone on a page of its box: .markup, Xournal++, InkML.
        let document = try test.json("POST", "/api/documents/\(id)/export.markup", ["ids": [rectangle]])
        #expect(document.status == 200 && document.headers["content-disposition"]?.contains("Export me (selection).markup") == true)
        let alone = try MarkupFile.decode(document.body).markup
        #expect(alone.elements.count == 1 && alone.bounds == Rect(x: 92, y: 92, width: 216, height: 66))
        for format in ["xopp", "inkml"] {
            let other = try test.json("POST", "/api/documents/\(id)/export.\(format)", ["ids": [rectangle]])
            #expect(other.status == 200 && other.headers["content-disposition"]?.contains("Export me (selection).\(format)") == true, "\(format)")
        }
        // Refused: a scale out of range or not a number, a flag not 1 or 0, a selection without
        // ids or in a format without pictures, and ids of nothing in the document.
        for query in ["scale=9", "scale=abc", "scale=nan", "dark=yes"] {
            #expect(try test.request("GET", "/api/documents/\(id)/export.png?\(query)").status == 400, "\(query)")
        }
        #expect(try test.json("POST", "/api/documents/\(id)/export.png", ["ids": [rectangle], "scale": 0.01] as [String: Any]).status == 400)
        #expect(try test.json("POST", "/api/documents/\(id)/export.png", ["dark": true]).status == 400)
        #expect(try test.json("POST", "/api/documents/\(id)/export.tldr", ["ids": [rectangle]]).status == 404)
        #expect(try test.json("POST", "/api/documents/\(id)/export.png", ["ids": ["00000000-0000-0000-0000-000000000000"]]).status == 404)
        // Another site's page gets nothing of the selection.
        let foreign = try test.request("POST", "/api/documents/\(id)/export.png", body: Data("{\"ids\": [\"\(rectangle)\"]}".utf8),
                                       headers: ["Origin": "http://elsewhere.example"])
        #expect(foreign.status == 401, "\(foreign.status)")
        // A plain export is as it was.
        #expect(Pixels(png: try test.request("GET", "/api/documents/\(id)/export.png").body).width > 1000)
    }

    @Test func filesAndImagesAreImported() throws {
        let test = try TestServer()
        let markup = try MarkupFile(markup: RandomDocuments.make(seed: 3)).encoded()
        #expect(try test.request("POST", "/api/import?name=notes.markup", body: markup).status == 201)
        let png = try test.request("POST", "/api/import?name=photo.png", body: Data(GallerySample.gradientPNG))
        #expect(png.status == 201 && (png.json as? [String: Any])?["title"] as? String == "photo")
        #expect(try test.request("POST", "/api/import?name=junk.bin", body: Data("not a document".utf8)).status == 415)
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.count == 2)
        // A picture with more pixels than are ever drawn (its header says 12000 × 12000) is refused
        // in words, not kept as a document whose picture never shows.
        var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
        header += Data([0, 0, 0x2E, 0xE0, 0, 0, 0x2E, 0xE0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
        let huge = try test.request("POST", "/api/import?name=huge.png", body: header)
        #expect(huge.status == 422, "\(huge.status)")
        #expect((huge.json as? [String: Any])?["error"] as? String
            == "the picture is 12000 × 12000 pixels; MarkupKit draws pictures of up to 64 million pixels, 8,000 × 8,000: make it smaller first")
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.count == 2)
        // A picture cut short is refused as damaged, not as a kind of file the library does not take.
        let whole = SamplePDF.quartersPNG(width: 20, height: 10)
        let cut = try test.request("POST", "/api/import?name=cut.png", body: whole.prefix(whole.count - 12))
        #expect(cut.status == 422 && (cut.json as? [String: Any])?["error"] as? String == "not a picture that can be read: the PNG is cut short", "\(cut.status) \(cut.text)")
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.count == 2)
    }

    @Test func aPDFIsImportedAndItsPagesServedOnDemand() throws {
        let test = try TestServer()
        let imported = try test.request("POST", "/api/import?name=paper.pdf", body: SamplePDF.make(pages: 3))
        #expect(imported.status == 201)
        let id = try #require((imported.json as? [String: Any])?["id"] as? String)
        let page = try test.request("GET", "/api/documents/\(id)/pages/2.png?scale=1")
        #expect(page.status == 200 && page.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect((400..<500).contains(try test.request("GET", "/api/documents/\(id)/pages/9.png").status))
        #expect((400..<500).contains(try test.request("GET", "/api/documents/\(id)/pages/two.png").status))
        #expect(try test.request("GET", "/api/documents/\(id)/thumbnail.png").body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try test.request("GET", "/api/documents/\(id)/export.pdf")
        #expect(pdf.status == 200 && pdf.body.starts(with: Array("%PDF".utf8)))
        #expect(try test.request("POST", "/api/import?name=broken.pdf", body: Data("%PDF-1.5 nothing".utf8)).status == 415)
    }

    /// A page made a sheet longer on a page of the editor exports as a PDF of two pages and a PNG of
    /// the whole page, each sheet at the scale a page of one sheet gets.
    @Test func aLongPageExportsAPDFPageASheetAndAWholePNG() throws {
        let test = try TestServer()
        let id = try #require((try test.json("POST", "/api/documents", ["title": "Long"]).json as? [String: Any])?["id"] as? String)
        let page = try test.page(id)
        page.send(.sheet(.add), op: "s-1")
        _ = try page.next(.ack)
        let pdf = String(decoding: try test.request("GET", "/api/documents/\(id)/export.pdf").body, as: UTF8.self)
        #expect(pdf.components(separatedBy: "/MediaBox [ 0 0 768 1024 ]").count - 1 == 2)
        let png = Pixels(png: try test.request("GET", "/api/documents/\(id)/export.png").body)
        #expect(png.isValid && png.width == 1536 && png.height == 4096)
    }

    /// One server for all the cases: each must leave it serving.
    static let malformed = [
        ("PATCH", "/api/documents/%@", "{not json"),
        ("PATCH", "/api/documents/%@", "{\"title\": 5}"),
        ("PATCH", "/api/documents/%@", "{\"title\": \"\"}"),
        ("POST", "/api/documents", "[1, 2]"),
        ("POST", "/api/documents", "{\"title\": \"N\", \"paper\": \"plaid\"}"),
        ("POST", "/api/documents", "{\"title\": \"N\", \"paper\": \"lined\", \"spacing\": 500}"),
        ("POST", "/api/documents", "{\"title\": \"N\", \"paper\": 3}"),
        ("POST", "/api/documents/%@/restore", "{\"version\": \"x\"}"),
    ]

    @Test func malformedBodiesGet400() throws {
        let test = try TestServer()
        let id = try #require((try test.json("POST", "/api/documents", ["title": "A"]).json as? [String: Any])?["id"] as? String)
        for (method, path, body) in Self.malformed {
            let response = try test.request(method, path.replacingOccurrences(of: "%@", with: id), body: Data(body.utf8))
            #expect(response.status == 400, "\(method) \(path) \(body): \(response.status) \(response.text)")
        }
        #expect((try test.request("GET", "/api/documents/\(id)").json as? [String: Any])?["title"] as? String == "A")
    }

    static let unreachable = [
        "/api/documents/00000000-0000-0000-0000-000000000000", "/api/documents/not-an-id", "/api/documents/00000000-0000-0000-0000-000000000000/export.png",
        "/api/documents/00000000-0000-0000-0000-000000000000/thumbnail.png", "/api/nothing", "/static/../../Package.swift", "/static/%2e%2e/%2e%2e/Package.swift",
        "/static/..%2f..%2fPackage.swift", "/../../etc/passwd", "/edit/a/b", "/static/missing.js",
    ]

    @Test func unknownIdsAndPathTraversalGet404() throws {
        let test = try TestServer()
        for path in Self.unreachable {
            let response = try test.request("GET", path)
            #expect((400..<500).contains(response.status), "\(path): \(response.status)")
            #expect(!response.text.contains("swift-tools-version") && !response.text.contains("root:"))
        }
        #expect(try test.request("GET", "/").status == 200)
    }

    @Test func oversizedBodiesGet413AndTheServerKeepsServing() throws {
        let test = try TestServer(maximumBodyBytes: 1 << 20)
        let big = Data(repeating: 0x41, count: 2 << 20)
        #expect(try test.request("POST", "/api/import?name=big.png", body: big).status == 413)
        // A declared length far beyond the limit is refused before any body is read.
        #expect(try test.raw("POST /api/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999").status == 413)
        #expect(try test.raw("POST /api/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999999").status == 413)
        // A length that is not one is a bad request, not a large one.
        for bad in ["-5", "abc", "5, 6", "+5", "0x10"] {
            #expect(try test.raw("POST /api/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(bad)").status == 400, "\(bad)")
        }
        #expect(try test.request("GET", "/api/documents").status == 200)
        #expect(try test.request("GET", "/static/editor.js").status == 200)
    }

    @Test func pagesAndTheirAssetsAreServed() throws {
        let test = try TestServer()
        let library = try test.request("GET", "/")
        #expect(library.status == 200 && library.text.contains("data-testid=\"library-grid\""))
        #expect(try test.request("GET", "/edit/anything").status == 404)
        #expect(try test.request("GET", "/edit/\(DocumentID())").status == 404, "an editor page for no document")
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).encoded()
        let document = try test.store.create(title: "page", encoded: blank).id
        let editor = try test.request("GET", "/edit/\(document)")
        #expect(editor.status == 200)
        for testID in ["canvas", "undo", "redo", "clear", "mode-toggle", "insert-menu", "save-state", "insert-rectangle", "insert-text"] {
            #expect(editor.text.contains("data-testid=\"\(testID)\""), "\(testID)")
        }
        let toolbar = try test.request("GET", "/static/toolbar.js").text
        for ink in ["pen", "pencil", "marker", "monoline", "fountainPen", "watercolor", "crayon", "reed"] { #expect(toolbar.contains("'\(ink)'")) }
        #expect(try test.request("GET", "/static/editor.js").headers["content-type"]?.hasPrefix("text/javascript") == true)
    }

    /// A PNG exported editable carries its drawing: imported, it is that drawing again, not a picture
    /// of it; a selection's carries the selection alone; a plain export is a picture.
    @Test func anEditablePNGOpensAsTheDrawingAgain() throws {
        let test = try TestServer()
        let markup = RandomDocuments.make(seed: 3, elementCount: 12)
        let id = try test.store.create(title: "Sketch", encoded: MarkupFile(markup: markup).encoded()).id
        func imported(_ png: Data) throws -> Markup {
            let answer = try test.request("POST", "/api/import?name=Sketch.png", body: png)
            #expect(answer.status == 201, "\(answer.text)")
            let made = try #require((answer.json as? [String: Any])?["id"] as? String)
            return try test.store.open(#require(DocumentID(made))).markup
        }
        let editable = try test.request("GET", "/api/documents/\(id)/export.png?embed=1")
        #expect(editable.status == 200 && editable.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let again = try imported(editable.body)
        #expect(again.background == nil && again.elements.map(\.id) == markup.elements.map(\.id))
        let picture = try imported(try test.request("GET", "/api/documents/\(id)/export.png").body)
        #expect(picture.background != nil && picture.elements.isEmpty)
        let chosen = markup.elements.prefix(3).map(\.id)
        let selection = try test.json("POST", "/api/documents/\(id)/export.png", ["ids": chosen.map(\.description), "embed": true])
        #expect(Set(try imported(selection.body).elements.map(\.id)) == Set(chosen))
        #expect(try test.request("GET", "/api/documents/\(id)/export.png?embed=maybe").status == 400)
    }

    /// The whole library comes down as one zip of `.markup` files in their folders (an open document
    /// as it is now), and an import of it makes each a document again, in its folder; an archive's
    /// file that is no document, or does not read, is named, and one that is no archive is refused.
    @Test func theWholeLibraryGoesAsAZipAndComesBack() throws {
        let source = try TestServer()
        var made = [String: Int]()
        for (index, (title, folder)) in [("Lecture 1", "Physics"), ("Lecture 1", "Physics"), ("Notes", nil)].enumerated() {
            let markup = RandomDocuments.make(seed: UInt64(30 + index), elementCount: 5 + index)
            let summary = try source.store.create(title: title, encoded: MarkupFile(markup: markup).encoded())
            if let folder { try source.store.setFolder(summary.id, to: folder) }
            made[summary.id.description] = markup.elements.count
        }
        try source.store.addFolder("Empty for now")
        try source.store.addFolder("Q1: plans?")
        let open = try #require(made.first { $0.value == 7 }?.key)
        let page = try source.page(open)
        LiveEditingTests.stroke(page, x: 100, y: 100)
        _ = try page.next(.change)
        let backup = try source.request("GET", "/api/library.zip")
        #expect(backup.status == 200 && backup.headers["content-type"] == "application/zip")
        #expect(backup.headers["content-disposition"]?.contains("MarkupKit library.zip") == true)
        var names = [String]()
        try ZipReader.forEachEntry(in: backup.body) { let entry = try $0.get(); names.append(entry.path.joined(separator: "/") + (entry.isFolder ? "/" : "")) }
        // What no file system takes is made `-`, as in a download's name.
        #expect(Set(names) == ["Physics/Lecture 1.markup", "Physics/Lecture 1 2.markup", "Notes.markup", "Empty for now/", "Q1- plans-/"])
        // Some documents alone, as the library page downloads those picked.
        let some = try source.json("POST", "/api/library.zip", ["ids": [open, "not an id"]])
        #expect(some.status == 200 && some.headers["content-disposition"]?.contains("MarkupKit documents.zip") == true)
        var picked = [String]()
        try ZipReader.forEachEntry(in: some.body) { picked.append(try $0.get().path.joined(separator: "/")) }
        #expect(picked.count == 1)
        #expect(try source.json("POST", "/api/library.zip", ["ids": ["00000000-0000-0000-0000-000000000000"]]).status == 404)
        #expect(try source.json("POST", "/api/library.zip", ["ids": [String]()]).status == 400)

        let target = try TestServer()
        let imported = try target.request("POST", "/api/import?name=backup.zip", body: backup.body)
        #expect(imported.status == 201, "\(imported.text)")
        let answer = try #require(imported.json as? [String: Any])
        #expect((answer["documents"] as? [Any])?.count == 3 && (answer["failures"] as? [Any])?.isEmpty == true)
        let restored = try target.store.documents()
        #expect(restored.map { "\($0.folder ?? "-")/\($0.title)" }.sorted() == ["-/Notes", "Physics/Lecture 1", "Physics/Lecture 1"])
        let counts = try restored.map { try target.store.open($0.id).markup.elements.count }.sorted()
        #expect(counts == [5, 6, 8], "the open document with its stroke since its last snapshot")
        #expect(try target.store.folders() == ["Empty for now", "Physics", "Q1- plans-"], "an empty folder comes back too")

        // A file that is no document and one that does not read are named; the rest come in.
        let mixed = FileManager.default.temporaryDirectory.appendingPathComponent("mixed-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: mixed) }
        let writer = try ZipWriter(writingTo: mixed)
        try writer.add("README.txt", Data("hello".utf8), modified: Date())
        try writer.add("Drafts/broken.markup", Data("not a markup file".utf8), modified: Date())
        try writer.add("__MACOSX/._Notes.markup", Data([0]), modified: Date())
        try writer.add("Drafts/kept.markup", try MarkupFile(markup: RandomDocuments.make(seed: 40, elementCount: 2)).encoded(), modified: Date())
        try writer.add("Drafts/board.tldr", Data(SampleTldraw.version2.utf8), modified: Date())
        try writer.finish()
        let partly = try target.request("POST", "/api/import?name=mixed.zip&folder=Inbox", body: try Data(contentsOf: mixed))
        let partial = try #require(partly.json as? [String: Any])
        #expect((partial["documents"] as? [[String: Any]])?.compactMap { $0["folder"] as? String } == ["Drafts", "Drafts"], "another app's file, tldraw's too")
        let failures = try #require(partial["failures"] as? [String])
        #expect(failures.count == 2 && failures[0].hasPrefix("README.txt: not a file") && failures[1].hasPrefix("Drafts/broken.markup: "), "\(failures)")
        // A file that is not a document is refused in words, not by the error's name.
        let refused = try target.request("POST", "/api/import?name=broken.markup", body: Data("not a markup file".utf8))
        #expect(refused.status == 415 && (refused.json as? [String: Any])?["error"] as? String == "it is not a MarkupKit document")
        let empty = try target.request("POST", "/api/import?name=photo.png", body: Data())
        #expect(empty.status == 415 && (empty.json as? [String: Any])?["error"] as? String == "the file is empty")
        let fake = try target.request("POST", "/api/import?name=photo.jpg", body: Data("not a picture".utf8))
        #expect(fake.status == 415 && ((fake.json as? [String: Any])?["error"] as? String)?.hasPrefix("it is not a JPG file") == true)
        // Cut short, it is no archive: refused, and nothing is added.
        let before = try target.store.documents().count
        #expect(try target.request("POST", "/api/import?name=cut.zip", body: backup.body.prefix(backup.body.count - 30)).status == 422)
        #expect(try target.store.documents().count == before)
    }

    @Test func bothPagesHaveTheIcon() throws {
        let test = try TestServer()
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).encoded()
        let document = try test.store.create(title: "page", encoded: blank).id
        for page in ["/", "/edit/\(document)"] {
            #expect(try test.request("GET", page).text.contains("<link rel=\"icon\" href=\"/static/icon.svg\""), "\(page)")
        }
        for path in ["/static/icon.svg", "/favicon.ico"] {
            let icon = try test.request("GET", path)
            #expect(icon.status == 200 && icon.headers["content-type"] == "image/svg+xml", "\(path)")
            #expect(icon.text.hasPrefix("<svg "), "\(path)")
        }
        #expect(try test.request("GET", "/favicon.ico/more").status == 404)
    }

    /// The service worker is served from the root (its scope is every page), and what it keeps for
    /// the offline page is there to keep.
    @Test func theOfflineStandInIsServed() throws {
        let test = try TestServer()
        let worker = try test.request("GET", "/sw.js")
        #expect(worker.status == 200 && worker.headers["content-type"] == "text/javascript; charset=utf-8")
        let kept = try #require(worker.text.firstMatch(of: /const KEPT = \[([^\]]*)\]/)).1
        let paths = kept.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        #expect(paths.contains("/static/offline.html") && paths.count == 4)
        for path in paths {
            #expect(try test.request("GET", path).status == 200, "\(path)")
        }
        #expect(try test.request("GET", "/static/offline.html").text.contains("data-testid=\"offline-page\""))
        #expect(try test.request("GET", "/sw.js/more").status == 404)
    }

    /// Both pages name a manifest, so the library can be added to a home screen and opened as an app
    /// of its own (standalone, as on an iPad), with icons that are there.
    @Test func bothPagesCanBeAddedToAHomeScreen() throws {
        let test = try TestServer()
        let blank = try MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 100, height: 100))).encoded()
        let document = try test.store.create(title: "page", encoded: blank).id
        for page in ["/", "/edit/\(document)"] {
            let html = try test.request("GET", page).text
            #expect(html.contains("<link rel=\"manifest\" href=\"/static/manifest.webmanifest\""), "\(page)")
            #expect(html.contains("<link rel=\"apple-touch-icon\" href=\"/static/icon-180.png\">"), "\(page)")
        }
        let answer = try test.request("GET", "/static/manifest.webmanifest")
        #expect(answer.headers["content-type"] == "application/manifest+json")
        let manifest = try #require(answer.json as? [String: Any])
        #expect(manifest["display"] as? String == "standalone" && manifest["start_url"] as? String == "/")
        let icons = try #require(manifest["icons"] as? [[String: Any]])
        #expect(icons.contains { $0["purpose"] as? String == "maskable" && $0["sizes"] as? String == "512x512" })
        for icon in icons.compactMap({ $0["src"] as? String }) + ["/static/icon-180.png"] {
            let picture = try test.request("GET", icon)
            #expect(picture.status == 200 && picture.headers["content-type"] == (icon.hasSuffix(".png") ? "image/png" : "image/svg+xml"), "\(icon)")
            if icon.hasSuffix(".png") { #expect(picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(icon)") }
        }
    }

    @Test func aBrowserOpeningAMissingPageIsToldInWords() throws {
        let test = try TestServer()
        let html = ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]
        for (path, words) in [("/edit/\(DocumentID())", "This document is not in the library"), ("/nothing/here", "There is no page at this address")] {
            let page = try test.request("GET", path, headers: html)
            #expect(page.status == 404 && page.headers["content-type"]?.hasPrefix("text/html") == true, "\(path)")
            #expect(page.text.contains(words) && page.text.contains("<a href=\"/\">Back to the library</a>"), "\(path)")
            // Scripts and API clients still get JSON.
            #expect((try test.request("GET", path).json as? [String: Any])?["error"] != nil, "\(path)")
        }
        #expect(try test.request("GET", "/api/nothing", headers: html).headers["content-type"] == "application/json")
        #expect(try test.request("GET", "/static/missing.js", headers: html).headers["content-type"] == "application/json")
    }

    @Test func thePageKnowsTheLargestMessageTheServerTakes() throws {
        let test = try TestServer()
        let images = try test.request("GET", "/static/images.js").text
        #expect(HTTPServer.maximumMessageBytes % (1 << 20) == 0)
        #expect(images.contains("export const MAXIMUM_MESSAGE_BYTES = \(HTTPServer.maximumMessageBytes >> 20) << 20;"))
    }
}

/// Off loopback, the token guards every request.
@Suite(.serialized)
struct AccessTests {
    @Test func aServerOffLoopbackNeedsItsToken() throws {
        let test = try TestServer(host: "0.0.0.0")
        let token = try #require(test.server.access.token)
        #expect(token.count == 32 && test.server.url.contains("token=\(token)"))
        #expect(try test.request("GET", "/api/documents").status == 401)
        #expect(try test.request("GET", "/").status == 401)
        let refused = try test.request("GET", "/", headers: ["Accept": "text/html"])
        #expect(refused.status == 401 && refused.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(refused.text.contains("needs its access token") && !refused.text.contains("href=\"/\""))
        let withQuery = try test.request("GET", "/?token=\(token)")
        #expect(withQuery.status == 200 && withQuery.headers["set-cookie"]?.contains(token) == true)
        #expect(try test.request("GET", "/api/documents", headers: ["Cookie": "markupkit_token=\(token)"]).status == 200)
        #expect(try test.request("GET", "/api/documents", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try test.request("GET", "/api/documents", headers: ["Authorization": "bearer \(token)"]).status == 200, "the scheme in any case")
        #expect(try test.request("GET", "/api/documents", headers: ["Authorization": "Basic \(token)"]).status == 401)
        #expect(try test.request("GET", "/api/documents?token=wrong").status == 401)
        let id = try #require((try test.request("POST", "/api/documents", body: Data(), headers: ["Authorization": "Bearer \(token)"]).json as? [String: Any])?["id"] as? String)
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: id) }
        let client = try EditorClient(port: test.port, document: id, token: token)
        #expect(try client.next(.hello).kind == .hello)
    }

    @Test func aLoopbackServerRefusesForeignHostsAndCrossSiteWrites() throws {
        let test = try TestServer()
        // A web page that points its own name at 127.0.0.1 (DNS rebinding) gets nothing.
        #expect(try test.request("GET", "/api/documents", headers: ["Host": "evil.example:\(test.port)"]).status == 401)
        // A cross-site form or fetch cannot change the library; refused before its body is read.
        let crossSite = try test.request("POST", "/api/documents", body: Data("{\"title\":\"x\"}".utf8), headers: ["Origin": "http://evil.example"])
        #expect(crossSite.status == 401)
        let otherPort = try test.request("POST", "/api/documents", body: Data(), headers: ["Origin": "http://127.0.0.1"])
        #expect(otherPort.status == 401)
        #expect((try test.request("GET", "/api/documents").json as? [Any])?.isEmpty == true)
        let sameSite = try test.request("POST", "/api/documents", body: Data(), headers: ["Origin": "http://127.0.0.1:\(test.port)"])
        #expect(sameSite.status == 201)
        #expect(try test.request("GET", "/api/documents", headers: ["Host": "localhost:\(test.port)"]).status == 200)
    }

    @Test func extremePageNumbersAreNotFound() throws {
        let test = try TestServer()
        let id = try #require((try test.request("POST", "/api/import?name=p.pdf", body: SamplePDF.make(pages: 2)).json as? [String: Any])?["id"] as? String)
        for number in ["-9223372036854775808", "9223372036854775807", "0", "3"] {
            #expect(try test.request("GET", "/api/documents/\(id)/pages/\(number).png").status == 404, "\(number)")
            #expect(try test.request("GET", "/api/documents/\(id)/export.png?page=\(number)").status == 404, "\(number)")
        }
        #expect(try test.request("GET", "/api/documents/\(id)/pages/2.png?scale=1e308").status == 200)
        #expect(try test.request("GET", "/api/documents/\(id)/export.png?page=2").status == 200)
        #expect(try test.request("GET", "/api/documents/\(id)/export.png?page=two").status == 400)
    }

    /// The contents of the PDF a document annotates, as JSON; none for one without.
    @Test func aPDFsOutlineIsListed() throws {
        let test = try TestServer()
        let pdf = SamplePDF.make(pages: 3, outline: [("One", 1, nil), ("One, first part", 2, 0), ("Three", 3, nil)])
        let id = try #require((try test.request("POST", "/api/import?name=book.pdf", body: pdf).json as? [String: Any])?["id"] as? String)
        let outline = try #require(try test.request("GET", "/api/documents/\(id)/outline").json as? [[String: Any]])
        #expect(outline.map { $0["title"] as? String } == ["One", "One, first part", "Three"])
        #expect(outline.map { $0["page"] as? Int } == [1, 2, 3] && outline.map { $0["depth"] as? Int } == [0, 1, 0])
        let plain = try LiveEditingTests.newDocument(test)
        #expect((try test.request("GET", "/api/documents/\(plain)/outline").json as? [Any])?.isEmpty == true)
        #expect(try test.request("GET", "/api/documents/00000000-0000-4000-8000-000000000000/outline").status == 404)
    }

    /// One page of a PDF, or one sheet of a long page, exports alone as PNG, SVG or PDF.
    @Test func onePageExportsAlone() throws {
        let test = try TestServer()
        let pdf = try #require((try test.request("POST", "/api/import?name=p.pdf", body: SamplePDF.make(pages: 2)).json as? [String: Any])?["id"] as? String)
        let whole = try test.request("GET", "/api/documents/\(pdf)/export.pdf").body
        let second = try test.request("GET", "/api/documents/\(pdf)/export.pdf?page=2")
        #expect(second.status == 200)
        func pageCount(_ data: Data) -> Int? {
            let text = String(decoding: data, as: UTF8.self)
            return text.range(of: #"/Count \d+"#, options: .regularExpression).flatMap { Int(text[$0].dropFirst("/Count ".count)) }
        }
        #expect(pageCount(whole) == 2 && pageCount(second.body) == 1, "\(pageCount(whole)) and \(pageCount(second.body))")
        #expect(try test.request("GET", "/api/documents/\(pdf)/export.pdf?page=3").status == 404)
        // A notebook of two sheets: the second sheet's SVG is a sheet tall and starts at its top.
        let notebook = try LiveEditingTests.newDocument(test)
        let page = try test.page(notebook)
        page.send(.sheet(.add), op: "sheet")
        while try page.next(.ack).op != "sheet" {}
        let svg = String(decoding: try test.request("GET", "/api/documents/\(notebook)/export.svg?page=2").body, as: UTF8.self)
        let sheet = try test.store.open(DocumentID(notebook)!).markup.sheets[1]
        #expect(svg.contains("viewBox=\"\(Int(sheet.minX)) \(Int(sheet.minY)) \(Int(sheet.width)) \(Int(sheet.height))\""), "\(svg.prefix(300))")
        #expect(try test.request("GET", "/api/documents/\(notebook)/export.png?page=2").status == 200)
        #expect(try test.request("GET", "/api/documents/\(notebook)/export.svg?page=3").status == 404)
    }

    @Test func aLoopbackServerNeedsNoToken() throws {
        let test = try TestServer()
        #expect(test.server.access.token == nil && !test.server.url.contains("token"))
        #expect(try test.request("GET", "/api/documents").status == 200)
    }

    /// On every address, the addresses to open are this machine's on its networks (its name is
    /// often known nowhere else), each with the token; the log says them without it.
    @Test func aServerOnEveryAddressNamesTheAddressesToOpen() throws {
        let lines = LockedLines()
        let test = try TestServer(host: "0.0.0.0", log: ServerLog { lines.append($0) })
        let token = try #require(test.server.access.token)
        let hosts = test.server.urls.map { URL(string: $0)?.host ?? "" }
        let addresses = NetworkAddresses.current()
        #expect(hosts == (addresses.isEmpty ? [ProcessInfo.processInfo.hostName] : addresses))
        #expect(hosts.allSatisfy { !$0.hasPrefix("127.") }, "\(hosts)")
        #expect(test.server.urls.allSatisfy { $0.hasSuffix("/?token=\(token)") })
        #expect(lines.all.contains { $0.contains("listening on http://") } && !lines.all.contains { $0.contains(token) }, "\(lines.all)")
    }
}
