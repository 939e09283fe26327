import Foundation
import MarkupEditor
import MarkupModel
import MarkupServer
import Synchronization
import Testing

/// The protocol's types: what is written reads back the same, and what is not a message is refused
/// with the reason.
struct ProtocolTests {
    static let samples = [ClientMessage.Sample(x: 1, y: 2, t: 3, p: 0.5, tx: 10, ty: -5), ClientMessage.Sample(x: 4.25, y: -1e6, t: 1e9)]

    static let everyClientMessage: [ClientEnvelope] = [
        ClientEnvelope(.view(.letter)),
        ClientEnvelope(.tool(.init(tool: .ink(.watercolor), color: "#ff0000", opacity: 0.5, width: 12))),
        ClientEnvelope(.tool(.init(tool: .eraser, width: 30, eraser: .bitmap))),
        ClientEnvelope(.tool(.init(tool: .lasso))),
        ClientEnvelope(.tool(.init(tool: .ink(.pen), width: 3, scratchOut: true))),
        ClientEnvelope(.tool(.init(tool: .ink(.fountainPen), width: 4, pressure: 1.6))),
        ClientEnvelope(.stroke(.init(ink: .init(tool: .ink(.reed), scratchOut: true), pointerType: .pen, samples: samples, view: .letter)), op: "page-2"),
        ClientEnvelope(.mode(editable: false, penOnly: true)),
        ClientEnvelope(.appearance(dark: true)),
        ClientEnvelope(.pointer(.init(phase: .began, pointerType: .touch, samples: samples, view: .letter))),
        ClientEnvelope(.pointer(.init(phase: .cancelled, pointerType: .mouse, samples: []))),
        ClientEnvelope(.stroke(.init(ink: .init(tool: .ink(.fountainPen), color: "#123456"), pointerType: .pen, samples: samples, view: .letter)), op: "page-1"),
        ClientEnvelope(.undo, op: "u"), ClientEnvelope(.redo), ClientEnvelope(.clear(), op: "c"), ClientEnvelope(.clear(page: Rect(x: 0, y: 792, width: 612, height: 792)), op: "c-2"),
        ClientEnvelope(.insert(.star, color: "#00ff00", view: .letter)),
        ClientEnvelope(.insert(.text("Hello \"world\"\n→"), color: nil, view: nil)),
        ClientEnvelope(.insert(.sticker(emoji: "🎉"), color: nil, view: nil)),
        ClientEnvelope(.insert(.image("iVBORw0KGgo="), color: nil, view: nil)),
        ClientEnvelope(.insert(.drawing("eyJ0eXBlIjogImV4Y2FsaWRyYXcifQ==", name: "board.excalidraw"), color: nil, view: .letter, placement: .center(Point(x: 5, y: 6)))),
        ClientEnvelope(.insert(.link(url: "https://example.com/?a=1&b=2"), color: nil, view: nil)),
        ClientEnvelope(.insert(.signature(id: nil), color: nil, view: .letter)),
        ClientEnvelope(.insert(.signature(id: 7), color: nil, view: .letter, placement: .center(Point(x: 30, y: 40)))),
        ClientEnvelope(.insert(.ellipse, color: "#ff0000", view: .letter, placement: .frame(Rect(x: 10, y: 20.5, width: 30, height: 40))), op: "s-1"),
        ClientEnvelope(.insert(.arrow, color: nil, view: nil, placement: .line(from: Point(x: 1, y: 2), to: Point(x: -3, y: 4)))),
        ClientEnvelope(.insert(.sticker(emoji: "⭐️"), color: nil, view: nil, placement: .center(Point(x: 300, y: 400)))),
        ClientEnvelope(.selection(.set, ids: ["1", "2"])),
        ClientEnvelope(.selection(.all, ids: nil)),
        ClientEnvelope(.presence(name: "Ada")),
        ClientEnvelope(.selection(.restyle(width: 6, opacity: nil), ids: ["a"]), op: "r-1"),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: 0.25), ids: nil)),
        ClientEnvelope(.insert(.text("Two\nlines", style: .init(family: "Serif", size: 24, bold: true, italic: false, alignment: .center)), color: "#007aff",
                               view: nil, placement: .frame(Rect(x: 1, y: 2, width: 240, height: 60))), op: "t-1"),
        ClientEnvelope(.selection(.editText("Edited", style: .init(size: 12, italic: true)), ids: ["a"]), op: "t-2"),
        ClientEnvelope(.selection(.restyleText(family: "Serif", size: 30, bold: false, italic: nil, alignment: .trailing), ids: ["a"]), op: "t-3"),
        ClientEnvelope(.selection(.restyleText(family: nil, size: nil, bold: true, italic: true, alignment: nil), ids: nil)),
        ClientEnvelope(.cursor(Point(x: 10, y: 20.25), drawing: true)),
        ClientEnvelope(.cursor(nil, drawing: false)),
        ClientEnvelope(.cursor(Point(x: 3, y: 4), drawing: false, laser: true)),
        ClientEnvelope(.selection(.move(dx: 3, dy: -4), ids: nil)),
        ClientEnvelope(.selection(.resize(to: Rect(x: 1, y: 2, width: 3, height: 4), keepingAspectRatio: true), ids: ["7"])),
        ClientEnvelope(.selection(.resize(to: Rect(x: 1, y: 2, width: 3, height: 4), keepingAspectRatio: false, flipping: [.vertical]), ids: ["7"])),
        ClientEnvelope(.selection(.rotate(0.5), ids: nil)),
        ClientEnvelope(.selection(.recolor("#abcdef"), ids: nil)),
        ClientEnvelope(.selection(.back, ids: nil)),
        ClientEnvelope(.selection(.copy, ids: ["a", "b"]), op: "c-1"),
        ClientEnvelope(.selection(.duplicate(offset: Point(x: 30, y: -4.5)), ids: ["a"]), op: "d-1"),
        ClientEnvelope(.selection(.duplicate(), ids: nil)),
        ClientEnvelope(.selection(.cut, ids: ["a"]), op: "x-1"),
        ClientEnvelope(.selection(.paste(view: .letter), ids: nil), op: "v-1"),
        ClientEnvelope(.selection(.paste(view: nil), ids: nil)),
        ClientEnvelope(.selection(.paste(view: .letter, from: "tab-2", at: Point(x: 40, y: -2.5)), ids: nil), op: "v-2"),
        ClientEnvelope(.selection(.pick(Point(x: 12.5, y: 300)), ids: nil)),
        ClientEnvelope(.insert(.ellipse, color: "#34c759", view: nil, placement: .frame(Rect(x: 1, y: 2, width: 30, height: 20)),
                               style: .init(lineWidth: 7.5, opacity: 0.5, rotation: -0.25), selects: false), op: "shape-2"),
        ClientEnvelope(.insert(.line, color: nil, view: nil, placement: .line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9)), style: .init(lineWidth: 3))),
        ClientEnvelope(.insert(.star, color: "#ffcc00", view: .letter, style: .init(fill: .tint))),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, fill: .solid), ids: ["a"]), op: "f-1"),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, fill: ShapeFill.none), ids: nil)),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, fill: .crossHatched), ids: ["a"]), op: "f-2"),
        ClientEnvelope(.selection(.align(.middle), ids: ["a", "b"]), op: "al-1"),
        ClientEnvelope(.selection(.distribute(.vertical), ids: ["a", "b", "c"])),
        ClientEnvelope(.selection(.flip(.horizontal), ids: ["a"]), op: "flip-1"),
        ClientEnvelope(.selection(.group, ids: ["a", "b"]), op: "g-1"),
        ClientEnvelope(.selection(.ungroup, ids: ["a"])),
        ClientEnvelope(.selection(.lock, ids: ["a"]), op: "l-1"),
        ClientEnvelope(.insert(.text("Label"), color: nil, view: nil, placement: .frame(Rect(x: 1, y: 2, width: 30, height: 10)),
                               labelFor: "00000000-0000-0000-0000-000000000001"), op: "label-1"),
        ClientEnvelope(.selection(.unlockAll, ids: nil)), ClientEnvelope(.selection(.unlock, ids: ["a"]), op: "u-1"),
        ClientEnvelope(.selection(.straighten, ids: ["a", "b"]), op: "straighten-1"),
        ClientEnvelope(.insert(.arrow, color: nil, view: nil, placement: .line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9)),
                               style: .init(connects: true)), op: "connect-1"),
        ClientEnvelope(.selection(.moveEnd(.start, to: Point(x: 4, y: 5.5), connects: true), ids: ["a"]), op: "end-1"),
        ClientEnvelope(.selection(.moveEnd(.end, to: Point(x: -4, y: 5), connects: false), ids: ["a"])),
        ClientEnvelope(.selection(.bend(through: Point(x: 7, y: -2.5)), ids: ["a"]), op: "bend-1"),
        ClientEnvelope(.selection(.bend(through: nil), ids: ["a"])),
        ClientEnvelope(.selection(.forward, ids: ["a"]), op: "forward-1"),
        ClientEnvelope(.selection(.backward, ids: ["a", "b"])),
        ClientEnvelope(.insert(.arrow, color: nil, view: nil, placement: .line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9)),
                               style: .init(elbow: true, sketchy: true, connects: true)), op: "elbow-1"),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, sketchy: true), ids: ["a"]), op: "sketch-1"),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, elbow: false), ids: ["a"]), op: "elbow-2"),
        ClientEnvelope(.selection(.crop(Rect(x: 0.25, y: 0, width: 0.5, height: 0.75)), ids: ["a"]), op: "crop-1"),
        ClientEnvelope(.selection(.crop(nil), ids: ["a"])),
        ClientEnvelope(.selection(.describe("A chart, \"quoted\""), ids: ["a"]), op: "describe-1"),
        ClientEnvelope(.selection(.magnify(3.5), ids: ["a"]), op: "magnify-1"),
        ClientEnvelope(.paper(Paper(ruling: .squared, spacing: 21.5)), op: "p-1"),
        ClientEnvelope(.paper(nil)),
        ClientEnvelope(.sheet(.add), op: "s-1"),
        ClientEnvelope(.sheet(.remove)),
        ClientEnvelope(.sheet(.insert(before: 2)), op: "s-2"),
        ClientEnvelope(.sheet(.delete(at: 0))),
        ClientEnvelope(.sheet(.duplicate(at: 1)), op: "s-3"),
        ClientEnvelope(.sheet(.moveUp(at: 1)), op: "s-4"), ClientEnvelope(.sheet(.moveDown(at: 0))),
        ClientEnvelope(.follow(peer: "ab12cd34")), ClientEnvelope(.follow(peer: nil)), ClientEnvelope(.ping),
        ClientEnvelope(.insert(.rectangle, color: nil, view: nil, placement: .frame(Rect(x: 1, y: 2, width: 30, height: 20)), style: .init(dash: .dotted))),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, dash: .dashed), ids: ["a"]), op: "d-2"),
        ClientEnvelope(.insert(.arrow, color: nil, view: nil, placement: .line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9)),
                               style: .init(startMarker: .circle, endMarker: .openArrow)), op: "a-1"),
        ClientEnvelope(.selection(.restyle(width: nil, opacity: nil, startMarker: LineMarker.none, endMarker: .bar), ids: ["a"]), op: "a-2"),
        ClientEnvelope(.selection(.restyle(width: 4, opacity: 0.5, fill: .tint, dash: .dotted, color: "#ff3b30"), ids: ["a"]), op: "style-1"),
        ClientEnvelope(.selectText(from: Point(x: 72, y: 150.5), to: Point(x: 300, y: 160))),
        ClientEnvelope(.highlight(from: Point(x: 72, y: 150.5), to: Point(x: 300, y: 160), color: "#ffcc00"), op: "h-1"),
        ClientEnvelope(.highlight(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), color: nil), op: "h-2"),
        ClientEnvelope(.space(at: 300, by: -120.5), op: "sp-1"),
        ClientEnvelope(.findText(query: "naïve \"café\"", fromPage: 40)),
    ]

    @Test(arguments: everyClientMessage)
    func aClientMessageReadsBackAsWritten(envelope: ClientEnvelope) throws {
        #expect(try ClientEnvelope.decode(envelope.json) == envelope)
    }

    static let everyServerMessage: [ServerMessage] = [
        .hello(.init(protocolVersion: ServerMessage.protocolVersion, document: .init(id: "1", title: "T", bounds: Rect(x: 0, y: 0, width: 10, height: 20)),
                     sequence: 4, canUndo: true, canRedo: false, readOnly: "newer format", zoomRange: [0.1, 8],
                     background: PageBackground(source: .pdf(BlobID(bytes: Array(repeating: 1, count: 32))!),
                                                pages: [.init(index: 0, frame: Rect(x: 0, y: 0, width: 1, height: 2)), .blank(Rect(x: 0, y: 26, width: 1, height: 2))]))),
        .preview(.init(sequence: 7, document: .init(id: "1", title: "T", bounds: Rect(x: 0, y: 0, width: 10, height: 20)), zoomRange: [0.25, 8],
                       background: nil, elements: [ElementSVG(id: "2", z: 1, svg: "<g id=\"e-2\"/>")])),
        .elements([ElementSVG(id: "1", z: 2, svg: "<g id=\"e-1\"/>")]),
        .change(.init(added: [ElementSVG(id: "3", z: 1, svg: "<g/>")], updated: [], removed: ["9"], sequence: 12, saved: false)),
        .change(.init(added: [], updated: [], removed: [], sequence: 13, saved: nil, paper: .init(Paper(ruling: .lined, spacing: 30)))),
        .change(.init(added: [], updated: [], removed: [], sequence: 14, saved: nil, paper: .init(nil))),
        .change(.init(added: [], updated: [], removed: [], sequence: 15, saved: nil, bounds: Rect(x: 0, y: 0, width: 768, height: 2048))),
        .change(.init(added: [], updated: [], removed: [], sequence: 16, saved: nil, bounds: Rect(x: 0, y: 0, width: 612, height: 1608),
                      background: PageBackground(source: .pdf(BlobID(bytes: Array(repeating: 2, count: 32))!),
                                                 pages: [.blank(Rect(x: 0, y: 0, width: 612, height: 792)), .init(index: 3, frame: Rect(x: 0, y: 816, width: 612, height: 792))]))),
        .ack(op: "a", sequence: 5), .ack(op: nil, sequence: nil), .refused(op: "b", reason: "This document is open to view only."),
        .history(canUndo: false, canRedo: true), .selection(ids: [], bounds: nil), .selection(ids: ["1"], bounds: Rect(x: 1, y: 1, width: 2, height: 2)),
        .selection(ids: ["1", "2"], bounds: Rect(x: 0, y: 0, width: 5, height: 5), style: SharedStyle(color: "#ff3b30", width: 2.5, opacity: 0.5, fill: "tint")),
        .selection(ids: ["3"], bounds: Rect(x: 0, y: 0, width: 5, height: 5), style: SharedStyle(dash: "dotted")),
        .selection(ids: ["4"], bounds: Rect(x: 0, y: 0, width: 5, height: 5), style: SharedStyle(startMarker: "circle", endMarker: "arrow")),
        .selection(ids: ["5"], bounds: Rect(x: 0, y: 0, width: 5, height: 5), style: SharedStyle(startMarker: "none", endMarker: "arrow", elbow: true, sketchy: false)),
        .textBoxes([Rect(x: 72, y: 144.25, width: 230, height: 18), Rect(x: 72, y: 162.25, width: 40, height: 18)]), .textBoxes([]),
        .foundText(query: "café", matches: [Rect(x: 72, y: 900, width: 40, height: 12)], nextPage: 40), .foundText(query: "x", matches: [], nextPage: nil),
        .notice("Signature saved"), .title("Renamed"), .error("bad"),
        .liveBegin(stream: "s"), .live(stream: "s", layers: [.init(finished: "<path/>", provisional: "")]), .liveEnd(stream: "s"),
        .presence(peers: [.init(id: "ab12", name: "Ada \"L\"", color: "#ff3b30")], total: 3), .peer(.init(id: "cd34", name: "Grace", color: "#34c759")),
        .peerLeft(id: "cd34"), .cursor(id: "ab12", at: Point(x: 1.5, y: -2), drawing: true), .cursor(id: "ab12", at: nil, drawing: false),
        .cursor(id: "ab12", at: Point(x: 7, y: 8), drawing: false, laser: true),
        .peerView(id: "ab12", view: Rect(x: -10, y: 20.5, width: 384, height: 512)), .pong,
    ]

    @Test(arguments: everyServerMessage)
    func aServerMessageReadsBackAsWritten(message: ServerMessage) throws {
        #expect(try ServerMessage.decode(message.json) == message)
    }

    /// The text written directly says what `Encodable` would: the same object, field for field.
    @Test(arguments: everyServerMessage + [
        .change(.init(added: [ElementSVG(id: "4", z: -3, svg: "<text>\u{1}\\ \"q\" \t é ✓</text>")], updated: [ElementSVG(id: "5", z: 9, svg: "")],
                      removed: [], sequence: 1 << 40, saved: nil)),
        .cursor(id: "x", at: Point(x: 1e-7, y: 123456789.125), drawing: false), .selection(ids: ["a", "b"], bounds: Rect(x: -0.5, y: 2, width: 1e16, height: 0)),
    ])
    func aServerMessageIsWrittenAsItsEncodableFormWouldBe(message: ServerMessage) throws {
        let written = try JSONSerialization.jsonObject(with: Data(message.json.utf8)) as? NSDictionary
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(message)) as? NSDictionary
        #expect(written != nil && written == encoded)
        #expect(try ServerMessage.decode(message.json) == message)
    }

    @Test func whatIsNotAMessageIsRefusedWithItsReason() {
        func refusal(_ text: String) -> ProtocolError? {
            do {
                _ = try ClientEnvelope.decode(text)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("not json") == .notJSON)
        #expect(refusal(#"{"type": "undo"} and more"#) == .notJSON)
        #expect((try? ClientEnvelope.decode(" {\"type\": \"undo\"}\n ")) == ClientEnvelope(.undo))
        #expect(refusal("[1, 2]") == .wrongType("", expected: "an object"))
        #expect(refusal(#"{"op": "x"}"#) == .missing("type"))
        #expect(refusal(#"{"type": "paper", "paper": "wavy"}"#) == .unknown("paper", value: "wavy"))
        #expect(refusal(#"{"type": "paper"}"#) == .missing("paper"))
        #expect(refusal(#"{"type": "sheet", "action": "fold"}"#) == .unknown("sheet action", value: "fold"))
        #expect(refusal(#"{"type": "selection", "action": "restyle", "dash": "wavy"}"#) == .unknown("dash", value: "wavy"))
        #expect(refusal(#"{"type": "selection", "action": "restyle", "endMarker": "feather"}"#) == .unknown("endMarker", value: "feather"))
        #expect(refusal(#"{"type": "insert", "kind": "arrow", "startMarker": 3}"#) == .wrongType("startMarker", expected: "a string"))
        #expect(refusal(#"{"type": "highlight", "from": {"x": 1, "y": 2}}"#) == .missing("to"))
        #expect(refusal(#"{"type": "space", "at": 300}"#) == .missing("by"))
        #expect(refusal(#"{"type": "findText", "query": ""}"#) == .wrongType("query", expected: "1 to 200 characters"))
        #expect(refusal(#"{"type": "findText", "query": "a", "fromPage": 1.5}"#) == .wrongType("fromPage", expected: "a page number from 0"))
        #expect(refusal(#"{"type": "findText", "query": "a", "fromPage": -1}"#) == .wrongType("fromPage", expected: "a page number from 0"))
        #expect(refusal(#"{"type": "selectText", "from": {"x": "left", "y": 2}, "to": {"x": 3, "y": 4}}"#) == .wrongType("from.x", expected: "a number"))
        #expect(refusal(#"{"type": "paper", "paper": "lined", "spacing": "wide"}"#) != nil)
        #expect(refusal(#"{"type": "dance"}"#) == .unknown("message type", value: "dance"))
        #expect(refusal(#"{"type": "tool", "tool": "chisel"}"#) == .unknown("tool", value: "chisel"))
        #expect(refusal(#"{"type": "view", "view": {"x": 0, "y": 0, "width": 1, "height": 1, "viewWidth": 1}}"#) == .missing("view.viewHeight"))
        #expect(refusal(#"{"type": "pointer", "phase": "began", "samples": [{"x": "1", "y": 0, "t": 0}]}"#) == .wrongType("samples.x", expected: "a number"))
        #expect(refusal(#"{"type": "stroke", "tool": "pen", "samples": [{"x": 1, "y": 0, "": 2}], "view": {}}"#) == .missing("samples.t"))
        #expect(refusal(#"{"type": "pointer", "phase": "began", "samples": [{"x": 1, "y": 0, "t": 0, "tx": true}]}"#) == .wrongType("samples.tx", expected: "a number"))
        #expect(refusal(#"{"type": "selection", "action": "explode"}"#) == .unknown("selection action", value: "explode"))
        #expect(refusal(#"{"type": "selection", "action": "align"}"#) == .missing("edge"))
        #expect(refusal(#"{"type": "selection", "action": "align", "edge": "diagonal"}"#) == .unknown("edge", value: "diagonal"))
        #expect(refusal(#"{"type": "selection", "action": "distribute", "axis": 3}"#) == .wrongType("axis", expected: "a string"))
        #expect(refusal(#"{"type": "selection", "action": "flip"}"#) == .missing("axis"))
        #expect(refusal(#"{"type": "selection", "action": "pick"}"#) == .missing("at"))
        #expect(refusal(#"{"type": "selection", "action": "pick", "at": {"x": 1, "y": "2"}}"#) == .wrongType("at.y", expected: "a number"))
        #expect(refusal(#"{"type": "selection", "action": "paste", "at": [1, 2]}"#) == .wrongType("at", expected: "an object"))
        #expect(refusal(#"{"type": "follow", "peer": "ü"}"#) == .wrongType("peer", expected: "a page id of printable ASCII characters"))
        #expect(refusal(#"{"type": "follow", "peer": 7}"#) == .wrongType("peer", expected: "a string"))
        #expect(refusal(#"{"type": "sheet", "action": "insert"}"#) == .missing("sheet"))
        for index in ["-1", "1.5", "201", "1e300"] {
            #expect(refusal(#"{"type": "sheet", "action": "moveDown", "sheet": "# + index + "}") == .wrongType("sheet", expected: "a sheet's number from 0"))
        }
        #expect(refusal(#"{"type": "sheet", "action": "shuffle", "sheet": 0}"#) == .unknown("sheet action", value: "shuffle"))
        for id in ["0", "-2", "1.5", "1e300", "\"3\""] {
            #expect(refusal(#"{"type": "insert", "kind": "signature", "signature": "# + id + "}") != nil, "\(id)")
        }
        #expect(refusal(#"{"type": "insert", "kind": "star", "fill": "plaid"}"#) == .unknown("fill", value: "plaid"))
        #expect(refusal(String(repeating: "[", count: 100_000)) == .tooComplex)
        #expect(refusal("[" + String(repeating: "0,", count: 1_100_000) + "0]") == .tooComplex)
        // A stroke at the most points a stroke may hold, every sample with pressure and tilt, is read.
        let longest = ClientEnvelope(.stroke(.init(ink: .init(tool: .ink(.pen)), pointerType: .pen,
                                                   samples: (0..<100_000).map { .init(x: Double($0), y: 1, t: Double($0), p: 0.5, tx: 10, ty: 20) }, view: .letter)), op: "long")
        #expect((try? ClientEnvelope.decode(longest.json)) == longest)
        // A sample's first value of a name counts; null is no value; names it does not know are ignored.
        let repeated = try? ClientEnvelope.decode(#"{"type": "pointer", "phase": "moved", "samples": [{"x": 1, "p": null, "y": 2, "t": 3, "x": 9, "px": 4, "": 0}]}"#)
        #expect(repeated == ClientEnvelope(.pointer(.init(phase: .moved, pointerType: .mouse, samples: [.init(x: 1, y: 2, t: 3)]))))
        // A browser's unknown pointer type is a mouse, as the page takes it; other fields are ignored.
        let lenient = try? ClientEnvelope.decode(#"{"type": "pointer", "phase": "moved", "pointerType": "", "extra": [1], "samples": []}"#)
        #expect(lenient == ClientEnvelope(.pointer(.init(phase: .moved, pointerType: .mouse, samples: []))))
    }

    /// Pages' messages are read on many threads at once, each parsing into an arena of its own.
    @Test func messagesReadAtOnceOnManyThreadsEachReadRight() {
        let envelopes = (0..<64).map { index in
            ClientEnvelope(.stroke(.init(ink: .init(tool: .ink(.pencil)), pointerType: .pen,
                                         samples: (0..<(index * 97 % 3000 + 1)).map { .init(x: Double($0), y: Double(index), t: Double($0 * 4)) },
                                         view: .letter)), op: "op-\(index)")
        }
        let texts = envelopes.map(\.json)
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 512) { round in
            let index = round % envelopes.count
            if (try? ClientEnvelope.decode(texts[index])) != envelopes[index] { wrong.withLock { $0 += 1 } }
            if (try? ClientEnvelope.decode("{\"type\": \"stroke\", \"samples\": [\(round)") ) != nil { wrong.withLock { $0 += 1 } }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
