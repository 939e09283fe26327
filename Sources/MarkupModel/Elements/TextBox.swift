/// A text box element: attributed text laid out inside the element's frame.
public struct TextBox: Hashable, Sendable, Codable {
    public var text: AttributedText
    public var alignment: TextAlignment

    public init(text: AttributedText, alignment: TextAlignment = .leading) {
        self.text = text
        self.alignment = alignment
    }
}

/// How lines sit horizontally in a text box. Leading and trailing follow the writing direction.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable, Codable {
    case leading, center, trailing, justified
}

/// Text as a sequence of runs, each with its own font and color.
public struct AttributedText: Hashable, Sendable, Codable {
    public var runs: [TextRun]

    /// The most bytes of text the editor puts in one text box (about 30 pages of prose).
    public static let maximumBytes = 65_536

    /// The bytes of all runs' text together.
    public var byteCount: Int { runs.reduce(0) { $0 + $1.text.utf8.count } }

    public init(runs: [TextRun]) {
        self.runs = runs
    }

    /// One run of `string` in `font` and `color`.
    public init(_ string: String, font: TextFont = .body, color: Color = .black) {
        runs = [TextRun(string, font: font, color: color)]
    }

    /// The text without attributes.
    public var string: String { runs.map(\.text).joined() }
}

/// A stretch of text sharing one font and color.
public struct TextRun: Hashable, Sendable, Codable {
    public var text: String
    public var font: TextFont
    public var color: Color

    public init(_ text: String, font: TextFont = .body, color: Color = .black) {
        self.text = text
        self.font = font
        self.color = color
    }
}

/// A font request, resolved by the text layout engine.
public struct TextFont: Hashable, Sendable, Codable {
    public var family: String
    /// The size in points.
    public var size: Double
    /// CSS-style weight, 100 (thin) to 900 (black); 400 is regular, 700 bold.
    public var weight: Int
    public var italic: Bool

    public init(family: String = "Sans", size: Double = 17, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// Body text: 17 pt regular sans-serif.
    public static let body = TextFont()

    /// Whether the size is a positive finite number and the weight in range.
    public var isValid: Bool { size.isFinite && size > 0 && (1...1000).contains(weight) }
}
