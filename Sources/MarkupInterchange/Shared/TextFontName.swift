import MarkupModel

/// Font names as Pango writes them ("Sans Bold Italic"), which Xournal++ stores: the family, then
/// style words.
enum TextFontName {
    private static let weights: [String: Int] = [
        "thin": 100, "ultralight": 200, "light": 300, "book": 400, "regular": 400, "normal": 400, "medium": 500,
        "semibold": 600, "bold": 700, "ultrabold": 800, "heavy": 900, "black": 900,
    ]

    /// `name` parsed into a font of `size` points.
    static func font(_ name: String, size: Double) -> TextFont {
        var words = name.split(separator: " ").map(String.init)
        var weight = 400, italic = false
        while let last = words.last, words.count > 1 {
            let word = last.lowercased()
            if let value = weights[word] { weight = value } else if word == "italic" || word == "oblique" { italic = true } else { break }
            words.removeLast()
        }
        let family = words.joined(separator: " ")
        return TextFont(family: family.isEmpty ? "Sans" : family, size: size, weight: weight, italic: italic)
    }

    /// `font`'s family and style as one Pango name, without the size.
    static func name(of font: TextFont) -> String {
        var name = font.family
        if font.weight >= 650 { name += " Bold" } else if font.weight <= 350 { name += " Light" }
        if font.italic { name += " Italic" }
        return name
    }
}
