import Foundation
import MarkupEditor
import MarkupFormat
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport
import Testing

/// The editor protocol over WebSocket: input goes in, SVG for what changed comes out.
@Suite(.serialized)
struct LiveEditingTests {
    static func newDocument(_ test: TestServer) throws -> String {
        try #require((try test.json("POST", "/api/documents", ["title": "Live"]).json as? [String: Any])?["id"] as? String)
    }

    /// A pen stroke from (x, y) rightwards, in three messages.
    static func stroke(_ client: EditorClient, x: Double, y: Double) {
        func sample(_ index: Int) -> ClientMessage.Sample {
            .init(x: x + Double(index) * 6, y: y + Double(index % 3), t: 1000 + Double(index) * 8, p: 0.3 + Double(index) / 40, tx: 10, ty: -5)
        }
        client.send(.pen(.began, [sample(0)], view: .letter))
        client.send(.pen(.moved, (1..<12).map(sample)))
        client.send(.pen(.ended, [sample(12)]))
    }

    @Test func aStrokeIsDrawnLiveSavedAndSeenByEveryPage() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try EditorClient(port: test.port, document: id)
        let second = try EditorClient(port: test.port, document: id)
        let hello = try first.next(.hello)
        #expect(hello.hello?.protocolVersion == ServerMessage.protocolVersion)
        _ = try second.next(.hello)
        Self.stroke(first, x: 100, y: 100)
        let live = try first.next(.live)
        #expect((live.layers?.first?.provisional ?? "").contains("<path"))
        let change = try first.next(.change)
        let added = try #require(change.change?.added)
        #expect(added.count == 1 && added[0].svg.contains("data-kind=\"stroke\""))
        #expect(change.sequence == 1)
        #expect(try first.next(.history).canUndo == true, "the page that drew it can undo it")
        #expect(try second.next(.change).change?.added.count == 1)
        // Saved when reported: the library already has it.
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 1)
        first.send(.undo)
        #expect(try second.next(.change).change?.removed.count == 1)
        first.send(.redo)
        #expect(try second.next(.change).change?.added.count == 1)
    }

    /// An undo of a step everything of which another page has since deleted is spent, and the page
    /// that asked is told so rather than seeing nothing happen.
    @Test func anUndoOthersLeftNothingOfIsExplained() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try EditorClient(port: test.port, document: id)
        let second = try EditorClient(port: test.port, document: id)
        _ = try first.next(.hello)
        _ = try second.next(.hello)
        Self.stroke(first, x: 100, y: 100)
        _ = try first.next(.change)
        second.send(.clear())
        #expect(try first.next(.change).change?.removed.count == 1)
        first.send(.undo)
        #expect(try first.next(.notice).text == "Nothing to undo there: someone else has since changed or deleted what that step changed.")
        #expect(try first.next(.history).canUndo == false)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    /// A tab that leaves a document (its last page, so the document closes) and comes back still
    /// undoes its own steps, and redoes them; another tab has none to undo.
    @Test func aTabComingBackToAClosedDocumentStillUndoesItsSteps() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let document = try #require(DocumentID(id))
        let first = try EditorClient(port: test.port, document: id + "&page=tab-one")
        #expect(try first.next(.hello).hello?.canUndo == false)
        Self.stroke(first, x: 100, y: 100)
        _ = try first.next(.change)
        Self.stroke(first, x: 300, y: 100)
        _ = try first.next(.change)
        let before = try test.store.summary(of: document).thumbnail
        first.close()
        let deadline = Date().addingTimeInterval(10)
        while try test.store.summary(of: document).thumbnail == before, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try test.store.summary(of: document).thumbnail != before, "the document closed, its last snapshot written")

        let back = try EditorClient(port: test.port, document: id + "&page=tab-one")
        let hello = try back.next(.hello).hello
        #expect(hello?.canUndo == true && hello?.canRedo == false)
        back.send(.undo, op: "undo")
        #expect(try back.next(.change).change?.removed.count == 1)
        #expect(try test.store.open(document).markup.elements.count == 1)
        back.send(.redo, op: "redo")
        #expect(try back.next(.change).change?.added.count == 1)
        let other = try EditorClient(port: test.port, document: id + "&page=tab-two")
        #expect(try other.next(.hello).hello?.canUndo == false)
    }

    /// The server stops while a tab has the document open, and another starts on the same library:
    /// the tab, coming back, still undoes its steps (the stopping server kept them in the library),
    /// once; a tab that had left before the stop too.
    @Test func aTabStillUndoesItsStepsAfterTheServerRestarts() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let other = try Self.newDocument(test)
        let document = try #require(DocumentID(id))
        let first = try EditorClient(port: test.port, document: id + "&page=tab-one")
        _ = try first.next(.hello)
        Self.stroke(first, x: 100, y: 100)
        _ = try first.next(.change)
        Self.stroke(first, x: 300, y: 100)
        _ = try first.next(.change)
        let left = try EditorClient(port: test.port, document: other + "&page=tab-two")
        _ = try left.next(.hello)
        Self.stroke(left, x: 100, y: 200)
        _ = try left.next(.change)
        left.close()
        Thread.sleep(forTimeInterval: 0.3)
        test.server.stop()
        first.close()

        let restarted = try MarkupServer(store: try SQLiteDocumentStore(path: test.folder + "/library.sqlite"), log: ServerLog(isEnabled: false))
        try restarted.start(port: 0)
        defer { restarted.stop() }
        let back = try EditorClient(port: restarted.port, document: id + "&page=tab-one")
        #expect(try back.next(.hello).hello?.canUndo == true)
        back.send(.undo, op: "undo")
        #expect(try back.next(.change).change?.removed.count == 1)
        back.send(.undo, op: "undo-2")
        #expect(try back.next(.change).change?.removed.count == 1)
        #expect(try test.store.open(document).markup.elements.isEmpty)
        let returning = try EditorClient(port: restarted.port, document: other + "&page=tab-two")
        #expect(try returning.next(.hello).hello?.canUndo == true)
        back.close()
        returning.close()
        // Taken by that opening: a third tab, or the same after this server's own memory is gone, finds
        // only what this server keeps.
        #expect(try test.store.takeUndoHistories(of: document, keptWithin: 60) == nil)
    }

    /// A page puts the document on other paper: every page hears of it with the change, a page
    /// arriving later is greeted on it, the library keeps it, and the page that chose it can undo it.
    /// The library's thumbnail of a document a page has open shows what was drawn since its last
    /// snapshot (a new document's has none before it closes), and is the one its closing snapshot keeps.
    @Test func anOpenDocumentsThumbnailShowsItsLatestStrokes() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let path = "/api/documents/\(id)/thumbnail.png"
        let blank = try test.request("GET", path).body
        let page = try test.page(id)
        Self.stroke(page, x: 100, y: 100)
        _ = try page.next(.change)
        let drawn = try test.request("GET", path).body
        #expect(drawn.starts(with: [0x89, 0x50, 0x4E, 0x47]) && drawn != blank)
        #expect(try test.request("GET", path).body == drawn)
        page.close()
        let document = try #require(DocumentID(id))
        let deadline = Date().addingTimeInterval(10)
        while try test.store.summary(of: document).thumbnail.map({ Data($0) }) != drawn, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try test.store.summary(of: document).thumbnail.map { Data($0) } == drawn)
        #expect(try test.request("GET", path).body == drawn)
    }

    @Test func paperChosenOnOnePageIsEveryPagesAndKept() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        first.send(.paper(Paper(ruling: .dotted, spacing: 20)), op: "paper-1")
        #expect(try first.next(.change).change?.paper == .init(Paper(ruling: .dotted, spacing: 20)))
        #expect(try first.next(.ack).op == "paper-1")
        #expect(try second.next(.change).change?.paper?.paper == Paper(ruling: .dotted, spacing: 20))
        #expect(try test.store.open(DocumentID(id)!).markup.paper == Paper(ruling: .dotted, spacing: 20))
        #expect(try EditorClient(port: test.port, document: id).next(.hello).hello?.document.paper == Paper(ruling: .dotted, spacing: 20))
        first.send(.paper(Paper(ruling: .lined, spacing: 3)), op: "paper-2")
        #expect(try first.next(.refused).text == "The paper's spacing is not 8–96 points.")
        first.send(.undo)
        #expect(try second.next(.change).change?.paper == .init(nil))
        #expect(try test.store.open(DocumentID(id)!).markup.paper == nil)
    }

    /// A page made a sheet longer: every page hears of the new bounds, a page arriving later is
    /// greeted with them, and the last sheet cannot go while something lies on it.
    @Test func aSheetAddedOnOnePageIsEveryPagesAndKept() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        let longer = Rect(x: 0, y: 0, width: 768, height: 2048)
        first.send(.sheet(.add), op: "sheet-1")
        #expect(try first.next(.change).change?.bounds == longer)
        #expect(try second.next(.change).change?.bounds == longer)
        #expect(try test.store.open(DocumentID(id)!).markup.bounds == longer)
        #expect(try EditorClient(port: test.port, document: id).next(.hello).hello?.document.bounds == longer)
        first.send(.insert(.rectangle, color: nil, view: nil, placement: .frame(Rect(x: 100, y: 1500, width: 50, height: 50))))
        _ = try first.next(.change)
        _ = try second.next(.change)
        first.send(.sheet(.remove), op: "sheet-2")
        #expect(try first.next(.refused).text == "Something is on the last sheet: move or erase it first.")
        first.send(.clear())
        _ = try second.next(.change)
        first.send(.sheet(.remove), op: "sheet-3")
        #expect(try second.next(.change).change?.bounds == Rect(x: 0, y: 0, width: 768, height: 1024))
    }

    /// Over a PDF, the sheet actions work on its pages: a blank page put in is every page's, with
    /// which page of the PDF each shows; it is kept, its picture white; duplicated, moved and taken
    /// out alike.
    @Test func aPDFsPagesAreRearrangedOnEveryPageAndKept() throws {
        let test = try TestServer()
        let imported = try test.request("POST", "/api/import?name=slides.pdf", body: SamplePDF.make(pages: 3))
        let id = try #require((imported.json as? [String: Any])?["id"] as? String)
        let first = try test.page(id)
        let second = try test.page(id)
        // A page's picture is of what it shows, not of its number: pages of one size moved past
        // each other trade pictures.
        let picture = { (number: Int) throws -> Data in try test.request("GET", "/api/documents/\(id)/pages/\(number).png?scale=0.25").body }
        let (two, three) = (try picture(2), try picture(3))
        #expect(two != three)
        first.send(.sheet(.moveDown(at: 1)), op: "page-0")
        #expect(try first.next(.change).change?.pageSources == [0, 2, 1])
        _ = try second.next(.change)
        #expect(try picture(2) == three && picture(3) == two)
        first.send(.undo)
        _ = try first.next(.change)
        _ = try second.next(.change)
        first.send(.sheet(.insert(before: 1)), op: "page-1")
        let change = try #require(try first.next(.change).change)
        #expect(change.pages?.count == 4 && change.pageSources == [0, -1, 1, 2] && change.bounds?.height == 4 * 792 + 3 * PageBackground.pageGap)
        #expect(try second.next(.change).change?.pageSources == [0, -1, 1, 2])
        #expect(try test.store.open(DocumentID(id)!).markup.background?.pages.map(\.index) == [0, PageBackground.Page.blankIndex, 1, 2])
        let hello = try #require(try EditorClient(port: test.port, document: id).next(.hello).hello)
        #expect(hello.pages?.count == 4 && hello.pageSources == [0, -1, 1, 2])
        let blank = Pixels(png: try test.request("GET", "/api/documents/\(id)/pages/2.png?scale=0.25&v=a").body)
        #expect(blank.isValid && blank.countDiffering(from: "#ffffff", in: (0..<blank.width, 0..<blank.height)) == 0)
        first.send(.sheet(.duplicate(at: 0)), op: "page-2")
        #expect(try first.next(.change).change?.pageSources == [0, 0, -1, 1, 2])
        first.send(.sheet(.moveDown(at: 2)), op: "page-3")
        #expect(try first.next(.change).change?.pageSources == [0, 0, 1, -1, 2])
        first.send(.sheet(.delete(at: 3)), op: "page-4")
        #expect(try first.next(.change).change?.pageSources == [0, 0, 1, 2])
        #expect(try test.store.open(DocumentID(id)!).markup.background?.pages.map(\.index) == [0, 0, 1, 2])
        first.send(.sheet(.remove), op: "page-5")
        #expect(try first.next(.refused).text == "The last page is not a blank page put in.")
        first.send(.undo)
        #expect(try first.next(.change).change?.pageSources == [0, 0, 1, -1, 2])
    }

    /// A shape drawn dashed is dashed on every page and in the library; restyled dotted, it is
    /// dotted, and the selection's style says so.
    @Test func aShapesOutlineIsDrawnDashedAndRestyledDotted() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(.insert(.ellipse, color: nil, view: nil, placement: .frame(Rect(x: 50, y: 50, width: 100, height: 60)), style: .init(dash: .dashed)))
        #expect(try client.next(.change).change?.added.first?.svg.contains("stroke-dasharray=\"6 6\"") == true)
        guard case .selection(let ids, _, let style) = try client.next(.selection) else { throw EditorClient.ClientError.timedOut("selection") }
        #expect(style.dash == "dashed")
        client.send(.selection(.restyle(width: nil, opacity: nil, dash: .dotted), ids: ids))
        #expect(try client.next(.change).change?.updated.first?.svg.contains("stroke-dasharray=\"0 4\"") == true)
        let shapes = try test.store.open(DocumentID(id)!).markup.elements.compactMap { element -> Shape? in
            if case .shape(let shape) = element.content { shape } else { nil }
        }
        #expect(shapes.map(\.dash) == [.dotted])
    }

    /// An arrow drawn between two shapes on one page is attached to them: moving one, every page
    /// gets the arrow laid out again in the same change, and the library keeps the connections.
    @Test func anArrowAttachedOnOnePageFollowsItsShapeOnAnother() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id), second = try test.page(id)
        first.send(.insert(.rectangle, color: nil, view: nil, placement: .frame(Rect(x: 0, y: 0, width: 100, height: 60))))
        let box = try #require(try second.next(.change).change?.added.first?.id)
        first.send(.insert(.ellipse, color: nil, view: nil, placement: .frame(Rect(x: 300, y: 0, width: 80, height: 60))))
        _ = try second.next(.change)
        first.send(.insert(.arrow, color: nil, view: nil, placement: .line(from: Point(x: 50, y: 30), to: Point(x: 340, y: 30)),
                           style: .init(connects: true)))
        let arrow = try #require(try second.next(.change).change?.added.first)
        #expect(arrow.svg.contains("data-line=\"105 30 295 30\"") && arrow.svg.contains("data-start=\"e-\(box)\""), "\(arrow.svg.prefix(240))")
        first.send(.selection(.move(dx: 0, dy: 200), ids: [box]))
        let moved = try #require(try second.next(.change).change)
        #expect(Set(moved.updated.map(\.id)) == [box, arrow.id])
        let shapes = try test.store.open(DocumentID(id)!).markup.elements.compactMap { element -> Shape? in
            if case .shape(let shape) = element.content { shape } else { nil }
        }
        #expect(shapes.last?.startConnection?.element.description == box && shapes.last?.endConnection != nil)
        // Bent on the first page, the second page gets it bent, its middle given for the handle, and
        // the library keeps the bend; a bend through nothing straightens it.
        first.send(.selection(.bend(through: Point(x: 200, y: 0)), ids: [arrow.id]))
        let bent = try #require(try second.next(.change).change?.updated.first { $0.id == arrow.id })
        #expect(bent.svg.contains("data-middle=\""), "\(bent.svg.prefix(240))")
        let stored = try test.store.open(DocumentID(id)!).markup.elements.last?.lineCurve
        #expect(stored.map { $0.middle.distance(to: Point(x: 200, y: 0)) < 0.5 } == true, "\(String(describing: stored))")
        first.send(.selection(.bend(through: nil), ids: [arrow.id]))
        let straight = try #require(try second.next(.change).change?.updated.first { $0.id == arrow.id })
        #expect(!straight.svg.contains("data-middle="))
    }

    /// An elbow arrow drawn on one page is an elbow arrow on the other and in the library, its
    /// corners given for the page's drawing; made straight and an elbow again, in a step each.
    @Test func anElbowArrowIsDrawnAndMadeStraightAndAnElbowAgain() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id), second = try test.page(id)
        first.send(.insert(.rectangle, color: nil, view: nil, placement: .frame(Rect(x: 0, y: 0, width: 100, height: 60))))
        _ = try second.next(.change)
        first.send(.insert(.ellipse, color: nil, view: nil, placement: .frame(Rect(x: 300, y: 200, width: 80, height: 60))))
        _ = try second.next(.change)
        first.send(.insert(.arrow, color: nil, view: nil, placement: .line(from: Point(x: 50, y: 30), to: Point(x: 340, y: 230)),
                           style: .init(elbow: true, connects: true)))
        let arrow = try #require(try second.next(.change).change?.added.first)
        #expect(arrow.svg.contains("data-line=\"105 30 340 195\"") && arrow.svg.contains("data-corners=\"340 30\""), "\(arrow.svg.prefix(300))")
        // The page that drew it has it selected, and its toolbar shows an elbow.
        var style: SharedStyle?
        for _ in 0..<5 where style == nil {
            guard case .selection(let ids, _, let shared) = try first.next(.selection) else { break }
            if ids == [arrow.id] { style = shared }
        }
        #expect(style?.elbow == true)
        first.send(.selection(.restyle(width: nil, opacity: nil, elbow: false), ids: [arrow.id]))
        let straight = try #require(try second.next(.change).change?.updated.first { $0.id == arrow.id })
        #expect(!straight.svg.contains("data-corners") && straight.svg.contains("data-end=\"e-"), "\(straight.svg.prefix(300))")
        first.send(.selection(.restyle(width: nil, opacity: nil, elbow: true), ids: [arrow.id]))
        let elbow = try #require(try second.next(.change).change?.updated.first { $0.id == arrow.id })
        #expect(elbow.svg.contains("data-corners=\"340 30\""), "\(elbow.svg.prefix(300))")
        let stored = try test.store.open(DocumentID(id)!).markup.elements.last?.elbowPath
        #expect(stored == [Point(x: 105, y: 30), Point(x: 340, y: 30), Point(x: 340, y: 195)])
    }

    /// A picture cropped on one page is cropped on the other, and in the library, in one step.
    @Test func aPictureCroppedOnOnePageIsCroppedOnAnother() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id), second = try test.page(id)
        first.send(.insert(.image(SamplePDF.quartersPNG(width: 20, height: 10).base64EncodedString()), color: nil, view: .letter), op: "photo")
        let picture = try #require(try second.next(.change).change?.added.first)
        first.send(.selection(.crop(Rect(x: 0.5, y: 0, width: 0.5, height: 1)), ids: [picture.id]), op: "crop")
        let cropped = try #require(try second.next(.change).change?.updated.first)
        #expect(cropped.id == picture.id && cropped.svg.contains("data-crop=\"0.5 0 0.5 1\"") && cropped.svg.contains("viewBox=\"0.5 0 0.5 1\""), "\(cropped.svg.prefix(300))")
        let stored = try test.store.open(DocumentID(id)!).markup.elements.first
        guard case .image(let image)? = stored?.content else { Issue.record("not a picture"); return }
        #expect(image.crop == Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        // Only a picture is cropped.
        first.send(.insert(.rectangle, color: nil, view: nil, placement: .frame(Rect(x: 0, y: 0, width: 100, height: 60))))
        let box = try #require(try second.next(.change).change?.added.first?.id)
        first.send(.selection(.crop(Rect(x: 0, y: 0, width: 0.5, height: 0.5)), ids: [box]))
        #expect(try first.next(.error).text?.contains("picture") == true)
    }

    /// Each page selects its own: one page selecting everything leaves another's selection as it
    /// was, and a page hears of its selection again only when a change touches what it selected.
    @Test func eachPageSelectsItsOwn() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id), second = try test.page(id)
        for (index, op) in ["left", "right"].enumerated() {
            first.send(.insert(.rectangle, color: nil, view: nil, placement: .frame(Rect(x: Double(index) * 200, y: 0, width: 100, height: 60)),
                               selects: false), op: op)
            _ = try first.next(.ack)
        }
        let ids = try test.store.open(DocumentID(id)!).markup.elements.map(\.id.description)
        /// The selections `page` hears of until a message it sends after them is answered.
        var syncs = 0
        func selections(of page: EditorClient) throws -> [[String]] {
            syncs += 1
            let sync = "sync-\(syncs)"
            page.send(.mode(editable: true, penOnly: nil), op: sync)
            var heard = [[String]]()
            while let message = try page.nextMessage(timeout: 10) {
                if case .selection(let ids, _, _) = message { heard.append(ids) }
                if case .ack(sync, _) = message { return heard }
            }
            Issue.record("\(sync) was not answered")
            return heard
        }
        _ = try selections(of: first)
        _ = try selections(of: second)
        second.send(.selection(.set, ids: [ids[1]]))
        #expect(try selections(of: second) == [[ids[1]]])
        first.send(.selection(.all, ids: nil))
        #expect(try selections(of: first) == [ids])
        #expect(try selections(of: second).isEmpty, "the other page's selection is its own")
        // The first page moves what it selected: the second hears its selection's new bounds.
        first.send(.selection(.move(dx: 10, dy: 0), ids: ids))
        #expect(try selections(of: first) == [ids])
        #expect(try selections(of: second) == [[ids[1]]])
        // The second deletes what it selected: the first's selection loses it, and nothing else.
        second.send(.selection(.delete, ids: [ids[1]]))
        #expect(try selections(of: second) == [[]])
        #expect(try selections(of: first) == [[ids[0]]])
        #expect(try test.store.open(DocumentID(id)!).markup.elements.map(\.id.description) == [ids[0]])
        // What one page locks leaves the other's selection, which hears so.
        second.send(.selection(.set, ids: [ids[0]]))
        #expect(try selections(of: second) == [[ids[0]]])
        first.send(.selection(.lock, ids: [ids[0]]))
        _ = try selections(of: first)
        #expect(try selections(of: second) == [[]])
        // A page that joins selects nothing.
        let third = try test.page(id)
        #expect(try selections(of: third) == [[]])
    }

    /// A damaged picture is refused in words under its edit, and the document keeps nothing of it.
    @Test func aDamagedPictureIsRefused() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        let whole = SamplePDF.quartersPNG(width: 20, height: 10)
        client.send(.insert(.image(whole.prefix(whole.count - 12).base64EncodedString()), color: nil, view: .letter), op: "cut")
        guard case .refused("cut", let said) = try client.next(.refused) else { Issue.record("not refused"); return }
        #expect(said == "That picture cannot be used: the PNG is cut short.")
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
        client.send(.insert(.image(whole.base64EncodedString()), color: nil, view: .letter), op: "whole")
        #expect(try client.next(.change).change?.added.count == 1)
    }

    @Test func twoPagesDrawAtTheSameTime() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        func sample(_ index: Int, y: Double) -> ClientMessage.Sample { .init(x: 50 + Double(index) * 6, y: y, t: 1000 + Double(index) * 8, p: 0.5) }
        // Both pens go down, move and lift interleaved.
        first.send(.pen(.began, [sample(0, y: 100)], view: .letter))
        second.send(.pen(.began, [sample(0, y: 300)], view: .letter))
        first.send(.pen(.moved, (1..<10).map { sample($0, y: 100) }))
        second.send(.pen(.moved, (1..<10).map { sample($0, y: 300) }))
        first.send(.pen(.ended, [sample(10, y: 100)]))
        second.send(.pen(.ended, [sample(10, y: 300)]))
        // Every page sees both pens, each live stroke under its own stream.
        let streams = try (0..<2).map { _ in try #require(try second.next(.liveBegin).stream) }
        #expect(Set(streams).count == 2)
        _ = try first.next(.change)
        _ = try first.next(.change)
        let strokes = try test.store.open(DocumentID(id)!).markup.elements.compactMap { element -> Rect? in
            guard case .stroke(let stroke) = element.content else { return nil }
            return stroke.approximateBounds
        }
        #expect(strokes.count == 2 && Set(strokes.map { $0.minY < 200 }) == [true, false])
    }

    @Test func anEditThatChangesNothingIsAcknowledged() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(.tool(.eraser))
        _ = try client.next(.ack)
        client.send(.pen(.began, [.init(x: 10, y: 10, t: 1, p: 0.5)], view: .letter))
        client.send(.pen(.ended, [.init(x: 40, y: 10, t: 9, p: 0.5)]))
        #expect(try client.next(.ack).kind == .ack)
    }

    @Test func commandsInsertSelectAndClear() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(.insert(.rectangle, color: nil, view: .letter))
        let rectangle = try #require(try client.next(.change).change?.added.first?.id)
        let selection = try client.next(.selection)
        #expect(selection.selectedIDs == [rectangle] && selection.selectionBounds != nil)
        client.send(.selection(.move(dx: 10, dy: 5), ids: nil))
        #expect(try client.next(.change).change?.updated.count == 1)
        client.send(.insert(.text("Hello"), color: nil, view: .letter))
        #expect(try client.next(.change).change?.added.first?.svg.contains("Hello") == true)
        client.send(.clear())
        #expect(try client.next(.change).change?.removed.count == 2)
    }

    /// A context menu's press: what a tap there selects (a group whole), answered even when the
    /// selection stays as it was; a paste from it lands centred on the press.
    @Test func aPickSelectsWhatATapWouldAndIsAlwaysAnswered() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        func selected(after message: ClientMessage) throws -> [String] {
            client.send(message)
            return try client.next(.selection).selectedIDs ?? []
        }
        let frames = [Rect(x: 100, y: 100, width: 80, height: 60), Rect(x: 300, y: 100, width: 80, height: 60)]
        var ids = [String]()
        for frame in frames {
            client.send(.insert(.rectangle, color: nil, view: .letter, placement: .frame(frame), style: .init(lineWidth: 4, opacity: 1)))
            ids.append(try #require(try client.next(.change).change?.added.first?.id))
            _ = try client.next(.selection)
        }
        client.send(.selection(.group, ids: ids), op: "group")
        while try client.next(.ack).op != "group" {}
        // On the first rectangle's outline: the group whole.
        #expect(Set(try selected(after: .selection(.pick(Point(x: 100, y: 130)), ids: nil))) == Set(ids))
        // Again: nothing changes, and the page still hears what is selected.
        #expect(Set(try selected(after: .selection(.pick(Point(x: 100, y: 130)), ids: nil))) == Set(ids))
        // Away from everything: nothing, twice.
        #expect(try selected(after: .selection(.pick(Point(x: 500, y: 500)), ids: nil)).isEmpty)
        #expect(try selected(after: .selection(.pick(Point(x: 1e300, y: -1e300)), ids: nil)).isEmpty)
        // A page that only views may pick too: it changes nothing of the document.
        client.send(.mode(editable: false, penOnly: nil))
        #expect(Set(try selected(after: .selection(.pick(Point(x: 380, y: 160)), ids: nil))) == Set(ids))
        client.send(.mode(editable: true, penOnly: nil))
        // Copied and pasted at a point: the copies' box is centred there.
        client.send(.selection(.copy, ids: ids), op: "copy")
        while try client.next(.ack).op != "copy" {}
        client.send(.selection(.paste(view: .letter, at: Point(x: 250, y: 400)), ids: nil), op: "paste")
        let pasted = try #require(try client.next(.change).change?.added.map(\.id))
        let markup = try test.store.open(DocumentID(id)!).markup
        let boxes = pasted.compactMap { markup.element(withID: ElementID($0)!)?.renderFrame }
        let bounds = try #require(boxes.dropFirst().reduce(boxes.first) { $0?.union($1) })
        #expect(pasted.count == 2 && abs(bounds.center.x - 250) < 1e-9 && abs(bounds.center.y - 400) < 1e-9)
    }

    /// A scribble over ink with a pen, from a page that scratches out, erases the ink in one step
    /// instead of being added, drawn whole or streamed; from a page that does not, it is ink.
    @Test func aScribbleScratchesInkOutWhenThePageAsks() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        // A loop of ink at (200, 300) in the letter view's points.
        let loop = (0..<24).map { index in
            ClientMessage.Sample(x: 200 + 10 * cos(Double(index) / 3), y: 300 + 12 * sin(Double(index) / 3), t: Double(index) * 8, p: 0.5)
        }
        client.send(.stroke(.init(ink: .init(tool: .ink(.pen)), pointerType: .pen, samples: loop, view: .letter)), op: "loop")
        let ink = try #require(try client.next(.change).change?.added.first?.id)
        // Up and down 32 points, 3 points further right each pass, 12 passes.
        let scribble = (0..<240).map { index -> ClientMessage.Sample in
            let pass = Double(index) / 20, phase = pass.truncatingRemainder(dividingBy: 2)
            let down = phase < 1 ? phase : 2 - phase
            return ClientMessage.Sample(x: 185 + pass * 3, y: 284 + 32 * down, t: 200 + Double(index) * 4, p: 0.5)
        }
        // Not asked: ink.
        client.send(.stroke(.init(ink: .init(tool: .ink(.pen)), pointerType: .pen, samples: scribble, view: .letter)), op: "drawn")
        let drawn = try #require(try client.next(.change).change?.added.first?.id)
        client.send(.undo)
        #expect(try client.next(.change).change?.removed == [drawn])
        // Asked, with the marker: ink too (a marker shades back and forth).
        client.send(.stroke(.init(ink: .init(tool: .ink(.marker), scratchOut: true), pointerType: .pen, samples: scribble, view: .letter)), op: "shaded")
        let shaded = try #require(try client.next(.change).change?.added.first?.id)
        client.send(.undo)
        #expect(try client.next(.change).change?.removed == [shaded])
        // Asked, with the pen: the loop goes, nothing is added, and one undo brings it back.
        client.send(.stroke(.init(ink: .init(tool: .ink(.pen), scratchOut: true), pointerType: .pen, samples: scribble, view: .letter)), op: "scratched")
        let scratched = try #require(try client.next(.change).change)
        #expect(scratched.removed == [ink] && scratched.added.isEmpty)
        while try client.next(.ack).op != "scratched" {}
        client.send(.undo)
        #expect(try client.next(.change).change?.added.first?.id == ink)
        // Streamed, after a tool message that asks: the same.
        client.send(.tool(.init(tool: .ink(.pen), scratchOut: true)))
        client.send(.pen(.began, [scribble[0]], view: .letter))
        client.send(.pen(.moved, Array(scribble[1..<239])))
        client.send(.pen(.ended, [scribble[239]]))
        let streamed = try #require(try client.next(.change).change)
        #expect(streamed.removed == [ink] && streamed.added.isEmpty)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    @Test func aShapeIsInsertedAtItsWidthAndTurn() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        let frame = Rect(x: 100, y: 120, width: 200, height: 90)
        client.send(.insert(.rectangle, color: "#ff3b30", view: .letter, placement: .frame(frame),
                            style: .init(lineWidth: 9, opacity: 0.5, rotation: 0.4)), op: "turned")
        #expect(try client.next(.ack).op == "turned")
        client.send(.insert(.line, color: nil, view: .letter, placement: .line(from: Point(x: 10, y: 10), to: Point(x: 90, y: 10)),
                            style: .init(lineWidth: 5, opacity: 0.25), selects: false))
        _ = try client.next(.change)
        // Inserted not to be selected (a shape drawn and held), it leaves nothing selected.
        while try client.next(.selection, timeout: 5).selectedIDs != [] {}
        let elements = try test.store.open(DocumentID(id)!).markup.elements
        guard elements.count == 2, case .shape(let rectangle) = elements[0].content, case .shape(let line) = elements[1].content else {
            Issue.record("not two shapes: \(elements)"); return
        }
        #expect(elements[0].frame == frame && elements[0].rotation == 0.4 && rectangle.lineWidth == 9 && rectangle.opacity == 0.5)
        #expect(line.lineWidth == 5 && line.opacity == 0.25)
        // A width or opacity out of range is refused, and nothing is inserted.
        let refusals: [(ClientMessage.ShapeStyle, String)] = [(.init(lineWidth: 0), "line width"), (.init(lineWidth: -1), "line width"),
                                                              (.init(lineWidth: 501), "line width"), (.init(opacity: 1.5), "opacity")]
        for (index, (style, reason)) in refusals.enumerated() {
            client.send(.insert(.ellipse, color: nil, view: .letter, placement: .frame(frame), style: style), op: "bad-\(index)")
            guard case .refused(_, let said) = try client.next(.refused) else { Issue.record("\(style) was not refused"); return }
            #expect(said.contains(reason))
        }
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 2)
    }

    @Test func filledShapesAreInsertedAndLinedUp() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(.insert(.rectangle, color: "#ff3b30", view: .letter, placement: .frame(Rect(x: 100, y: 100, width: 80, height: 40)),
                            style: .init(fill: .tint)), op: "tinted")
        #expect(try client.next(.ack).op == "tinted")
        client.send(.insert(.star, color: "#007aff", view: .letter, style: .init(fill: .solid)), op: "solid")
        #expect(try client.next(.ack).op == "solid")
        var elements = try test.store.open(DocumentID(id)!).markup.elements
        guard elements.count == 2, case .shape(let tinted) = elements[0].content, case .shape(let solid) = elements[1].content else {
            Issue.record("not two shapes: \(elements)"); return
        }
        #expect(tinted.fillColor?.alpha == ShapeFill.tintOpacity && tinted.fillColor?.red == tinted.strokeColor?.red)
        #expect(solid.fillColor != nil && solid.fillColor == solid.strokeColor)
        // The selection says the style its elements share: the two differ but in width.
        client.send(.selection(.set, ids: elements.map(\.id.description)), op: "pick")
        var shared = try client.next(.selection)
        while shared.selectedIDs?.count != 2 { shared = try client.next(.selection) }
        #expect(try client.next(.ack).op == "pick")
        guard case .selection(_, _, let style) = shared else { Issue.record("not a selection"); return }
        #expect(style == SharedStyle(width: 2, opacity: 1, dash: "solid", sketchy: false), "\(style)")
        client.send(.selection(.align(.left), ids: elements.map(\.id.description)), op: "left")
        #expect(try client.next(.ack).op == "left")
        elements = try test.store.open(DocumentID(id)!).markup.elements
        #expect(elements.map(\.frame.minX) == [100, 100])
        client.send(.selection(.restyle(width: nil, opacity: nil, fill: ShapeFill.none), ids: nil), op: "empty")
        #expect(try client.next(.ack).op == "empty")
        elements = try test.store.open(DocumentID(id)!).markup.elements
        #expect(elements.allSatisfy { if case .shape(let shape) = $0.content { shape.fillColor == nil } else { false } })
    }

    @Test func selectAllSelectsEveryElementEvenToView() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        Self.stroke(client, x: 100, y: 100)
        let stroke = try #require(try client.next(.change).change?.added.first?.id)
        client.send(.insert(.ellipse, color: nil, view: .letter))
        let ellipse = try #require(try client.next(.change).change?.added.first?.id)
        #expect(try client.next(.selection).selectedIDs == [ellipse])
        client.send(.selection(.set, ids: []))
        #expect(try client.next(.selection).selectedIDs == [])
        // Selecting changes nothing, so a page that only views may select everything too.
        client.send(.mode(editable: false, penOnly: nil))
        client.send(.selection(.all, ids: nil))
        #expect(try Set(#require(client.next(.selection).selectedIDs)) == [stroke, ellipse])
        client.send(.mode(editable: true, penOnly: nil))
        client.send(.selection(.delete, ids: [stroke, ellipse]))
        #expect(try Set(#require(client.next(.change).change?.removed)) == [stroke, ellipse])
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    @Test func eachPageCopiesCutsAndPastesWithItsOwnClipboard() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        /// The change `page` made, once the other page has heard of it too.
        func change(by page: EditorClient) throws -> ServerMessage.Change {
            _ = try (page === first ? second : first).next(.change)
            return try #require(try page.next(.change).change)
        }
        first.send(.insert(.rectangle, color: nil, view: .letter))
        let rectangle = try #require(try change(by: first).added.first?.id)
        second.send(.insert(.ellipse, color: nil, view: .letter))
        let ellipse = try #require(try change(by: second).added.first?.id)
        // Copying changes nothing, so a page that only views may copy.
        first.send(.mode(editable: false, penOnly: nil))
        first.send(.selection(.copy, ids: [rectangle]), op: "copy-1")
        while try first.next(.ack).op != "copy-1" {}
        first.send(.mode(editable: true, penOnly: nil))
        let ellipseFrame = try #require(try test.store.open(DocumentID(id)!).markup.element(withID: ElementID(ellipse)!)?.frame)
        second.send(.selection(.cut, ids: [ellipse]), op: "cut-1")
        #expect(try change(by: second).removed == [ellipse])
        // Each pastes what it copied or cut, not the other's: a copy a step down and right of its
        // original, a cut back where it was.
        first.send(.selection(.paste(view: .letter), ids: nil), op: "paste-1")
        let pasted = try #require(try change(by: first).added.first)
        second.send(.selection(.paste(view: .letter), ids: nil), op: "paste-2")
        let back = try #require(try change(by: second).added.first)
        let markup = try test.store.open(DocumentID(id)!).markup
        let frames = Dictionary(uniqueKeysWithValues: markup.elements.map { ($0.id.description, $0.frame) })
        #expect(frames.count == 3 && frames[ellipse] == nil)
        let original = try #require(frames[rectangle]), copy = try #require(frames[pasted.id])
        #expect(copy.origin == original.origin + Point(x: 16, y: 16) && copy.size == original.size)
        #expect(frames[back.id] == ellipseFrame)
        // The page that cut undoes its own steps: the paste, then the cut.
        second.send(.undo)
        #expect(try change(by: second).removed == [back.id])
        second.send(.undo)
        #expect(try change(by: second).added.first?.id == ellipse)
    }

    @Test func whatATabCopiedPastesIntoAnotherDocumentAndAnotherTab() throws {
        let test = try TestServer()
        let (source, target) = (try Self.newDocument(test), try Self.newDocument(test))
        // A browser tab gives its id with `page`: the same tab on another document, and another tab.
        let copier = try EditorClient(port: test.port, document: source + "&page=tab-one")
        _ = try copier.next(.hello)
        let sameTab = try EditorClient(port: test.port, document: target + "&page=tab-one")
        _ = try sameTab.next(.hello)
        let otherTab = try EditorClient(port: test.port, document: target + "&page=tab-two")
        _ = try otherTab.next(.hello)
        Self.stroke(copier, x: 100, y: 100)
        let stroke = try #require(try copier.next(.change).change?.added.first?.id)
        copier.send(.selection(.copy, ids: [stroke]), op: "copy")
        while try copier.next(.ack).op != "copy" {}
        // Another tab has copied nothing of its own: refused in words.
        otherTab.send(.selection(.paste(view: .letter), ids: nil), op: "own")
        guard case .refused(_, let reason) = try otherTab.next(.refused) else { Issue.record("not refused"); return }
        #expect(reason == EditorError.nothingToPaste.explanation)
        // The copying tab pastes into the other document; the other tab too, naming the tab that copied.
        sameTab.send(.selection(.paste(view: .letter), ids: nil), op: "same")
        #expect(try sameTab.next(.change).change?.added.first?.svg.contains("data-kind=\"stroke\"") == true)
        otherTab.send(.selection(.paste(view: .letter, from: "tab-one"), ids: nil), op: "named")
        while try otherTab.next(.ack).op != "named" {}
        let pasted = try test.store.open(DocumentID(target)!).markup.elements
        let original = try #require(try test.store.open(DocumentID(source)!).markup.elements.first)
        func points(_ element: Element) -> [StrokePoint]? {
            if case .stroke(let stroke) = element.content { return stroke.points }
            return nil
        }
        #expect(pasted.count == 2 && pasted.allSatisfy { points($0) != nil && points($0) == points(original) })
        #expect(pasted.map(\.frame.origin) == [original.frame.origin + Point(x: 16, y: 16), original.frame.origin + Point(x: 32, y: 32)])
    }

    @Test func aSelectionActionActsOnWhatThatPageSelected() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let first = try test.page(id)
        let second = try test.page(id)
        first.send(.insert(.rectangle, color: nil, view: .letter))
        let rectangle = try #require(try first.next(.change).change?.added.first?.id)
        _ = try second.next(.change)
        second.send(.insert(.text("Keep me"), color: nil, view: .letter))
        let text = try #require(try second.next(.change).change?.added.first?.id)
        _ = try first.next(.change)
        // The shared selection is now the text; the first page still deletes its rectangle.
        first.send(.selection(.delete, ids: [rectangle]))
        #expect(try first.next(.change).change?.removed == [rectangle])
        let remaining = try test.store.open(DocumentID(id)!).markup.elements.map(\.id.description)
        #expect(remaining == [text])
    }

    /// One page erasing, its pen still down, while another draws, undoes and redoes: each undoes only
    /// its own steps, and the sweep stays one step of the page that erased.
    @Test func anotherPagesEditsWhileOneErasesAreTheirOwnSteps() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let eraser = try test.page(id), drawer = try test.page(id)
        Self.stroke(eraser, x: 100, y: 100)
        let erased = try #require(try eraser.next(.change).change?.added.first?.id)
        _ = try drawer.next(.change)
        eraser.send(.tool(.eraser))
        _ = try eraser.next(.ack)
        eraser.send(.pen(.began, [.init(x: 130, y: 70, t: 1, p: 0.5)], view: .letter))
        eraser.send(.pen(.moved, (1...6).map { .init(x: 130, y: 70 + Double($0) * 10, t: 1 + Double($0) * 8, p: 0.5) }))
        #expect(try drawer.next(.change).change?.removed == [erased], "erased while the pen is down")

        Self.stroke(drawer, x: 100, y: 300)
        let drawn = try #require(try drawer.next(.change).change?.added.first?.id)
        drawer.send(.undo)
        #expect(try drawer.next(.change).change?.removed == [drawn], "the drawer's undo takes back its own stroke")
        drawer.send(.redo)
        #expect(try drawer.next(.change).change?.added.map(\.id) == [drawn])

        eraser.send(.pen(.ended, [.init(x: 130, y: 140, t: 60, p: 0.5)]))
        eraser.send(.undo)
        let undone = try #require(try drawer.next(.change).change)
        #expect(undone.added.map(\.id) == [erased] && undone.removed.isEmpty, "the eraser's undo brings back what it erased, and only that")
        let elements = try test.store.open(DocumentID(id)!).markup.elements.map(\.id.description)
        #expect(Set(elements) == [erased, drawn])
    }

    @Test func restoringAVersionReachesOpenPagesAndTheLibrary() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        Self.stroke(client, x: 100, y: 100)
        _ = try client.next(.change)
        // Version 0 is the blank page it was created as; restoring it removes the stroke for every
        // page, as one change that can be undone.
        let versions = try #require(try test.request("GET", "/api/documents/\(id)/versions").json as? [[String: Any]])
        #expect(versions.compactMap { $0["version"] as? Double }.contains(0))
        #expect(try test.json("POST", "/api/documents/\(id)/restore", ["version": 0]).status == 200)
        let restored = try client.next(.change)
        #expect(restored.change?.removed.count == 1)
        #expect(try client.next(.history).canUndo == true)
        client.send(.undo)
        #expect(try client.next(.change).change?.added.count == 1)
        #expect(try test.json("POST", "/api/documents/\(id)/restore", ["version": 99]).status == 404)
        client.close()
        // With no page open, the restore goes straight into the journal.
        #expect(try test.json("POST", "/api/documents/\(id)/restore", ["version": 0]).status == 200)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    @Test func badMessagesAreRefusedAndTheConnectionStays() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        for bad in ["{not json", "[]", "{\"type\": \"explode\"}", "{\"type\": \"pointer\"}", "{\"type\": \"tool\", \"tool\": \"chisel\"}",
                    "{\"type\": \"tool\", \"tool\": \"pen\", \"color\": \"red\"}", "{\"type\": \"insert\", \"kind\": \"image\", \"image\": \"!!\"}",
                    "{\"type\": \"selection\", \"action\": \"resize\"}", "{\"type\": \"tool\", \"tool\": \"eraser\", \"width\": -1}",
                    "{\"type\": \"tool\", \"tool\": \"pen\", \"pressure\": 3}", "{\"type\": \"tool\", \"tool\": \"pen\", \"pressure\": \"hard\"}"] {
            client.sendText(bad)
            #expect(try client.next(.error).text != nil, "\(bad)")
        }
        // An edit that is not a message of the protocol is refused under its id, so the page lets it go.
        client.sendText("{\"type\": \"explode\", \"op\": \"bad-1\"}")
        let refused = try client.next(.refused)
        #expect(refused.op == "bad-1" && refused.text?.hasPrefix("not a message this server understands") == true)
        // Time running backwards within a stroke is refused; nothing is added.
        client.send(.pen(.began, [.init(x: 10, y: 10, t: 500, p: 0.5)], view: .letter))
        client.send(.pen(.moved, [.init(x: 20, y: 10, t: 100, p: 0.5)]))
        #expect(try client.next(.error).text != nil)
        client.send(.pen(.ended, [.init(x: 30, y: 10, t: 600, p: 0.5)]))
        // Still serving: a good stroke works.
        Self.stroke(client, x: 50, y: 50)
        #expect(try client.next(.change).change?.added.count == 1)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 1)
    }

    @Test func viewModeRefusesEdits() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        client.send(.mode(editable: false, penOnly: nil))
        Self.stroke(client, x: 100, y: 100)
        #expect(try client.next(.error).text == EditorError.notEditable.explanation)
        client.send(.insert(.rectangle, color: nil, view: nil))
        #expect(try client.next(.error).text != nil)
        #expect(try test.store.open(DocumentID(id)!).markup.elements.isEmpty)
    }

    @Test func unknownDocumentsAndForeignOriginsAreRefused() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: "00000000-0000-0000-0000-000000000000") }
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: "not-a-uuid") }
        #expect(throws: EditorClient.ClientError.self) { _ = try EditorClient(port: test.port, document: id, origin: "http://evil.example") }
        let sameOrigin = try EditorClient(port: test.port, document: id, origin: "http://127.0.0.1:\(test.port)")
        #expect(try sameOrigin.next(.hello).kind == .hello)
    }

    @Test func stoppingTheServerWritesTheLastSnapshot() throws {
        let test = try TestServer()
        let id = try Self.newDocument(test)
        let client = try test.page(id)
        Self.stroke(client, x: 100, y: 100)
        _ = try client.next(.change)
        test.server.stop()
        let reopened = try test.store.open(DocumentID(id)!)
        #expect(reopened.markup.elements.count == 1 && reopened.journalBytes == 0)
        #expect(try test.store.versions(of: DocumentID(id)!).first?.number == 1)
    }
}

/// A page gets the elements its view shows, once each.
/// A page that draws its own ink (the WebAssembly ink) is not sent the live outline of its own
/// strokes; every other page still sees them grow.
struct OwnInkTests {
    @Test func aPageThatDrawsItsOwnInkHearsOnlyOthersLiveStrokes() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let drawing = try EditorClient(port: test.port, document: id, drawsOwnInk: true)
        _ = try drawing.next(.hello)
        let watching = try test.page(id)
        LiveEditingTests.stroke(drawing, x: 100, y: 100)
        #expect(try watching.next(.live).stream != nil, "another page sees the stroke grow")
        _ = try watching.next(.change)
        // Everything the drawing page was sent for its stroke is in by now, and none of it is live.
        #expect(throws: EditorClient.ClientError.self) { try drawing.next(.live, timeout: 0.5) }
        LiveEditingTests.stroke(watching, x: 100, y: 300)
        #expect(try drawing.next(.live).stream != nil, "it sees the others' strokes grow")
    }
}

@Suite(.serialized)
struct ViewStreamingTests {
    @Test func elementsArriveForTheViewOnlyAndOnlyOnce() throws {
        let test = try TestServer()
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 20_000))
        for row in 0..<40 {
            markup.insert(.shape(Shape(configuration: .rectangle)), frame: Rect(x: 100, y: Double(row) * 500, width: 100, height: 50))
        }
        let summary = try test.store.create(title: "Tall", encoded: try MarkupFile(markup: markup).encoded())
        let client = try test.page(summary.id.description)
        func view(_ y: Double) -> ClientMessage { .view(.init(frame: Rect(x: 0, y: y, width: 800, height: 1000), size: Size(width: 800, height: 1000))) }
        client.send(view(0))
        let first = try #require(try client.next(.elements).elementList)
        // The view and half a view around it: rows at 0…1500.
        #expect(first.count == 4)
        // Moving down a little brings one new row (2000); the rows already there are not sent again.
        client.send(view(750))
        #expect(try client.next(.elements).elementList?.count == 1)
        client.send(view(10_000))
        let far = try #require(try client.next(.elements).elementList)
        #expect(far.count == 5 && Set(far.map(\.id)).isDisjoint(with: Set(first.map(\.id))))
    }

    @Test func aPageInTheDarkAppearanceIsSentItsElementsDrawnThatWay() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let light = try test.page(id), dark = try test.page(id)
        dark.send(.appearance(dark: true))
        // Its view's answer shows the appearance is in place before the other page draws: the two
        // pages' messages arrive on different connections, in no set order.
        dark.send(.view(.letter))
        _ = try dark.next(.elements)
        LiveEditingTests.stroke(light, x: 100, y: 100)
        let drawn = try #require(try light.next(.change).change?.added.first?.svg)
        let darkened = try #require(try dark.next(.change).change?.added.first?.svg)
        #expect(drawn.contains("fill=\"#000000\"") && !drawn.contains("#ffffff"))
        #expect(darkened.contains("fill=\"#ffffff\"") && !darkened.contains("#000000"))
        // Back in the light, the page's view brings the element again, drawn black.
        dark.send(.appearance(dark: false))
        dark.send(.view(.letter))
        let again = try #require(try dark.next(.elements).elementList)
        #expect(again.count == 1 && again[0].svg == drawn)
    }
}

/// Signatures saved in one document are there in every document, after a restart too.
@Suite(.serialized)
struct SignatureTests {
    @Test func aSavedSignatureIsInsertedInAnotherDocument() throws {
        let test = try TestServer()
        let first = try LiveEditingTests.newDocument(test)
        let client = try test.page(first)
        client.send(.insert(.signature(id: nil), color: nil, view: .letter))
        #expect(try client.next(.error).text?.hasPrefix("No signature saved yet: write it") == true)
        LiveEditingTests.stroke(client, x: 100, y: 100)
        let stroke = try #require(try client.next(.change).change?.added.first?.id)
        client.send(.selection(.set, ids: [stroke]))
        client.send(.insert(.signature(id: nil), color: nil, view: .letter))
        #expect(try client.next(.notice).text?.contains("Signature saved") == true)
        #expect(try test.store.signatures().count == 1)
        client.close()
        let second = try LiveEditingTests.newDocument(test)
        let other = try test.page(second)
        other.send(.insert(.signature(id: nil), color: nil, view: .letter))
        let inserted = try #require(try other.next(.change).change?.added)
        #expect(inserted.count == 1 && inserted[0].svg.contains("data-kind=\"stroke\""))
    }

    /// Samples as the editor's signing pad sends them: a stroke along y = `y`, with pressure.
    static func padStroke(y: Double, from x: Double = 20) -> [[String: Double]] {
        (0..<30).map { (index: Int) -> [String: Double] in
            let step = Double(index)
            return ["x": x + step * 8, "y": y + Double(index % 4) * 3, "t": 1000 + step * 8, "p": 0.4 + Double(index % 5) / 20]
        }
    }

    /// A signature written on the pad is made into pen strokes, listed and drawn, inserted by its id in
    /// any document, and deleted; what is not a signature is refused and nothing is saved.
    @Test func aSignatureWrittenOnThePadIsSavedDrawnInsertedAndDeleted() throws {
        let test = try TestServer()
        let made = try test.json("POST", "/api/signatures", ["strokes": [Self.padStroke(y: 40), Self.padStroke(y: 70, from: 60)]])
        #expect(made.status == 201, "\(made.text)")
        let id = try #require((made.json as? [String: Any])?["id"] as? Int)
        #expect((try test.request("GET", "/api/signatures").json as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [id])
        let svg = try test.request("GET", "/api/signatures/\(id).svg")
        #expect(svg.status == 200 && svg.headers["content-type"] == "image/svg+xml")
        #expect(svg.text.contains("<svg") && svg.text.components(separatedBy: "data-kind=\"stroke\"").count == 3)
        let saved = try #require(try test.store.signatures().first)
        #expect(saved.strokes.count == 2 && saved.strokes.allSatisfy { $0.ink.type == .pen && $0.points.count > 10 })

        let page = try test.page(try LiveEditingTests.newDocument(test))
        page.send(.insert(.signature(id: Int64(id)), color: nil, view: .letter, placement: .center(Point(x: 300, y: 400))))
        let inserted = try #require(try page.next(.change).change?.added)
        #expect(inserted.count == 2 && inserted.allSatisfy { $0.svg.contains("data-kind=\"stroke\"") })
        guard case .selection(let selected, _, _) = try page.next(.selection) else { throw EditorClient.ClientError.timedOut("selection") }
        #expect(selected.count == 2)

        #expect(try test.request("DELETE", "/api/signatures/\(id)").status == 204)
        #expect((try test.request("GET", "/api/signatures").json as? [Any])?.isEmpty == true)
        #expect(try test.request("GET", "/api/signatures/\(id).svg").status == 404)
        #expect(try test.request("DELETE", "/api/signatures/\(id)").status == 404)
        page.send(.insert(.signature(id: Int64(id)), color: nil, view: .letter))
        #expect(try page.next(.error).text?.hasPrefix("That signature is no longer saved") == true)

        // No strokes, an empty stroke, a sample off the pad or without its time, too many strokes or
        // samples, time running backwards.
        let noStrokes: [[[String: Double]]] = [], emptyStroke: [[[String: Double]]] = [[]]
        let offThePad: [[[String: Double]]] = [[["x": -5, "y": 10, "t": 0]]], untimed: [[[String: Double]]] = [[["x": 5, "y": 10]]]
        let tooMany = Array(repeating: Self.padStroke(y: 40), count: 65)
        let tooLong: [[[String: Double]]] = [(0..<20_001).map { ["x": Double($0 % 400), "y": 10, "t": Double($0)] }]
        let backwards: [[[String: Double]]] = [[["x": 5, "y": 10, "t": 10], ["x": 6, "y": 10, "t": 5]]]
        for strokes in [noStrokes, emptyStroke, offThePad, untimed, tooMany, tooLong, backwards] {
            let answer = try test.json("POST", "/api/signatures", ["strokes": strokes])
            #expect(answer.status == 400, "\(answer.status) \(answer.text)")
        }
        #expect(try test.request("POST", "/api/signatures", body: Data("{\"strokes\": [[".utf8)).status == 400)
        #expect(try test.request("POST", "/api/signatures", body: Data(repeating: 32, count: (2 << 20) + 1)).status == 413)
        #expect(try test.store.signatures().isEmpty)
        // A library keeps so many signatures, and no more.
        for _ in 0..<SavedSignature.maximumCount {
            #expect(try test.json("POST", "/api/signatures", ["strokes": [Self.padStroke(y: 40)]]).status == 201)
        }
        #expect(try test.json("POST", "/api/signatures", ["strokes": [Self.padStroke(y: 40)]]).status == 409)
        #expect(try test.store.signatures().count == SavedSignature.maximumCount)
    }
}

/// Shapes go where the page dragged them, and insertions where it last tapped.
struct PlacementTests {
    @Test func shapesLinesAndInsertionsGoWhereThePagePutThem() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let client = try test.page(id)
        let frame = Rect(x: 100, y: 150, width: 200, height: 80)
        let placements: [(ClientMessage.Insertable, ClientMessage.Placement)] = [
            (.ellipse, .frame(frame)), (.arrow, .line(from: Point(x: 400, y: 500), to: Point(x: 300, y: 450))),
            (.sticker(emoji: "⭐️"), .center(Point(x: 600, y: 700))),
        ]
        for (index, (item, placement)) in placements.enumerated() {
            client.send(.insert(item, color: nil, view: .letter, placement: placement), op: "place-\(index)")
            guard case .ack("place-\(index)", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        }
        let frames = try test.store.open(DocumentID(id)!).markup.elements.sorted { $0.zIndex < $1.zIndex }.map(\.frame)
        #expect(frames.count == 3)
        #expect(frames.first == frame)
        #expect(frames.dropFirst().first == Rect(x: 300, y: 450, width: 100, height: 50))
        #expect(frames.last?.center == Point(x: 600, y: 700))
        // A frame with no area, or one outside the canvas, is refused, and nothing is added.
        for (op, bad) in [("flat", Rect(x: 0, y: 0, width: 0, height: 10)), ("far", Rect(x: 2e9, y: 0, width: 10, height: 10))] {
            client.send(.insert(.rectangle, color: nil, view: .letter, placement: .frame(bad)), op: op)
            guard case .refused(op, _) = try client.next(.refused) else { Issue.record("\(op) was not refused"); return }
        }
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 3)
    }

    /// A PNG MarkupKit exported editable, dropped on a document, brings the drawing it carries (new
    /// ids, its pictures with it, its middle where the picture would have gone), not a picture of it;
    /// one whose carried file does not read is the picture.
    @Test func aDroppedEditablePNGBringsItsDrawing() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let client = try test.page(id)
        let drawing = RandomDocuments.make(seed: 21, elementCount: 6)
        let picture = SamplePDF.quartersPNG(width: 20, height: 10)
        let editable = try #require(EmbeddedMarkup.embedding(try MarkupFile(markup: drawing).encoded(), in: picture))
        let frame = Rect(x: 300, y: 400, width: 200, height: 100)
        client.send(.insert(.image(editable.base64EncodedString()), color: nil, view: .letter, placement: .frame(frame)), op: "drop")
        guard case .ack("drop", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        let markup = try test.store.open(DocumentID(id)!).markup
        #expect(markup.elements.count == drawing.elements.count)
        #expect(Set(markup.elements.map(\.id)).isDisjoint(with: drawing.elements.map(\.id)))
        #expect(markup.elements.map { "\($0.content.kind)" }.sorted() == drawing.elements.map { "\($0.content.kind)" }.sorted())
        #expect(Set(markup.blobs.keys) == Set(drawing.elements.compactMap(\.content.blobReference)))
        let bounds = try #require(markup.elements.map(\.renderFrame).reduce(nil) { $0?.union($1) ?? $1 })
        #expect(abs(bounds.center.x - frame.center.x) < 0.001 && abs(bounds.center.y - frame.center.y) < 0.001)
        // So does one Excalidraw exported with its scene.
        client.send(.insert(.image(SampleScenePNG.fromExcalidraw.base64EncodedString()), color: nil, view: .letter, placement: .frame(frame)),
                    op: "scene")
        guard case .ack("scene", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        let withScene = try test.store.open(DocumentID(id)!).markup.elements
        func pictures(_ elements: [Element]) -> Int { elements.filter { if case .image = $0.content { true } else { false } }.count }
        #expect(withScene.count == drawing.elements.count + 4 && pictures(withScene) == pictures(drawing.elements))
        // A carried file that does not read leaves the picture.
        let broken = try #require(EmbeddedMarkup.embedding(Data("not a drawing".utf8), in: picture))
        client.send(.insert(.image(broken.base64EncodedString()), color: nil, view: .letter, placement: .frame(frame)), op: "picture")
        guard case .ack("picture", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        let after = try test.store.open(DocumentID(id)!).markup.elements
        #expect(after.count == drawing.elements.count + 5 && after.contains { if case .image = $0.content { $0.frame == frame } else { false } })
    }

    /// Another app's drawing dropped or pasted on a document: its elements pasted with their middle
    /// where it was dropped, what did not come across said; a broken one refused, nothing changed.
    @Test func aDroppedOrPastedDrawingOfAnotherAppIsPasted() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let client = try test.page(id)
        let spot = Point(x: 400, y: 300)
        let tldraw = Data(SampleTldraw.version2.utf8).base64EncodedString()
        client.send(.insert(.drawing(tldraw, name: "sketch.tldr"), color: nil, view: .letter, placement: .center(spot)), op: "drop")
        #expect(try client.next(.notice).text == "Pasted sketch.tldr; not carried over exactly: 1 × arrowhead: drawn as MarkupKit's nearest marker; "
                + "1 × page: tldraw's pages placed one below another")
        guard case .ack("drop", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        let markup = try test.store.open(DocumentID(id)!).markup
        #expect(markup.elements.map(\.content.kind) == [.stroke, .shape, .textBox, .shape, .shape])
        let bounds = try #require(markup.elements.map(\.renderFrame).reduce(nil) { $0?.union($1) ?? $1 })
        #expect(abs(bounds.center.x - spot.x) < 0.001 && abs(bounds.center.y - spot.y) < 0.001)

        // Elements copied at excalidraw.com, pasted as text: told by their content.
        let copied = #"{"type": "excalidraw/clipboard", "elements": [{"type": "ellipse", "x": 0, "y": 0, "width": 80, "height": 40}], "files": {}}"#
        client.send(.insert(.drawing(Data(copied.utf8).base64EncodedString(), name: ""), color: nil, view: .letter), op: "paste")
        guard case .ack("paste", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 6)

        // A .markup file, with its pictures.
        let drawing = RandomDocuments.make(seed: 8, elementCount: 4)
        client.send(.insert(.drawing(try MarkupFile(markup: drawing).encoded().base64EncodedString(), name: "notes.markup"), color: nil, view: .letter),
                    op: "markup")
        guard case .ack("markup", _) = try client.next(.ack) else { Issue.record("no ack"); return }
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 6 + drawing.elements.count)

        for (op, data, name) in [("broken", Data(#"{"tldrawFileFormatVersion": 9, "records": []}"#.utf8), "x.tldr"),
                                 ("empty", Data(#"{"tldrawFileFormatVersion": 1, "records": []}"#.utf8), "empty.tldr"),
                                 ("noise", Data("not a drawing".utf8), "noise.bin")] {
            client.send(.insert(.drawing(data.base64EncodedString(), name: name), color: nil, view: .letter), op: op)
            guard case .refused(op, _) = try client.next(.refused) else { Issue.record("\(op) was not refused"); return }
        }
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 6 + drawing.elements.count)
    }
}

/// Text typed on the canvas: inserted where it was typed, set as asked, edited again in place.
struct TextOnTheCanvasTests {
    @Test func textIsInsertedWhereTypedAndEditedInPlace() throws {
        let test = try TestServer()
        let id = try LiveEditingTests.newDocument(test)
        let client = try test.page(id)
        let frame = Rect(x: 50, y: 60, width: 240, height: 62)
        let style = ClientMessage.TextStyle(family: "Serif", size: 24, bold: true, alignment: .center)
        client.send(.insert(.text("Hello\ncanvas", style: style), color: "#ff0000", view: .letter, placement: .frame(frame)), op: "t-1")
        guard case .ack("t-1", _) = try client.next(.ack) else { Issue.record("not saved"); return }
        let inserted = try #require(try test.store.open(DocumentID(id)!).markup.elements.first)
        guard case .textBox(let box) = inserted.content else { Issue.record("not a text box"); return }
        #expect(inserted.frame == frame && box.alignment == .center && box.text.string == "Hello\ncanvas")
        #expect(box.text.runs.first?.font == TextFont(family: "Serif", size: 24, weight: 700, italic: false))
        client.send(.selection(.editText("Edited", style: .init(size: 12)), ids: [inserted.id.description]), op: "t-2")
        guard case .ack("t-2", _) = try client.next(.ack) else { Issue.record("not saved"); return }
        let edited = try #require(try test.store.open(DocumentID(id)!).markup.elements.first)
        guard case .textBox(let editedBox) = edited.content else { Issue.record("not a text box"); return }
        #expect(editedBox.text.string == "Edited" && editedBox.text.runs.first?.font.size == 12 && editedBox.text.runs.first?.color == box.text.runs.first?.color)
        // A font size or family out of bounds is refused and changes nothing.
        client.send(.selection(.editText("x", style: .init(size: 5000)), ids: [inserted.id.description]), op: "t-3")
        guard case .refused("t-3", _) = try client.next(.refused) else { Issue.record("not refused"); return }
        client.send(.insert(.text("x", style: .init(family: String(repeating: "f", count: 65))), color: nil, view: .letter), op: "t-4")
        guard case .refused("t-4", _) = try client.next(.refused) else { Issue.record("not refused"); return }
        #expect(try test.store.open(DocumentID(id)!).markup.elements.count == 1)
    }
}
