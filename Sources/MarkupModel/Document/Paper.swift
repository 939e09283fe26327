/// Ruled paper under a document's markup, as notebook apps (Xournal++, GoodNotes) offer it: lines to
/// write on, squares or dots, drawn across the page in a light blue. A document over an image or a
/// PDF shows that instead, and the paper only on the blank pages put in among its pages.
public struct Paper: Hashable, Sendable, Codable {
    public enum Ruling: String, CaseIterable, Hashable, Sendable, Codable {
        /// Lines across the page, a margin's width down from its top.
        case lined
        /// A grid of squares.
        case squared
        /// A grid of dots.
        case dotted
    }

    public var ruling: Ruling
    /// Points between two lines, or two rows and columns of squares or dots.
    public var spacing: Double

    /// The spacings a paper may have: from a fine 8 pt grid to 96 pt lines.
    public static let spacingRange = 8.0...96.0
    /// Lined paper's usual spacing (a college-ruled line, about 8.5 mm), and the grids' (5 mm).
    public static let linedSpacing = 24.0, gridSpacing = 72.0 / 25.4 * 5
    /// How far down the page the first line is: room for a heading (as on Xournal++'s lined paper).
    public static let linedTopMargin = 80.0

    public init(ruling: Ruling, spacing: Double? = nil) {
        self.ruling = ruling
        self.spacing = spacing ?? (ruling == .lined ? Self.linedSpacing : Self.gridSpacing)
    }

    /// What is wrong with the paper, if anything.
    public var problem: String? {
        spacing.isFinite && Self.spacingRange.contains(spacing) ? nil : "the paper's spacing is not 8–96 points"
    }
}

extension Markup {
    /// The paper the page shows: none over a page background.
    public var visiblePaper: Paper? { background == nil ? paper : nil }
    /// The paper the blank pages among a background's pages show: none without a background.
    public var blankPagePaper: Paper? { background == nil ? nil : paper }
}
