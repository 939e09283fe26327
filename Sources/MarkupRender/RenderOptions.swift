import MarkupModel

/// How to draw a document: PaperKit's draw options plus the output's background.
public struct RenderOptions: Hashable, Sendable {
    /// Draws as PencilKit does in dark mode: dark colors turn light on a dark page, hue kept.
    public var darkAppearance: Bool
    /// Lays out text right to left, so leading alignment means the right edge.
    public var rightToLeft: Bool
    /// What fills the page first; `.document` uses the document's background color, or white (a dark
    /// gray in dark appearance) when it has none.
    public var background: Background
    /// The brightest linear exposure the tone curve maps into SDR; nil takes the document's own, which
    /// costs a pass over its elements. A live editor that keeps the figure up to date sets it, so
    /// rendering one element stays O(element).
    public var maximumExposure: Double?

    public enum Background: Hashable, Sendable {
        case document
        case transparent
        case color(Color)
    }

    public init(darkAppearance: Bool = false, rightToLeft: Bool = false, background: Background = .document,
                maximumExposure: Double? = nil) {
        self.maximumExposure = maximumExposure
        self.darkAppearance = darkAppearance
        self.rightToLeft = rightToLeft
        self.background = background
    }

    /// The options as `markup` is drawn with them. A PDF's or a picture's pages stay as they are in
    /// the dark appearance (as in Preview or Xournal++), so the elements over them keep their own
    /// colors too: black ink turned white on a white page would be lost.
    public func drawing(_ markup: Markup) -> RenderOptions {
        guard darkAppearance, markup.background != nil else { return self }
        var options = self
        options.darkAppearance = false
        return options
    }

    /// The page color under dark appearance when the document sets none: PencilKit's dark canvas.
    static let darkPage = Color(hex: "#1c1c1e")!

    /// The color to hand the canvas for the page, if any. The canvas applies the dark appearance to
    /// every color, and that transform is its own inverse, so a color meant to show exactly is
    /// handed over already transformed.
    func backgroundColor(for markup: Markup) -> Color? {
        let exact: Color
        switch background {
        case .transparent: return nil
        case .color(let color): exact = color
        case .document:
            if let color = markup.backgroundColor { return color }
            exact = darkAppearance ? Self.darkPage : .white
        }
        return darkAppearance ? ColorStyle.darkened(exact) : exact
    }
}
