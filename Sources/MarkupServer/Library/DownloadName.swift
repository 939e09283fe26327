import Foundation

/// A download's file name as the document's title reads (spaces, accents and other scripts kept),
/// and the `Content-Disposition` that gives it: RFC 6266's `filename*` in UTF-8, with an ASCII
/// `filename` for clients that read only that.
enum DownloadName {
    /// The most characters a name takes from a title.
    static let maximumLength = 80

    /// `title` with what file systems refuse (`/ \ : * ? " < > |`, control characters) and the
    /// characters that turn text's direction (which could make `exe.pdf` read `fdp.exe`) made `-`,
    /// and the dots and spaces it starts or ends with dropped, at most `maximumLength` characters;
    /// `fallback` when nothing is left.
    static func from(_ title: String, fallback: String = "document", maximumLength: Int = maximumLength) -> String {
        let refused = Set("/\\:*?\"<>|")
        let mapped = title.map { character -> Character in
            refused.contains(character) || character.unicodeScalars.contains { scalar in
                scalar.properties.generalCategory == .control || scalar.properties.isNoncharacterCodePoint || scalar.properties.isBidiControl
            } || character.isNewline ? "-" : character
        }
        let trimmed = String(mapped.prefix(max(maximumLength, 1))).trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespaces))
        return trimmed.isEmpty ? fallback : trimmed
    }

    /// The header's value for a download named `name`.
    static func contentDisposition(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { (0x20..<0x7f).contains($0.value) && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7f)))
        allowed.insert(charactersIn: "!#$&+-.^_`|~")
        let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
