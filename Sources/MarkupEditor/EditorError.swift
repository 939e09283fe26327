import MarkupInk
import MarkupModel

/// Why the controller refused an edit. Nothing changes when it does.
public enum EditorError: Error, Hashable, Sendable {
    /// The controller is in view mode.
    case notEditable
    /// The supported feature set does not include what the edit needs.
    case unsupportedFeature(Feature)
    case unsupportedInk(InkType)
    case unsupportedShape(ShapeType)
    /// A line marker at an end the feature set does not allow.
    case unsupportedLineMarker
    /// A color brighter than the feature set's maximum linear exposure.
    case colorTooBright(Double)
    /// Image bytes that are neither PNG nor JPEG.
    case invalidImage
    /// A PNG or JPEG that cannot be drawn (damaged, cut short, or with too many pixels): why.
    case unreadableImage(String)
    /// A frame or value that is not finite or not positive where it must be.
    case invalidGeometry(String)
    /// Pointer samples the ink pipeline refused (NaN, time running backwards, …).
    case invalidInput(InkError)
    /// Content (a version being restored) that uses features outside the supported feature set.
    case unsupportedContent
    /// No element has this id.
    case unknownElement(ElementID)
    /// Input past a limit that keeps one client from growing the document without bound
    /// (`what` names it, `limit` is its most).
    case tooLarge(what: String, limit: Int)
    /// A paste with nothing copied (or with what was copied forgotten, as a server forgets at a restart).
    case nothingToPaste
    /// A sheet added to or taken from a page that is an image's or a PDF's.
    case pagesOfBackground
    /// The last sheet of the page is taken off with something on it, or the page is no longer than a sheet.
    case sheetCannotGo(String)
    /// Not now: something else under way (`reason`) stands in the way; the same edit may be tried again.
    case busy(String)
}
