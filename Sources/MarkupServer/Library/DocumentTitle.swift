import Foundation

/// Titles as the library keeps them from outside input (a page, an import's name, a file's own title):
/// one line, trimmed, and bounded in characters and in bytes, so no title can flood a listing.
public enum DocumentTitle {
    public static let maximumCharacters = 200
    /// A character can take many bytes (an emoji with modifiers, a letter with stacked marks).
    public static let maximumBytes = 800

    /// `text` made a title: control characters become spaces, then it is trimmed and cut at the
    /// limits (at a character's boundary); nil when nothing is left.
    public static func cleaned(_ text: some StringProtocol) -> String? {
        var title = ""
        var bytes = 0
        for character in String(text).map({ character in character.unicodeScalars.contains(where: isControl) ? " " : character }) {
            let size = character.utf8.count
            guard title.count < maximumCharacters, bytes + size <= maximumBytes else { break }
            title.append(character)
            bytes += size
        }
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `text` is already a title as `cleaned` would leave it.
    public static func isValid(_ text: String) -> Bool { cleaned(text) == text }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
