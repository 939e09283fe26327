import MarkupInk
import MarkupModel

extension EditorError {
    /// What happened, in words for the person who tried the edit: what a page shows when the edit
    /// is refused (the case itself is for code and logs).
    public var explanation: String {
        switch self {
        case .notEditable:
            "This document is open to view only. Switch to Edit to change it."
        case .unsupportedFeature(let feature):
            "This document does not allow \(Self.words(feature.rawValue))."
        case .unsupportedInk(let ink):
            "This document does not allow the \(Self.words(ink.rawValue)) ink."
        case .unsupportedShape(let shape):
            "This document does not allow \(Self.words(shape.rawValue)) shapes."
        case .unsupportedLineMarker:
            "This document does not allow arrowheads on lines."
        case .colorTooBright:
            "That color is brighter than this document allows."
        case .invalidImage:
            "That file is not a PNG or JPEG image."
        case .unreadableImage(let reason):
            "That picture cannot be used: \(reason)."
        case .invalidGeometry(let reason):
            Self.sentence(reason)
        case .invalidInput(let error):
            switch error {
            case .tooManyPoints: "The stroke is as long as a stroke can be; lift the pen and go on with a new one."
            case .nonFiniteValue, .timeWentBackwards, .strokeFinished: "The pen sent input that cannot be drawn; the stroke was left out."
            }
        case .unsupportedContent:
            "That version uses things this document does not allow, so it cannot be restored here."
        case .unknownElement:
            "That item is no longer there: someone may have just removed it."
        case .tooLarge(let what, let limit):
            "That is too much at once: \(what) can be at most \(limit)."
        case .nothingToPaste:
            "Nothing to paste: copy it again (the server forgets what was copied when it restarts)."
        case .pagesOfBackground:
            "This document's pages are those of its picture or PDF: they keep their size."
        case .sheetCannotGo(let reason):
            Self.sentence(reason)
        case .busy(let reason):
            Self.sentence(reason) + " Try again in a moment."
        }
    }

    /// `camelCase` as lower-case words.
    private static func words(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase { text += " " }
            text += character.lowercased()
        }
    }

    /// `reason` with a capital first letter and a full stop.
    private static func sentence(_ reason: String) -> String {
        guard let first = reason.first else { return "That edit could not be made." }
        let text = first.uppercased() + reason.dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }
}
