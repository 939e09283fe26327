import Foundation
import MarkupEditor
import MarkupInk
import MarkupModel

/// What a page sends over the WebSocket: input and commands, each decoded once into its own case.
/// docs/SERVER.md is the schema; `ClientEnvelope` carries one with the id the page gave it.
public enum ClientMessage: Equatable, Sendable {
    /// The part of the document the page shows: the server sends the elements there it lacks.
    case view(View)
    /// The tool for the page's next gestures.
    case tool(ToolSettings)
    /// Edit or View, and whether only a pen draws.
    case mode(editable: Bool, penOnly: Bool?)
    /// Pointer input, streamed: ink is shown live to every page and committed at `ended`.
    case pointer(PointerInput)
    /// A whole stroke, as the page sends it at pen-up and resends from its outbox.
    case stroke(StrokeInput)
    case undo
    case redo
    /// Clears the document, or with a `page` (its frame, document points) what lies on that page.
    case clear(page: Rect? = nil)
    /// An insertion where `placement` says, or at the suggested frame of `view` (the controller's view
    /// when nil); a shape or line drawn in `style`. What is inserted is selected, unless `selects` is
    /// false (a shape drawn with a pen and held, left unselected as ink is). A text in a frame with
    /// `labelFor` (an element's id) is that element's label: the two are grouped, in one step.
    case insert(Insertable, color: String?, view: View?, placement: Placement? = nil, style: ShapeStyle = .init(), selects: Bool = true,
                labelFor: String? = nil)
    /// A selection command on the elements the page showed selected (`ids`), or on the document's
    /// selection when nil.
    case selection(SelectionAction, ids: [String]?)
    /// The name the person goes by on other pages.
    case presence(name: String)
    /// Where the page's pointer is, in document points (nil when it has left the canvas), and
    /// whether it is drawing, or pointing with the laser: shown on the other pages.
    case cursor(Point?, drawing: Bool, laser: Bool = false)
    /// The page follows another's view (tldraw's and Excalidraw's follow): the id that page goes by
    /// (its cursor's), or nil to stop.
    case follow(peer: String?)
    /// Whether the link is alive: answered `pong` at once, ahead of the document's work.
    case ping
    /// Whether the page shows the dark appearance (dark ink turns light on a dark page, as PencilKit
    /// draws in dark mode): its elements are sent again drawn that way.
    case appearance(dark: Bool)
    /// The paper the document lies on from now on (nil: plain), as one step every page sees.
    case paper(Paper?)
    /// A sheet added to the bottom of the page or put in before another, the last one or another
    /// taken off, as one step.
    case sheet(SheetAction)
    /// The PDF text a drag from `from` to `to` (document points) selects: answered with `textBoxes`.
    case selectText(from: Point, to: Point)
    /// That text highlighted in `color` (yellow when nil), as one step.
    case highlight(from: Point, to: Point, color: String?)
    /// Room made on the page: what lies below `at` moves down `by` points (up when negative), as one step.
    case space(at: Double, by: Double)
    /// Where `query` occurs in the document's PDF from page `fromPage` (from 0) on, and from page 0
    /// in its text boxes too: answered with `foundText`.
    case findText(query: String, fromPage: Int)

    /// What `sheet` does to the page.
    public enum SheetAction: Equatable, Sendable {
        /// A sheet at the bottom; the last sheet taken off when nothing lies on it.
        case add, remove
        /// A blank sheet before the sheet `before` (from 0), what lies from it down moving a sheet down.
        case insert(before: Int)
        /// The sheet `at` (from 0) taken out with what lies on it, what lies below moving up.
        case delete(at: Int)
        /// A copy of the sheet `at` (from 0) and what lies on it put in after it.
        case duplicate(at: Int)
        /// The sheet `at` (from 0) moved one place up or down, trading places with the sheet it passes.
        case moveUp(at: Int), moveDown(at: Int)

        /// The `action` on the wire.
        var name: String {
            switch self {
            case .add: "add"
            case .remove: "remove"
            case .insert: "insert"
            case .delete: "delete"
            case .duplicate: "duplicate"
            case .moveUp: "moveUp"
            case .moveDown: "moveDown"
            }
        }
    }

    /// The `type` each case has on the wire.
    public enum Kind: String, Encodable, Sendable {
        case view, tool, mode, pointer, stroke, undo, redo, clear, insert, selection, presence, cursor, appearance, paper, sheet
        case selectText, highlight, space, findText, follow, ping
    }

    public var kind: Kind {
        switch self {
        case .view: .view
        case .tool: .tool
        case .mode: .mode
        case .pointer: .pointer
        case .stroke: .stroke
        case .undo: .undo
        case .redo: .redo
        case .clear: .clear
        case .insert: .insert
        case .selection: .selection
        case .presence: .presence
        case .cursor: .cursor
        case .appearance: .appearance
        case .paper: .paper
        case .sheet: .sheet
        case .selectText: .selectText
        case .highlight: .highlight
        case .space: .space
        case .findText: .findText
        case .follow: .follow
        case .ping: .ping
        }
    }

    /// Whether the message may change the document, so that a page in View mode is refused it.
    var edits: Bool {
        switch self {
        case .view, .tool, .mode, .presence, .cursor, .appearance, .selectText, .findText, .follow, .ping: false
        case .selection(let action, _): action.changesDocument
        case .pointer(let input): input.phase == .began
        case .stroke, .undo, .redo, .clear, .insert, .paper, .sheet, .highlight, .space: true
        }
    }

    /// The part of the document a page shows: `x`, `y`, `width`, `height` in document points, in a
    /// view of `viewWidth` × `viewHeight` CSS pixels.
    public struct View: Encodable, Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var viewWidth: Double
        public var viewHeight: Double

        public init(frame: Rect, size: Size) {
            (x, y, width, height) = (frame.minX, frame.minY, frame.width, frame.height)
            (viewWidth, viewHeight) = (size.width, size.height)
        }

        public var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
        public var size: Size { Size(width: viewWidth, height: viewHeight) }
    }

    /// One pointer sample in view coordinates: position, time in milliseconds, pressure 0…1, tilt in degrees.
    public struct Sample: Encodable, Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var t: Double
        public var p: Double?
        public var tx: Double?
        public var ty: Double?

        public init(x: Double, y: Double, t: Double, p: Double? = nil, tx: Double? = nil, ty: Double? = nil) {
            (self.x, self.y, self.t, self.p, self.tx, self.ty) = (x, y, t, p, tx, ty)
        }
    }

    /// A tool by name: one of the inks, an eraser, the lasso or the selection tool.
    public enum ToolName: Equatable, Sendable, Encodable {
        case ink(InkType)
        case eraser
        case lasso
        case select

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .ink(let ink): try container.encode(ink.rawValue)
            case .eraser: try container.encode("eraser")
            case .lasso: try container.encode("lasso")
            case .select: try container.encode("select")
            }
        }
    }

    /// A tool and its settings: color `#rrggbb`, opacity 0…1, width in points, the eraser's kind.
    public struct ToolSettings: Encodable, Equatable, Sendable {
        public var tool: ToolName
        public var color: String?
        public var opacity: Double?
        public var width: Double?
        public var eraser: EraserType?
        /// Whether a scribble over ink with a pen scratches it out instead of being drawn.
        public var scratchOut: Bool
        /// How strongly pressure sets the ink's width (`InkOptions.pressureSensitivities`; nil: 1, as
        /// the ink does).
        public var pressure: Double?

        public init(tool: ToolName, color: String? = nil, opacity: Double? = nil, width: Double? = nil, eraser: EraserType? = nil,
                    scratchOut: Bool = false, pressure: Double? = nil) {
            (self.tool, self.color, self.opacity, self.width, self.eraser, self.scratchOut) = (tool, color, opacity, width, eraser, scratchOut)
            self.pressure = pressure
        }
    }

    /// Streamed pointer input; `view` comes with `began`.
    public struct PointerInput: Encodable, Equatable, Sendable {
        public var phase: PointerEvent.Phase
        public var pointerType: PointerKind
        public var samples: [Sample]
        public var view: View?

        public init(phase: PointerEvent.Phase, pointerType: PointerKind = .pen, samples: [Sample], view: View? = nil) {
            (self.phase, self.pointerType, self.samples, self.view) = (phase, pointerType, samples, view)
        }
    }

    /// A whole stroke: its ink settings (flat in the message: `tool`, `color`, `opacity`, `width`),
    /// every sample, and the view the samples were drawn in.
    public struct StrokeInput: Encodable, Equatable, Sendable {
        public var ink: ToolSettings
        public var pointerType: PointerKind
        public var samples: [Sample]
        public var view: View

        public init(ink: ToolSettings, pointerType: PointerKind = .mouse, samples: [Sample], view: View) {
            (self.ink, self.pointerType, self.samples, self.view) = (ink, pointerType, samples, view)
        }

        private enum CodingKeys: String, CodingKey { case pointerType, samples, view }

        public func encode(to encoder: any Encoder) throws {
            try ink.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(pointerType, forKey: .pointerType)
            try container.encode(samples, forKey: .samples)
            try container.encode(view, forKey: .view)
        }
    }

    /// How text typed on the canvas is set: a font family, its size in points, bold and italic, and
    /// how lines sit; nil parts are the defaults (Sans, 17 pt, regular, leading).
    public struct TextStyle: Equatable, Sendable {
        public var family: String?
        public var size: Double?
        public var bold: Bool
        public var italic: Bool
        public var alignment: TextAlignment?

        public init(family: String? = nil, size: Double? = nil, bold: Bool = false, italic: Bool = false, alignment: TextAlignment? = nil) {
            (self.family, self.size, self.bold, self.italic, self.alignment) = (family, size, bold, italic, alignment)
        }
    }

    /// How an inserted shape or line is drawn where it differs from the insertion's own: the width of
    /// its line (points), its opacity (0…1), a shape's fill (none when nil), its turn about its
    /// frame's centre (radians), its outline, an arrow's markers at its ends (an arrow's own,
    /// none at the start and an arrowhead at the end, when nil; a plain line has none), whether a
    /// line is an elbow line, whether a shape or line is drawn by hand (`sketchy`), and whether a
    /// line's ends attach to the elements they are dropped on (`MarkupController.insertLine`).
    public struct ShapeStyle: Equatable, Sendable {
        public var lineWidth: Double?
        public var opacity: Double?
        public var fill: ShapeFill?
        public var rotation: Double
        public var dash: ShapeDash?
        public var startMarker: LineMarker?
        public var endMarker: LineMarker?
        public var elbow: Bool
        public var sketchy: Bool
        public var connects: Bool

        public init(lineWidth: Double? = nil, opacity: Double? = nil, fill: ShapeFill? = nil, rotation: Double = 0, dash: ShapeDash? = nil,
                    startMarker: LineMarker? = nil, endMarker: LineMarker? = nil, elbow: Bool = false, sketchy: Bool = false,
                    connects: Bool = false) {
            (self.lineWidth, self.opacity, self.fill, self.rotation, self.dash) = (lineWidth, opacity, fill, rotation, dash)
            (self.startMarker, self.endMarker, self.elbow, self.sketchy, self.connects) = (startMarker, endMarker, elbow, sketchy, connects)
        }
    }

    /// Where an insertion goes, in document points.
    public enum Placement: Equatable, Sendable {
        /// Dragged out with the shape tool: the element's frame.
        case frame(Rect)
        /// A line or an arrow dragged from `from` to `to`.
        case line(from: Point, to: Point)
        /// Centred on a point: the page's last tap.
        case center(Point)
    }

    /// What the insertion menu inserts.
    public enum Insertable: Equatable, Sendable {
        case rectangle, roundedRectangle, ellipse, diamond, star, polygon, chatBubble, arrowShape, heart, cloud, line, arrow
        case text(String, style: TextStyle = TextStyle())
        case sticker(emoji: String)
        /// An image's bytes, base64 on the wire.
        case image(String)
        /// A drawing's file, base64 on the wire, and its name: a `.markup` file or another app's
        /// (`InterchangeFormat`), whose elements are pasted.
        case drawing(String, name: String)
        case loupe
        case link(url: String)
        /// Saved signature `id`; with none named, strokes selected are saved as a signature, and with none
        /// selected the newest saved one is inserted.
        case signature(id: Int64?)

        /// The `kind` on the wire.
        var name: String {
            switch self {
            case .rectangle: "rectangle"
            case .roundedRectangle: "roundedRectangle"
            case .ellipse: "ellipse"
            case .diamond: "diamond"
            case .star: "star"
            case .polygon: "polygon"
            case .chatBubble: "chatBubble"
            case .arrowShape: "arrowShape"
            case .heart: "heart"
            case .cloud: "cloud"
            case .line: "line"
            case .arrow: "arrow"
            case .text: "text"
            case .sticker: "sticker"
            case .image: "image"
            case .drawing: "drawing"
            case .loupe: "loupe"
            case .link: "link"
            case .signature: "signature"
            }
        }

        static let withoutValues: [Insertable] = [.rectangle, .roundedRectangle, .ellipse, .diamond, .star, .polygon, .chatBubble, .arrowShape,
                                                  .heart, .cloud, .line, .arrow, .loupe]
    }

    /// What a selection command does.
    public enum SelectionAction: Equatable, Sendable {
        /// Selects exactly the named elements (none when no ids are named).
        case set
        /// Selects every element of the document.
        case all
        /// Selects what a tap at a point (document points) selects, or nothing; always answered
        /// with the selection, so a context menu opened there knows what it acts on.
        case pick(Point)
        case move(dx: Double, dy: Double)
        /// Resizes to `rect`, mirrored first across the axes in `flipping` (a handle dragged past
        /// the opposite edge), as one step.
        case resize(to: Rect, keepingAspectRatio: Bool, flipping: Set<SelectionAxis> = [])
        /// Rotates by radians.
        case rotate(Double)
        case delete, front, back
        /// One step up or down the z-order: past the nearest element the selection overlaps.
        case forward, backward
        /// Copies of the named elements, `offset` from them (the usual step down and right when nil),
        /// selected: Duplicate, or the selection dragged with Alt held.
        case duplicate(offset: Point? = nil)
        case recolor(String)
        /// The selected strokes' and shapes' width (points) and opacity (0…1), the shapes' fill and
        /// outline, the lines' markers at their ends and whether they are elbow lines, whether shapes
        /// are drawn by hand, and the color (as `recolor` sets it), as one step (a style pasted); nil
        /// keeps each.
        case restyle(width: Double?, opacity: Double?, fill: ShapeFill? = nil, dash: ShapeDash? = nil,
                     startMarker: LineMarker? = nil, endMarker: LineMarker? = nil, elbow: Bool? = nil, sketchy: Bool? = nil,
                     color: String? = nil)
        /// Gives the named text boxes (a shape's label among them) the font family, size, weight,
        /// slant and alignment given, every run's, keeping their text and colors, as one step; nil
        /// keeps each.
        case restyleText(family: String?, size: Double?, bold: Bool?, italic: Bool?, alignment: TextAlignment?)
        /// Lines the named elements up on the selection's edge or centre.
        case align(SelectionAlignment)
        /// Spaces the named elements out with equal gaps.
        case distribute(SelectionAxis)
        /// Mirrors the named elements across the middle of their box (`horizontal`: left to right).
        case flip(SelectionAxis)
        /// Puts the named elements in one new group, or takes them out of theirs.
        case group, ungroup
        /// Locks the named elements (nothing selects, erases or clears them then); unlocks the named
        /// locked elements; unlocks every locked element of the document.
        case lock, unlock, unlockAll
        /// Turns the named strokes drawn as a line, a rectangle or an ellipse into that shape.
        case straighten
        /// The selected text box's text and style, as typed in place.
        case editText(String, style: TextStyle)
        /// Puts the named elements on the page's own clipboard, as they are now.
        case copy
        /// Puts the named elements on the page's clipboard and deletes them.
        case cut
        /// Pastes what the page copied, or what the page (browser tab) `from` copied, into this
        /// document, in the middle of `view` when it would land out of it, or centred `at` a point.
        case paste(view: View?, from: String? = nil, at: Point? = nil)
        /// Moves one end of the one named line to a point, attaching it to the element it is dropped
        /// on when `connects`.
        case moveEnd(LineEnd, to: Point, connects: Bool)
        /// Bends the one named line through a point halfway along (document points), or straightens
        /// it when there is none.
        case bend(through: Point?)
        /// Crops the one named picture to a part of it (unit coordinates of the whole picture), or
        /// shows it whole when there is none.
        case crop(Rect?)
        /// Describes the one named picture (what it shows, for a screen reader).
        case describe(String)
        /// Sets the named loupes' magnification (1–16), as one step.
        case magnify(Double)

        /// Whether the action changes nothing of the document (a page that only views may send it).
        var changesDocument: Bool {
            switch self {
            case .set, .all, .pick, .copy: false
            default: true
            }
        }

        /// Whether the action works on the elements the page names, which it selects first; the
        /// others choose their elements themselves.
        var actsOnNamedElements: Bool {
            switch self {
            case .set, .all, .pick, .paste, .unlock, .unlockAll: false
            default: true
            }
        }

        var name: String {
            switch self {
            case .set: "set"
            case .all: "all"
            case .pick: "pick"
            case .straighten: "straighten"
            case .move: "move"
            case .resize: "resize"
            case .rotate: "rotate"
            case .delete: "delete"
            case .duplicate: "duplicate"
            case .front: "front"
            case .back: "back"
            case .forward: "forward"
            case .backward: "backward"
            case .recolor: "recolor"
            case .editText: "editText"
            case .restyleText: "restyleText"
            case .restyle: "restyle"
            case .copy: "copy"
            case .cut: "cut"
            case .paste: "paste"
            case .align: "align"
            case .distribute: "distribute"
            case .flip: "flip"
            case .group: "group"
            case .ungroup: "ungroup"
            case .lock: "lock"
            case .unlock: "unlock"
            case .unlockAll: "unlockAll"
            case .moveEnd: "moveEnd"
            case .bend: "bend"
            case .crop: "crop"
            case .describe: "describe"
            case .magnify: "magnify"
            }
        }
    }
}
