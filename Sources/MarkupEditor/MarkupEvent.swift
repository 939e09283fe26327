import MarkupInk
import MarkupModel

/// What the controller tells its host, in the order it happened: PaperKit's delegate calls.
public enum MarkupEvent: Hashable, Sendable {
    /// The document changed; the change lists the elements added, updated and removed.
    case didChangeMarkup(MarkupChange)
    case didChangeSelection(Set<ElementID>)
    case didBeginDrawing
    case didChangeContentVisibleFrame(Rect)
    /// The stroke being drawn changed: contours newly finished and the provisional tail, per layer.
    case didUpdateLiveStroke(Ink, LiveStrokeOutline.Update)
    /// The stroke being drawn was cancelled and is gone.
    case didCancelLiveStroke
}
